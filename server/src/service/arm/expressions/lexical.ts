// The characters of the ARM expression language, for the parser (parse.ts); and a string literal as an expression
// written by a fix or shown to the user spells it.

export const QUOTE = 39; // '
export const OPEN_PAREN = 40;
export const CLOSE_PAREN = 41;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;
export const BACKSLASH = 92;
export const LETTER_U = 117;

/** A string literal as ARM's expression language writes it: `it's` → `'it''s'`. */
export function armStringLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isIdentifierStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 /* _ */ || code === 36; /* $ */
}

/** Per ASCII code, 1 for a character an identifier may continue with: one table look-up per character scanned. */
const IDENTIFIER_PART = new Uint8Array(128).map((_, code) => (isIdentifierStart(code) || isDigit(code) ? 1 : 0));

function isIdentifierPart(code: number): boolean {
  return code < 128 && IDENTIFIER_PART[code] === 1;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The first position from `position` (and before `end`) that is not a space. */
export function skipSpaces(text: string, position: number, end: number): number {
  while (position < end && isSpace(text.charCodeAt(position))) position++;
  return position;
}

/** Where the identifier starting at `position` ends (before `end`). */
export function identifierEnd(text: string, position: number, end: number): number {
  while (position < end && isIdentifierPart(text.charCodeAt(position))) position++;
  return position;
}

/** True when the text from `start` to `end` is `word`. */
export function spells(text: string, word: string, start: number, end: number): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}
