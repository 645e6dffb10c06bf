// The editing features of YAML files for the LSP layer: completions (chart keys and values, Gateway fields and
// values, snippets for new files) and hover (the catalog's word on a key). Pure functions of the text.
import type { CompletionEntry, HoverInfo } from '../features/editing';
import { documentRoleAround } from './documentRole';
import { gatewayCompletions } from './gatewayCompletion';
import { snippetEntries } from './snippets';
import { valuesCompletions } from './valuesCompletion';
import { yamlCursorAt } from './yamlPosition';
import { yamlHoverAt } from './yamlHover';
import type { ParsedYaml } from './document';

export function yamlCompletions(text: string, offset: number): CompletionEntry[] {
  const cursor = yamlCursorAt(text, offset);
  if (!cursor) return [];
  const role = documentRoleAround(text, cursor.document, offset);
  // Snippets start a document: at column 0 of its top level, before `global` is written.
  const atTop = cursor.kind === 'key' && cursor.path.length === 0 && !cursor.itemStart && text.lastIndexOf('\n', cursor.replace.start - 1) + 1 === cursor.replace.start;
  switch (role.role) {
    case 'values':
      return [...valuesCompletions(cursor), ...(atTop && !cursor.siblings.includes('global') ? snippetEntries('values', cursor.replace) : [])];
    case 'gateway':
      return gatewayCompletions(cursor, role.kind);
    case 'empty':
      return atTop ? snippetEntries('empty', cursor.replace) : [];
    default:
      return [];
  }
}

export function yamlHover(text: string, offset: number, parsed?: ParsedYaml): HoverInfo | undefined {
  return yamlHoverAt(text, offset, parsed);
}
