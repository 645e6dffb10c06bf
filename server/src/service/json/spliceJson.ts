// The JSON tree of a document's new version from its previous version's tree: only the innermost object or array
// whose brackets the edit lies between is parsed again, and spliced in place (the previous tree is taken over and
// changed); what follows it moves by the edit's length. A keystroke in a 1 MB template parses one resource, not the
// document. The result is exactly parseJson's: the text before the container is unchanged, so the container starts
// between tokens as before; it is used only when its new text parses on its own into one container that ends at its
// own closing bracket, so the text after it is read as before; with a string left open in it, only when the document
// cannot be read with strings broken over lines (multiLineReadingFails). Anything else (an edit that touches a bracket
// of every container around it, a container that no longer closes by itself) answers undefined, and the caller parses
// all.
import { ParseErrorCode, parseTree, type ParseError } from 'jsonc-parser';
import { parseWellFormed } from './fastParse';
import { flattenTooDeep, MAX_JSON_DEPTH } from './depth';
import { maskLineBreaks, readStrings } from './multiLineStrings';
import type { parseJson } from './parseJson';
import type { JsonNode, WritableJsonNode } from './nodes';
import type { Change } from '../text/change';

/** jsonc-parser's options, as parseJson reads a document. */
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** A text with its tree and syntax errors, as parseJson gives them. */
export interface SpliceableParse {
  readonly text: string;
  readonly root: JsonNode;
  readonly errors: readonly ParseError[];
  /** Strings with raw line breaks the tree holds as values (json/multiLineStrings.ts). */
  readonly multiLineStrings: readonly { readonly start: number; readonly end: number }[];
  /** In a tree spliced from the previous version's, what it replaced. Undefined in a tree parsed whole. */
  readonly replaced?: ReplacedContainer;
}

/**
 * The container a splice parsed again (`old`, no longer in the tree) and the one in its place (`fresh`); neither
 * when the text did not change.
 */
export interface ReplacedContainer {
  readonly old?: JsonNode;
  readonly fresh?: JsonNode;
}

/** What the next version may splice from a parse of `text` (parseJson's): none without a tree or when it went too deep. */
export function spliceable(text: string, parsed: ReturnType<typeof parseJson>): SpliceableParse | undefined {
  const { root, errors, tooDeep, multiLineStrings } = parsed;
  return root && !tooDeep ? { text, root, errors, multiLineStrings } : undefined;
}

/** The child whose range holds the offset, by binary search (a section can hold thousands). */
function childAt(node: JsonNode, offset: number): JsonNode | undefined {
  const children = node.children ?? [];
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const child = children[middle];
    if (offset < child.offset) high = middle - 1;
    else if (offset >= child.offset + child.length) low = middle + 1;
    else return child;
  }
  return undefined;
}

/** A container that ends at its own closing bracket, with the change strictly between its brackets. */
function holds(node: JsonNode | undefined, change: Change, text: string): node is JsonNode {
  if (!node || (node.type !== 'object' && node.type !== 'array')) return false;
  const last = node.offset + node.length - 1;
  return (
    node.offset < change.start &&
    change.oldEnd <= last &&
    last < text.length - 1 &&
    text[last] === (node.type === 'object' ? '}' : ']')
  );
}

/** The innermost container (not the root) that holds the change, and how deep it is. */
function innermostHolder(previous: SpliceableParse, change: Change): { node: JsonNode; depth: number } | undefined {
  let found: { node: JsonNode; depth: number } | undefined;
  let node = previous.root;
  for (let depth = 1; ; depth++) {
    let child = childAt(node, change.start);
    if (child?.type === 'property') child = child.children?.[1];
    if (!holds(child, change, previous.text)) return found;
    found = { node: child, depth: depth + 1 };
    node = child;
  }
}

/**
 * Moves a subtree by `by` characters. Half a 4 MB document's nodes move per keystroke: recursion allocates nothing
 * (a list of pending nodes grew by ~0.7 MB per keystroke), and it is bounded: a tree nesting deeper than
 * MAX_JSON_DEPTH is never spliced.
 */
function shift(subtree: JsonNode, by: number): void {
  const node = subtree as WritableJsonNode;
  node.offset += by;
  if (node.colonOffset !== undefined && node.colonOffset >= 0) node.colonOffset += by;
  const children = node.children;
  if (children) for (let i = 0; i < children.length; i++) shift(children[i], by);
}

/**
 * The container's new text parsed on its own, when it is one container that ends at its own closing bracket. `depth`
 * is the container's own (the root's is 1): nested too deep for the document, it would be blanked out there (json/depth.ts).
 */
