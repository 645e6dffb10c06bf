// The fast JSONC path must build exactly jsonc-parser's tree — kinds, offsets, lengths, values, colon offsets and
// parent links — on every text jsonc-parser parses without an error, and must give up on every text it reports an
// error for (so its error recovery and messages stay the only ones). Checked on every JSON fixture and corpus file,
// on hand-picked edge cases, and on seeded single-character mutations of the fixtures.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { parseWellFormed } from '../../server/src/service/json/fastParse';
import { parseJson } from '../../server/src/service/analyze';
import { generateTemplate } from '../bench/generate';
import { CORPUS, FIXTURES } from '../support/paths';
import { random } from '../support/random';

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };
const SEED = 20261130;
const MUTATIONS_PER_FILE = 40;
const INSERTED = [
  '"',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '/',
  '*',
  '\\',
  '-',
  '0',
  '.',
  'e',
  't',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\ufeff',
];

function reference(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  return { root: parseTree(text, errors, OPTIONS), errors };
}

/** Both trees node by node; `where` says which node differs. */
function assertSameTree(ours: Node | undefined, theirs: Node | undefined, where = '$'): void {
  if (!theirs || !ours) {
    assert.equal(ours, theirs, `${where}: one tree is empty`);
    return;
  }
  assert.deepEqual(
    {
      type: ours.type,
      offset: ours.offset,
      length: ours.length,
      value: ours.value,
      colonOffset: ours.colonOffset,
      children: ours.children?.length,
      keys: Object.keys(ours).sort(),
    },
    {
      type: theirs.type,
      offset: theirs.offset,
      length: theirs.length,
      value: theirs.value,
      colonOffset: theirs.colonOffset,
      children: theirs.children?.length,
      keys: Object.keys(theirs).sort(),
    },
    where,
  );
  ours.children?.forEach((child, i) => {
    assert.equal(child.parent, ours, `${where}[${i}]: parent link`);
    assertSameTree(child, theirs.children![i], `${where}[${i}]`);
  });
}

/** The fast path's contract on one text; returns whether it took the text. */
function checkText(text: string, label: string): boolean {
  const expected = reference(text);
  const fast = parseWellFormed(text);
  if (expected.errors.length > 0) {
    assert.equal(
      fast,
      undefined,
      `${label}: jsonc-parser reports ${expected.errors.length} error(s), the fast path must give up`,
    );
    return false;
  }
  if (fast) assertSameTree(fast.root, expected.root, label);
  return fast !== undefined;
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => /\.jsonc?$/i.test(f) && fs.statSync(f).isFile())
    .sort();
}

test('every JSON fixture and corpus file parses to jsonc-parser’s tree, and well-formed ones take the fast path', () => {
  const files = [...jsonFiles(FIXTURES), ...jsonFiles(CORPUS)];
  assert.ok(files.length > 50, `found ${files.length} files`);
  let fast = 0;
  let wellFormed = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (reference(text).errors.length === 0) wellFormed++;
    if (checkText(text, path.relative(FIXTURES, file))) fast++;
  }
  // Only files with a byte-order mark or unusual whitespace may leave a well-formed file to jsonc-parser.
  assert.ok(fast >= wellFormed * 0.95, `fast path took ${fast} of ${wellFormed} well-formed files`);
});

test('edge cases: what jsonc-parser accepts comes out the same, what it rejects is left to it', () => {
  const accepted = [
    '{}',
    '[]',
    '  \n',
    '',
    '{"a":1,}',
    '[1,]',
    '// c\n{"a": [true, false, null]}',
    '/* x */ [ -0.5e-3, 1E+5, 0, -12 ]',
    '{"a":"\\u0041\\n\\t\\"\\\\\\/\\b\\f\\r"}',
    '{"a":{"b":[{"c":""}]}, "a": 2}',
    '"top"',
    '42',
    'true',
    'null // end',
    '{"key"  :  "value" /* after */ , "x":[1/*in*/,2]}',
    '{"é": "ü漢字"}',
    '[\r\n1\r\n]',
  ];
  for (const text of accepted)
    assert.ok(checkText(text, JSON.stringify(text)), `fast path should take ${JSON.stringify(text)}`);
  const rejected = [
    '{"a":01}',
    'truex',
    '[nul]',
    '{"a" 1}',
    '[1 2]',
    '{}x',
    '{"a":-}',
    '[1.]',
    '[1e]',
    '"tab\there"',
    '{"a":1}/*',
    '{,}',
    '[,]',
    '{"a":"\\x"}',
    '{"a":"\\u00g1"}',
    '"unterminated',
    '{a:1}',
    "{'a':1}",
    '[1,,2]',
    '{"a":1',
    '[',
    '/ {}',
    '{"a":"line\nbreak"}',
  ];
  for (const text of rejected) checkText(text, JSON.stringify(text));
  // Legal for jsonc-parser but unusual: the fast path may leave them to it, and then nothing changes.
  for (const text of ['\ufeff{}', '{\u00a0}', '[\v1]', '['.repeat(300) + ']'.repeat(300)])
    checkText(text, JSON.stringify(text.slice(0, 20)));
});

test('seeded single-character mutations of the fixtures keep the contract', () => {
  const next = random(SEED);
  const files = jsonFiles(FIXTURES);
  let taken = 0;
  let left = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (let i = 0; i < MUTATIONS_PER_FILE && text.length > 0; i++) {
      const at = next(text.length);
      const kind = next(3);
      const mutated =
        kind === 0
          ? text.slice(0, at) + text.slice(at + 1)
          : kind === 1
            ? text.slice(0, at) + INSERTED[next(INSERTED.length)] + text.slice(at)
            : text.slice(0, at);
      if (checkText(mutated, `${path.relative(FIXTURES, file)} mutation ${i}`)) taken++;
      else left++;
    }
  }
  // Both outcomes must actually occur, or the mutations test nothing.
  assert.ok(taken > 100 && left > 100, `fast path took ${taken}, left ${left}`);
});

test('parseJson returns the fast tree for a well-formed template and jsonc-parser’s errors for a broken one', () => {
  const template = generateTemplate(20);
  const { root, errors } = parseJson(template);
  assert.deepEqual(errors, []);
  assertSameTree(root, reference(template).root);
  const broken = parseJson(template.replace('"location"', '"location" "'));
  assert.deepEqual(broken.errors, reference(template.replace('"location"', '"location" "')).errors);
  assert.ok(broken.errors.length > 0);
});
