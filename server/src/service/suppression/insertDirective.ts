// The edits behind "Disable <code> for this line / for this file": a suppression comment in the document's own
// comment syntax, added to an existing directive for the same line (or file) when there is one, otherwise as a
// new line — above the finding's line with its indentation, or at the top of the file. Its line break is written \n,
// as every fix writes its own: the editor gives it as the document's (text/lineBreaks.ts withDocumentLineBreaks).
import type { TextEdit } from '../types';
import { LineIndex } from '../text/lineIndex';
import type { CommentSyntax } from './comments';
import { directivesIn, NEXT_LINE, WHOLE_FILE, type Directive } from './directives';

const MARKER: Record<CommentSyntax, string> = { json: '//', yaml: '#' };

/** Adds the code after the directive's last code; undefined when the directive names none (a broken one). */
function appendTo(directive: Directive | undefined, code: string): TextEdit | undefined {
  const last = directive?.codes[directive.codes.length - 1];
  return last && { start: last.end, end: last.end, newText: `, ${code}` };
}

/** What an editor has of the text already: its line index and its directives (from the text's analysis). */
export interface KnownOfText {
  readonly lines?: LineIndex;
  readonly directives?: readonly Directive[];
}

/** Silences `code` on the line holding `offset`. */
export function disableForLineEdit(
  text: string,
  syntax: CommentSyntax,
  offset: number,
  code: string,
  known: KnownOfText = {},
): TextEdit {
  const lines = known.lines ?? new LineIndex(text);
  const line = lines.positionAt(offset).line;
  const existing = (known.directives ?? directivesIn(text, syntax)).find(
    (d) => d.kind === 'next-line' && lines.positionAt(d.comment.end).line + 1 === line,
  );
  const appended = appendTo(existing, code);
  if (appended) return appended;
  const lineStart = offset - lines.positionAt(offset).character;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  return {
    start: lineStart,
    end: lineStart,
    newText: `${indent}${MARKER[syntax]} ${NEXT_LINE} ${code}\n`,
  };
}

/** Silences `code` in the whole file. */
export function disableForFileEdit(
  text: string,
  syntax: CommentSyntax,
  code: string,
  known: KnownOfText = {},
): TextEdit {
  const appended = appendTo(
    (known.directives ?? directivesIn(text, syntax)).find((d) => d.kind === 'file'),
    code,
  );
  if (appended) return appended;
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  return { start, end: start, newText: `${MARKER[syntax]} ${WHOLE_FILE} ${code}\n` };
}
