// The incremental JSON parse (server/src/service/json/spliceJson.ts) against parseJson, the parse every
// other path uses: thousands of seeded-random edits (brackets, quotes, commas, comments, line breaks, deletions),
// each spliced into the tree of the text before it, must give the very tree (kinds, offsets, lengths, values,
// colons, parent links) and syntax errors a full parse of the edited text gives. Most must splice (not fall back).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parseJson } from '../../server/src/service/analyze';
import { ParseErrorCode } from 'jsonc-parser';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { spliceable, spliceJson, type SpliceableParse } from '../../server/src/service/json/spliceJson';
import { MAX_JSON_DEPTH } from '../../server/src/service/json/depth';
import { changeBetween } from '../../server/src/service/text/change';
import { generateParameterizedTemplate, generateTemplate } from '../bench/generate';
import { FIXTURES } from '../support/paths';
import { random } from '../support/random';

const SEED = 20260914;
const PIECES = [
  '"',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  'a',
  ' ',
  '\n',
  '\r\n',
  '/',
  '*',
  '1',
  '//',
  '/*',
  '*/',
  '"x": 1,',
  '[1, {"a": [2]}]',
  '\\',
  'true',
];

/** The tree as plain data: every field parseJson's consumers read, and a check of every parent link. */
function shape(node: JsonNode | undefined, parent?: JsonNode): unknown {
  if (!node) return undefined;
  assert.equal(node.parent, parent, `parent link of the ${node.type} at ${node.offset}`);
  const colon = node.colonOffset === undefined || node.colonOffset < 0 ? undefined : node.colonOffset;
  return [node.type, node.offset, node.length, node.value, colon, node.children?.map((child) => shape(child, node))];
}

function fullParse(text: string): SpliceableParse | undefined {
  return spliceable(text, parseJson(text));
}

function edited(text: string, next: (limit: number) => number): string {
  const at = next(text.length + 1);
  switch (next(3)) {
    case 0:
      return text.slice(0, at) + PIECES[next(PIECES.length)] + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + next(5));
    default:
      return text.slice(0, at) + PIECES[next(PIECES.length)] + text.slice(at + 1 + next(3));
  }
}

test('changeBetween: the common start and end of two texts, around the edit', () => {
  const before = 'x'.repeat(5000) + 'abc' + 'y'.repeat(3000);
  assert.deepEqual(changeBetween(before, before), undefined);
  assert.deepEqual(changeBetween(before, before.replace('abc', 'aXYc')), { start: 5001, oldEnd: 5002, newEnd: 5003 });
  assert.deepEqual(changeBetween('aaaa', 'aaaaaa'), { start: 4, oldEnd: 4, newEnd: 6 });
  assert.deepEqual(changeBetween('abab', 'ab'), { start: 2, oldEnd: 4, newEnd: 2 });
});

/** Splices `edit` of `text` and compares it with a full parse; says whether it spliced. */
function check(text: string, edit: (text: string) => string): boolean {
  const previous = fullParse(text)!;
  const after = edit(text);
  const result = spliceJson(previous, after, changeBetween(previous.text, after));
  const expected = fullParse(after)!;
  if (result) {
    assert.deepEqual(shape(result.root), shape(expected.root), JSON.stringify(after));
    assert.deepEqual(
      result.errors.map((e) => [e.error, e.offset, e.length]),
      expected.errors.map((e) => [e.error, e.offset, e.length]),
      JSON.stringify(after),
    );
  }
  return result !== undefined;
}

test('an edit before containers nested as deep as a document may nest moves every one of them', () => {
  const deep = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
  const text = `{"x": {"a": 1}, "deep": ${deep}}`;
  const previous = fullParse(text);
  assert.ok(previous, 'not too deep to splice');
  const after = text.replace('"a": 1', '"a": 12');
  const result = spliceJson(previous, after, changeBetween(text, after));
  assert.ok(result, 'spliced');
  // Compared as text: assert.deepEqual itself runs out of stack a thousand levels down.
  assert.equal(JSON.stringify(shape(result.root)), JSON.stringify(shape(fullParse(after)!.root)));
});

