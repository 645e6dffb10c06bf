// The names of YAML anchors (`&url`) and aliases (`*url`) as written, read from the `yaml` package's CST (so an `&` or
// `*` in a quoted or plain string, a block scalar or a comment is none), and what Helm's and kubectl's reader
// (go-yaml v2) makes of a name: it reads far fewer characters in one than YAML 1.2 and the `yaml` package do.
import { Parser, type CST } from 'yaml';
import type { TextRange } from '../text/range';

export interface YamlAnchorName {
  readonly kind: 'anchor' | 'alias';
  /** As written after the `&` or `*`. */
  readonly name: string;
  /** The name, without its `&` or `*`. */
  readonly range: TextRange;
}

/**
 * A character go-yaml v2 (gopkg.in/yaml.v2, scannerc.go yaml_parser_scan_anchor) does not read in an anchor or alias
 * name: it reads one while yamlprivateh.go's is_alpha holds (ASCII letters, digits, `_`, `-`). YAML 1.2 itself only
 * rules out spaces and the flow indicators `[ ] { } ,`; the stricter rule is the one Helm and kubectl apply.
 */
const NOT_IN_GO_YAML_NAME = /[^A-Za-z0-9_-]/;

/** True when go-yaml v2 reads `name` whole as an anchor name. */
export function goYamlReadsName(name: string): boolean {
  return name.length > 0 && !NOT_IN_GO_YAML_NAME.test(name);
}

/** The documents of the text's CST, in order: parseAllDocuments composes one document from each. */
export function* cstDocuments(text: string): Generator<CST.Document> {
  for (const token of new Parser().parse(text)) if (token.type === 'document') yield token;
}

/** The fields of a CST token or collection item that hold tokens (a flow collection's `start` is one token). */
const CHILD_FIELDS = ['start', 'props', 'items', 'key', 'sep', 'value', 'end'] as const;

/** The anchors and aliases of one CST document, in the order written. Iterative: no recursion per nesting level. */
export function anchorNamesOf(document: CST.Document): YamlAnchorName[] {
  const names: YamlAnchorName[] = [];
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const token = pending.pop();
    if (Array.isArray(token)) {
      pending.push(...token);
      continue;
    }
    if (token === null || typeof token !== 'object') continue;
    const { type, offset, source } = token as { type?: string; offset?: number; source?: unknown };
    if ((type === 'anchor' || type === 'alias') && typeof source === 'string' && typeof offset === 'number') {
      // `&` or `*` alone names nothing.
      if (source.length > 1)
        names.push({
          kind: type,
          name: source.slice(1),
          range: { start: offset + 1, end: offset + source.length },
        });
      continue;
    }
    for (const field of CHILD_FIELDS) {
      const child = (token as Record<string, unknown>)[field];
      if (child !== undefined) pending.push(child);
    }
  }
  return names.sort((a, b) => a.range.start - b.range.start);
}
