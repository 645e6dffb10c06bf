// The CLI as CI runs it: the built launcher spawned with argv (never a shell), checked for its output in each
// format, its exit codes, and its handling of unreadable, binary and malformed files.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import Ajv from 'ajv-draft-04';
import { REPO_ROOT, FIXTURES } from '../support/paths';
import { parametersFile, PROVIDER_TEMPLATE, TWO_CONFIGS } from '../support/providerTemplate';
import { temporaryDirectory } from '../support/temporaryDirectory';

/** The parts of a SARIF log these tests read; the whole log is validated against the schema. */
interface SarifLog {
  runs: Array<{
    tool: {
      driver: {
        rules: Array<{
          id: string;
          helpUri: string;
          help: { markdown: string };
          defaultConfiguration: { level: string };
        }>;
      };
    };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      locations: Array<{ physicalLocation: { artifactLocation: object; region: { startLine: number } } }>;
    }>;
  }>;
}

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
const CLI_FIXTURES = path.join(FIXTURES, 'cli');

function run(args: string[], cwd = CLI_FIXTURES) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('text format: file:line:col severity code message, exit 1 on errors', () => {
  const { code, stdout, stderr } = run(['check', 'folder']);
  assert.equal(code, 1, stderr);
  const lines = stdout.trim().split('\n');
  assert.ok(
    lines.includes(
      `${path.join('folder', 'bad.json')}:11:21 error provider-invalid provider "Aws" is not accepted: use exactly one of Azure, AWS, GCP, Generic (the value is case-sensitive). Did you mean "AWS"?`,
    ),
    stdout,
  );
  assert.match(lines.at(-1)!, /^\d+ problems? \(\d+ errors?, \d+ warnings?, \d+ info\) in 2 files checked\.$/);
  assert.ok(!stdout.includes('package.json'), 'a non-ARM JSON file under a folder is skipped silently');
  assert.ok(!stdout.includes('\x1b['), 'no colors when not on a terminal');
});

test('exit 0 when no error is found', () => {
  const { code, stdout } = run(['check', path.join('folder', 'nested', 'good.json')]);
  assert.equal(code, 0, stdout);
  assert.ok(!/ error /.test(stdout));
});

test('json format: an array of 1-based findings with the documented fields', () => {
  const { code, stdout } = run(['check', '--format', 'json', 'folder/bad.json']);
  assert.equal(code, 1);
  const rows = JSON.parse(stdout) as Array<Record<string, unknown>>;
  const provider = rows.filter((r) => r.code === 'provider-invalid');
  assert.deepEqual(provider[0], {
    file: 'folder/bad.json',
    line: 11,
    column: 21,
    endLine: 11,
    endColumn: 26,
    severity: 'error',
    code: 'provider-invalid',
    message: provider[0].message,
    related: [],
  });
  assert.equal(provider.length, 2);
  for (const row of rows)
    assert.deepEqual(Object.keys(row), [
      'file',
      'line',
      'column',
      'endLine',
      'endColumn',
      'severity',
      'code',
      'message',
      'related',
    ]);
});

test('sarif format validates against the SARIF 2.1.0 schema and carries rule metadata', () => {
  const { code, stdout } = run([
    'check',
    '--format',
    'sarif',
    '--docs-base-url',
    'https://example.test/docs/rules',
    'folder',
  ]);
  assert.equal(code, 1);
  const log = JSON.parse(stdout) as SarifLog;
  const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', {
    paths: [REPO_ROOT],
  });
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
  assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 1));
  const driver = log.runs[0].tool.driver;
  const rule = driver.rules.find((r) => r.id === 'provider-invalid')!;
  assert.equal(rule.helpUri, 'https://example.test/docs/rules/provider-invalid.md');
  assert.match(rule.help.markdown, /^# provider-invalid/);
  assert.equal(rule.defaultConfiguration.level, 'error');
  const result = log.runs[0].results.find((r) => r.ruleId === 'provider-invalid')!;
  assert.equal(driver.rules[result.ruleIndex].id, 'provider-invalid');
  assert.deepEqual(result.locations[0].physicalLocation.artifactLocation, {
    uri: 'folder/bad.json',
    uriBaseId: '%SRCROOT%',
  });
  assert.equal(result.locations[0].physicalLocation.region.startLine, 11);
});

test('globs expand, and a glob that matches nothing is a usage problem (exit 2)', () => {
  const ok = run(['check', '--format', 'json', 'folder/**/*.json']);
  const rows = JSON.parse(ok.stdout) as Array<{ file: string; severity: string }>;
  assert.deepEqual(
    [...new Set(rows.map((r) => r.file))],
    ['folder/bad.json', 'folder/nested/good.json'],
    'both templates under the glob are checked',
  );
  assert.deepEqual([...new Set(rows.filter((r) => r.severity === 'error').map((r) => r.file))], ['folder/bad.json']);
  const none = run(['check', 'nothing/**/*.json']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /nothing\/\*\*\/\*\.json: no files match/);
});

test('a missing file and a binary file get one clear line each; the run goes on; exit 2', () => {
  const { code, stdout, stderr } = run(['check', 'missing.json', 'archive.json', 'folder/bad.json']);
  assert.equal(code, 2);
  assert.match(stderr, /^anyscale-azure: missing\.json: no such file$/m);
  assert.match(stderr, /^anyscale-azure: archive\.json: binary file, not checked$/m);
  assert.match(stdout, /folder\/bad\.json:11:21 error provider-invalid/);
});

