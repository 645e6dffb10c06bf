// The CLI's argument parsing (server/src/cli/args.ts: node:util parseArgs, strict), through the built launcher: each
// command refuses an unknown option, a missing value and a value given to a flag with a line naming the option, then
// its usage, and exit 2; `--opt=value` and `--` (everything after it is a path) work as in other tools.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, FIXTURES } from '../support/paths';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: path.join(FIXTURES, 'cli'),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Exit 2, stderr is `anyscale-azure: <message>`, a blank line and the command's usage; nothing on stdout. */
function refused(args: string[], message: string, usage: RegExp): void {
  const { code, stdout, stderr } = run(args);
  assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
  assert.equal(stdout, '', args.join(' '));
  assert.equal(stderr.split('\n')[0], `anyscale-azure: ${message}`, args.join(' '));
  assert.match(stderr, usage, args.join(' '));
}

const CHECK = /\n\nUsage: anyscale-azure check/;
const INDEX = /\n\nUsage: anyscale-azure index/;
const EGRESS = /\n\nUsage: anyscale-azure egress/;

test('check: unknown options, missing values and values given to flags are refused, naming the option', () => {
  refused(['check', '--formt', 'json', 'folder'], 'unknown option "--formt"', CHECK);
  refused(['check', '-x', 'folder'], 'unknown option "-x"', CHECK);
  refused(['check', 'folder', '--format'], '--format needs a value', CHECK);
  refused(['check', '--format', '--no-color', 'folder'], '--format needs a value', CHECK);
  refused(['check', '--rule', '--fix', 'folder'], '--rule needs a value', CHECK);
  refused(['check', '--fix=yes', 'folder'], '--fix takes no value', CHECK);
  refused(['check', '--no-color=1', 'folder'], '--no-color takes no value', CHECK);
  refused(['check', '--fix', '--fix-dry-run', 'folder'], 'use either --fix or --fix-dry-run, not both', CHECK);
  refused(['check', '--format', 'xml', 'folder'], 'unknown format "xml": use text, json or sarif', CHECK);
});

test('check: --opt=value equals --opt value, a repeated option keeps every value, and after -- every argument is a path', () => {
  const spaced = run([
    'check',
    '--format',
    'json',
    '--rule',
    'provider-invalid=warning',
    '--rule',
    'region-missing=off',
    'folder',
  ]);
  const inline = run([
    'check',
    '--format=json',
    '--rule=provider-invalid=warning',
    '--rule=region-missing=off',
    'folder',
  ]);
  assert.equal(inline.code, spaced.code, inline.stderr);
  assert.equal(inline.stdout, spaced.stdout);
  const rows = JSON.parse(inline.stdout) as Array<{ code: string; severity: string }>;
  assert.ok(
    rows.some((row) => row.code === 'provider-invalid'),
    'the fixture has a provider-invalid finding',
  );
  assert.ok(rows.filter((row) => row.code === 'provider-invalid').every((row) => row.severity === 'warning'));
  assert.ok(!rows.some((row) => row.code === 'region-missing'));
  const afterSeparator = run(['check', '--', '--format']);
  assert.equal(afterSeparator.code, 2);
  assert.match(afterSeparator.stderr, /^anyscale-azure: --format: no such file$/m, 'after --, "--format" is a path');
});

test('index: the same messages', () => {
  refused(['index', '--colour', 'workspace'], 'unknown option "--colour"', INDEX);
  refused(['index', 'workspace', '--config'], '--config needs a value', INDEX);
  refused(['index', '--format', '--config', 'x', 'workspace'], '--format needs a value', INDEX);
  refused(['index', '--format', 'sarif', 'workspace'], 'unknown format "sarif": use text or json', INDEX);
});

test('egress: the same messages, and an argument that is not an option is refused as such', () => {
  refused(['egress', '--hosts', 'a.example'], 'unknown option "--hosts"', EGRESS);
  refused(['egress', '--timeout'], '--timeout needs a value', EGRESS);
  refused(['egress', '--host', '--head'], '--host needs a value', EGRESS);
  refused(['egress', '--head=yes'], '--head takes no value', EGRESS);
  refused(['egress', 'workspace'], 'unexpected argument "workspace": egress takes options only', EGRESS);
  refused(['egress', '--concurrency', '0'], '--concurrency needs a positive whole number, got "0"', EGRESS);
  refused(
    ['egress', '--strict-cloud-ids'],
    '--strict-cloud-ids shapes the allow-list: use it with --allow-list arm|az|fqdns',
    EGRESS,
  );
});
