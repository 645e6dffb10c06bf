// The text after a set of service TextEdits (offsets into the original text), applied as an editor does: for tests
// that check what a fix writes. The CLI's own applyEdits (server/src/cli/fix.ts) expects its edits already sorted.
import type { TextEdit } from '../../server/src/service/types';

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}
