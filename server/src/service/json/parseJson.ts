// Parses a JSON document the way ARM reads it: JSONC (comments, trailing commas), and strings broken over several
// lines (./multiLineStrings.ts). Well-formed text takes the fast path; anything else goes through jsonc-parser, whose
// error recovery and messages are the ones users see, on no more levels than it can recurse (./depth.ts). The
// errors are jsonc-parser's own; syntaxProblems() reports them once per syntax problem: the errors its recovery adds
// right after a mistake (on the same or the next line) are echoes of it, not problems of their own.
import { ParseErrorCode, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { JsonNode } from './nodes';
import { parseWellFormed } from './fastParse';
import { flattenTooDeep, type Flattened } from './depth';
import { findMultiLineStrings, maskLineBreaks, restoreLineBreaks } from './multiLineStrings';
import type { TextRange } from '../text/range';
import { LineIndex } from '../text/lineIndex';

export interface ParsedJson {
  readonly root: JsonNode | undefined;
  /** jsonc-parser's errors, as its recovery reports them. */
  readonly errors: readonly ParseError[];
  /** Where containers nest deeper than MAX_JSON_DEPTH, and the text `root` was parsed from, without their contents. */
  readonly tooDeep?: Flattened;
  /** Strings with raw line breaks, which only Azure CLI and PowerShell deploy; the tree holds their values. */
  readonly multiLineStrings: readonly TextRange[];
}

export interface SyntaxProblem extends TextRange {
  readonly message: string;
  /**
   * The file parses as YAML (the `yaml` package, and so an editor's YAML support, reads it without a word) but Helm's
   * and kubectl's reader rejects it: nothing else marks it in the editor.
   */
  readonly onlyHelmRejects?: boolean;
  /**
   * The other way round: the `yaml` package (and so an editor's YAML support) rejects what Helm's reader reads (an
   * alias written as a key, `*a: b`), or the file nests deeper than this extension reads: the file is not checked,
   * and that is not an error of the file's.
   */
  readonly onlyThisParserRejects?: boolean;
}

/**
 * The tree of a parse that read all of its text: none when it has a syntax error, or nests deeper than MAX_JSON_DEPTH
 * (those containers' contents are left out of the tree, so their values would read as empty). A parameter file is read
 * only so.
 */
export function wholeTree(parsed: ParsedJson): JsonNode | undefined {
  return parsed.errors.length === 0 && !parsed.tooDeep ? parsed.root : undefined;
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };
const NONE: readonly TextRange[] = [];

export function parseJson(written: string): ParsedJson {
  // A byte-order mark, which VS Code strips but other editors may send, is read as the space it stands in for, so
  // that every offset stays the document's own.
  const text = written.charCodeAt(0) === 0xfeff ? ` ${written.slice(1)}` : written;
  const fast = parseWellFormed(text);
  if (fast) return { root: fast.root, errors: [], multiLineStrings: NONE };
  const tooDeep = flattenTooDeep(text);
  const parsedText = tooDeep?.text ?? text;
  const errors: ParseError[] = [];
  let root: JsonNode | undefined;
  try {
    root = parseTree(parsedText, errors, PARSE_OPTIONS);
  } catch (error) {
    // Past the cut of flattenTooDeep this cannot happen; kept so that a stack that is smaller still is no crash.
    if (error instanceof RangeError)
      return { root: undefined, errors: [], tooDeep: { text, tooDeep: [0] }, multiLineStrings: NONE };
    throw error;
  }
  // Brackets that never close below the cut: one error stands for them all (the caller reports it as "too deep"), and
  // the tree, a guess, serves only to tell what the document is.
  if (tooDeep && errors.length > 0) return { root, errors: errors.slice(0, 1), tooDeep, multiLineStrings: NONE };
  const multiLine = errors.length > 0 ? parseMultiLine(parsedText, errors) : undefined;
  if (multiLine) return { ...multiLine, errors: [], tooDeep };
  return { root, errors, tooDeep, multiLineStrings: NONE };
}

/**
 * The tree of a text whose only syntax errors are strings broken over lines: a raw line break ends a string for
 * jsonc-parser (UnexpectedEndOfString), so that is the sign to look for. If masking the line breaks of the strings
 * that have them leaves clean JSON, that is all it was; else undefined.
 */
export function parseMultiLine(
  text: string,
  errors: readonly ParseError[],
): { root: JsonNode; multiLineStrings: readonly TextRange[] } | undefined {
  if (!errors.some((error) => error.error === ParseErrorCode.UnexpectedEndOfString)) return undefined;
  const multiLineStrings = findMultiLineStrings(text);
  if (multiLineStrings.length === 0) return undefined;
  const maskedErrors: ParseError[] = [];
  const masked = parseTree(maskLineBreaks(text, multiLineStrings), maskedErrors, PARSE_OPTIONS);
  if (maskedErrors.length > 0 || !masked) return undefined;
  restoreLineBreaks(masked, text, multiLineStrings);
  return { root: masked, multiLineStrings };
}

/** The errors that start a syntax problem: an error on the line of the previous one or the line after is its echo. */
function withoutEchoes(text: string, errors: readonly ParseError[], textLines?: LineIndex): readonly ParseError[] {
  if (errors.length < 2) return errors;
  const lines = textLines ?? new LineIndex(text);
  const kept: ParseError[] = [];
  let lastLine = -2;
  for (const error of errors) {
    if (lines.positionAt(error.offset).line > lastLine + 1) kept.push(error);
    lastLine = lines.positionAt(error.offset + error.length).line;
  }
  return kept;
}

/**
 * jsonc-parser's errors in `text` as messages, one per syntax problem. `lines`: the text's line index when there is
 * one already (an editor's document version): on a 1 MB text, building one costs about a millisecond.
 */
export function syntaxProblems(text: string, errors: readonly ParseError[], lines?: LineIndex): SyntaxProblem[] {
  return withoutEchoes(text, errors, lines).map((e) => ({
    start: e.offset,
    end: e.offset + Math.max(e.length, 1),
    // jsonc-parser's codes are identifiers such as "CloseBraceExpected"; make them read as words.
    message: `JSON syntax error: ${printParseErrorCode(e.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()}`,
  }));
}
