// Text edits shared by the ARM rules' quick fixes: the one way to replace a value a rule read (valueFix), add a
// property to an object, add an item to an array (inline, or pretty-printed on its own line). Each keeps the layout.
import type { JsonNode } from '../../json/nodes';
import { literalValue, type KnownValue } from '../../arm/value';
import type { Fix, TextEdit } from '../../types';

const BLANK = /^[ \t]*$/;

/** The values a fix may write over a literal. */
export type LiteralValue = string | number | boolean | null;

/** The JSON literal for a value, in the template (a string starting with `[` is written `[[`, or ARM would evaluate it) or not. */
function literalText(value: LiteralValue, inTemplate: boolean): string {
  return JSON.stringify(inTemplate && typeof value === 'string' && value.startsWith('[') ? `[${value}` : value);
}

/**
 * The one way a rule's fix replaces a value it read. The edit rewrites only the literal where the value is written —
 * in place, a parameter's default, a variable's value, a parameter file's value — and only when that literal, read as
 * ARM reads it, is exactly the value the rule saw. A value an expression computed gets no fix: rewriting the
 * expression with its result would lose it, and with it every other use (the finding still says the value). A fix
 * that changes the literal's type (`true` to `"true"`) is offered only in place: a parameter's value must keep its
 * declared type, and a variable's other uses may need it. When other expressions read the literal too, the template's
 * run makes the fix not preferred and says so in its title (sharedLiteralFixes.ts).
 */
export function valueFix(
  value: KnownValue,
  replacement: LiteralValue,
  title: string,
  preferred = false,
): Fix | undefined {
  const origin = value.origin;
  if (origin.type !== 'string' && origin.type !== 'number' && origin.type !== 'boolean' && origin.type !== 'null')
    return undefined;
  // A parameter file's values are literals, never expressions (nor are allowedValues entries, which come with uri '').
  const inTemplate = value.originUri === undefined;
  const written = inTemplate ? literalValue(origin) : { known: true, value: origin.value };
  if (!written.known || written.value !== value.value) return undefined;
  const inPlace = value.usage === undefined || value.usage === origin;
  if (!inPlace && typeof replacement !== typeof value.value) return undefined;
  const edit: TextEdit = {
    start: origin.offset,
    end: origin.offset + origin.length,
    newText: literalText(replacement, inTemplate),
  };
  return { title, edits: [edit], preferred, uri: value.originUri || undefined };
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
  return {
    start: array.offset,
    end: array.offset + array.length,
    newText: `[\n${inner}${indented(value, inner)}\n${outer}]`,
  };
}

/**
 * A fix that writes an ARM expression (`[resourceId(…)]`, given without its brackets) over the literal a rule read.
 * Like valueFix it rewrites only a string literal that holds exactly the value the rule saw, never an expression; and
 * only in the template (in place, a parameter's default, a variable), since a parameter file cannot hold expressions.
 */
export function expressionFix(
  value: KnownValue,
  expression: string,
  title: string,
  preferred = false,
): Fix | undefined {
  const origin = value.origin;
  if (value.originUri !== undefined || origin.type !== 'string') return undefined;
  const written = literalValue(origin);
  if (!written.known || written.value !== value.value) return undefined;
  const edit: TextEdit = {
    start: origin.offset,
    end: origin.offset + origin.length,
    newText: JSON.stringify(`[${expression}]`),
  };
  return { title, edits: [edit], preferred };
}

/** The end of the rest of a line after `offset` when it holds only blanks or a `//` comment; undefined otherwise. */
function restOfLineEnd(text: string, offset: number): number | undefined {
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline < 0 ? text.length : newline;
  const rest = text.slice(offset, lineEnd).replace(/\r$/, '');
  return /^[ \t]*(\/\/.*)?$/.test(rest) ? offset + rest.length : undefined;
}

/** The offset of the comma after a value, skipping blanks and comments. */
function commaAfter(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== ',') {
    if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) < 0 ? text.length : text.indexOf('*/', i) + 2;
    else i++;
  }
  return i;
}

/**
 * Removes a property (`"key": value`) from its object with the comma that separates it from its neighbours. A
 * property on a line of its own goes with its whole line (its trailing comment too); the neighbours' lines and
 * comments stay as they are.
 */
export function removeProperty(text: string, property: JsonNode): TextEdit[] {
  const object = property.parent!;
  const siblings = object.children ?? [];
  const index = siblings.indexOf(property);
  const start = property.offset;
  const end = property.offset + property.length;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownLine = BLANK.test(text.slice(lineStart, start));
  if (index < siblings.length - 1) {
    const next = siblings[index + 1];
    const nextLineStart = text.lastIndexOf('\n', next.offset - 1) + 1;
    if (ownLine && nextLineStart > end && BLANK.test(text.slice(nextLineStart, next.offset)))
      return [{ start: lineStart, end: nextLineStart, newText: '' }];
    return [{ start, end: next.offset, newText: '' }];
  }
  if (index === 0) return [{ start: object.offset + 1, end: object.offset + object.length - 1, newText: '' }];
  // The last of several: the comma after the previous property goes, and the property with its line.
  const previous = siblings[index - 1];
  const comma = commaAfter(text, previous.offset + previous.length);
  const lineEnd = restOfLineEnd(text, end);
  const commaEdit: TextEdit = { start: comma, end: comma + 1, newText: '' };
  if (ownLine && lineStart > comma + 1 && lineEnd !== undefined) {
    const lineBreak = text[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
    return [commaEdit, { start: lineBreak, end: lineEnd, newText: '' }];
  }
  return [{ start: comma, end, newText: '' }];
}
