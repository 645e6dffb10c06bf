// `anyscale-azure index` as CI runs it: the built launcher spawned with argv over the fixture workspace
// (test/fixtures/index/workspace): the JSON shape docs/cli.md documents (validated against docs/index-output.schema.json),
// 1-based lines, own name segments, the text tree, and the exit codes; a parameter file's problems at its own levels;
// a cloud resource row of one parameter file counting what that file's run finds, one of a copy what its copy leads to.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import Ajv from 'ajv';
import { REPO_ROOT, FIXTURES } from '../support/paths';
import { parametersFile, PROVIDER_TEMPLATE } from '../support/providerTemplate';
import { indexTargets } from '../../server/src/cli/indexCommand';
import { expand } from '../../server/src/cli/files';
import { temporaryDirectory } from '../support/temporaryDirectory';
import { copyLoopTemplate } from '../support/copyLoopTemplate';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
const CWD = path.join(FIXTURES, 'index');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'docs', 'index-output.schema.json'), 'utf8'));

interface CloudJson {
  name: string;
  location: string | null;
  declaredIn: Array<{ file: string; line: number }>;
  unknown: string[];
  cloudResources: Array<
    Record<string, unknown> & { name: string; file: string; line: number; files: Array<Record<string, unknown>> }
  >;
}

function run(args: string[], cwd = CWD) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('json: the documented shape, valid against the schema in docs', () => {
  const { code, stdout, stderr } = run(['index', '--format', 'json', 'workspace']);
  assert.equal(code, 0, stderr);
  const output = JSON.parse(stdout) as { clouds: CloudJson[] };
  const validate = new Ajv({ allErrors: true, strict: true }).compile(SCHEMA);
  assert.ok(validate(output), JSON.stringify(validate.errors, null, 2));
  assert.deepEqual(
    output.clouds.map((cloud) => cloud.name),
    ['my-anyscale-cloud', 'my-cloud', "[parameters('cloudName')]"],
  );
  const myCloud = output.clouds[1];
  // The fields docs/cli.md promises, in its order, before the ones added.
  assert.deepEqual(Object.keys(myCloud).slice(0, 4), ['name', 'location', 'declaredIn', 'cloudResources']);
  assert.deepEqual(Object.keys(myCloud.cloudResources[0]).slice(0, 8), [
    'name',
    'provider',
    'region',
    'location',
    'primary',
    'file',
    'line',
    'problems',
  ]);
  assert.deepEqual(myCloud.declaredIn, [
    { file: 'workspace/infra/cloud.json', line: 8 },
    { file: 'workspace/symbolic/extra.json', line: 9 },
  ]);
  assert.equal(myCloud.location, 'westus2');
  const [primary] = myCloud.cloudResources;
  assert.deepEqual(
    Object.fromEntries(
      ['name', 'provider', 'region', 'location', 'primary', 'file', 'line', 'problems'].map((key) => [
        key,
        primary[key],
      ]),
    ),
    {
      name: 'default',
      provider: 'Azure',
      region: 'westus2',
      location: 'westus2',
      primary: true,
      file: 'workspace/infra/cloud.json',
      line: 15,
      problems: { error: 0, warning: 0, info: 0 },
    },
  );
  const eks = myCloud.cloudResources.find((resource) => resource.name === 'eks-east')!;
  assert.deepEqual([eks.line, eks.problems, eks.primary], [32, { error: 1, warning: 0, info: 0 }, false]);
  assert.deepEqual(
    primary.files.map((file) => [file.kind, file.file, file.line]),
    [
      ['template', 'workspace/infra/cloud.json', 15],
      ['aksCluster', 'workspace/infra/cloud.json', 63],
      ['operatorExtension', 'workspace/infra/cloud.json', 70],
      ['valuesFile', 'workspace/infra/values.yaml', 2],
      ['gatewayManifest', 'workspace/helm/gateway.yaml', 4],
    ],
  );
  const parameters = output.clouds[0].cloudResources.map((resource) => [resource.name, resource.parameterFiles]);
  assert.deepEqual(parameters, [
    ['eksuswest2', ['workspace/params/cloudresource.parameters.aws.json']],
    ['aksuksouth', ['workspace/params/cloudresource.parameters.azure.json']],
  ]);
  const unknown = output.clouds[2];
  assert.deepEqual(unknown.unknown, ['name']);
  assert.deepEqual(unknown.cloudResources[0].unknown, ['location', 'operatorIdentity']);
  assert.equal(unknown.cloudResources[0].location, "[parameters('location')]");
  assert.ok(!stdout.includes(REPO_ROOT), 'no absolute path of this machine in the output');
});

