// Parses a JSON document the way ARM reads it: JSONC (comments, trailing commas), and strings broken over several
// lines (./multiLineStrings.ts). Well-formed text takes the fast path; anything else goes through jsonc-parser, whose
// error recovery and messages are the ones users see. A syntax problem is reported once: the errors jsonc-parser's
// recovery adds right after it (on the same or the next line) are its echoes, not problems of their own.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { JsonNode } from './nodes';
import { parseWellFormed } from './fastParse';
import { findMultiLineStrings, maskLineBreaks, restoreLineBreaks } from './multiLineStrings';
import type { TextRange } from '../rules/rule';
import { LineIndex } from '../text/lineIndex';

export interface ParsedJson {
  readonly root: JsonNode | undefined;
  /** One per syntax problem (a cascade of recovery errors is one problem). */
  readonly errors: ParseError[];
  /** The document nests deeper than a parser can follow. */
  readonly tooDeep?: boolean;
  /** Strings with raw line breaks, which only Azure CLI and PowerShell deploy; the tree holds their values. */
  readonly multiLineStrings: readonly TextRange[];
}

export interface SyntaxProblem extends TextRange {
  readonly message: string;
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };
const NONE: readonly TextRange[] = [];

function parseWithRecovery(text: string): { root: JsonNode | undefined; errors: ParseError[]; tooDeep?: boolean } {
  const errors: ParseError[] = [];
  try {
    return { root: parseTree(text, errors, PARSE_OPTIONS), errors };
  } catch (error) {
    // jsonc-parser recurses once per nesting level; thousands of unclosed brackets exhaust the stack.
    if (error instanceof RangeError) return { root: undefined, errors: [], tooDeep: true };
    throw error;
  }
}

export function parseJson(text: string): ParsedJson {
  const fast = parseWellFormed(text);
  if (fast) return { root: fast.root, errors: [], multiLineStrings: NONE };
  const parsed = parseWithRecovery(text);
  if (parsed.errors.length > 0) {
    // Strings broken over lines read as unterminated; if masking their line breaks leaves clean JSON, that is all it was.
    const multiLineStrings = findMultiLineStrings(text);
    if (multiLineStrings.length > 0) {
      const masked = parseWithRecovery(maskLineBreaks(text, multiLineStrings));
      if (masked.errors.length === 0 && !masked.tooDeep && masked.root) {
        restoreLineBreaks(masked.root, text, multiLineStrings);
        return { root: masked.root, errors: [], multiLineStrings };
      }
    }
  }
  return { ...parsed, errors: withoutEchoes(text, parsed.errors), multiLineStrings: NONE };
}

/** The errors that start a syntax problem: an error on the line of the previous one or the line after is its echo. */
function withoutEchoes(text: string, errors: readonly ParseError[]): ParseError[] {
  if (errors.length < 2) return errors.slice();
  const lines = new LineIndex(text);
  const kept: ParseError[] = [];
  let lastLine = -2;
  for (const error of errors) {
    if (lines.positionAt(error.offset).line > lastLine + 1) kept.push(error);
    lastLine = lines.positionAt(error.offset + error.length).line;
  }
  return kept;
}

/** jsonc-parser's errors as messages: its codes are identifiers such as "CloseBraceExpected"; they read as words. */
export function describeSyntaxErrors(errors: readonly ParseError[], tooDeep: boolean | undefined): SyntaxProblem[] {
  const problems = errors.map((e) => ({
    start: e.offset,
    end: e.offset + Math.max(e.length, 1),
    message: `JSON syntax error: ${printParseErrorCode(e.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`,
  }));
  if (tooDeep) problems.push({ start: 0, end: 1, message: 'JSON syntax error: the document is nested too deeply to parse' });
  return problems;
}
