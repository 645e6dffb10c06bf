// Text edits shared by the ARM rules' quick fixes: rewrite a string literal, add a property to an object,
// add an item to an array. Each keeps the surrounding layout (indentation, one property per line).
import type { JsonNode } from '../../json/nodes';
import { literalValue, type KnownValue } from '../../arm/value';
import type { TextEdit } from '../rule';

const BLANK = /^[ \t]*$/;

/** Replaces the string literal a known value was read from; undefined when an expression computed the value. */
export function replaceLiteral(value: KnownValue, replacement: string): TextEdit | undefined {
  const origin = value.origin;
  if (origin.type !== 'string') return undefined;
  const written = literalValue(origin);
  if (!written.known || written.value !== value.value) return undefined;
  // A literal that starts with `[` is written `[[` so that ARM doesn't read it as an expression.
  return { start: origin.offset, end: origin.offset + origin.length, newText: JSON.stringify(replacement.startsWith('[') ? `[${replacement}` : replacement) };
}

/** Adds `"key": valueText` after the last property of an object, on its own line when the properties are one a line. */
export function appendProperty(text: string, object: JsonNode, key: string, valueText: string): TextEdit {
  const property = `${JSON.stringify(key)}: ${valueText}`;
  const last = object.children?.[object.children.length - 1];
  if (!last) return { start: object.offset + 1, end: object.offset + 1, newText: property };
  const end = last.offset + last.length;
  const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
  const indent = text.slice(lineStart, last.offset);
  return { start: end, end, newText: BLANK.test(indent) ? `,\n${indent}${property}` : `, ${property}` };
}

/** Adds an item (already JSON text) at the end of an array. */
export function appendItem(array: JsonNode, itemText: string): TextEdit {
  const last = array.children?.[array.children.length - 1];
  if (!last) return { start: array.offset + 1, end: array.offset + 1, newText: itemText };
  const end = last.offset + last.length;
  return { start: end, end, newText: `, ${itemText}` };
}
