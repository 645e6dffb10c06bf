// What the protocol fuzz asserts about each answer, as pure functions of the document text the server had: every
// range lies inside its document, the edits of one action do not overlap, a fix leaves parseable JSON/YAML parseable
// and never touches an ARM expression string. Each returns a short description of the problem, or nothing.
import { createScanner, parse, SyntaxKind, type ParseError } from 'jsonc-parser';
import { parseAllDocuments } from 'yaml';
import type { Position, Range, TextEdit } from 'vscode-languageserver-protocol';

/** The lines of a text as LSP counts them (`\r\n`, `\r` and `\n` end a line), each without its line break. */
export interface Lines {
  readonly lengths: readonly number[];
  /** Whether each line ends with `\r\n`: a range past such a line's end has counted the `\r`. */
  readonly crlf: readonly boolean[];
  readonly starts: readonly number[];
  readonly textLength: number;
}

export function linesOf(text: string): Lines {
  const lengths: number[] = [];
  const crlf: boolean[] = [];
  const starts: number[] = [0];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 10 && code !== 13) continue;
    lengths.push(i - start);
    const pair = code === 13 && text.charCodeAt(i + 1) === 10;
    crlf.push(pair);
    if (pair) i++;
    start = i + 1;
    starts.push(start);
  }
  lengths.push(text.length - start);
  crlf.push(false);
  return { lengths, crlf, starts, textLength: text.length };
}

const isPosition = (value: unknown): value is Position =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Position).line === 'number' &&
  typeof (value as Position).character === 'number';

/** Whether a value has the shape of an LSP Range. */
export const isRange = (value: unknown): value is Range =>
  typeof value === 'object' && value !== null && isPosition((value as Range).start) && isPosition((value as Range).end);

function positionProblem(position: Position, lines: Lines, which: string): string | undefined {
  const { line, character } = position;
  if (!Number.isInteger(line) || !Number.isInteger(character) || line < 0 || character < 0)
    return `${which} is not a position (${line}:${character})`;
  if (line >= lines.lengths.length) return `${which}.line past the last line (line ${line} of ${lines.lengths.length})`;
  const length = lines.lengths[line];
  if (character <= length) return undefined;
  const crlf = lines.crlf[line] && character === length + 1 ? ', the \\r of a CRLF line end counted' : '';
  return `${which}.character past the line end (character ${character} on a ${length}-character line${crlf})`;
}

/** What is wrong with a range in a document of these lines: outside it, or ending before it starts. */
export function rangeProblem(range: Range, lines: Lines): string | undefined {
  const problem = positionProblem(range.start, lines, 'start') ?? positionProblem(range.end, lines, 'end');
  if (problem) return problem;
  const { start, end } = range;
  if (start.line > end.line || (start.line === end.line && start.character > end.character))
    return 'range ends before it starts';
  return undefined;
}

/** The offset of a position that rangeProblem accepted. */
function offsetOf(position: Position, lines: Lines): number {
  return lines.starts[position.line] + position.character;
}

export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export function toOffsetEdits(edits: readonly TextEdit[], lines: Lines): OffsetEdit[] {
  return edits.map((edit) => ({
    start: offsetOf(edit.range.start, lines),
    end: offsetOf(edit.range.end, lines),
    newText: edit.newText,
  }));
}

/** Two edits of one change that overlap (touching is fine; an insertion inside a replaced range is not), if any. */
export function overlappingEdits(edits: readonly OffsetEdit[]): [OffsetEdit, OffsetEdit] | undefined {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let widest: OffsetEdit | undefined;
  for (const edit of sorted) {
    if (widest && edit.start < widest.end) return [widest, edit];
    if (!widest || edit.end > widest.end) widest = edit;
  }
  return undefined;
}

/** The text after the (non-overlapping) edits, as an editor applies them. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

export type Syntax = 'json' | 'yaml';

/** Whether the text parses without a syntax error: JSON with comments and trailing commas (as ARM and the server accept), or YAML. */
export function parses(text: string, syntax: Syntax): boolean {
  try {
    if (syntax === 'yaml') return parseAllDocuments(text).every((document) => document.errors.length === 0);
    const errors: ParseError[] = [];
    parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
    return errors.length === 0;
  } catch {
    return false; // too deeply nested for the parser's recursion: not a document a fix can be checked on
  }
}

/** The JSON strings that ARM evaluates as expressions: `"[…]"`, but not the escaped `"[[…"`. Offsets include the quotes. */
export function expressionStrings(text: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.StringLiteral) continue;
    const value = scanner.getTokenValue();
    if (value.startsWith('[') && !value.startsWith('[[') && value.endsWith(']')) {
      const start = scanner.getTokenOffset();
      out.push({
        start,
        end: start + scanner.getTokenLength(),
        text: text.slice(start, start + scanner.getTokenLength()),
      });
    }
  }
  return out;
}

/** A parameter file names parameters in its keys and gives literal values: it holds no expressions a fix could destroy. */
export function isParameterFile(text: string): boolean {
  return /"\$schema"\s*:\s*"[^"]*deploymentParameters\.json/i.test(text);
}

/** The expression string an edit changes: one it replaces part of, or inserts into (an insertion at its quotes is outside). */
export function expressionTouched(
  edit: OffsetEdit,
  expressions: readonly { start: number; end: number; text: string }[],
): string | undefined {
  const touches = (e: { start: number; end: number }) =>
    edit.start === edit.end ? e.start < edit.start && edit.start < e.end : edit.start < e.end && e.start < edit.end;
  return expressions.find(touches)?.text;
}
