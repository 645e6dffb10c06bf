// How npm test counts (docs/testing.md): scripts/test-counts-reporter.mjs, the node --test reporter whose JSON counts
// scripts/test-all.sh reads, run by a real `node --test` over test files written here (passing, failing, skipped, todo,
// nested, in suites, a failing hook, a file that throws at load and one that does not parse); and
// test/support/testCounts.js, which our own runners end with.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../support/paths';

const REPORTER = path.join(REPO_ROOT, 'scripts', 'test-counts-reporter.mjs');
const TEST_COUNTS = path.join(REPO_ROOT, 'test', 'support', 'testCounts.js');

/** The environment of a child that must not report to the node --test running this file. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

/** Runs node --test over `files` (name → source) with the reporter; its exit code and the counts it wrote. */
function runNodeTests(files: Record<string, string>): { status: number | null; counts: unknown } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-counts-'));
  try {
    for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
    const countsFile = path.join(dir, 'counts.json');
    const result = spawnSync(
      process.execPath,
      ['--test', `--test-reporter=${REPORTER}`, `--test-reporter-destination=${countsFile}`, ...Object.keys(files)],
      { cwd: dir, encoding: 'utf8', env: childEnv() },
    );
    return { status: result.status, counts: JSON.parse(fs.readFileSync(countsFile, 'utf8')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the reporter counts as the spec summary does: tests and subtests, not suites; cancelled as failed; skip and todo as skipped', () => {
  const { status, counts } = runNodeTests({
    'mixed.test.mjs': `import { test, describe, it, before } from 'node:test';
test('passes', () => {});
test('fails', () => { throw new Error('no'); });
test.skip('skipped', () => {});
test.todo('to do');
test('parent', async (t) => {
  await t.test('child passes', () => {});
  await t.test('child fails', () => { throw new Error('no'); });
});
describe('a suite', () => {
  it('passes in a suite', () => {});
  it('fails in a suite', () => { throw new Error('no'); });
});
describe('a suite whose hook fails', () => {
  before(() => { throw new Error('hook'); });
  it('is cancelled', () => {});
});
`,
    'throws-at-load.test.mjs': `throw new Error('at load');\n`,
    'does-not-parse.test.mjs': `this is not JavaScript(\n`,
  });
  // passed: passes, child passes, passes in a suite. failed: fails, child fails, parent (its child failed), fails in a
  // suite, is cancelled, and each of the two files that fail outside any test. skipped: skipped, to do.
  assert.deepEqual(counts, { passed: 3, failed: 7, skipped: 2 });
  assert.equal(status, 1);
});

test('the reporter writes all-zero failures for a passing run, which exits 0', () => {
  const { status, counts } = runNodeTests({
    'passing.test.mjs': `import { test } from 'node:test';\ntest('one', () => {});\ntest('two', async (t) => { await t.test('nested', () => {}); });\n`,
  });
  assert.deepEqual(counts, { passed: 3, failed: 0, skipped: 0 });
  assert.equal(status, 0);
});

test("our runners' closing line and counts file (test/support/testCounts.js), and the exit code it returns", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-counts-'));
  try {
    const countsFile = path.join(dir, 'nested', 'counts.json');
    const run = (counts: string) =>
      spawnSync(
        process.execPath,
        ['-e', `process.exit(require(${JSON.stringify(TEST_COUNTS)}).reportCounts(${counts}))`],
        {
          encoding: 'utf8',
          env: childEnv({ TEST_COUNTS_FILE: countsFile }),
        },
      );
    const failing = run('{ passed: 5, failed: 2, skipped: 1 }');
    assert.equal(failing.stdout, '5 passed, 2 failed, 1 skipped\n');
    assert.equal(failing.status, 1);
    assert.deepEqual(JSON.parse(fs.readFileSync(countsFile, 'utf8')), { passed: 5, failed: 2, skipped: 1 });
    const passing = run('{ passed: 4, failed: 0 }');
    assert.equal(passing.stdout, '4 passed, 0 failed, 0 skipped\n');
    assert.equal(passing.status, 0);
    assert.deepEqual(JSON.parse(fs.readFileSync(countsFile, 'utf8')), { passed: 4, failed: 0, skipped: 0 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