test('a malformed template is reported at the syntax error, without false rule findings', () => {
  const { code, stdout } = run(['check', '--format', 'json', 'malformed-template.json']);
  assert.equal(code, 1);
  const rows = JSON.parse(stdout) as Array<{ code: string; line: number; message: string }>;
  assert.ok(rows.length > 0);
  assert.ok(
    rows.every((r) => r.code === 'invalid-json'),
    stdout,
  );
  assert.equal(rows[0].line, 5);
  assert.match(rows[0].message, /comma expected/);
});

test('a syntax problem is one error; "checks skipped" is said once, and only where there were Anyscale resources', () => {
  const dir = temporaryDirectory('anyscale-cli-syntax-');
  fs.copyFileSync(path.join(CLI_FIXTURES, 'malformed-template.json'), path.join(dir, 'anyscale.json'));
  fs.writeFileSync(
    path.join(dir, 'storage.json'),
    '{\n "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",\n "resources": [\n  { "type": "Microsoft.Storage/storageAccounts", "name": "s" \n  { "oops": 1 }\n ]\n}\n',
  );
  const { code, stdout } = run(['check', '--format', 'json', 'anyscale.json', 'storage.json'], dir);
  assert.equal(code, 1);
  const rows = JSON.parse(stdout) as Array<{ file: string; code: string; message: string }>;
  assert.deepEqual(
    rows.map((r) => `${r.file} ${r.code}`),
    ['anyscale.json invalid-json', 'storage.json invalid-json'],
  );
  assert.match(rows[0].message, /; Anyscale checks skipped for this file\.$/);
  assert.doesNotMatch(rows[1].message, /skipped/);
});

test("a parameter file checked alone: its own findings and its template's, silenced by its comments", () => {
  const dir = temporaryDirectory('anyscale-cli-params-');
  const schema = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
  fs.writeFileSync(
    path.join(dir, 'cloud.json'),
    JSON.stringify(
      {
        $schema: schema,
        parameters: { name: { type: 'string', minLength: 3 }, size: { type: 'int' } },
        resources: [],
        outputs: { o: { type: 'array', value: "[createArray(parameters('name'), parameters('size'))]" } },
      },
      null,
      2,
    ),
  );
  const parameters = [
    '{',
    `  "$schema": "${schema}",`,
    '  "parameters": {',
    '    "name": { "value": "ab" },',
    '    // anyscale-azure-disable-next-line parameter-file-value-missing -- filled in by the pipeline',
    '    "size": { "type": "int" }',
    '  }',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), parameters);
  const { stdout } = run(['check', '--format', 'json', 'cloud.parameters.json'], dir);
  const rows = JSON.parse(stdout) as Array<{ file: string; line: number; code: string }>;
  assert.deepEqual(
    rows.map((r) => `${r.file}:${r.line} ${r.code}`),
    ['cloud.parameters.json:2 parameter-file-schema', 'cloud.parameters.json:4 parameter-value-out-of-range'],
  );
});

test('usage errors exit 2 with a message and the usage text', () => {
  for (const args of [
    ['check'],
    ['lint', 'x.json'],
    ['check', '--format', 'xml', 'x.json'],
    ['check', '--rule', 'no-such-rule=off', 'x.json'],
    ['check', '--rule', 'provider-invalid=loud', 'x.json'],
  ]) {
    const { code, stderr } = run(args);
    assert.equal(code, 2, args.join(' '));
    assert.match(stderr, /^anyscale-azure: .+\n\nUsage: anyscale-azure check/, args.join(' '));
  }
});

test('--rule changes a rule level', () => {
  const { code, stdout } = run(['check', '--rule', 'provider-invalid=warning', '--format', 'json', 'folder/bad.json']);
  const rows = JSON.parse(stdout) as Array<{ code: string; severity: string }>;
  assert.ok(rows.filter((r) => r.code === 'provider-invalid').every((r) => r.severity === 'warning'));
  assert.equal(code, rows.some((r) => r.severity === 'error') ? 1 : 0);
});

test('YAML: a folder of operator values, a Gateway manifest and a template is checked as one workspace', () => {
  const { code, stdout, stderr } = run(['check', 'yaml']);
  assert.equal(code, 1, stderr);
  const lines = stdout.trim().split('\n');
  const at = (file: string, line: number, rest: string) =>
    assert.ok(
      lines.some((l) => l.startsWith(`${path.join('yaml', file)}:${line}:`) && l.includes(rest)),
      `${file}:${line} ${rest}\n${stdout}`,
    );
  at('values.yaml', 3, 'error values-value-not-allowed global.cloudProvider is "Azure"');
  at('values.yaml', 4, 'error values-control-plane-url-trailing-slash');
  // Cross-file: the template in the same folder records this GUID as the identity's principal ID.
  at('values.yaml', 6, 'warning values-iam-identity-is-principal-id');
  at('gateway.yaml', 12, 'warning gateway-hostname-not-azure');
  at('gateway.yaml', 17, 'error gateway-tls-secret-invalid');
  assert.ok(!stdout.includes('ingress-nginx.yml'), 'an ingress-nginx values file is skipped silently');
  assert.match(lines.at(-1)!, /in 3 files checked\.$/);
});