test('text: a readable tree of clouds, cloud resources and related files', () => {
  const { code, stdout } = run(['index', 'workspace/infra']);
  assert.equal(code, 0);
  const lines = stdout.split('\n');
  assert.equal(lines[0], 'cloud my-cloud · westus2 · declared in workspace/infra/cloud.json:8 (1 error)');
  assert.ok(lines.includes('├─ default · Azure · westus2 · primary — workspace/infra/cloud.json:15'), stdout);
  assert.ok(lines.includes('├─ eks-east · Aws · us-east-1 — workspace/infra/cloud.json:32 (1 error)'), stdout);
  assert.ok(lines.includes('│    → workspace/infra/values.yaml (operator values, same folder)'), stdout);
  assert.equal(lines.at(-2), '1 cloud, 4 cloud resources in 2 files read.');
});

test("a cloud resource row of one parameter file counts what that file's run finds; its cloud what check counts", () => {
  // bucket-cors-required: the AWS file's bucket, not the Azure file's.
  const text = run(['index', 'workspace/params']);
  assert.equal(text.code, 0, text.stderr);
  const lines = text.stdout.split('\n');
  assert.equal(lines[0], 'cloud my-anyscale-cloud · declared in no file read (2 info)');
  assert.ok(
    lines.includes(
      '├─ eksuswest2 · AWS · us-west-2 · with cloudresource.parameters.aws.json — workspace/params/cloudresource.json:40 (1 info)',
    ),
    text.stdout,
  );
  assert.ok(
    lines.includes(
      '└─ aksuksouth · Azure · uksouth · with cloudresource.parameters.azure.json — workspace/params/cloudresource.json:40',
    ),
    text.stdout,
  );
  const json = run(['index', '--format', 'json', 'workspace/params']);
  const [cloud] = (JSON.parse(json.stdout) as { clouds: Array<CloudJson & { problems: object }> }).clouds;
  assert.deepEqual(
    cloud.cloudResources.map((resource) => [resource.name, resource.problems]),
    [
      ['eksuswest2', { error: 0, warning: 0, info: 1 }],
      ['aksuksouth', { error: 0, warning: 0, info: 0 }],
    ],
  );
  // In the template where it uses the AWS file's bucket, and in the AWS file: check's summary.
  assert.match(run(['check', 'workspace/params']).stdout, /\(0 errors, 0 warnings, 2 info\)/);
  assert.deepEqual(cloud.problems, { error: 0, warning: 0, info: 2 });
});

test("each copy of a loop's row counts its own copy's problems and those every copy has; its cloud what check counts", () => {
  const dir = temporaryDirectory('anyscale-index-copies-');
  fs.writeFileSync(path.join(dir, 'loop.json'), copyLoopTemplate());
  const { code, stdout, stderr } = run(['index', '--format', 'json', '.'], dir);
  assert.equal(code, 0, stderr);
  const [cloud] = (JSON.parse(stdout) as { clouds: Array<CloudJson & { problems: object }> }).clouds;
  // copyLoopTemplate: location-differs-from-cloud on every copy, the rest on one or two of them.
  assert.deepEqual(
    cloud.cloudResources.map((resource) => [resource.name, resource.problems]),
    [
      ['default', { error: 0, warning: 0, info: 0 }],
      ['r0', { error: 1, warning: 1, info: 1 }],
      ['r1', { error: 1, warning: 2, info: 0 }],
      ['r2', { error: 1, warning: 2, info: 1 }],
    ],
  );
  assert.match(run(['check', '.'], dir).stdout, /\(3 errors, 2 warnings, 1 info\)/);
  assert.deepEqual(cloud.problems, { error: 3, warning: 2, info: 1 });
  const text = run(['index', '.'], dir).stdout.split('\n');
  assert.ok(
    text.includes('├─ r1 · aws · us-east-1 · copyIndex 1 — loop.json:33 (1 error, 2 warnings)'),
    text.join('\n'),
  );
});

