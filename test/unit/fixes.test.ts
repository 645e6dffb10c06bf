// Which fixes the editor offers (features/fixes.ts) and the edits the ARM rules' fixes share (rules/support/valueEdits.ts),
// on hand-made findings and small JSON texts: quick fixes under a range (preferred first, none from another
// document), fix-all (preferred only, no two overlapping, in document order), the findings a suppression comment can
// silence, and the property and array-item insertions in every layout they keep.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseJson } from '../../server/src/service/analyze';
import { fixAllEdits, fixesAt, suppressibleAt } from '../../server/src/service/features/fixes';
import { appendItem, appendItemOnItsOwnLine, appendProperty } from '../../server/src/service/rules/support/valueEdits';
import type { Finding, Fix, TextEdit } from '../../server/src/service/types';

const edit = (start: number, end: number, newText = 'x'): TextEdit => ({ start, end, newText });
const fix = (title: string, edits: TextEdit[], extra: Partial<Fix> = {}): Fix => ({ title, edits, ...extra });
function finding(code: string, start: number, end: number, fixes?: Fix[], uri?: string): Finding {
  return { code, start, end, severity: 'warning', message: code, fixes, uri };
}

describe('fixesAt: the quick fixes of the findings under a range', () => {
  const plain = fix('plain', [edit(10, 12)]);
  const preferred = fix('preferred', [edit(10, 12)], { preferred: true });
  const elsewhere = fix('in the parameter file', [edit(0, 1)], { uri: 'file:///p.json' });
  const findings = [
    finding('a', 10, 20, [plain, preferred, elsewhere]),
    finding('b', 30, 40, [fix('b', [edit(30, 31)])]),
  ];
  const titles = (start: number, end: number) => fixesAt(findings, { start, end }).map((offered) => offered.fix.title);

  test('preferred fixes come first; a fix of another document is never offered', () => {
    assert.deepEqual(titles(12, 12), ['preferred', 'plain']);
  });
  test('a range touching a finding at either end counts; one between findings gets nothing', () => {
    assert.deepEqual(titles(5, 10), ['preferred', 'plain']);
    assert.deepEqual(titles(20, 25), ['preferred', 'plain']);
    assert.deepEqual(titles(21, 29), []);
    assert.deepEqual(titles(20, 30), ['preferred', 'plain', 'b']);
  });
  test('a finding in another document offers nothing, even where the offsets match', () => {
    assert.deepEqual(fixesAt([finding('a', 10, 20, [plain], 'file:///p.json')], { start: 10, end: 20 }), []);
  });
});

describe('fixAllEdits: every preferred fix at once', () => {
  test('only preferred fixes of this document, sorted by offset, the first of two overlapping ones kept', () => {
    const findings = [
      finding('late', 50, 60, [fix('late', [edit(50, 60, 'L')], { preferred: true })]),
      finding('early', 10, 20, [
        fix('not preferred', [edit(10, 20, 'N')]),
        fix('early', [edit(10, 20, 'E')], { preferred: true }),
      ]),
      finding('overlaps early', 15, 25, [fix('overlap', [edit(18, 25, 'O')], { preferred: true })]),
      finding('touches late', 40, 50, [fix('touch', [edit(45, 50, 'T')], { preferred: true })]),
      finding('remote fix', 70, 80, [fix('remote', [edit(70, 80, 'R')], { preferred: true, uri: 'file:///p.json' })]),
      finding('remote finding', 90, 95, [fix('there', [edit(90, 95, 'F')], { preferred: true })], 'file:///p.json'),
      finding('only a plain fix', 100, 110, [fix('plain', [edit(100, 110, 'P')])]),
    ];
    assert.deepEqual(fixAllEdits(findings), [edit(10, 20, 'E'), edit(50, 60, 'L')]);
  });
  test('a fix whose second edit overlaps a taken one is skipped whole', () => {
    const findings = [
      finding('a', 0, 5, [fix('a', [edit(0, 5, 'A')], { preferred: true })]),
      finding('b', 10, 12, [fix('b', [edit(10, 12, 'B1'), edit(3, 4, 'B2')], { preferred: true })]),
    ];
    assert.deepEqual(fixAllEdits(findings), [edit(0, 5, 'A')]);
  });
});

describe('suppressibleAt: what "Disable <code>" is offered for', () => {
  test('one finding per code (the first), none about suppression comments, none of another document, only under the range', () => {
    const first = finding('region-unknown', 10, 20);
    const findings = [
      first,
      finding('region-unknown', 12, 18),
      finding('suppression-unused', 10, 20),
      finding('suppression-unknown-code', 10, 20),
      finding('provider-invalid', 10, 20, undefined, 'file:///p.json'),
      finding('name-invalid', 30, 40),
      finding('location-unsupported', 20, 22),
    ];
    assert.deepEqual(suppressibleAt(findings, { start: 15, end: 20 }), [first, findings[6]]);
    assert.deepEqual(suppressibleAt(findings, { start: 25, end: 26 }), []);
  });
});

function apply(text: string, { start, end, newText }: TextEdit): string {
  return text.slice(0, start) + newText + text.slice(end);
}
const root = (text: string) => parseJson(text).root!;

describe('appendProperty, appendItem and appendItemOnItsOwnLine keep the layout', () => {
  test('appendProperty: one a line, inline, and into an empty object', () => {
    const lines = '{\n  "a": 1,\n  "b": 2\n}';
    assert.equal(apply(lines, appendProperty(lines, root(lines), 'c', '3')), '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}');
    const inline = '{\n  "p": { "a": 1, "b": 2 }\n}';
    const object = root(inline).children![0].children![1];
    assert.equal(
      apply(inline, appendProperty(inline, object, 'c', '[1]')),
      '{\n  "p": { "a": 1, "b": 2, "c": [1] }\n}',
    );
    const empty = '{ "p": {} }';
    assert.equal(
      apply(empty, appendProperty(empty, root(empty).children![0].children![1], 'c', '"x"')),
      '{ "p": {"c": "x"} }',
    );
  });

  test('appendItem: after the last item, or into an empty array', () => {
    const items = '["a", "b"]';
    assert.equal(apply(items, appendItem(root(items), '"c"')), '["a", "b", "c"]');
    const empty = '{ "dependsOn": [] }';
    assert.equal(apply(empty, appendItem(root(empty).children![0].children![1], '"c"')), '{ "dependsOn": ["c"] }');
  });

  test('appendItemOnItsOwnLine: indented as the last item, or one step deeper than an empty array', () => {
    const items = '{\n  "rules": [\n    { "name": "a" }\n  ]\n}';
    const array = root(items).children![0].children![1];
    assert.equal(
      apply(items, appendItemOnItsOwnLine(items, array, { name: 'b', port: 443 })),
      '{\n  "rules": [\n    { "name": "a" },\n    {\n      "name": "b",\n      "port": 443\n    }\n  ]\n}',
    );
    const empty = '{\n  "rules": []\n}';
    const emptyArray = root(empty).children![0].children![1];
    assert.equal(
      apply(empty, appendItemOnItsOwnLine(empty, emptyArray, { name: 'b' })),
      '{\n  "rules": [\n    {\n      "name": "b"\n    }\n  ]\n}',
    );
  });
});
