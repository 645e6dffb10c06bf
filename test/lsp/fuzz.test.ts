// Protocol tier: a short seeded run of the protocol-level fuzz (test/fuzz/protocolFuzz.ts) against the bundled
// server over stdio: mutated fixtures and corpus files, incremental edits, every request the server announces at
// random positions, missing params, odd URIs, cancellations. One test per invariant, each failing with one line per
// failure class it saw; the first occurrence of each class is written to test-results/fuzz/. The same run, longer
// and with each failure shrunk to a minimal document and request, is `npm run fuzz`.
import { test, before } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';
import { runFuzz, summarize, writeRepros, type FuzzReport } from '../fuzz/protocolFuzz';
import { expressionStrings, expressionTouched, linesOf, overlappingEdits, parses, rangeProblem } from '../fuzz/checks';

/** Fixed, so that the run sends the same inputs every time; `FUZZ_SEED=… npm run fuzz` explores others. */
const SEED = 20261210;
/** Tuned to stay well under a minute on 2 cores; the time cap only guards a server that has become slow. */
const DOCUMENTS = 40;
const SECONDS = 50;

let report: FuzzReport;
let summary: string;

before(async () => {
  report = await runFuzz({ seed: SEED, documents: DOCUMENTS, seconds: SECONDS });
  const files = writeRepros(report, path.join(REPO_ROOT, 'test-results', 'fuzz'));
  summary = summarize(report).join('\n');
  console.log(summary);
  if (files.length > 0) console.log(`first occurrences written to ${path.dirname(files[0])}`);
});

/** The failure classes whose kind matches, as one line each, for an assertion message. */
function classesOf(kinds: RegExp): string[] {
  return summarize(report).filter((line) => line.startsWith('FAIL ') && kinds.test(line.slice('FAIL '.length)));
}

function assertNone(kinds: RegExp, what: string): void {
  const found = classesOf(kinds);
  assert.equal(
    found.length,
    0,
    `${what}: ${found.length} failure classes (seed ${SEED}; reproduce and shrink with FUZZ_SEED=${SEED} FUZZ_DOCUMENTS=${DOCUMENTS} npm run fuzz)\n${found.join('\n')}`,
  );
}

const REQUEST_ERRORS = /^(internal error|error -?\d+|InvalidParams|RequestCancelled|request failed)/;
const RANGES = /^range outside the document/;
const EDITS = /^(overlapping edits|.* breaks (JSON|YAML)|fix edits an ARM expression)/;
const PROCESS = /^(server exited|wrote to stderr|error logged|no answer)/;
const DIAGNOSTICS = /^(no diagnostics|diagnostics for a version never sent|syntax error not reported)/;

test("the fuzz's checks catch what they are for: a CRLF counted, overlapping edits, a fix inside an expression, broken JSON", () => {
  const crlf = linesOf('global:\r\n  a: 1\r\n');
  assert.match(
    rangeProblem({ start: { line: 0, character: 0 }, end: { line: 0, character: 8 } }, crlf) ?? '',
    /the \\r of a CRLF line end counted/,
  );
  assert.equal(rangeProblem({ start: { line: 0, character: 0 }, end: { line: 0, character: 7 } }, crlf), undefined);
  assert.match(
    rangeProblem({ start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, crlf) ?? '',
    /past the last line/,
  );
  assert.match(
    rangeProblem({ start: { line: 1, character: 2 }, end: { line: 1, character: 1 } }, crlf) ?? '',
    /ends before it starts/,
  );
  assert.ok(
    overlappingEdits([
      { start: 0, end: 5, newText: '' },
      { start: 3, end: 3, newText: 'x' },
    ]),
  );
  assert.equal(
    overlappingEdits([
      { start: 0, end: 5, newText: '' },
      { start: 5, end: 6, newText: 'x' },
    ]),
    undefined,
  );
  const template = `{ "a": "[toLower('AZURE')]", "b": "[[literal]", "c": "azure" }`;
  const expressions = expressionStrings(template);
  assert.deepEqual(
    expressions.map((e) => e.text),
    [`"[toLower('AZURE')]"`],
  );
  const inside = template.indexOf('[toLower');
  assert.ok(expressionTouched({ start: inside - 1, end: inside + 19, newText: '"Azure"' }, expressions));
  assert.equal(
    expressionTouched(
      { start: template.indexOf('"azure"'), end: template.indexOf('"azure"') + 7, newText: '"Azure"' },
      expressions,
    ),
    undefined,
  );
  assert.ok(parses('{ "a": 1, // comment\n }', 'json'));
  assert.ok(!parses('{ "a": 1 "b": 2 }', 'json'));
  assert.ok(!parses('a: [1\n', 'yaml'));
});

test('the fuzz has work to check: diagnostics, completions, hovers, navigation, quick fixes and fix-all', () => {
  const { stats } = report;
  assert.equal(report.documents, DOCUMENTS, `only ${report.documents} of ${DOCUMENTS} documents within ${SECONDS} s`);
  assert.ok(stats.diagnosticsChecked > 0, summary);
  for (const method of [
    'textDocument/completion',
    'textDocument/hover',
    'textDocument/definition',
    'textDocument/codeAction',
  ]) {
    assert.ok((stats.answered[method] ?? 0) > 0, `no non-empty answer to ${method}\n${summary}`);
  }
  assert.ok(
    stats.quickFixEdits > 0 && stats.fixAllEdits > 0 && stats.editsApplied > 0,
    `no fixes were checked\n${summary}`,
  );
  assert.ok(stats.cancelled.sent > 0, summary);
});

test('every request is answered without an internal error (InvalidParams and RequestCancelled only where justified)', () => {
  assertNone(REQUEST_ERRORS, 'requests answered with an error');
});

test('every range in an answer or a diagnostic lies inside its document (a CRLF line end is not part of the line)', () => {
  assertNone(RANGES, 'ranges outside their document');
});

test('the edits of a code action or rename do not overlap, keep JSON/YAML parseable, and no fix edits an ARM expression', () => {
  assertNone(EDITS, 'bad edits');
});

test('the server stays up: it never exits, writes to stderr or logs an error, and answers every request', () => {
  assertNone(PROCESS, 'server process problems');
});

test('diagnostics are published for every version the fuzz waited on, and a broken ARM document always gets one', () => {
  assertNone(DIAGNOSTICS, 'missing diagnostics');
});

test('no failure of any other kind', () => {
  const known = [REQUEST_ERRORS, RANGES, EDITS, PROCESS, DIAGNOSTICS];
  const others = summarize(report).filter(
    (line) => line.startsWith('FAIL ') && !known.some((kinds) => kinds.test(line.slice('FAIL '.length))),
  );
  assert.equal(others.length, 0, others.join('\n'));
});