test('errors around the spliced container: one of its parent at its bracket stays, and one that ends the text is not its own', () => {
  // The array reports the missing comma at the second item's bracket; the edit is inside that item.
  assert.ok(check('{"r": [{"a": 1} {"b": 2}], "s": 1}', (text) => text.replace('2', '3')));
  // "a" never closes (its last bracket is its child's) until the edit makes that bracket its own.
  check('{"a": [[1, 2]', (text) => text.replace('[[1', '[ 1'));
});

test('seeded-random edits: the spliced tree and errors are those of a full parse of the edited text', () => {
  const texts = [
    ...[
      'provider-invalid/fail-casing.json',
      'parameter-unused/fail-unused.json',
      'variable-cycle/fail-cycle.json',
      'cloud-resources-not-chained/fail-symbolic.json',
    ].map((file) => fs.readFileSync(path.join(FIXTURES, 'rules', file), 'utf8')),
    generateParameterizedTemplate(8),
  ];
  const next = random(SEED);
  let spliced = 0;
  let edits = 0;
  let openStrings = 0;
  let splicedOpen = 0;
  for (const original of texts) {
    for (let run = 0; run < 60; run++) {
      let previous = fullParse(original);
      for (let step = 0; step < 12 && previous; step++) {
        const text = edited(previous.text, next);
        const expected = fullParse(text);
        // The tree is taken over: compare with a copy of what it was.
        const result = spliceJson(previous, text, changeBetween(previous.text, text));
        edits++;
        // A string left open (maybe one broken over lines that only the whole document reads) is spliced only where
        // the container shows that the document cannot be read so.
        const changed = text !== previous.text;
        if (changed && expected?.errors.some((error) => error.error === ParseErrorCode.UnexpectedEndOfString)) {
          openStrings++;
          if (result) splicedOpen++;
        }
        if (result) {
          spliced++;
          assert.ok(
            expected,
            `spliced, but a full parse of the edited text has no tree: ${JSON.stringify(text.slice(0, 200))}`,
          );
          assert.deepEqual(
            shape(result.root),
            shape(expected.root),
            `tree after an edit of ${JSON.stringify(previous.text.slice(0, 80))}…`,
          );
          assert.deepEqual(
            result.errors.map((e) => [e.error, e.offset, e.length]),
            expected.errors.map((e) => [e.error, e.offset, e.length]),
            'errors',
          );
        }
        previous = result ?? expected;
      }
    }
  }
  console.log(
    `spliceJson: ${spliced} of ${edits} edits spliced, ${openStrings} left a string open (${splicedOpen} spliced)`,
  );
  assert.ok(spliced > (edits - openStrings) / 3, `only ${spliced} of ${edits - openStrings} edits were spliced`);
});

/** The edit is left to a full parse, which reads the edited text clean with one string broken over lines. */
function assertReadWholeWithMultiLineString(before: string, after: string): void {
  assert.equal(spliceJson(fullParse(before)!, after, changeBetween(before, after)), undefined);
  assert.deepEqual(fullParse(after)!.errors, []);
  assert.equal(fullParse(after)!.multiLineStrings.length, 1);
}

test('strings broken over lines: the splice leaves to a full parse whatever only the whole document can read', () => {
  // A line break typed into a string of a container: the container reads clean with it masked, so the document may.
  const before = '{\n "a": { "x": "one two" },\n "b": 1\n}';
  const after = before.replace('one two', 'one\ntwo');
  assertReadWholeWithMultiLineString(before, after);
  // A tree read with a multi-line string stands only while the whole document parses.
  const edited = after.replace('"b": 1', '"b": 2');
  assert.equal(spliceJson(fullParse(after)!, edited, changeBetween(after, edited)), undefined);
  // A string left open while a name is typed: only the whole document can tell whether it is one broken over lines.
  const typing = before.replace('"x": "one two" }', '"x": "one two",\n "cl\n }');
  assert.ok(!check(before, () => typing));
  assert.ok(fullParse(typing)!.errors.length > 0);
});

