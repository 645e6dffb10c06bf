// The characters of the ARM expression language, and built-in function names found in place: shared by the full
// parser (parse.ts) and its fast path (quickParse.ts).
import { BUILT_IN_FUNCTIONS } from './functions';

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

// Built-in function names are recognized by an automaton over their lower-cased characters (a trie of the names):
// one table look-up per character of the name as written, in any case, as the identifier is scanned, without cutting
// it out of the expression or comparing it with each name that could match.
const NAME_CHARACTERS = [...new Set(BUILT_IN_FUNCTIONS.flatMap((fn) => [...fn.name.toLowerCase()]))];
const COLUMNS = NAME_CHARACTERS.length;
/** Per ASCII code, its column in TRANSITIONS (an upper-case letter's is its lower-case letter's); −1 for a character no name has. */
const COLUMN_OF = new Int8Array(128).fill(-1);
NAME_CHARACTERS.forEach((character, column) => {
  const code = character.charCodeAt(0);
  COLUMN_OF[code] = column;
  if (code >= 97 && code <= 122) COLUMN_OF[code - 32] = column;
});
/** The trie's transitions, at state × COLUMNS + column (−1: no name goes on that way), and each state's function number or −1. */
const { TRANSITIONS, FUNCTION_AT } = (() => {
  const rows: number[][] = [[]];
  const functionAt = [-1];
  BUILT_IN_FUNCTIONS.forEach((fn, number) => {
    let state = 0;
    for (const character of fn.name.toLowerCase()) {
      const column = COLUMN_OF[character.charCodeAt(0)];
      if (rows[state][column] === undefined) {
        rows[state][column] = rows.length;
        rows.push([]);
        functionAt.push(-1);
      }
      state = rows[state][column];
    }
    functionAt[state] = number;
  });
  const transitions = new Int16Array(rows.length * COLUMNS).fill(-1);
  rows.forEach((row, state) => row.forEach((next, column) => (transitions[state * COLUMNS + column] = next)));
  return { TRANSITIONS: transitions, FUNCTION_AT: Int16Array.from(functionAt) };
})();

/** What the last scanName() found besides the name's end: the built-in function it names, or −1. */
export const scannedName = { functionNumber: -1 };

/**
 * Where the identifier starting at `position` ends (before `end`), as identifierEnd, reading it through the
 * automaton on the way (one pass over the characters): the function it names is left in `scannedName`.
 */
export function scanName(text: string, position: number, end: number): number {
  let state = 0;
  for (; position < end; position++) {
    const code = text.charCodeAt(position);
    if (!isIdentifierPart(code)) break;
    if (state >= 0) {
      const column = COLUMN_OF[code];
      state = column < 0 ? -1 : TRANSITIONS[state * COLUMNS + column];
    }
  }
  scannedName.functionNumber = state < 0 ? -1 : FUNCTION_AT[state];
  return position;
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