test('an unknown cloud name is marked as such in the text', () => {
  const { stdout } = run(['index', 'workspace/unknown']);
  assert.match(
    stdout,
    /^cloud \[parameters\('cloudName'\)\] \(not known before deployment\) · declared in no file read$/m,
  );
});

test('exit codes: 2 for a usage error or a folder that is not there, 0 with nothing to index', () => {
  const usage = run(['index', '--format', 'sarif', 'workspace']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /unknown format "sarif": use text or json/);
  assert.equal(run(['index']).code, 2);
  const missing = run(['index', '--format', 'json', 'no-such-folder']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no-such-folder: no such file/);
  assert.deepEqual(JSON.parse(missing.stdout), { clouds: [] });
  const empty = run(['index', '--format', 'json', 'workspace/helm/not-ours.yaml']);
  assert.equal(empty.code, 0, empty.stderr);
  assert.deepEqual(JSON.parse(empty.stdout), { clouds: [] });
  const help = run(['index', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: anyscale-azure index/);
});

test('a binary file named on the command line is one line saying so and exit 2, as for check; a UTF-16 template found in a folder too', () => {
  const dir = temporaryDirectory('anyscale-index-binary-');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.writeFileSync(path.join(dir, 'infra', 'cloud.json'), PROVIDER_TEMPLATE);
  // A template saved as UTF-16 (with its byte order mark) is not read: it says which UTF-16, and how to fix it.
  fs.writeFileSync(path.join(dir, 'infra', 'utf16.json'), Buffer.from(`\uFEFF${PROVIDER_TEMPLATE}`, 'utf16le'));
  const named = run(['index', '--format', 'json', 'infra/cloud.json', 'infra/utf16.json'], dir);
  assert.equal(named.code, 2, 'a file named that could not be read');
  assert.equal(
    named.stderr,
    'anyscale-azure: infra/utf16.json: UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8\n',
  );
  assert.deepEqual(
    (JSON.parse(named.stdout) as { clouds: CloudJson[] }).clouds.map((cloud) => cloud.name),
    ['c'],
    'the index of the others is still printed',
  );
  const checked = run(['check', 'infra/utf16.json'], dir);
  assert.deepEqual([checked.code, checked.stderr], [named.code, named.stderr], 'check says the same, with its code');
  // Found in a folder, a template in UTF-16 is named too, as the Cloud Resources tree names it, and as check does.
  const found = run(['index', 'infra'], dir);
  assert.deepEqual([found.code, found.stderr], [2, named.stderr]);
  const foundByCheck = run(['check', 'infra'], dir);
  assert.deepEqual([foundByCheck.code, foundByCheck.stderr], [2, named.stderr]);
});

test('a text file named on the command line that cannot be parsed is named at its syntax error and exit 2, as for check; found in a folder, passed over', () => {
  const dir = temporaryDirectory('anyscale-index-unparsable-');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.writeFileSync(path.join(dir, 'infra', 'cloud.json'), PROVIDER_TEMPLATE);
  // Garbage without a NUL byte: text, neither JSON nor YAML, and no Anyscale fact to read.
  fs.writeFileSync(path.join(dir, 'infra', 'notes.txt'), 'deploy {{ tomorrow\n: : ]\n');
  const named = run(['index', '--format', 'json', 'infra/cloud.json', 'infra/notes.txt'], dir);
  assert.equal(named.code, 2, 'a file named that could not be parsed');
  assert.equal(named.stderr, 'anyscale-azure: infra/notes.txt:1:1: cannot parse: JSON syntax error: invalid symbol\n');
  assert.deepEqual(
    (JSON.parse(named.stdout) as { clouds: CloudJson[] }).clouds.map((cloud) => cloud.name),
    ['c'],
    'the index of the others is still printed',
  );
  const checked = run(['check', 'infra/notes.txt'], dir);
  assert.deepEqual([checked.code, checked.stderr], [named.code, named.stderr], 'check says the same, with its code');
  fs.writeFileSync(path.join(dir, 'infra', 'broken.json'), '{ "a": ');
  const found = run(['index', 'infra'], dir);
  assert.deepEqual([found.code, found.stderr], [0, ''], 'found in a folder, it is passed over');
  assert.doesNotMatch(run(['check', 'infra'], dir).stderr, /broken\.json/, 'as check passes it over');
});

test('a file named on the command line that nests deeper than we read: a warning that it is not checked, exit 0, as for check', () => {
  const dir = temporaryDirectory('anyscale-index-deep-');
  fs.writeFileSync(path.join(dir, 'cloud.json'), PROVIDER_TEMPLATE);
  fs.writeFileSync(path.join(dir, 'deep.json'), '['.repeat(2000) + ']'.repeat(2000));
  fs.writeFileSync(
    path.join(dir, 'values.yaml'),
    `global:\n  controlPlaneURL: https://console.azure.anyscale.com\n  x: ${'['.repeat(600)}${']'.repeat(600)}\n`,
  );
  const named = run(['index', 'cloud.json', 'deep.json', 'values.yaml'], dir);
  assert.equal(named.code, 0, named.stderr);
  assert.equal(
    named.stderr,
    'anyscale-azure: warning: deep.json:1:1001: nested more than 1,000 levels deep, deeper than this extension reads; not checked\n' +
      'anyscale-azure: warning: values.yaml:3:404: nested too deeply for this extension to read (it reads up to 400 levels); not checked\n',
  );
  const checked = run(['check', 'deep.json', 'values.yaml'], dir);
  assert.deepEqual([checked.code, checked.stderr], [named.code, named.stderr], 'check says the same, with its code');
  // Found in a folder: the values file, which looks like one of ours, is named by both; the bare JSON is passed over.
  const foundByIndex = run(['index', '.'], dir);
  const valuesOnly =
    'anyscale-azure: warning: values.yaml:3:404: nested too deeply for this extension to read (it reads up to 400 levels); not checked\n';
  assert.deepEqual([foundByIndex.code, foundByIndex.stderr], [0, valuesOnly]);
  const foundByCheck = run(['check', '.'], dir);
  assert.deepEqual([foundByCheck.code, foundByCheck.stderr], [0, valuesOnly], 'check names it as index does');
});

/**
 * Its parameter file: a template's $schema (parameter-file-schema, a warning by default), "azure" (provider-invalid,
 * also reported in the template where it is used), an entry without a value that the template does not declare
 * (parameter-file-value-missing and parameter-file-undeclared), and one more silenced by a comment.
 */
const PARAMETER_FILE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "provider": { "value": "azure" },
    "bucket": { "value": "abfss://data@acct.dfs.core.windows.net" },
    // anyscale-azure-disable-next-line parameter-file-value-missing, parameter-file-undeclared -- a note
    "note": { "type": "string" },
    "extra": { "type": "string" }
  }
}
`;

test("a parameter file's own problems count, at the levels of its .anyscale-azure.json, in its entry and its cloud, which counts what check counts", () => {
  const dir = temporaryDirectory('anyscale-index-params-');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.writeFileSync(path.join(dir, 'infra', 'cloud.json'), PROVIDER_TEMPLATE);
  fs.writeFileSync(path.join(dir, 'infra', 'cloud.parameters.json'), PARAMETER_FILE);
  const counts = () => {
    const { code, stdout, stderr } = run(['index', '--format', 'json', 'infra'], dir);
    assert.equal(code, 0, stderr);
    const [cloud] = (JSON.parse(stdout) as { clouds: Array<CloudJson & { problems: object }> }).clouds;
    const parameterFile = cloud.cloudResources[0].files.find((file) => file.kind === 'parameterFile')!;
    // check's summary: `N problems (E errors, W warnings, I info) in F files checked.`
    const summary = /\((\d+) errors?, (\d+) warnings?, (\d+) info\)/.exec(run(['check', 'infra'], dir).stdout)!;
    const [error, warning, info] = summary.slice(1).map(Number);
    assert.deepEqual(cloud.problems, { error, warning, info }, "the cloud counts what check's summary counts");
    return { cloud: cloud.problems, parameterFile: parameterFile.problems };
  };
  // The parameter file: provider-invalid, parameter-file-undeclared, parameter-file-value-missing and the schema;
  // the cloud: provider-invalid where the template uses the value and where the parameter file writes it, as check
  // lists it, and the parameter file's other three.
  assert.deepEqual(counts(), {
    cloud: { error: 4, warning: 1, info: 0 },
    parameterFile: { error: 3, warning: 1, info: 0 },
  });
  fs.writeFileSync(
    path.join(dir, 'infra', '.anyscale-azure.json'),
    '{ "rules": { "parameter-file-schema": "error" } }',
  );
  assert.deepEqual(counts(), {
    cloud: { error: 5, warning: 0, info: 0 },
    parameterFile: { error: 4, warning: 0, info: 0 },
  });
});

test("what a parameter file's value causes counts in its entry at the parameter file's levels, in its cloud at both files' levels", async () => {
  const dir = temporaryDirectory('anyscale-index-value-levels-');
  fs.writeFileSync(path.join(dir, 'cloud.json'), PROVIDER_TEMPLATE);
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), parametersFile('Aws'));
  // Beside its template, a parameter file has the template's .anyscale-azure.json; two configs that differ come
  // through the lookup `index` is given (the editor's anyscaleAzure.parameterFiles puts them in different folders).
  const configs: Record<string, Record<string, 'error' | 'warning'>> = {
    'cloud.json': { 'provider-invalid': 'warning' },
    'cloud.parameters.json': { 'provider-invalid': 'error' },
  };
  const { targets } = expand(['.'], dir);
  const { clouds } = await indexTargets(targets, { cwd: dir, configLevels: (file) => configs[path.basename(file)] });
  const [cloud] = clouds;
  const parameterFile = cloud.cloudResources[0].files.find((file) => file.kind === 'parameterFile')!;
  // "Aws" on the primary: provider-invalid (an error in the parameter file, a warning where the template uses the
  // value) and primary-resource-not-azure (an error in both); the cloud counts each where it is shown.
  assert.deepEqual(
    { cloud: cloud.problems, parameterFile: parameterFile.problems },
    { cloud: { error: 3, warning: 1, info: 0 }, parameterFile: { error: 2, warning: 0, info: 0 } },
  );
});

test("a file over check's 16 MB: passed over without what the index reads, named and exit 2 with it; check names every such file", () => {
  const dir = temporaryDirectory('anyscale-index-large-');
  const over = 17 * 1024 * 1024;
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.mkdirSync(path.join(dir, 'data'));
  fs.writeFileSync(path.join(dir, 'infra', 'cloud.json'), PROVIDER_TEMPLATE);
  // A 17 MB export that is not an ARM template: no Anyscale type, values key or Gateway apiVersion in it.
  const row = '{"id": 12345, "image": "s3://bucket/train/img_012345.jpg", "label": 3},\n';
  fs.writeFileSync(path.join(dir, 'data', 'export.json'), `[${row.repeat(Math.ceil(over / row.length))}{}]`);
  const clouds = (stdout: string) => (JSON.parse(stdout) as { clouds: CloudJson[] }).clouds.map((cloud) => cloud.name);
  const found = run(['index', '--format', 'json', 'infra', 'data'], dir);
  assert.deepEqual([found.code, found.stderr], [0, ''], 'found in a folder, it is passed over');
  assert.deepEqual(clouds(found.stdout), ['c']);
  const named = run(['index', '--format', 'json', 'data/export.json'], dir);
  assert.deepEqual([named.code, named.stderr], [0, ''], 'named, too: index reads nothing of a smaller one either');
  const checked = run(['check', 'data'], dir);
  assert.equal(checked.code, 2, 'check checks every template, not only the ones with Anyscale types');
  assert.match(checked.stderr, /^anyscale-azure: data\/export\.json: too large to check: 17\.0 MB/m);
  // A template whose Anyscale type comes after 17 MB, and a parameter file beside the template, no marker in it.
  fs.writeFileSync(
    path.join(dir, 'infra', 'huge.json'),
    `{"padding": "${'x'.repeat(over)}", "resources": [{"type": "Anyscale.Platform/clouds", "name": "huge"}]}`,
  );
  fs.writeFileSync(
    path.join(dir, 'infra', 'cloud.parameters.json'),
    `{"parameters": {"padding": {"value": "${'x'.repeat(over)}"}}}`,
  );
  const large = run(['index', '--format', 'json', 'infra', 'data'], dir);
  assert.equal(large.code, 2, 'a file the index would read could not be read');
  assert.deepEqual(clouds(large.stdout), ['c'], 'the index of the others is still printed');
  const TOO_LARGE =
    'too large to check: 17.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)';
  assert.deepEqual(large.stderr.trimEnd().split('\n').sort(), [
    `anyscale-azure: infra/cloud.parameters.json: ${TOO_LARGE}`,
    `anyscale-azure: infra/huge.json: ${TOO_LARGE}`,
  ]);
});

test('names written with format(), as Bicep emits them, and with copyIndex(): under the cloud declared, each copy named for its index', () => {
  const dir = temporaryDirectory('anyscale-index-names-');
  /** A template declaring the cloud `[parameters('cloudName')]` and a cloud resource named `name` (a loop of `count`). */
  const template = (name: string, count?: number) =>
    JSON.stringify(
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
        contentVersion: '1.0.0.0',
        parameters: { cloudName: { type: 'string' } },
        resources: [
          { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: "[parameters('cloudName')]" },
          {
            type: 'Anyscale.Platform/clouds/cloudResources',
            apiVersion: '2026-09-01',
            ...(count === undefined ? {} : { copy: { name: 'loop', count } }),
            name,
            properties: { provider: 'Generic', computeStack: 'K8S', cloudStorageBucketName: 's3://onprem' },
          },
        ],
      },
      null,
      2,
    );
  fs.mkdirSync(path.join(dir, 'bicep'));
  fs.mkdirSync(path.join(dir, 'copies'));
  fs.writeFileSync(path.join(dir, 'bicep', 'main.json'), template("[format('{0}/default', parameters('cloudName'))]"));
  fs.writeFileSync(
    path.join(dir, 'copies', 'main.json'),
    template("[concat(parameters('cloudName'), '/r', copyIndex())]", 2),
  );
  const rows = (folder: string) => {
    const { code, stdout, stderr } = run(['index', folder], dir);
    assert.equal(code, 0, stderr);
    return stdout
      .split('\n')
      .filter((line) => /^(cloud|├─|└─|\d)/.test(line))
      .map((line) => line.replace(/ \(\d+ (error|warning|info)[^)]*\)$/, ''));
  };
  assert.deepEqual(rows('bicep'), [
    "cloud [parameters('cloudName')] (not known before deployment) · declared in bicep/main.json:13",
    '└─ default · Generic · primary — bicep/main.json:18',
    '1 cloud, 1 cloud resource in 1 file read.',
  ]);
  assert.deepEqual(rows('copies'), [
    "cloud [parameters('cloudName')] (not known before deployment) · declared in copies/main.json:13",
    '├─ r0 · Generic · copyIndex 0 — copies/main.json:22',
    '└─ r1 · Generic · copyIndex 1 — copies/main.json:22',
    '1 cloud, 2 cloud resources in 1 file read.',
  ]);
});
