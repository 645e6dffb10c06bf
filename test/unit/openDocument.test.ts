// The server's open documents against vscode-languageserver-textdocument, the library they replace: seeded-random
// didChange events (several per event, reversed and out-of-range positions, whole-text replacements, CRLF and lone
// CR line breaks, characters past Latin-1 and surrogate pairs) must leave the same text, and every position must
// mean the same offset, in small texts and in a megabyte.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { OPEN_DOCUMENTS, OpenDocument } from '../../server/src/lsp/openDocument';
import { random } from '../support/random';

const PIECES = ['a', 'xyz', '"', '\n', '\r\n', '\r', '  ', 'é', 'ÿ', 'ş', '中文', '😀', '', '{ "k": 1 },\n'];

function insertText(next: (limit: number) => number): string {
  let text = '';
  for (let i = next(4); i > 0; i--) text += PIECES[next(PIECES.length)];
  return text;
}

/** A position in or a little past the document, as an editor (or a confused client) may send. */
function positionIn(document: TextDocument, next: (limit: number) => number) {
  if (next(20) === 0) return { line: document.lineCount + next(3), character: next(5) };
  const offset = next(document.getText().length + 1);
  const position = document.positionAt(offset);
  return next(10) === 0 ? { line: position.line, character: position.character + next(200) } : position;
}

function randomChange(reference: TextDocument, next: (limit: number) => number): TextDocumentContentChangeEvent {
  if (next(60) === 0) return { text: insertText(next) + reference.getText().slice(next(50)) };
  const [a, b] = [positionIn(reference, next), positionIn(reference, next)];
  return { range: { start: a, end: next(3) === 0 ? a : b }, text: insertText(next) };
}

function assertSame(ours: OpenDocument, reference: TextDocument, next: (limit: number) => number, step: string): void {
  const text = reference.getText();
  assert.equal(ours.getText(), text, `${step}: text`);
  assert.equal(ours.lines.lineCount, reference.lineCount, `${step}: line count`);
  for (let i = 0; i < 20; i++) {
    const offset = next(text.length + 3) - 1;
    assert.deepEqual(ours.positionAt(offset), reference.positionAt(offset), `${step}: positionAt(${offset})`);
    const position = positionIn(reference, next);
    assert.equal(
      ours.offsetAt(position),
      reference.offsetAt(position),
      `${step}: offsetAt(${JSON.stringify(position)})`,
    );
  }
  const range = { start: positionIn(reference, next), end: positionIn(reference, next) };
  if (reference.offsetAt(range.start) <= reference.offsetAt(range.end))
    assert.equal(
      ours.text.slice(ours.offsetAt(range.start), ours.offsetAt(range.end)),
      reference.getText(range),
      `${step}: text of a range`,
    );
}

function typeInto(initial: string, seed: number, events: number): void {
  const next = random(seed);
  let ours = OPEN_DOCUMENTS.create('file:///a.json', 'json', 1, initial);
  let reference = TextDocument.create('file:///a.json', 'json', 1, initial);
  for (let version = 2; version < events + 2; version++) {
    const changes: TextDocumentContentChangeEvent[] = [];
    // A change's range is in the text the changes before it in the same event left.
    for (let i = 1 + next(3); i > 0; i--) {
      const change = randomChange(reference, next);
      changes.push(change);
      reference = TextDocument.update(reference, [change], version);
    }
    ours = OPEN_DOCUMENTS.update(ours, changes, version);
    assert.equal(ours.version, version);
    assertSame(ours, reference, next, `seed ${seed}, version ${version}, changes ${JSON.stringify(changes)}`);
  }
}

test('small texts: the same text, lines and positions as vscode-languageserver-textdocument', () => {
  for (let seed = 1; seed <= 40; seed++) typeInto('{\n  "a": 1,\r\n  "b": "ş"\r}\n', seed, 60);
});

test('a megabyte: the same text, lines and positions, with blocks typed at once and a whole new text', () => {
  const line = '    { "name": "[parameters(\'café\')]", "value": "ÿ" },\n';
  const large = `[\n${line.repeat(Math.ceil(1e6 / line.length))}]\n`;
  for (let seed = 1; seed <= 4; seed++) typeInto(large, seed, 40);
  // Whole blocks (a paste), emoji, and a whole new text (as after a reload).
  const next = random(7);
  const ours = OPEN_DOCUMENTS.create('file:///b.json', 'json', 1, large);
  let reference = TextDocument.create('file:///b.json', 'json', 1, large);
  for (let version = 2; version < 10; version++) {
    const at = reference.positionAt(next(reference.getText().length));
    const change: TextDocumentContentChangeEvent =
      version === 6
        ? { text: `${line}${large}` }
        : { range: { start: at, end: at }, text: version === 4 ? '😀 ş' : line.repeat(6000) };
    reference = TextDocument.update(reference, [change], version);
    OPEN_DOCUMENTS.update(ours, [change], version);
    assertSame(ours, reference, next, `block ${version}`);
  }
});
