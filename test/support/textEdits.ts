// The text after a set of service TextEdits (offsets into the original text), or of LSP TextEdits (line and
// character positions), applied as an editor does: for tests that check what a fix writes. The CLI's own applyEdits
// (server/src/cli/fix.ts) expects its edits already sorted.
import type { Position, TextEdit as LspTextEdit } from 'vscode-languageserver-protocol';
import type { TextEdit } from '../../server/src/service/types';

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

function offsetAt(text: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + position.character;
}

/** The text after an editor applied LSP edits (non-overlapping, as LSP requires). */
export function applyLspEdits(text: string, edits: readonly LspTextEdit[]): string {
  return applyEdits(
    text,
    edits.map((edit) => ({
      start: offsetAt(text, edit.range.start),
      end: offsetAt(text, edit.range.end),
      newText: edit.newText,
    })),
  );
}
