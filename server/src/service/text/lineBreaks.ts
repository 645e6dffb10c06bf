// The line break a document is written with. Fixes write theirs as \n; in a document written with \r\n they are
// given as \r\n, so that a fix leaves the document's line ends as they were (not a file of mixed ends, whose every
// inserted line `git diff` shows as changed).

/** `\r\n` when the document has one, else `\n`. */
export function lineBreakOf(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** `newText` with each of its line breaks written as `lineBreak`. */
export function withLineBreak(newText: string, lineBreak: '\r\n' | '\n'): string {
  return lineBreak === '\n' || !newText.includes('\n') ? newText : newText.replace(/\r?\n/g, '\r\n');
}