test('a string broken over lines after the edit: the document reads it once the edit mends its other error', () => {
  // The stray '.' keeps the whole document from the multi-line reading; deleting it leaves the broken string the only
  // problem, which a full parse accepts (as ARM does through Azure CLI). The splice must not keep its old error.
  const broken = '{\n "a": { . "x": 1 },\n "b": "one\ntwo"\n}';
  assertReadWholeWithMultiLineString(broken, broken.replace('. ', ''));
});

test('a key typed on a line of its own: each keystroke, its string still open, is spliced as a full parse reads it', () => {
  // Read with its line breaks masked, the string runs on to the quote that opens "provider", which is then a stray
  // word: the document cannot be read with a string broken over lines, and the container's own parse is the document's.
  const resource = '{\n  "properties": {\n    "provider": "Aws",\n    "region": "us"\n  }\n}';
  let text = `{"resources": [\n${resource},\n${resource}\n]}`;
  let cursor = text.indexOf('"properties": {') + '"properties": {'.length;
  for (const key of ['\n    "', 'c', 'l', 'o']) {
    const before = text;
    text = text.slice(0, cursor) + key + text.slice(cursor);
    cursor += key.length;
    assert.ok(
      check(before, () => text),
      `not spliced after ${JSON.stringify(key)}`,
    );
  }
  assert.ok(fullParse(text)!.errors.some((error) => error.error === ParseErrorCode.UnexpectedEndOfString));
});

test('a string left open in the container that the whole document reads broken over lines past it: parsed whole', () => {
  // With the line breaks masked the container closes early and the rest of the array reads on: two items, not one.
  assertReadWholeWithMultiLineString(
    '{"list": [ {"a": "v"} ], "n": 1}',
    '{"list": [ {"a": "v\n"}, {"b": "w"\n} ], "n": 1}',
  );
  // A comment the container leaves open ends in the next property, and the document reads clean.
  const before = '{"a": {\n "x": 1,\n "y": 2\n}, "c": {"d": 3 /* c */}, "z": 4}';
  assertReadWholeWithMultiLineString(before, before.replace('"x": 1,', '"\nx": 1 /*,'));
});

test('a spliced container keeps no earlier version of the whole text alive', () => {
  // In V8 a slice of a long string, and every value parsed out of it, keeps the whole string alive: a container
  // parsed from a plain slice of its version's text kept that 2 MB text for as long as it stood, one more for each
  // resource edited. Measured as the heap after full collections, around twelve edits in twelve resources.
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  let text = generateTemplate(5000);
  assert.ok(text.length > 2_000_000);
  let parsed = fullParse(text)!;
  const regions: number[] = [];
  for (let at = text.indexOf('"region": "'); at >= 0; at = text.indexOf('"region": "', at + 1)) regions.push(at);
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let edit = 0; edit < 12; edit++) {
    const at = regions[edit * 400] + '"region": "'.length + edit;
    const next = text.slice(0, at) + 'x' + text.slice(at);
    parsed = spliceJson(parsed, next, changeBetween(text, next))!;
    assert.ok(parsed, `edit ${edit} spliced`);
    text = next;
  }
  collect();
  const grown = process.memoryUsage().heapUsed - before;
  // The texts alive now: the one `text` holds and the first, which the containers never parsed again still read.
  assert.ok(
    grown < 3 * text.length,
    `the heap grew by ${(grown / 1e6).toFixed(1)} MB over 12 edits of a ${(text.length / 1e6).toFixed(1)} MB text`,
  );
  assert.equal(parsed.text, text);
});
