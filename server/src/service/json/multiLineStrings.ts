// ARM accepts a string or an expression broken over several lines (a raw line break inside the quotes) when a
// template is deployed with Azure CLI or Azure PowerShell, though not through the portal or the REST API
// ("Template structure and syntax", Multi-line strings). JSON does not, so jsonc-parser reads such a string as
// unterminated. This module finds those strings and masks their line breaks with spaces — the same length, so
// every offset stays true — for the parser; the values are then put back as ARM reads them, line breaks included.
import type { JsonNode } from './nodes';
import type { TextRange } from '../text/range';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The strings of `text` (quotes included) that contain a raw line break, read as ARM reads them: a string ends at its
 * closing quote, comments are skipped. A string that is really unterminated also shows up here; the caller finds out
 * when the masked text still does not parse.
 */
export function findMultiLineStrings(text: string): TextRange[] {
  return text.indexOf('\n') < 0 && text.indexOf('\r') < 0 ? [] : readStrings(text).multiLine;
}

/**
 * The strings of `text` that contain a raw line break (as findMultiLineStrings reads them), and where a string or
 * comment that `text` leaves open at its end starts (`text.length` when none does): a part of a document read this way
 * is read as the whole document reads it up to there, if it starts outside any string or comment.
 */
export function readStrings(text: string): { multiLine: TextRange[]; openFrom: number } {
  const multiLine: TextRange[] = [];
  const length = text.length;
  let openFrom = length;
  let pos = 0;
  while (pos < length) {
    const ch = text.charCodeAt(pos);
    if (ch === SLASH && text.charCodeAt(pos + 1) === SLASH) {
      const start = pos;
      while (pos < length && text.charCodeAt(pos) !== LINE_FEED && text.charCodeAt(pos) !== CARRIAGE_RETURN) pos++;
      if (pos >= length) openFrom = start;
    } else if (ch === SLASH && text.charCodeAt(pos + 1) === STAR) {
      const end = text.indexOf('*/', pos + 2);
      if (end < 0) openFrom = pos;
      pos = end < 0 ? length : end + 2;
    } else if (ch === QUOTE) {
      const start = pos++;
      let broken = false;
      while (pos < length && text.charCodeAt(pos) !== QUOTE) {
        const c = text.charCodeAt(pos);
        if (c === BACKSLASH) pos++;
        else if (c === LINE_FEED || c === CARRIAGE_RETURN) broken = true;
        pos++;
      }
      if (pos >= length) openFrom = start;
      pos++;
      if (broken) multiLine.push({ start, end: Math.min(pos, length) });
    } else {
      pos++;
    }
  }
  return { multiLine, openFrom };
}

/** `text` with the line breaks inside `strings` replaced by spaces: what a JSON parser accepts, at the same offsets. */
export function maskLineBreaks(text: string, strings: readonly TextRange[]): string {
  let masked = '';
  let from = 0;
  for (const { start, end } of strings) {
    masked += text.slice(from, start) + text.slice(start, end).replace(/[\r\n]/g, ' ');
    from = end;
  }
  return masked + text.slice(from);
}

/** The JSON string literal `literal` (raw line breaks allowed) as ARM reads it: escapes decoded, line breaks kept. */
function decode(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal.replace(/\r/g, '\\r').replace(/\n/g, '\\n'));
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The string node (a value or a property name) that starts at `offset`, found by descending through `root`. */
function stringNodeAt(root: JsonNode, offset: number): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  while (node) {
    if (node.offset === offset && node.type === 'string') return node;
    node = node.children?.find((child) => child.offset <= offset && offset < child.offset + child.length);
  }
  return undefined;
}

/** Gives the string nodes parsed from the masked text the values ARM reads from the original `text`. */
export function restoreLineBreaks(root: JsonNode, text: string, strings: readonly TextRange[]): void {
  for (const { start, end } of strings) {
    const node = stringNodeAt(root, start);
    const value = node && decode(text.slice(start, end));
    if (node && value !== undefined) (node as { value: unknown }).value = value;
  }
}