function parseAlone(
  slice: string,
  type: JsonNode['type'],
  depth: number,
): { root: JsonNode; errors: ParseError[] } | undefined {
  if (flattenTooDeep(slice, MAX_JSON_DEPTH + 1 - depth)) return undefined;
  const fast = parseWellFormed(slice);
  if (fast) return fast.root?.type === type ? { root: fast.root, errors: [] } : undefined;
  // jsonc-parser's way, as parseJson parses a text that is not well-formed: the same tree and errors as in the whole document.
  const errors: ParseError[] = [];
  const root = parseTree(slice, errors, PARSE_OPTIONS);
  // An error at the end means the container did not close by itself (a string or comment ran past its bracket).
  if (
    !root ||
    root.type !== type ||
    root.offset !== 0 ||
    root.length !== slice.length ||
    errors.some((error) => error.offset >= slice.length)
  )
    return undefined;
  return { root, errors };
}

/**
 * The same characters in a string of their own. In V8 a slice of a long string is a view that keeps the whole string
 * alive, and so is every string value parsed out of it: a spliced container read from a plain slice kept its version's
 * full text alive for as long as the container stood, one 4 MB text more for each resource edited. Concatenating
 * copies the characters into a new string (once the parser first reads it); the leading space is sliced off again.
 */
function copyOf(slice: string): string {
  return (' ' + slice).slice(1);
}

function isOpenString(error: ParseError): boolean {
  return error.error === ParseErrorCode.UnexpectedEndOfString;
}

/**
 * Whether the whole document's multi-line reading (parseJson's: the line breaks of its strings masked) has a syntax
 * error inside the container, `slice` being its new text: then parseJson reads the document as jsonc-parser does, and
 * the container's own parse, its strings left open included, is the document's. The container starts outside any
 * string or comment (no string was left open before it), so its text with its own strings masked is read as the whole
 * masked document reads it, up to a string or comment that runs on past its end: an error of its first value before
 * that is the document's too. A string typed on a line of its own (a key begun) meets one within a line or two.
 */
function multiLineReadingFails(slice: string): boolean {
  const { multiLine, openFrom } = readStrings(slice);
  const errors: ParseError[] = [];
  const root = parseTree(maskLineBreaks(slice, multiLine), errors, PARSE_OPTIONS);
  const readAsInDocument = Math.min(openFrom, root ? root.offset + root.length : 0);
  return errors.some((error) => error.offset < readAsInDocument);
}

/** The tree and errors of `text`, made from `previous` (whose tree is changed in place), or undefined. `change`: changeBetween's. */
export function spliceJson(
  previous: SpliceableParse,
  text: string,
  change: Change | undefined,
): SpliceableParse | undefined {
  if (!change)
    return {
      text,
      root: previous.root,
      errors: previous.errors,
      multiLineStrings: previous.multiLineStrings,
      replaced: {},
    };
  // A tree read with multi-line strings stands only while the whole document parses: a new error anywhere undoes it.
  if (previous.multiLineStrings.length > 0) return undefined;
  const holder = innermostHolder(previous, change);
  if (!holder) return undefined;
  const old = holder.node;
  // A string left open outside the container may be one broken over lines, which the whole document reads once
  // nothing else keeps it from that (json/multiLineStrings.ts): only a full parse can tell. (One before the container
  // would also be read as running into it.) Checked before the tree is changed: the caller then parses the text whole.
  const oldEnd = old.offset + old.length;
  const kept = (error: ParseError) => error.offset <= old.offset || error.offset >= oldEnd;
  if (previous.errors.some((error) => kept(error) && isOpenString(error))) return undefined;
  const delta = text.length - previous.text.length;
  const slice = copyOf(text.slice(old.offset, old.offset + old.length + delta));
  const parsed = parseAlone(slice, old.type, holder.depth);
  // A string it leaves open may be one broken over lines, which the whole document reads if nothing else keeps it
  // from that: unless that reading fails inside the container already, only a full parse can tell.
  if (!parsed || (parsed.errors.some(isOpenString) && !multiLineReadingFails(slice))) return undefined;
  const fresh = parsed.root as WritableJsonNode;
  shift(fresh, old.offset);
  const parent = old.parent as WritableJsonNode;
  const siblings = parent.children!;
  siblings[siblings.indexOf(old)] = fresh;
  fresh.parent = parent;
  // Everything after the container moves; every container around it grows.
  for (let node: WritableJsonNode = fresh; node.parent; node = node.parent as WritableJsonNode) {
    const around = node.parent as WritableJsonNode;
    around.length += delta;
    const children = around.children!;
    for (let i = children.indexOf(node) + 1; i < children.length; i++) shift(children[i], delta);
  }
  const errors = [
    ...previous.errors.filter((error) => error.offset <= old.offset),
    ...parsed.errors.map((error) => ({ ...error, offset: error.offset + old.offset })),
    ...previous.errors
      .filter((error) => error.offset >= oldEnd)
      .map((error) => ({ ...error, offset: error.offset + delta })),
  ];
  return { text, root: previous.root, errors, multiLineStrings: previous.multiLineStrings, replaced: { old, fresh } };
}
