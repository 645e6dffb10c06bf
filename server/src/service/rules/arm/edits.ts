// Text edits shared by the ARM rules' quick fixes: rewrite a string literal, add a property to an object,
// add an item to an array (inline, or pretty-printed on its own line). Each keeps the surrounding layout.
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

function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function indented(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).split('\n').join(`\n${indent}`);
}

/**
 * Adds a value, pretty-printed, at the end of an array on its own line, indented as the last item is (or one step
 * deeper than the array when it is empty). For objects in arrays laid out one item a line; short items use appendItem.
 */
export function appendItemOnItsOwnLine(text: string, array: JsonNode, value: unknown): TextEdit {
  const last = array.children?.[array.children.length - 1];
  if (last) {
    const indent = indentOf(text, last.offset);
    const end = last.offset + last.length;
    return { start: end, end, newText: `,\n${indent}${indented(value, indent)}` };
  }
  const outer = indentOf(text, array.offset);
  const inner = `${outer}  `;
  return { start: array.offset, end: array.offset + array.length, newText: `[\n${inner}${indented(value, inner)}\n${outer}]` };
}
