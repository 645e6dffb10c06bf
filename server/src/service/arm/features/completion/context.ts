// Where the cursor is in a JSON document, for completions and hover: the JSON path, whether a property name or a
// value goes there, the string token under the cursor, and the ARM resource around it. Between the quotes of a
// string of a tree parsed without errors, the tree says it all. Elsewhere, and while typing (`"provider": "`, a
// property name just started), the path comes from jsonc-parser's scanner (getLocation), run only over the resource
// around the cursor (outside resources, from the item before it), which the cached tree finds — so a request on a
// 10,000-resource template scans a few thousand characters, not the document.
import { createScanner, findNodeAtOffset, getLocation, getNodePath, SyntaxKind, type JSONPath } from 'jsonc-parser';
import type { JsonNode } from '../../../json/nodes';
import type { ArmResource, ArmTemplate } from '../../template';
import { memoKey } from '../../../memo';

export interface StringToken {
  /** Offset of the opening quote. */
  readonly start: number;
  /** Offset after the closing quote (or the end of an unterminated string's line). */
  readonly end: number;
  /** The string's value (an unterminated string's characters so far). */
  readonly value: string;
}

export interface PositionContext {
  readonly text: string;
  readonly offset: number;
  /** Path from the document root. At a property name, the last segment is the name typed so far (or ''). */
  readonly path: JSONPath;
  /** True where a property name goes (in an object, before the colon). */
  readonly atKey: boolean;
  /** The string (key or value) the cursor is in or right after, or the value whose opening quote it is on. */
  readonly token?: StringToken;
  /** The innermost resource around the cursor and the path inside it (`['properties', 'provider']`). */
  readonly resource?: ArmResource;
  readonly inResource: JSONPath;
}

const RESOURCE_BY_NODE = memoKey<Map<JsonNode, ArmResource>>('resource by node');

function resourceByNode(template: ArmTemplate): Map<JsonNode, ArmResource> {
  return template.memo.get(
    RESOURCE_BY_NODE,
    () => new Map(template.resources.map((resource) => [resource.node, resource])),
  );
}

const ONLY_SEPARATORS = /^[\s,:]*$/;

/** True when the cursor is in a container between its items, with only blanks, commas or a colon typed there. */
function inGap(text: string, offset: number, node: JsonNode): boolean {
  if ((node.type !== 'object' && node.type !== 'array') || offset <= node.offset || offset >= node.offset + node.length)
    return false;
  let gapStart = node.offset + 1;
  for (const child of node.children ?? [])
    if (child.offset + child.length <= offset) gapStart = child.offset + child.length;
  return ONLY_SEPARATORS.test(text.slice(gapStart, offset));
}

export function previousNonBlank(text: string, offset: number): string {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i >= 0 ? text[i] : '';
}

/**
 * The cursor in the gap between the items of a container (no child contains it): an array item position, an
 * object's property-name position, or — right after a colon whose value is missing — that property's value.
 */
function gapContext(text: string, offset: number, container: JsonNode): { path: JSONPath; atKey: boolean } {
  const base = getNodePath(container);
  const before = (container.children ?? []).filter((child) => child.offset + child.length <= offset);
  if (container.type === 'array') return { path: [...base, before.length], atKey: false };
  const last = before[before.length - 1];
  const key = last?.children?.[0]?.value;
  if (previousNonBlank(text, offset) === ':' && typeof key === 'string') return { path: [...base, key], atKey: false };
  return { path: [...base, ''], atKey: true };
}

/** The innermost resource whose object contains the node (or is it); else the top-level section the node is in (or the root). */
function anchorOf(
  node: JsonNode | undefined,
  root: JsonNode,
  resources: Map<JsonNode, ArmResource>,
): { anchor: JsonNode; resource?: ArmResource } {
  for (let current = node; current; current = current.parent) {
    const resource = resources.get(current);
    if (resource) return { anchor: current, resource };
    // A top-level property's value (a section); its key is read from the root, as any other key.
    if (
      current.parent?.type === 'property' &&
      current.parent.parent === root &&
      current.parent.children?.[1] === current
    )
      return { anchor: current };
  }
  return { anchor: root };
}

/** The offset of the end of the line the offset is on. */
function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline;
}

