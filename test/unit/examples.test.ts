// The README's main command, `npm run check-examples` (scripts/check-examples.sh): the CLI over examples/. The
// broken example must show each of its mistakes and fail the run; the correct one must be clean, or the README's
// "one correct template" is a false claim and CI users learn to ignore findings.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../support/paths';

/** The CLI the script ends in, run the same way from the repository root (the script also builds, which the unit tier must not). */
function checkExamples(...paths: string[]) {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin', 'anyscale-azure.js'), 'check', ...paths], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `file:line:col severity code` of each finding line, without the message. */
const findings = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => /^\S+:\d+:\d+ /.test(line))
    .map((line) => line.split(' ').slice(0, 3).join(' '));

test('scripts/check-examples.sh runs the CLI over examples/', () => {
  const script = fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'check-examples.sh'), 'utf8');
  assert.match(script, /^exec node bin\/anyscale-azure\.js check examples\/$/m);
});

test('the broken example: each of its mistakes is found, and the run exits 1', () => {
  const { code, stdout, stderr } = checkExamples('examples/');
  assert.equal(code, 1, stderr);
  const file = path.join('examples', 'broken-cloud-resources.json');
  assert.deepEqual(
    findings(stdout).filter((line) => line.startsWith(file)),
    [
      `${file}:12:19 warning location-unsupported`,
      `${file}:18:15 warning cloud-resources-not-chained`,
      `${file}:19:19 warning location-unsupported`,
      `${file}:22:21 error primary-resource-not-azure`,
      `${file}:22:21 error provider-invalid`,
      `${file}:23:25 error compute-stack-invalid`,
      `${file}:25:35 error bucket-subpath`,
      `${file}:31:21 info api-version-preview`,
      `${file}:32:15 warning cloud-resources-not-chained`,
      `${file}:32:15 error name-invalid`,
      `${file}:33:19 warning location-differs-from-cloud`,
      `${file}:34:7 error required-property-missing`,
      `${file}:37:19 warning region-unknown`,
      `${file}:39:39 warning bucket-endpoint-account-mismatch`,
      `${file}:39:39 warning bucket-endpoint-trailing-slash`,
    ],
  );
  assert.equal(stdout.trim().split('\n').at(-1), '15 problems (6 errors, 8 warnings, 1 info) in 2 files checked.');
});

test('the correct example is clean: no finding of any level, exit 0', () => {
  const { code, stdout, stderr } = checkExamples(path.join('examples', 'cloud-with-aks-and-eks.json'));
  assert.equal(code, 0, stderr);
  assert.equal(stdout, '0 problems (0 errors, 0 warnings, 0 info) in 1 file checked.\n');
});
