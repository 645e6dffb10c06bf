// The names of YAML anchors (`&url`) and aliases (`*url`) as written, read from the `yaml` package's CST (so an `&` or
// `*` in a quoted or plain string, a block scalar or a comment is none), and what Helm's and kubectl's reader
// (go-yaml v2) makes of a name: it reads far fewer characters in one than YAML 1.2 and the `yaml` package do.
import type { CST } from 'yaml';
import type { TextRange } from '../text/range';
import { memoKey, type Memo } from '../memo';

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

/**
 * After a name, go-yaml v2 also accepts a blank, a line break, the end of the input or one of `? : , ] } % @ \``; the
 * `yaml` package never puts a blank, a break it knows or `, ] }` in a name. These end the name in go-yaml v2 and
 * leave the rest to be read as something else (`&a:b` is the anchor `a` on the scalar `:b`), which may well parse:
 * whether Helm rejects the file cannot be known from the name.
 */
const ENDS_NAME_READ_ON = new Set(['?', ':', '\u0085', '\u2028', '\u2029', '\0']);
/** These end the name too, but no YAML token starts with them, so what follows fails ("cannot start any token"). */
const ENDS_NAME_THEN_FAILS = new Set(['%', '@', '`']);

export interface UnreadableAnchorName {
  /** go-yaml v2's error, as Helm and kubectl print it after "yaml: line N: ". */
  readonly error: string;
  /** The first character of the name go-yaml v2 does not read in one. */
  readonly character: string;
}

/**
 * Why go-yaml v2 rejects a file with this anchor or alias name, or undefined when it reads the name whole or when it
 * reads it differently (ends it at a character after which the file may still parse: ENDS_NAME_READ_ON).
 */
export function goYamlNameError(name: string): UnreadableAnchorName | undefined {
  const at = name.search(NOT_IN_GO_YAML_NAME);
  if (at < 0) return undefined;
  const character = String.fromCodePoint(name.codePointAt(at) ?? 0);
  // A name go-yaml reads no character of is an error whatever follows it.
  if (at > 0 && ENDS_NAME_READ_ON.has(character)) return undefined;
  const error =
    at > 0 && ENDS_NAME_THEN_FAILS.has(character)
      ? 'found character that cannot start any token'
      : 'did not find expected alphabetic or numeric character';
  return { error, character };
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

const ANCHOR_NAMES = memoKey<readonly YamlAnchorName[]>('the anchors and aliases of a YAML document');

/**
 * What anchorNamesIn reads of a parsed document: document.ts YamlDocument, whose module reaches this one (through
 * duplicateKeys.ts and anchors.ts), so that its type is not imported here.
 */
export interface DocumentWithCst {
  readonly cst: CST.Document;
  readonly memo: Memo;
}

/** The anchors and aliases of a parsed document, in the order written: read from its CST once per parse. */
export function anchorNamesIn(document: DocumentWithCst): readonly YamlAnchorName[] {
  return document.memo.get(ANCHOR_NAMES, () => anchorNamesOf(document.cst));
}
