// The names of YAML anchors (`&url`) and aliases (`*url`) as written, read from the `yaml` package's CST (so an `&` or
// `*` in a quoted or plain string, a block scalar or a comment is none), and what Helm's and kubectl's reader
// (go-yaml v2) makes of a name: it reads far fewer characters in one than YAML 1.2 and the `yaml` package do.
import type { CST } from 'yaml';
import type { TextRange } from '../text/range';
import { memoKey, type Memo } from '../memo';
import { REFUSED_CHARACTER_ERROR, refusedCharacterAt } from './refusedCharacters';

/**
 * Where an anchor or alias is written, as far as go-yaml v2 cares when it ends the name early and reads on: at a
 * document's top, in a block map (an indentless list, `key:\n- item`, ends inside its map), in a block list, or in a
 * flow collection (`]` or `}` closes it), after the `:` of a pair (`{k: *a}`) or not (`[*a]`, `{*a: 1}`).
 */
export type AnchorPlace =
  | { readonly in: 'document' | 'blockMap' | 'blockSeq' }
  | { readonly in: 'flow'; readonly close: ']' | '}'; readonly afterKey: boolean };

export interface YamlAnchorName {
  readonly kind: 'anchor' | 'alias';
  /** As written after the `&` or `*`. */
  readonly name: string;
  /** The name, without its `&` or `*`. */
  readonly range: TextRange;
  readonly place: AnchorPlace;
}

/**
 * A character go-yaml v2 (gopkg.in/yaml.v2, scannerc.go yaml_parser_scan_anchor, lines 1792-1797) does not read in an
 * anchor or alias name: it reads one while yamlprivateh.go's is_alpha holds (ASCII letters, digits, `_`, `-`). YAML
 * 1.2 itself only rules out spaces and the flow indicators `[ ] { } ,`; the stricter rule is the one Helm and kubectl
 * apply.
 */
const NOT_IN_GO_YAML_NAME = /[^A-Za-z0-9_-]/;

/** True when go-yaml v2 reads `name` whole as an anchor name. */
export function goYamlReadsName(name: string): boolean {
  return name.length > 0 && !NOT_IN_GO_YAML_NAME.test(name);
}

/**
 * After a name, go-yaml v2 also accepts a blank, a line break, the end of the input or one of `? : , ] } % @ \``
 * (scannerc.go lines 1808-1813); the `yaml` package never puts a blank, a line feed, a carriage return or `, [ ] { }`
 * in a name. A line break go-yaml knows and the `yaml` package does not (NEL, U+2028, U+2029) ends the name and the
 * line: what follows may well parse, so whether Helm rejects the file cannot be known.
 */
const ENDS_NAME_AND_LINE = new Set(['\u0085', '\u2028', '\u2029']);
/**
 * `:` and `?` end the name, and go-yaml reads on from them (scannerc.go yaml_parser_fetch_next_token, lines 735-742 and
 * 799-812): in block context as a plain scalar (`&a:b 1` is the anchor `a` on the scalar `:b 1`); in a flow
 * collection `:` starts a pair's value (`[*a:b]` is the pair `*a: b`) and `?` a key.
 */
const ENDS_NAME_READ_ON = new Set([':', '?']);
/** These end the name too, but no YAML token starts with them, so what follows fails ("cannot start any token"). */
const ENDS_NAME_THEN_FAILS = new Set(['%', '@', '`']);

/** How go-yaml v2 reads an anchor or alias name. */
export interface GoYamlName {
  /** The name go-yaml v2 reads: the whole name, or the part before `character`; undefined when it reads none. */
  readonly name: string | undefined;
  /** The first character of the name go-yaml v2 does not read in one, when there is one. */
  readonly character?: string;
  /**
   * go-yaml v2's error, as Helm and kubectl print it after "yaml: line N: ", when it rejects the file at this name
   * (for an alias go-yaml reads part of, only once that part names an anchor: decode.go parser.alias fails first).
   */
  readonly error?: string;
}

/**
 * go-yaml v2's error when it ends a name at `character` (`:` or `?`) and reads on, or undefined when what follows may
 * parse: the parser's error for a token that cannot come after a node at `place` (parserc.go lines 625, 720, 793, 929).
 */
function readOnError({ kind, place }: Pick<YamlAnchorName, 'kind' | 'place'>, character: string): string | undefined {
  switch (place.in) {
    // An anchor's node starts at the character (`&a:b 1` is the anchor `a` on `:b 1`); after an alias at a
    // document's top, the rest is read as the next document, which Helm does not read.
    case 'document':
      return undefined;
    // After an alias, a plain scalar on its line (fetch_anchor, line 1355, allows no key there).
    case 'blockMap':
      return kind === 'alias' ? 'did not find expected key' : undefined;
    case 'blockSeq':
      return kind === 'alias' ? "did not find expected '-' indicator" : undefined;
    case 'flow':
      // `*a:b` or `&a:b` where a key may stand is a pair (`*a: b`), which go-yaml reads; `?` starts a key.
      return character === ':' && !place.afterKey ? undefined : `did not find expected ',' or '${place.close}'`;
  }
}

