// LineIndex: positions never inside a line break (CRLF), and an index made from the previous version's by edited()
// equals one made by scanning the edited text, for seeded-random edits of texts with \n, \r\n and lone \r.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { random } from '../support/random';

/** Every offset's position and every line's start, the way LSP clients read them. */
function positions(index: LineIndex, text: string): unknown {
  const all = [];
  for (let offset = 0; offset <= text.length; offset++) all.push(index.positionAt(offset));
  for (let line = 0; line <= index.lineCount; line++)
    all.push(index.offsetAt({ line, character: 0 }), index.offsetAt({ line, character: 1000 }));
  return all;
}

test('a position at or after a line break is the end of its line, for \\r\\n, \\n and \\r', () => {
  const text = 'global:\r\n  a: 1\n\rb';
  const index = new LineIndex(text);
  assert.deepEqual(index.positionAt(7), { line: 0, character: 7 });
  assert.deepEqual(index.positionAt(8), { line: 0, character: 7 }, 'on the \\n of \\r\\n');
  assert.deepEqual(index.positionAt(9), { line: 1, character: 0 });
  assert.deepEqual(index.offsetAt({ line: 0, character: 99 }), 7, 'past the end of a line: its end, not the next line');
  assert.deepEqual(index.positionAt(text.length), { line: 3, character: 1 });
  assert.equal(index.lineCount, 4);
});

test('edited(): the same index as a scan of the edited text, for random edits with every kind of line break', () => {
  const next = random(20260914);
  const pieces = ['\n', '\r\n', '\r', 'a', 'bc', '', '\n\n', '\r\r\n'];
  for (let run = 0; run < 200; run++) {
    let text = Array.from({ length: 20 }, () => pieces[next(pieces.length)]).join('');
    let index = new LineIndex(text);
    for (let step = 0; step < 10; step++) {
      const start = next(text.length + 1);
      const oldEnd = start + next(Math.min(4, text.length - start) + 1);
      const inserted = pieces[next(pieces.length)] + pieces[next(pieces.length)];
      const edited = text.slice(0, start) + inserted + text.slice(oldEnd);
      index = index.edited(edited, { start, oldEnd, newEnd: start + inserted.length });
      text = edited;
      assert.deepEqual(positions(index, text), positions(new LineIndex(text), text), JSON.stringify(text));
    }
  }
});
