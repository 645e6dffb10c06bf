// Reading a parameter file's values as ARM compares them with the template's declarations: the JSON value of a
// node, and equality where strings compare case-insensitively (ARM accepts `westus` for an allowed `WestUS`).
import { getNodeValue } from 'jsonc-parser';
import type { JsonNode } from '../../json/nodes';

export function jsonValueOf(node: JsonNode): unknown {
  return getNodeValue(node);
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  }
  return a === b;
}
