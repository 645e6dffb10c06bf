// moveKeys: many keys moved at once on one parse of the text. The rules move legacy keys (values-legacy-key's
// tests and goldens); here, the cases no key of the chart's catalog makes: two keys leaving one section, two
// sections ending at one place, a new path under a section that goes, keys going into an empty flow map.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isMap, isScalar, type Node, type Pair } from 'yaml';
import { nodeAt, parseYaml } from '../../server/src/service/yaml/document';
import { moveKeys, type KeyMove } from '../../server/src/service/yaml/moveKeys';
import { yamlNodeRange } from '../../server/src/service/yaml/nodeRange';
import { applyEdits } from '../support/textEdits';

/** The text after moving each `from` path to its `to` path; undefined when no move can be made. */
function moved(text: string, moves: Record<string, string>): string | undefined {
  const yaml = parseYaml(text).documents[0];
  const keyMoves: KeyMove[] = Object.entries(moves).map(([from, toPath]) => {
    const segments = from.split('.');
    const section = nodeAt(yaml.root, segments.slice(0, -1));
    assert.ok(isMap(section), from);
    const pair = section.items.find((item) => isScalar(item.key) && item.key.value === segments.at(-1)) as Pair;
    const keyRange = yamlNodeRange(pair.key as Node);
    return { pair, segments, keyRange, valueRange: yamlNodeRange(pair.value as Node), toPath };
  });
  const edits = moveKeys(text, yaml, keyMoves)?.edits;
  return edits && applyEdits(text, edits);
}

test('two keys leaving one section take the section along; the new section is written once for both', () => {
  assert.equal(
    moved('keep: 1\nold:\n  a: 1 # first\n  b: 2\n', { 'old.a': 'new.a', 'old.b': 'new.b' }),
    'keep: 1\nnew:\n  a: 1 # first\n  b: 2\n',
  );
  // The comment above the section goes once, with its first key.
  assert.equal(
    moved('keep: 1\n# old ones\nold:\n  a: 1\n  b: 2\n', { 'old.a': 'new.a', 'old.b': 'new.b' }),
    'keep: 1\nnew:\n  # old ones\n  a: 1\n  b: 2\n',
  );
  // One of the two moving: the section stays with the other.
  assert.equal(moved('keep: 1\nold:\n  a: 1\n  b: 2\n', { 'old.a': 'new.a' }), 'keep: 1\nold:\n  b: 2\nnew:\n  a: 1\n');
});

test('where two sections end at one place, the deeper one gets its keys first', () => {
  assert.equal(
    moved('x: 1\ny: 2\nglobal:\n  a: 1\n', { x: 'global.x', y: 'other.y' }),
    'global:\n  a: 1\n  x: 1\nother:\n  y: 2\n',
  );
});

test('a key is not moved under a section that goes with a moved key; the other moves are made', () => {
  const text = 'keep: 1\nold:\n  a: 1\nz: 3\n';
  assert.equal(moved(text, { z: 'old.z' }), 'keep: 1\nold:\n  a: 1\n  z: 3\n');
  assert.equal(moved(text, { old: 'fresh', z: 'old.z' }), 'keep: 1\nz: 3\nfresh:\n  a: 1\n');
});

test("a section's only key moving deeper into it keeps the section", () => {
  assert.equal(
    moved('global:\n  region: r\nkeep: 1\n', { 'global.region': 'global.aws.region' }),
    'global:\n  aws:\n    region: r\nkeep: 1\n',
  );
});

test('a key written with nothing after it takes the keys moved under it, one step further in', () => {
  assert.equal(moved('a: 1\nglobal:   # later\nb: 2\n', { a: 'global.a' }), 'global:   # later\n  a: 1\nb: 2\n');
});

test('an empty flow map ({}) takes the keys moved into it: its braces go and the keys go under its key', () => {
  assert.equal(moved('a: 1\nglobal: {}\n', { a: 'global.a' }), 'global:\n  a: 1\n');
  assert.equal(
    moved('a: 1\nb: 2\nglobal: { }   # later\nc: 3\n', { a: 'global.a', b: 'global.inner.b' }),
    'global:   # later\n  a: 1\n  inner:\n    b: 2\nc: 3\n',
  );
  assert.equal(moved('global:\n  auth: {}\na: 1', { a: 'global.auth.a' }), 'global:\n  auth:\n    a: 1');
  assert.equal(moved('a: 1\nglobal: {}', { a: 'global.a' }), 'global:\n  a: 1');
  // A flow map that holds keys, is written over lines, or that an alias repeats elsewhere, is not written into.
  assert.equal(moved('a: 1\nglobal: {b: 2}\n', { a: 'global.a' }), undefined);
  assert.equal(moved('a: 1\nglobal: {\n  }\n', { a: 'global.a' }), undefined);
  assert.equal(moved('a: 1\nglobal: &g {}\nother: *g\n', { a: 'global.a' }), undefined);
});