/** The last child of a container that ends before the offset, and its index (a section can hold 10,000 items). */
function lastChildBefore(container: JsonNode, offset: number): { child: JsonNode; index: number } | undefined {
  const children = container.children ?? [];
  let low = 0;
  let high = children.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (children[middle].offset + children[middle].length < offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? { child: children[low - 1], index: low - 1 } : undefined;
}

function pathStartsWith(path: JSONPath, prefix: JSONPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

/**
 * The cursor between the quotes of a string (a key or a value) of a tree parsed without errors: its path, read from
 * the tree, as the scanner would give it. Undefined anywhere else.
 */
function inWholeString(
  offset: number,
  node: JsonNode | undefined,
): Pick<PositionContext, 'path' | 'atKey' | 'token'> | undefined {
  if (node?.type !== 'string' || offset <= node.offset || offset >= node.offset + node.length) return undefined;
  const token = { start: node.offset, end: node.offset + node.length, value: String(node.value) };
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (property?.parent && property.children?.[0] === node)
    return { path: [...getNodePath(property.parent), token.value], atKey: true, token };
  return { path: getNodePath(node), atKey: false, token };
}

/** The string value whose opening quote is at the offset (on the cursor's line; an unterminated one to its end). */
function stringOpeningAt(text: string, offset: number): StringToken | undefined {
  if (text[offset] !== '"') return undefined;
  const scanner = createScanner(text.slice(offset, lineEnd(text, offset)), true);
  if (scanner.scan() !== SyntaxKind.StringLiteral) return undefined;
  return { start: offset, end: offset + scanner.getTokenLength(), value: scanner.getTokenValue() };
}

/** `wholeTree`: `root` was parsed without syntax errors. */
export function positionContext(
  text: string,
  offset: number,
  root: JsonNode | undefined,
  template: ArmTemplate | undefined,
  wholeTree: boolean,
): PositionContext {
  const node = root && findNodeAtOffset(root, offset, true);
  const inString = root && wholeTree ? inWholeString(offset, node) : undefined;
  if (root && inString) {
    const resource = template && anchorOf(node, root, resourceByNode(template)).resource;
    const resourcePath = resource ? getNodePath(resource.node) : [];
    const inside = resource && pathStartsWith(inString.path, resourcePath) ? resource : undefined;
    return {
      text,
      offset,
      ...inString,
      resource: inside,
      inResource: inside ? inString.path.slice(resourcePath.length) : [],
    };
  }
  if (root && node && inGap(text, offset, node)) {
    // Between the items of a container: no scan needed (and none over a 10,000-item `resources` array).
    const gap = gapContext(text, offset, node);
    const resource = template && anchorOf(node, root, resourceByNode(template)).resource;
    return {
      text,
      offset,
      ...gap,
      resource,
      inResource: resource ? gap.path.slice(getNodePath(resource.node).length) : [],
    };
  }
  const { anchor, resource } = root
    ? anchorOf(node, root, template ? resourceByNode(template) : new Map())
    : { anchor: undefined, resource: undefined };
  // Outside a resource (a key or an item typed between 10,000 others), the scan starts after the last whole item
  // before the cursor, behind its container's bracket, rather than at the start of the section.
  const skipped =
    !resource && anchor && (anchor.type === 'object' || anchor.type === 'array')
      ? lastChildBefore(anchor, offset)
      : undefined;
  const bracket = skipped ? (anchor?.type === 'object' ? '{' : '[') : '';
  const start = skipped ? skipped.child.offset + skipped.child.length - bracket.length : (anchor?.offset ?? 0);
  const base = anchor && root ? getNodePath(anchor) : [];
  // Only up to the end of the cursor's line (a JSON string ends on its line): a short copy behind the bracket.
  const scanned = skipped
    ? bracket + text.slice(start + bracket.length, lineEnd(text, offset))
    : start === 0
      ? text
      : text.slice(start);
  const location = getLocation(scanned, offset - start);
  // An array index counts from the first item after the skipped ones.
  const path = [
    ...base,
    ...location.path.map((segment, i) =>
      i === 0 && skipped && typeof segment === 'number' ? segment + skipped.index : segment,
    ),
  ];
  const previous = location.previousNode;
  let token: StringToken | undefined;
  let inKey = false;
  if (previous && (previous.type === 'string' || previous.type === 'property')) {
    const tokenStart = start + previous.offset;
    const tokenEnd = tokenStart + previous.length;
    if (tokenStart < offset && offset <= tokenEnd) {
      token = { start: tokenStart, end: tokenEnd, value: String(previous.value) };
      // A key typed on a new line before the previous property got its comma is still a key.
      inKey = previous.type === 'property';
    }
  }
  const atKey = location.isAtPropertyKey || inKey;
  // On a value's opening quote, a value offered replaces that string, as between its quotes.
  if (!token && !atKey) token = stringOpeningAt(text, offset);
  const resourcePath = resource ? getNodePath(resource.node) : [];
  const inside = resource && pathStartsWith(path, resourcePath) ? resource : undefined;
  return {
    text,
    offset,
    path,
    atKey,
    token,
    resource: inside,
    inResource: inside ? path.slice(resourcePath.length) : [],
  };
}