test('YAML: the cross-file finding needs the template; a values file alone does not get it', () => {
  const { stdout } = run(['check', '--format', 'json', path.join('yaml', 'values.yaml')]);
  const rows = JSON.parse(stdout) as Array<{ code: string; line: number; column: number; file: string }>;
  assert.ok(!rows.some((r) => r.code === 'values-iam-identity-is-principal-id'), stdout);
  assert.deepEqual(
    rows.find((r) => r.code === 'values-value-not-allowed'),
    { ...rows.find((r) => r.code === 'values-value-not-allowed')!, file: 'yaml/values.yaml', line: 3, column: 18 },
  );
});

test('YAML: a values file Helm cannot parse is one invalid-yaml error, with no rule findings', () => {
  const { code, stdout } = run(['check', '--format', 'json', path.join('yaml-broken', 'values.yaml')]);
  assert.equal(code, 1);
  const rows = JSON.parse(stdout) as Array<{ code: string; line: number }>;
  assert.ok(rows.length > 0 && rows.every((r) => r.code === 'invalid-yaml'), stdout);
});

test('YAML: a control character Helm and kubectl refuse is one invalid-yaml error where it is; exit 1', () => {
  const dir = temporaryDirectory('anyscale-cli-control-');
  fs.writeFileSync(
    path.join(dir, 'values.yaml'),
    'global:\n  cloudProvider: azure\n  # pasted from a terminal: \u001b[0m\n  controlPlaneURL: https://console.azure.anyscale.com/\u0001\n',
  );
  const { code, stdout, stderr } = run(['check', 'values.yaml'], dir);
  assert.equal(code, 1, stderr);
  assert.deepEqual(stdout.trim().split('\n').slice(0, -1), [
    "values.yaml:3:29 error invalid-yaml YAML error: control characters are not allowed: '\\u001b' here, which Helm and kubectl do not read anywhere in a file (their error names no line): delete it, or Helm and kubectl reject the file; Anyscale checks skipped for this file.",
  ]);
});

test('a template is checked once per parameter file beside it; a mistake is reported where it is written', () => {
  const { code, stdout } = run(['check', '--format', 'json', 'params/cloudresource.json']);
  assert.equal(code, 1);
  const rows = JSON.parse(stdout) as Array<{
    file: string;
    line: number;
    code: string;
    message: string;
    severity: string;
    related: Array<{ file: string; line: number; message: string }>;
  }>;
  const subpath = rows.filter((r) => r.code === 'bucket-subpath');
  assert.deepEqual(subpath.map((r) => [r.file, r.line]).sort(), [
    ['params/cloudresource.json', 25],
    ['params/cloudresource.parameters.aws.json', 10],
  ]);
  assert.match(subpath.find((r) => r.line === 25)!.message, /\(value from cloudresource\.parameters\.aws\.json\)/);
  // Each row names the other place as the text output does: where the value is used, where it is written.
  assert.deepEqual(
    subpath.map((r) => r.related.map((place) => [place.file, place.line, place.message])).sort(),
    [
      [['params/cloudresource.json', 25, 'The value is used here.']],
      [['params/cloudresource.parameters.aws.json', 10, 'The value is written in cloudresource.parameters.aws.json.']],
    ].sort(),
  );
  assert.ok(!rows.some((r) => r.file.endsWith('parameters.azure.json')), 'the Azure parameter file is clean');
  const text = run(['check', 'params/cloudresource.json']).stdout;
  assert.match(
    text,
    /^params\/cloudresource\.parameters\.aws\.json:10:\d+ error bucket-subpath .*\n  params\/cloudresource\.json:25:\d+ The value is used here\.$/m,
    'text output prints both places',
  );
});

test('a template named alone: the parameter file it is checked with is checked too, its own findings once each', () => {
  const dir = temporaryDirectory('anyscale-cli-params-');
  const rule = path.join(FIXTURES, 'rules', 'parameter-file-value-missing');
  fs.copyFileSync(path.join(rule, 'workspace', 'template.json'), path.join(dir, 'main.json'));
  fs.copyFileSync(path.join(rule, 'fail.parameters.json'), path.join(dir, 'main.parameters.json'));
  const codes = (args: string[]) => {
    const { code, stdout } = run(['check', '--format', 'json', ...args], dir);
    assert.equal(code, 1, stdout);
    const rows = JSON.parse(stdout) as Array<{ file: string; line: number; code: string }>;
    return rows.map((r) => `${r.file}:${r.line} ${r.code}`).sort();
  };
  const expected = [
    'main.parameters.json:2 parameter-file-schema',
    'main.parameters.json:5 parameter-file-value-missing',
    'main.parameters.json:6 parameter-file-value-missing',
  ];
  assert.deepEqual(codes(['main.json']), expected);
  assert.deepEqual(codes(['main.json', 'main.parameters.json']), expected, 'named too: reported once');
  assert.match(run(['check', 'main.json'], dir).stdout, /in 2 files checked\.$/m);
  // Without its $schema (ARM deploys it all the same): still a parameter file, alone and beside its template.
  const withoutSchema = fs
    .readFileSync(path.join(dir, 'main.parameters.json'), 'utf8')
    .replace(/^\s*"\$schema": .*\n/m, '');
  assert.ok(!withoutSchema.includes('$schema'));
  fs.writeFileSync(path.join(dir, 'main.parameters.json'), withoutSchema);
  const valueMissing = [
    'main.parameters.json:4 parameter-file-value-missing',
    'main.parameters.json:5 parameter-file-value-missing',
  ];
  assert.deepEqual(codes(['main.json']), valueMissing);
  assert.deepEqual(codes(['main.parameters.json']), valueMissing);
  assert.deepEqual(codes(['.']), valueMissing);
});

