// The editing features of YAML files for the LSP layer: completions (chart keys and values, Gateway fields and
// values, snippets for new files) and hover (the catalog's word on a key). Functions of the text; what they compute
// from it is kept in a YamlVersion, which the LSP keeps for as long as the document's version is current.
import type { CompletionEntry, HoverInfo } from '../../features/editing';
import { DocumentRoles } from '../documentRole';
import { gatewayCompletions } from './gatewayCompletion';
import { snippetEntries } from './yamlSnippets';
import { valuesCompletions } from './valuesCompletion';
import { yamlCursorAt, YamlLines } from '../yamlPosition';
import { yamlHoverAt, type YamlHoverOptions } from './yamlHover';
import { parseYaml, type ParsedYaml } from '../document';

/** One version of a YAML text, with its parse, lines and documents' roles, each computed once when first needed. */
export class YamlVersion {
  private parse?: ParsedYaml;
  private textLines?: YamlLines;
  private documentRoles?: DocumentRoles;

  /** `parsed`: the text's parse when the caller has it (an analysis of the same version). */
  constructor(
    readonly text: string,
    parsed?: ParsedYaml,
  ) {
    this.parse = parsed;
  }

  get parsed(): ParsedYaml {
    return (this.parse ??= parseYaml(this.text));
  }

  get lines(): YamlLines {
    return (this.textLines ??= new YamlLines(this.text));
  }

  get roles(): DocumentRoles {
    return (this.documentRoles ??= new DocumentRoles(this.text, () => this.parsed));
  }
}

export function yamlCompletions(text: string, offset: number, version = new YamlVersion(text)): CompletionEntry[] {
  const cursor = yamlCursorAt(text, offset, version.lines);
  if (!cursor) return [];
  const role = version.roles.around(cursor.document, offset);
  // Snippets start a document: at column 0 of its top level, before `global` is written.
  const atTop =
    cursor.kind === 'key' &&
    cursor.path.length === 0 &&
    !cursor.itemStart &&
    text.lastIndexOf('\n', cursor.replace.start - 1) + 1 === cursor.replace.start;
  switch (role.role) {
    case 'values':
      return [
        ...valuesCompletions(cursor),
        ...(atTop && !cursor.siblings.includes('global') ? snippetEntries('values', cursor.replace) : []),
      ];
    case 'gateway':
      return gatewayCompletions(cursor, role.kind);
    case 'empty':
      return atTop ? snippetEntries('empty', cursor.replace) : [];
    default:
      return [];
  }
}

/**
 * With `diagnostics`, the hover also names the rule of each diagnostic at `offset`, as the ARM hover does; with `uri`
 * and `workspace`, it checks a TLS secret name against the operator values beside the manifest.
 */
export function yamlHover(text: string, offset: number, options: YamlHoverOptions = {}): HoverInfo | undefined {
  return yamlHoverAt(text, offset, options);
}
