// The line break a document is written with. Fixes write theirs as \n; in a document written with \r\n they are
// given as \r\n, so that a fix leaves the document's line ends as they were (not a file of mixed ends, whose every
// inserted line `git diff` shows as changed).
import type { TextEdit } from './range';

/** `\r\n` when the document has one, else `\n`. */
function lineBreakOf(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/**
 * The edits to `text` with each line break they write written as `text`'s own. `text` is read only when an edit
 * writes a line break: code actions are asked for at every move of the cursor, and finding it reads the whole text.
 */
export function withDocumentLineBreaks<Edit extends TextEdit>(edits: readonly Edit[], text: string): Edit[] {
  if (!edits.some((edit) => edit.newText.includes('\n')) || lineBreakOf(text) === '\n') return [...edits];
  return edits.map((edit) => ({ ...edit, newText: edit.newText.replace(/\r?\n/g, '\r\n') }));
}