/** How go-yaml v2 (Helm's and kubectl's reader) reads this anchor or alias name where it is written. */
export function goYamlName(written: Pick<YamlAnchorName, 'kind' | 'name' | 'place'>): GoYamlName {
  const { name } = written;
  // What go-yaml v2's reader refuses anywhere in a file, before it scans the name.
  const refused = refusedCharacterAt(name);
  if (refused >= 0) return { name: undefined, character: name[refused], error: REFUSED_CHARACTER_ERROR };
  const at = name.search(NOT_IN_GO_YAML_NAME);
  if (at < 0) return { name };
  const character = String.fromCodePoint(name.codePointAt(at) ?? 0);
  // A name go-yaml reads no character of is an error whatever follows it.
  if (at === 0) return { name: undefined, character, error: 'did not find expected alphabetic or numeric character' };
  const read = name.slice(0, at);
  if (ENDS_NAME_AND_LINE.has(character)) return { name: read, character };
  if (ENDS_NAME_READ_ON.has(character)) {
    const error = readOnError(written, character);
    return error === undefined ? { name: read, character } : { name: read, character, error };
  }
  if (ENDS_NAME_THEN_FAILS.has(character))
    return { name: undefined, character, error: 'found character that cannot start any token' };
  return { name: undefined, character, error: 'did not find expected alphabetic or numeric character' };
}

/**
 * The name go-yaml v2 reads in an anchor or alias written `name` (the part before a `:` or `?` it ends the name at,
 * wherever it is written), or `name` itself when it reads none of it.
 */
export function goYamlReadName(name: string): string {
  return goYamlName({ kind: 'alias', name, place: { in: 'document' } }).name ?? name;
}

/** Where tokens are while walking: their place, and the indentation of the block map they are in. */
interface WalkContext {
  readonly place: AnchorPlace;
  readonly mapIndent?: number;
}

/** Where the items of a collection are, the collection being in `outer`. */
function insideCollection(collection: CST.BlockMap | CST.BlockSequence | CST.FlowCollection, outer: WalkContext) {
  switch (collection.type) {
    case 'block-map':
      return { place: { in: 'blockMap' }, mapIndent: collection.indent } satisfies WalkContext;
    case 'block-seq':
      // A list written at its key's indentation (`key:\n- item`) is indentless: go-yaml ends it inside the map
      // (parserc.go yaml_parser_parse_indentless_sequence_entry).
      return outer.place.in === 'blockMap' && outer.mapIndent === collection.indent
        ? outer
        : ({ place: { in: 'blockSeq' } } satisfies WalkContext);
    case 'flow-collection':
      return {
        place: { in: 'flow', close: collection.start.source === '[' ? ']' : '}', afterKey: false },
      } satisfies WalkContext;
  }
}

/**
 * The anchors and aliases of one CST document, in the order written. Anchors are among the source tokens before a
 * node (a document's or an item's `start`, an item's `sep`, a block scalar's `props`); an alias is a node. Iterative:
 * no recursion per nesting level.
 */
export function anchorNamesOf(document: CST.Document): YamlAnchorName[] {
  const names: YamlAnchorName[] = [];
  const add = (token: CST.Token, { place }: WalkContext) => {
    // `&` or `*` alone names nothing.
    if ((token.type === 'anchor' || token.type === 'alias') && 'source' in token && token.source.length > 1) {
      const { type, offset, source } = token;
      names.push({
        kind: type,
        name: source.slice(1),
        range: { start: offset + 1, end: offset + source.length },
        place,
      });
    }
  };
  const nodes: [CST.Token | null | undefined, WalkContext][] = [[document, { place: { in: 'document' } }]];
  for (let next = nodes.pop(); next; next = nodes.pop()) {
    const [token, context] = next;
    switch (token?.type) {
      case 'document':
        for (const source of token.start) add(source, context);
        nodes.push([token.value, context]);
        break;
      case 'alias':
        add(token, context);
        break;
      case 'block-scalar':
        for (const source of token.props) add(source, context);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const inside = insideCollection(token, context);
        const { place } = inside;
        // In a flow collection, what comes after a pair's `:` (go-yaml reads no second `:` there).
        const after: WalkContext = place.in === 'flow' ? { place: { ...place, afterKey: true } } : inside;
        for (const item of token.items) {
          for (const source of item.start) add(source, inside);
          nodes.push([item.key, inside]);
          let context = inside;
          for (const source of item.sep ?? []) {
            add(source, context);
            if (source.type === 'map-value-ind') context = after;
          }
          nodes.push([item.value, context]);
        }
        break;
      }
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