test('--parameters picks the parameter files; a parameter file named on its own is checked against its template', () => {
  const only = JSON.parse(
    run([
      'check',
      '--format',
      'json',
      '--parameters',
      'params/cloudresource.parameters.azure.json',
      'params/cloudresource.json',
    ]).stdout,
  ) as Array<{ severity: string }>;
  assert.deepEqual(
    only.filter((r) => r.severity === 'error'),
    [],
  );
  const alone = run(['check', '--format', 'json', 'params/cloudresource.parameters.aws.json']);
  assert.equal(alone.code, 1);
  const rows = JSON.parse(alone.stdout) as Array<{ file: string; line: number; code: string; severity: string }>;
  assert.ok(
    rows.every((r) => r.file === 'params/cloudresource.parameters.aws.json'),
    'only the parameter file is reported',
  );
  assert.deepEqual(
    rows.filter((r) => r.severity === 'error').map((r) => [r.line, r.code]),
    [[10, 'bucket-subpath']],
  );
});

test('large, too large, deeply nested, binary and truncated files: one clear line each or a syntax finding, no stack trace; the run goes on', () => {
  const dir = temporaryDirectory('anyscale-azure-cli-');
  const head =
    '{"$schema":"https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#","contentVersion":"1.0.0.0","resources":[],"variables":{"big":';
  fs.writeFileSync(path.join(dir, 'large.json'), `${head}"${'a'.repeat(12 * 1024 * 1024)}"}}`);
  fs.writeFileSync(path.join(dir, 'huge.json'), `${head}"${'a'.repeat(20 * 1024 * 1024)}"}}`);
  fs.writeFileSync(path.join(dir, 'deep.json'), '['.repeat(50_000) + ']'.repeat(50_000));
  fs.writeFileSync(
    path.join(dir, 'deep.yaml'),
    `global:\n  cloudProvider: azure\n  x: ${'{a: '.repeat(50_000)}1${'}'.repeat(50_000)}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'blob.yaml'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
  );
  fs.writeFileSync(
    path.join(dir, 'truncated.json'),
    `${head.replace('"variables":{"big":', '"parameters":{"p":{"type":"string","defaultValue":"[concat(')}`,
  );
  fs.copyFileSync(path.join(CLI_FIXTURES, 'folder', 'bad.json'), path.join(dir, 'bad.json'));
  const { code, stdout, stderr } = run(
    ['check', 'large.json', 'huge.json', 'deep.json', 'deep.yaml', 'blob.yaml', 'truncated.json', 'bad.json'],
    dir,
  );
  assert.equal(code, 2, stderr);
  // Too deep for us is no error of the file's: a warning that it is not checked, at the first level too many.
  assert.match(
    stderr,
    /^anyscale-azure: warning: deep\.json:1:1001: nested more than 1,000 levels deep, deeper than this extension reads; not checked$/m,
  );
  assert.match(
    stderr,
    /^anyscale-azure: warning: deep\.yaml:\d+:\d+: nested too deeply for this extension to read \(it reads up to 400 levels\); not checked$/m,
  );
  assert.match(stderr, /^anyscale-azure: blob\.yaml: binary file, not checked$/m);
  assert.match(
    stderr,
    /^anyscale-azure: huge\.json: too large to check: 20\.0 MB, over the limit of 16 MB \(ARM accepts templates and parameter files of up to 4 MB\)$/m,
  );
  assert.equal(stderr.trim().split('\n').length, 4, stderr);
  assert.match(stdout, /^truncated\.json:1:\d+ error invalid-json JSON syntax error: /m);
  assert.ok(
    stdout
      .split('\n')
      .filter((line) => line.startsWith('truncated.json'))
      .every((line) => / invalid-json /.test(line)),
    stdout,
  );
  assert.match(stdout, /^bad\.json:11:21 error provider-invalid/m);
  // A template three times ARM's limit is still read and checked: it is over ARM's 4 MB, and its 12 MB variable is unused.
  assert.deepEqual(
    stdout
      .split('\n')
      .filter((line) => line.startsWith('large.json'))
      .map((line) => line.split(' ').slice(1, 3).join(' ')),
    ['error template-limit-exceeded', 'info variable-unused'],
  );
  assert.match(stdout, /in 3 files checked/);
});

test("a parameter file's findings print its path the same way as the template's, as given on the command line", () => {
  const absolute = path.join(CLI_FIXTURES, 'params');
  const elsewhere = temporaryDirectory('anyscale-azure-cli-cwd-');
  const cases: Array<[args: string[], cwd: string, folder: string]> = [
    [['./params/cloudresource.json'], CLI_FIXTURES, './params'],
    [[path.join(absolute, 'cloudresource.json')], CLI_FIXTURES, absolute],
    [[path.join(absolute, 'cloudresource.json')], elsewhere, absolute],
    [['./params/'], CLI_FIXTURES, 'params'], // a folder's files are joined under it
    [
      ['--parameters', './params/cloudresource.parameters.aws.json', './params/cloudresource.json'],
      CLI_FIXTURES,
      './params',
    ],
    [['./params/cloudresource.parameters.aws.json'], CLI_FIXTURES, './params'], // checked against its template
  ];
  for (const [args, cwd, folder] of cases) {
    const label = `${args.join(' ')} from ${cwd}`;
    const text = run(['check', ...args], cwd).stdout;
    const places = [...text.matchAll(/^ *(\S+):\d+:\d+ /gm)].map((match) => match[1]);
    assert.ok(
      places.some((file) => file.endsWith('cloudresource.json')) &&
        places.some((file) => file.endsWith('parameters.aws.json')),
      `${label}:\n${text}`,
    );
    for (const file of places) assert.equal(path.dirname(file), folder, `${label}:\n${text}`);
    const rows = JSON.parse(run(['check', '--format', 'json', ...args], cwd).stdout) as Array<{ file: string }>;
    assert.deepEqual([...new Set(rows.map((row) => path.dirname(row.file)))], [folder], label);
    type Location = { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } };
    const sarif = JSON.parse(run(['check', '--format', 'sarif', ...args], cwd).stdout) as {
      runs: Array<{ results: Array<{ locations: Location[]; relatedLocations?: Location[] }> }>;
    };
    const uris = sarif.runs[0].results
      .flatMap((r) => [...r.locations, ...(r.relatedLocations ?? [])])
      .map((l) => l.physicalLocation.artifactLocation);
    assert.equal(
      new Set(uris.map((uri) => `${uri.uriBaseId ?? ''} ${uri.uri.slice(0, uri.uri.lastIndexOf('/'))}`)).size,
      1,
      `${label}: ${JSON.stringify(uris)}`,
    );
  }
  const alone = run(['check', './params/cloudresource.parameters.aws.json']).stdout;
  assert.match(
    alone,
    /^\.\/params\/cloudresource\.parameters\.aws\.json:10:42 error bucket-subpath .*\n {2}\.\/params\/cloudresource\.json:25:35 The value is used here\.$/m,
    'the use is in the template',
  );
});

test('a file named on the command line that holds nothing to check is a warning, not a silent "0 files checked"', () => {
  const dir = temporaryDirectory('anyscale-cli-');
  fs.writeFileSync(path.join(dir, 'empty.json'), '');
  fs.writeFileSync(path.join(dir, 'list.json'), '[1, 2]\n');
  fs.writeFileSync(path.join(dir, 'typo.yaml'), 'cloudDeploymentID: cldrsrc_abc\n');
  fs.writeFileSync(path.join(dir, 'chart.yaml'), '{{- if .Values.x }}\nkind: ConfigMap\n{{- end }}\n');
  const named = run(['check', 'empty.json', 'list.json', 'typo.yaml', 'chart.yaml'], dir);
  assert.equal(named.code, 0, 'nothing wrong was found in them');
  assert.match(named.stderr, /^anyscale-azure: warning: empty\.json: empty file, not checked$/m);
  assert.match(named.stderr, /^anyscale-azure: warning: list\.json: not checked: not an ARM template/m);
  assert.match(named.stderr, /^anyscale-azure: warning: typo\.yaml: not checked: not an ARM template/m);
  // A chart's template is YAML only once Helm renders it: not a file that cannot be parsed (exit 2).
  assert.match(
    named.stderr,
    /^anyscale-azure: warning: chart\.yaml: a template Helm renders \(\{\{ … \}\} on line 1\), not checked: it is YAML only once rendered$/m,
  );
  // Under a folder, such files are skipped without a word each (a folder holds many files of other kinds); a folder
  // holding nothing else is one warning naming them, or a CI run checking the wrong folder passes in silence.
  const noneOfOurs =
    'anyscale-azure: warning: .: no file to check: its 4 files (chart.yaml, empty.json, list.json, typo.yaml) are not an ARM template, a parameter file, Anyscale operator values or a Gateway manifest\n';
  assert.equal(run(['check', '.'], dir).stderr, noneOfOurs);
  assert.equal(run(['index', '.'], dir).stderr, noneOfOurs);
  assert.equal(
    run(['check', '*.json'], dir).stderr,
    'anyscale-azure: warning: *.json: no file to check: the 2 files it matches (empty.json, list.json) are not an ARM template, a parameter file, Anyscale operator values or a Gateway manifest\n',
    'a pattern too',
  );
  fs.writeFileSync(path.join(dir, 'cloud.json'), PROVIDER_TEMPLATE);
  assert.equal(run(['check', '*.json'], dir).stderr, '');
  assert.equal(run(['check', '.'], dir).stderr, '', 'one file of ours is enough');
  assert.equal(run(['index', '.'], dir).stderr, '');
});

test("a Helm chart's Gateway template, its YAML broken by action lines until rendered: a warning, not an invalid-yaml cascade", () => {
  const chart = run(['check', 'helm-chart']);
  assert.equal(chart.code, 0, chart.stdout);
  assert.doesNotMatch(chart.stdout, /invalid-yaml/);
  assert.match(chart.stdout, /^0 problems .* in 0 files checked\.$/m);
  // One of ours once rendered: said even under a folder. The chart's ConfigMap template is none of ours: silent.
  assert.equal(
    chart.stderr,
    'anyscale-azure: warning: helm-chart/templates/gateway.yaml: a Gateway manifest Helm renders ({{ … }} on line 4), not checked: it is YAML only once rendered\n',
  );
  // index says so too: the Gateway is not in its tree.
  const index = run(['index', 'helm-chart']);
  assert.equal(index.code, 0, index.stderr);
  assert.equal(index.stderr, chart.stderr);
  // Template words in a comment and in a quoted string do not make a file with a real mistake a template.
  const broken = run(['check', 'yaml-broken-template-words']);
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /^yaml-broken-template-words\/values\.yaml:5:4 error invalid-yaml YAML syntax error: /m);
  assert.equal(broken.stderr, '');
});

test('a values file with an alias written as a key (`*a: b`), which Helm reads: a warning that it is not checked, not an error', () => {
  const dir = temporaryDirectory('anyscale-cli-');
  const values = 'global:\n  cloudDeploymentId: cldrsrc_abc\n  cloudProvider: azure\nx: &a k\nf: {*a: b}\n';
  fs.writeFileSync(path.join(dir, 'values.yaml'), values);
  const warning =
    "anyscale-azure: warning: values.yaml:5:5: `*a:` is read by Helm (go-yaml) as the alias `*a` used as a key, but by this extension's YAML parser (YAML 1.2, where a name may hold `:`) as an alias named 'a:': write `*a :` (a space before the colon), which both read alike, to have this file checked; not checked\n";
  for (const command of ['check', 'index']) {
    const result = run([command, 'values.yaml'], dir);
    assert.equal(result.stderr, warning, command);
    assert.equal(result.code, 0, command);
  }
  assert.match(run(['check', 'values.yaml'], dir).stdout, /^0 problems .* in 0 files checked\.$/m);
});

test('a folder named that holds no file to check (empty, or other files only) is a warning naming it, for check and index', () => {
  const dir = temporaryDirectory('anyscale-cli-');
  fs.mkdirSync(path.join(dir, 'dir-template.json'));
  fs.mkdirSync(path.join(dir, 'docs', 'empty'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'docs', 'notes.txt'), 'not a file check reads\n');
  fs.writeFileSync(path.join(dir, 'cloud.json'), PROVIDER_TEMPLATE);
  const holdsNone = (folder: string) =>
    `anyscale-azure: warning: ${folder}: no file to check: the folder holds no .json, .jsonc, .yaml or .yml file\n`;
  for (const command of ['check', 'index']) {
    const named = run([command, 'dir-template.json', 'docs', 'cloud.json'], dir);
    assert.equal(named.stderr, holdsNone('dir-template.json') + holdsNone('docs'), command);
    assert.equal(named.code, 0, `${command}: a warning, as for an empty file named: the exit code is unchanged`);
  }
  assert.match(run(['check', 'dir-template.json'], dir).stdout, /in 0 files checked\.$/m);
  // A folder whose files were all named before it still holds files to check.
  assert.equal(run(['check', 'cloud.json', '.'], dir).stderr, '');
});

test('a template in UTF-16 (with its byte order mark), named or beside its template as parameters, is named with how to fix it', () => {
  const dir = temporaryDirectory('anyscale-cli-');
  const utf16le = Buffer.from(`\uFEFF${PROVIDER_TEMPLATE}`, 'utf16le');
  fs.writeFileSync(path.join(dir, 'le.json'), utf16le);
  fs.writeFileSync(path.join(dir, 'be.json'), Buffer.from(utf16le).swap16());
  fs.writeFileSync(path.join(dir, 'bom8.json'), `\uFEFF${PROVIDER_TEMPLATE}`);
  const named = run(['check', 'le.json', 'be.json', 'bom8.json'], dir);
  assert.equal(
    named.stderr,
    'anyscale-azure: le.json: UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8\n' +
      'anyscale-azure: be.json: UTF-16 text (UTF-16 BE, byte order mark FE FF), not checked: save it as UTF-8\n',
  );
  assert.equal(named.code, 2, 'a file named that could not be read');
  assert.match(named.stdout, /in 1 file checked\.$/m, 'UTF-8 with a byte order mark is read as UTF-8');
  // Found under a folder: a template is named as the Cloud Resources tree names it; UTF-16 data of no concern is not.
  fs.writeFileSync(path.join(dir, 'tool-output.json'), Buffer.from('\uFEFF{ "name": "not ours" }', 'utf16le'));
  const found = run(['check', '.'], dir);
  assert.equal(
    found.stderr,
    'anyscale-azure: be.json: UTF-16 text (UTF-16 BE, byte order mark FE FF), not checked: save it as UTF-8\n' +
      'anyscale-azure: le.json: UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8\n',
  );
  assert.equal(found.code, 2);
  assert.equal(run(['index', '.'], dir).code, 2);
  const beside = folderOf({ 'cloud.json': PROVIDER_TEMPLATE });
  fs.writeFileSync(
    path.join(beside, 'cloud.parameters.json'),
    Buffer.from(`\uFEFF${parametersFile('Azure')}`, 'utf16le'),
  );
  for (const args of [['cloud.json'], ['.']]) {
    const result = run(['check', ...args], beside);
    assert.equal(
      result.stderr,
      'anyscale-azure: cloud.parameters.json: parameter file: UTF-16 text (UTF-16 LE, byte order mark FF FE), ' +
        'the template is checked without it: save it as UTF-8\n',
      args.join(' '),
    );
    assert.equal(result.code, 2);
  }
});

test('a template that looks like UTF-16 without a byte order mark, named, found in a folder or beside its template as parameters, is named as such, not as binary', () => {
  const dir = temporaryDirectory('anyscale-cli-');
  fs.writeFileSync(path.join(dir, 'le.json'), Buffer.from(PROVIDER_TEMPLATE, 'utf16le'));
  fs.writeFileSync(path.join(dir, 'be.json'), Buffer.from(PROVIDER_TEMPLATE, 'utf16le').swap16());
  const expected =
    'anyscale-azure: be.json: looks like UTF-16 BE text without a byte order mark, not checked: save it as UTF-8\n' +
    'anyscale-azure: le.json: looks like UTF-16 LE text without a byte order mark, not checked: save it as UTF-8\n';
  for (const args of [
    ['check', 'be.json', 'le.json'],
    ['check', '.'],
    ['index', '.'],
  ]) {
    const result = run(args, dir);
    assert.deepEqual([result.code, result.stderr], [2, expected], args.join(' '));
  }
  const beside = folderOf({ 'cloud.json': PROVIDER_TEMPLATE });
  fs.writeFileSync(path.join(beside, 'cloud.parameters.json'), Buffer.from(parametersFile('Azure'), 'utf16le'));
  const result = run(['check', 'cloud.json'], beside);
  assert.equal(
    result.stderr,
    'anyscale-azure: cloud.parameters.json: parameter file: looks like UTF-16 LE text without a byte order mark, ' +
      'the template is checked without it: save it as UTF-8\n',
  );
  assert.equal(result.code, 2);
});

test('a loop of symbolic links, named or in a folder, is named as one, not as a broken link', () => {
  const dir = folderOf({
    'cloud.json': PROVIDER_TEMPLATE,
    'loop1.json': '-> loop2.json',
    'loop2.json': '-> loop1.json',
  });
  const named = run(['check', 'loop1.json'], dir);
  assert.equal(
    named.stderr,
    'anyscale-azure: loop1.json: a loop of symbolic links (ELOOP): loop1.json → loop2.json → loop1.json\n',
  );
  assert.equal(named.code, 2);
  const found = run(['check', '.'], dir);
  assert.match(
    found.stderr,
    /^anyscale-azure: loop1\.json: a loop of symbolic links \(ELOOP\): loop1\.json → loop2\.json → loop1\.json$/m,
  );
  assert.match(found.stdout, /in 1 file checked\.$/m, 'the other files are still checked');
});

test('check -v and --version print the version its usage lists them for', () => {
  const version = run(['--version']);
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
  for (const flag of ['-v', '--version']) assert.deepEqual(run(['check', flag]), version);
});

/** A folder of files for one test: name → content (`-> target` makes a symbolic link). */
function folderOf(files: Record<string, string>): string {
  const dir = temporaryDirectory('anyscale-cli-');
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    if (content.startsWith('-> ')) fs.symlinkSync(content.slice(3), path.join(dir, name));
    else fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** `file:line code` of each finding in JSON output in a parameter file, sorted; and the exit code. */
function findingsOf(args: string[], cwd: string): { code: number | null; rows: string[] } {
  const { code, stdout } = run(['check', '--format', 'json', ...args], cwd);
  const rows = (JSON.parse(stdout) as Array<{ file: string; line: number; code: string }>)
    .filter((r) => /param|\bp\.json$/.test(r.file))
    .map((r) => `${r.file}:${r.line} ${r.code}`);
  return { code, rows: rows.sort() };
}

test('--parameters and a folder: a parameter file the template is not checked with is checked against its template', () => {
  const dir = folderOf({
    'infra/cloud.json': PROVIDER_TEMPLATE,
    'infra/cloud.parameters.json': parametersFile('azure', ',\n    "extra": { "value": 1 }'),
    'shared/p.json': parametersFile('Azure'),
  });
  const { code, rows } = findingsOf(['--parameters', 'shared/p.json', 'infra'], dir);
  assert.equal(code, 1);
  assert.deepEqual(rows, [
    'infra/cloud.parameters.json:5 provider-invalid',
    'infra/cloud.parameters.json:7 parameter-file-undeclared',
  ]);
});

test("--parameters: the file's own findings at the levels of the config nearest to it, as when a folder walk finds it", () => {
  const dir = folderOf({
    'infra/cloud.json': PROVIDER_TEMPLATE,
    'infra/.anyscale-azure.json': '{ "rules": { "parameter-file-schema": "off" } }',
    'shared/p.json': parametersFile('Azure').replace('deploymentParameters.json#', 'deploymentTemplate.json#'),
    'shared/.anyscale-azure.json': '{ "rules": { "parameter-file-schema": "error" } }',
  });
  const schemaFindings = (args: string[]) =>
    (JSON.parse(run(['check', '--format', 'json', ...args], dir).stdout) as Array<Record<string, unknown>>)
      .filter((r) => r.code === 'parameter-file-schema')
      .map((r) => `${r.file}:${r.line} ${r.severity}`);
  assert.deepEqual(schemaFindings(['--parameters', 'shared/p.json', 'infra/cloud.json']), ['shared/p.json:2 error']);
  assert.deepEqual(schemaFindings(['shared', 'infra']), ['shared/p.json:2 error'], 'found by walking a folder');
});

test("--parameters: what a value causes is reported in the parameter file at its config's levels, in the template at the template's", () => {
  const dir = folderOf(TWO_CONFIGS);
  const providerFindings = (args: string[]) =>
    (JSON.parse(run(['check', '--format', 'json', ...args], dir).stdout) as Array<Record<string, unknown>>)
      .filter((r) => r.code === 'provider-invalid')
      .map((r) => `${r.file}:${r.line} ${r.severity}`);
  // As the editor shows them: the parameter file's at shared/'s levels, the template's copy where it uses the value
  // at infra/'s.
  assert.deepEqual(providerFindings(['--parameters', 'shared/p.json', 'infra/cloud.json']), [
    'infra/cloud.json:29 warning',
    'shared/p.json:5 error',
  ]);
  fs.writeFileSync(path.join(dir, 'shared', '.anyscale-azure.json'), '{ "rules": { "provider-invalid": "off" } }');
  assert.deepEqual(
    providerFindings(['--parameters', 'shared/p.json', 'infra/cloud.json']),
    ['infra/cloud.json:29 warning'],
    "off where the parameter file is: none there, the template's stays",
  );
});

test('one parameter file read by two templates: each finding in it is reported once', () => {
  const dir = folderOf({
    'a.json': PROVIDER_TEMPLATE,
    'b.json': PROVIDER_TEMPLATE,
    'shared/p.json': parametersFile('azure', ',\n    "nope": { "value": 1 }'),
  });
  const { rows } = findingsOf(['--parameters', 'shared/p.json', 'a.json', 'b.json'], dir);
  assert.deepEqual(rows, ['shared/p.json:5 provider-invalid', 'shared/p.json:7 parameter-file-undeclared']);
});

test('a symbolic link to the parameter file beside it: the file is read, checked and fixed once', () => {
  const dir = folderOf({
    'cloud.json': PROVIDER_TEMPLATE,
    'cloud.parameters.json': parametersFile('azure'),
    'cloud.parameters.link.json': '-> cloud.parameters.json',
  });
  assert.deepEqual(findingsOf(['cloud.json'], dir).rows, ['cloud.parameters.json:5 provider-invalid']);
  const fixed = run(['check', '--fix', 'cloud.json'], dir);
  assert.equal(fixed.stderr, '', 'not written twice: no "changed on disk" for the second name');
  assert.match(fixed.stdout, /^Fixed 1 file\.$/m);
  assert.equal(fs.readFileSync(path.join(dir, 'cloud.parameters.json'), 'utf8'), parametersFile('Azure'));
});

test('what a template is checked with: not a template, nothing to read beside it, and a broken file with where', () => {
  const dir = folderOf({
    'cloud.json': PROVIDER_TEMPLATE,
    'other.json': PROVIDER_TEMPLATE,
    'cloud.parameters.json': '',
  });
  fs.mkdirSync(path.join(dir, 'cloud.parameters.dir.json'));
  // An empty file and a folder named like parameter files beside the template are passed over, as in a folder.
  const quiet = run(['check', 'cloud.json'], dir);
  assert.equal(quiet.stderr, '');
  assert.equal(quiet.code, 0, quiet.stdout);
  const template = run(['check', '--parameters', 'other.json', 'cloud.json'], dir);
  assert.match(
    template.stderr,
    /other\.json: an ARM template, not a parameter file; the template is checked without it/,
  );
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), '{\n  "parameters": {,\n}\n');
  assert.match(
    run(['check', 'cloud.json'], dir).stderr,
    /cloud\.parameters\.json:2:\d+: parameter file is not valid JSON/,
  );
});

test('a parameter file nested deeper than we read: the template is checked without it, and a warning says so', () => {
  const deep = `${'['.repeat(1200)}${']'.repeat(1200)}`;
  const dir = folderOf({
    'cloud.json': PROVIDER_TEMPLATE,
    'cloud.parameters.json': parametersFile('Aws', `,\n    "deep": { "value": ${deep} }`),
  });
  const { code, stdout, stderr } = run(['check', 'cloud.json'], dir);
  // Read, its containers past 1,000 levels would be empty: "Aws" (provider-invalid) must not come from it.
  assert.doesNotMatch(stdout, /provider-invalid|cloud\.parameters\.json/, stdout);
  assert.match(
    stderr,
    /^anyscale-azure: warning: cloud\.parameters\.json:7:\d+: parameter file nested deeper than this extension reads; the template is checked without it$/m,
  );
  assert.equal(code, 0, stdout);
});

test('--rule without a level says how to give one', () => {
  const { code, stderr } = run(['check', '--rule', 'provider-invalid', '.']);
  assert.equal(code, 2);
  assert.match(stderr, /--rule provider-invalid: give its level, as in --rule provider-invalid=off/);
});
