// Small helpers over jsonc-parser's syntax tree. ARM treats property names case-insensitively,
// so every lookup here does too; rules never walk raw children themselves.
import type { Node } from 'jsonc-parser';

export type { Node as JsonNode } from 'jsonc-parser';

/** A node as a parser, a splice or a carry writes it (jsonc-parser's type is read-only). */
export type WritableJsonNode = { -readonly [K in keyof Node]: Node[K] };

/** ASCII case-insensitive equality without allocating lower-cased copies (property lookups are a hot path). */
export function equalsIgnoreCase(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x === y) continue;
    if (x < 128 && y < 128) return false;
    if (a[i].toLowerCase() !== b[i].toLowerCase()) return false;
  }
  return true;
}

/** The property node (`"key": value` pair) whose key matches case-insensitively, or undefined. */
export function findProperty(object: Node | undefined, key: string): Node | undefined {
  if (!object || object.type !== 'object' || !object.children) return undefined;
  for (const property of object.children) {
    const keyNode = property.children?.[0];
    if (keyNode && typeof keyNode.value === 'string' && equalsIgnoreCase(keyNode.value, key)) return property;
  }
  return undefined;
}

/** The value node of a property looked up case-insensitively. */
export function propertyValue(object: Node | undefined, key: string): Node | undefined {
  return findProperty(object, key)?.children?.[1];
}

/** The key node of a property node. */
export function propertyKey(property: Node): Node | undefined {
  return property.children?.[0];
}

/** Each `[key, valueNode]` pair of an object node, in document order. */
export function entries(object: Node | undefined): Array<[string, Node, Node]> {
  const out: Array<[string, Node, Node]> = [];
  if (!object || object.type !== 'object' || !object.children) return out;
  for (const property of object.children) {
    const keyNode = property.children?.[0];
    const valueNode = property.children?.[1];
    if (keyNode && valueNode && typeof keyNode.value === 'string') out.push([keyNode.value, valueNode, property]);
  }
  return out;
}

export function items(array: Node | undefined): Node[] {
  return array && array.type === 'array' && array.children ? array.children : [];
}

export function stringOf(node: Node | undefined): string | undefined {
  return node && node.type === 'string' ? (node.value as string) : undefined;
}

export function isObject(node: Node | undefined): node is Node {
  return !!node && node.type === 'object';
}
