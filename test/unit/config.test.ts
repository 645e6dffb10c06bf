// The workspace configuration file `.anyscale-azure.json`: the pure parser, the nearest-file lookup, and the
// CLI reading it (nearest file, --config, --rule over the file, a broken file → exit 2).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import Ajv from 'ajv';
import { parseWorkspaceConfig, RULE_LEVELS } from '../../server/src/service/config/workspaceConfig';
import { RULES } from '../../server/src/service/rules/registry';
import { findConfigFile } from '../../server/src/node/config';
import { FIXTURES, REPO_ROOT } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
const BAD_TEMPLATE = fs.readFileSync(path.join(FIXTURES, 'e2e', 'workspace', 'bad-template.json'), 'utf8');

function tempWorkspace(files: Record<string, string>): string {
  const dir = temporaryDirectory('anyscale-config-');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function check(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'check', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the parser reads levels from JSONC and drops unknown codes and levels with a warning', () => {
  const config = parseWorkspaceConfig(
    '{\n  // project levels\n  "$schema": "x",\n  "rules": { "provider-invalid": "warning", "provider-invlid": "off", "region-invalid": "loud", },\n  "extends": 1\n}',
  );
  assert.equal(config.broken, false);
  assert.deepEqual(config.rules, { 'provider-invalid': 'warning' });
  assert.deepEqual(
    config.problems.map((p) => p.message),
    [
      'unknown rule "provider-invlid" (did you mean "provider-invalid"?); the entry is ignored',
      'region-invalid: the level must be "off", "info", "warning" or "error"; the entry is ignored',
      'unknown setting "extends" (only "rules" is read)',
    ],
  );
  assert.ok(config.problems.every((p) => p.severity === 'warning'));
});

test('a file that is not JSON, not an object, or whose rules are not an object is broken', () => {
  for (const text of ['{ "rules": ', '[]', '{ "rules": ["off"] }', '']) {
    const config = parseWorkspaceConfig(text);
    assert.equal(config.broken, true, text);
    assert.deepEqual(config.rules, {});
    assert.equal(config.problems[0].severity, 'error');
  }
  assert.equal(parseWorkspaceConfig('{}').broken, false);
});

test('the nearest config file wins, and the walk stops at the workspace folder', () => {
  const dir = tempWorkspace({
    '.anyscale-azure.json': '{}',
    'project/.anyscale-azure.json': '{}',
    'project/a/b/t.json': '{}',
    'other/c/t.json': '{}',
  });
  assert.equal(
    findConfigFile(path.join(dir, 'project', 'a', 'b'), path.join(dir, 'project')),
    path.join(dir, 'project', '.anyscale-azure.json'),
  );
  assert.equal(findConfigFile(path.join(dir, 'other', 'c'), dir), path.join(dir, '.anyscale-azure.json'));
  assert.equal(
    findConfigFile(path.join(dir, 'other', 'c'), path.join(dir, 'other')),
    undefined,
    'nothing above the workspace folder is read',
  );
});

test('CLI: the nearest .anyscale-azure.json sets levels; --rule overrides it; --config names another file', () => {
  const dir = tempWorkspace({
    'infra/t.json': BAD_TEMPLATE,
    'infra/.anyscale-azure.json': '{ "rules": { "provider-invalid": "off" } }',
    'strict.json': '{ "rules": { "provider-invalid": "warning" } }',
  });
  const plain = check(path.join(dir, 'infra'), 't.json', '--format', 'json');
  assert.equal(plain.code, 0, plain.stdout + plain.stderr);
  assert.ok(!plain.stdout.includes('provider-invalid'), plain.stdout);
  const overridden = check(path.join(dir, 'infra'), 't.json', '--rule', 'provider-invalid=error');
  assert.equal(overridden.code, 1, overridden.stdout);
  assert.match(overridden.stdout, /error provider-invalid/);
  const explicit = check(dir, path.join('infra', 't.json'), '--config', 'strict.json');
  assert.match(explicit.stdout, /warning provider-invalid/);
});

test('CLI: unknown codes in the config are warnings; a broken config stops the run with exit 2', () => {
  const dir = tempWorkspace({
    't.json': BAD_TEMPLATE,
    '.anyscale-azure.json': '{ "rules": { "provider-invlid": "off" } }',
    'broken.json': '{ "rules": { "provider-invalid": "off" ',
  });
  const warned = check(dir, 't.json');
  assert.equal(warned.code, 1, 'the misspelled entry is ignored: provider-invalid stays an error');
  assert.match(
    warned.stderr,
    /^anyscale-azure: \S*\.anyscale-azure\.json:1:14: warning: unknown rule "provider-invlid" \(did you mean "provider-invalid"\?\)/m,
  );
  const broken = check(dir, 't.json', '--config', 'broken.json');
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /the config file cannot be used:\n.*broken\.json:1:\d+: error: JSON syntax error: /);
  assert.equal(broken.stdout, '', 'no partial report');
  const missing = check(dir, 't.json', '--config', 'nope.json');
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.json: no such file/);
});

/** What schemas/anyscale-azure.schema.json must hold: one property per registered rule, each a level. */
function expectedSchema(): object {
  const level = { enum: [...RULE_LEVELS] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Anyscale on Azure Tools: .anyscale-azure.json',
    description:
      "Rule levels for the files under this folder; the anyscaleAzure.rules setting and the CLI's --rule override them. See docs/suppression.md.",
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      rules: {
        type: 'object',
        description: 'Level per rule code: off, info, warning or error.',
        properties: Object.fromEntries(
          RULES.map((rule) => [
            rule.code,
            { ...level, description: `${rule.title} (default: ${rule.defaultSeverity})` },
          ]),
        ),
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

test('the JSON schema of .anyscale-azure.json lists exactly the registered rules (UPDATE_GOLDEN=1 rewrites it)', () => {
  const file = path.join(REPO_ROOT, 'schemas', 'anyscale-azure.schema.json');
  const expected = `${JSON.stringify(expectedSchema(), null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, expected);
  assert.equal(
    fs.readFileSync(file, 'utf8'),
    expected,
    'schemas/anyscale-azure.schema.json is out of date: run UPDATE_GOLDEN=1 node --test out/test/unit/config.test.js',
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  assert.match(
    fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8'),
    /^!schemas\/anyscale-azure\.schema\.json$/m,
    'the schema must ship in the .vsix',
  );
  assert.deepEqual(
    manifest.contributes.jsonValidation.find((v: { url: string }) => v.url === './schemas/anyscale-azure.schema.json'),
    { fileMatch: '.anyscale-azure.json', url: './schemas/anyscale-azure.schema.json' },
  );
});

test('a config the schema accepts is one the parser reads without problems, and the other way round', () => {
  const ajv = new Ajv({ strict: false });
  const validate = ajv.compile(
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas', 'anyscale-azure.schema.json'), 'utf8')),
  );
  for (const config of [
    { rules: { 'provider-invalid': 'off' } },
    { rules: { 'provider-invlid': 'off' } },
    { rules: { 'region-invalid': 'loud' } },
    { rule: {} },
  ]) {
    const parsed = parseWorkspaceConfig(JSON.stringify(config));
    assert.equal(validate(config), parsed.problems.length === 0, JSON.stringify(config));
  }
});
