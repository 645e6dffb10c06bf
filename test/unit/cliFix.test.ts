// `anyscale-azure check --fix` and `--fix-dry-run` on real files in a temp folder: the built launcher spawned as CI
// runs it. The fixed text, an expression left alone, a parameter file's value fixed, the dry run's diff (applied by
// `git apply` to a copy) and the files it must not touch.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { REPO_ROOT } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';
import { fixFiles } from '../../server/src/cli/fix';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');

/** Another user to run the CLI as: its uid and gid, and a copy of the CLI that user may read. */
interface OtherUser {
  uid: number;
  gid: number;
  cli: string;
}

function run(args: string[], cwd: string, user?: OtherUser) {
  const result = spawnSync(process.execPath, [user?.cli ?? CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cloudResource = (name: string, provider: string, bucket: string, identity: string, after?: string) =>
  [
    '    {',
    '      "type": "Anyscale.Platform/clouds/cloudResources",',
    '      "apiVersion": "2026-09-01",',
    `      "name": "my-cloud/${name}",`,
    '      "location": "westus2",',
    ...(after
      ? [`      "dependsOn": ["[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', '${after}')]"],`]
      : []),
    '      "properties": {',
    `        "provider": "${provider}",`,
    '        "computeStack": "K8S",',
    '        "region": "us-west-2",',
    `        "cloudStorageBucketName": "${bucket}",`,
    `        "anyscaleOperatorIamIdentity": "${identity}"`,
    '      }',
    '    }',
  ].join('\n');

/** A literal "Aws" (fixed), an expression evaluating to "gcp" (reported, left alone), a parameter whose file says "Aws". */
const TEMPLATE = [
  '{',
  '  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",',
  '  "contentVersion": "1.0.0.0",',
  '  "parameters": {',
  '    "otherProvider": { "type": "string" }',
  '  },',
  '  "resources": [',
  [
    cloudResource('eks', 'Aws', 's3://bucket-one', 'arn:aws:iam::123456789012:role/one'),
    cloudResource('gke', "[toLower('GCP')]", 'gs://bucket-two', 'operator@project.iam.gserviceaccount.com', 'eks'),
    cloudResource(
      'third',
      "[parameters('otherProvider')]",
      's3://bucket-three',
      'arn:aws:iam::123456789012:role/three',
      'gke',
    ),
  ].join(',\n'),
  '  ]',
  '}',
  '',
].join('\n');

const PARAMETERS = [
  '{',
  '  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",',
  '  "contentVersion": "1.0.0.0",',
  '  "parameters": {',
  '    "otherProvider": { "value": "Aws" }',
  '  }',
  '}',
  '',
].join('\n');

function workspace(): string {
  const dir = temporaryDirectory('anyscale-fix-');
  fs.writeFileSync(path.join(dir, 'cloud.json'), TEMPLATE);
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), PARAMETERS);
  return dir;
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

test('--fix rewrites the literal and the parameter file value, leaves the expression, prints the changes and re-checks', () => {
  const dir = workspace();
  const { code, stdout, stderr } = run(['check', '--fix', '.'], dir);
  assert.equal(read(dir, 'cloud.json'), TEMPLATE.replace('"provider": "Aws"', '"provider": "AWS"'));
  assert.ok(read(dir, 'cloud.json').includes(`"provider": "[toLower('GCP')]"`), 'the expression is left as written');
  assert.equal(read(dir, 'cloud.parameters.json'), PARAMETERS.replace('"value": "Aws"', '"value": "AWS"'));
  const lines = stdout.split('\n');
  assert.deepEqual(
    lines.slice(0, 3),
    [
      'cloud.json:14:21 provider-invalid "Aws" → "AWS"',
      'cloud.parameters.json:5:33 provider-invalid "Aws" → "AWS"',
      'Fixed 2 files.',
    ],
    stdout,
  );
  // The findings are the fixed files': only the expression's provider-invalid is left, so the exit code is still 1.
  const invalid = lines.filter((line) => / provider-invalid /.test(line) && / error /.test(line));
  assert.deepEqual(
    invalid.map((line) => line.split(' ')[0]),
    ['cloud.json:28:21'],
    stdout,
  );
  assert.equal(code, 1, stderr);
  assert.equal(stderr, '');
});

/** A default "aws" that a storage account's name reads too (fix-all must leave it), and a literal "Aws" beside it. */
const SHARED_DEFAULT = [
  '{',
  '  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",',
  '  "contentVersion": "1.0.0.0",',
  '  "parameters": {',
  '    "cloudProvider": { "type": "string", "defaultValue": "aws" }',
  '  },',
  '  "resources": [',
  '    {',
  '      "type": "Microsoft.Storage/storageAccounts",',
  '      "apiVersion": "2023-05-01",',
  `      "name": "[concat('logs', parameters('cloudProvider'), uniqueString(resourceGroup().id))]",`,
  '      "location": "eastus",',
  '      "sku": { "name": "Standard_LRS" },',
  '      "kind": "StorageV2"',
  '    },',
  [
    cloudResource('eks', "[parameters('cloudProvider')]", 's3://bucket-one', 'arn:aws:iam::123456789012:role/one'),
    cloudResource('other', 'Aws', 's3://bucket-two', 'arn:aws:iam::123456789012:role/two', 'eks'),
  ].join(',\n'),
  '  ]',
  '}',
  '',
].join('\n');

test('--fix leaves a default other expressions read too, fixes the rest, and says which fix it did not apply', () => {
  const dir = temporaryDirectory('anyscale-fix-');
  fs.writeFileSync(path.join(dir, 'shared.json'), SHARED_DEFAULT);
  const dryRun = run(['check', '--fix-dry-run', 'shared.json'], dir);
  assert.ok(!dryRun.stdout.includes('not applied'), 'a dry run prints only the diff');
  assert.ok(!dryRun.stdout.includes('"defaultValue": "AWS"'), dryRun.stdout);
  const { stdout } = run(['check', '--fix', 'shared.json'], dir);
  assert.equal(read(dir, 'shared.json'), SHARED_DEFAULT.replace('"provider": "Aws"', '"provider": "AWS"'));
  assert.deepEqual(
    stdout.split('\n').slice(0, 3),
    [
      'shared.json:36:21 provider-invalid "Aws" → "AWS"',
      `shared.json:5:58 provider-invalid not applied: Change the default of parameter 'cloudProvider' to "AWS" (also read by 1 other expression)`,
      'Fixed 1 file.',
    ],
    stdout,
  );
  // Nothing left to apply: the line still says why the default stays, and nothing is written.
  const again = run(['check', '--fix', 'shared.json'], dir);
  assert.match(again.stdout, /^shared\.json:5:58 provider-invalid not applied: /);
  assert.ok(!again.stdout.includes('Fixed'), again.stdout);
  // A dry run with nothing but that fix left says it is held back, not that there is nothing to fix.
  assert.match(
    run(['check', '--fix-dry-run', 'shared.json'], dir).stdout,
    /^Nothing fix-all applies; 1 fix held back, as it rewrites a literal other expressions read too \(--fix lists it\)\.$/m,
  );
});

/** The primary cloud resource reading that shared default: provider-invalid offers Azure and AWS, neither preferred. */
const SHARED_DEFAULT_ON_PRIMARY = SHARED_DEFAULT.replace('"name": "my-cloud/eks"', '"name": "my-cloud/default"');

test('--fix prints no "not applied" line for alternatives fix-all never applies (Azure or AWS on the primary)', () => {
  const dir = temporaryDirectory('anyscale-fix-');
  fs.writeFileSync(path.join(dir, 'primary.json'), SHARED_DEFAULT_ON_PRIMARY);
  const { stdout } = run(['check', '--fix', 'primary.json'], dir);
  assert.match(stdout, /^primary\.json:5:58 error provider-invalid /m, 'the default is still reported');
  assert.ok(!stdout.includes('not applied'), stdout);
});

test('--fix prints one "not applied" line per finding, whatever number of held-back fixes it has', () => {
  const dir = temporaryDirectory('anyscale-fix-');
  const file = path.join(dir, 'shared.json');
  fs.writeFileSync(file, SHARED_DEFAULT);
  const start = SHARED_DEFAULT.indexOf('"aws"');
  const held = (newText: string) => ({
    title: `Change the default of parameter 'cloudProvider' to ${newText} (also read by 1 other expression)`,
    preferred: false,
    sharedLiteral: true,
    edits: [{ start, end: start + 5, newText }],
  });
  const finding = {
    code: 'provider-invalid',
    severity: 'error' as const,
    message: '',
    start,
    end: start + 5,
    fixes: [held('"AWS"'), held('"Azure"')],
  };
  const target = { display: 'shared.json', absolute: file, explicit: true };
  const { report } = fixFiles([{ target, text: SHARED_DEFAULT, findings: [finding] }], false);
  assert.equal(
    report,
    `shared.json:5:58 provider-invalid not applied: Change the default of parameter 'cloudProvider' to "AWS" (also read by 1 other expression)\n`,
  );
});

test('--fix-dry-run prints a unified diff that git applies, and writes nothing', () => {
  const dir = workspace();
  // The template named alone: the parameter file it is checked with is checked, and fixed, too.
  const { code, stdout } = run(['check', '--fix-dry-run', 'cloud.json'], dir);
  assert.equal(read(dir, 'cloud.json'), TEMPLATE);
  assert.equal(read(dir, 'cloud.parameters.json'), PARAMETERS);
  const diff = stdout.slice(0, stdout.indexOf('\ncloud.json:') + 1);
  assert.equal(
    diff,
    [
      '--- a/cloud.json',
      '+++ b/cloud.json',
      '@@ -11,7 +11,7 @@',
      '      "name": "my-cloud/eks",',
      '      "location": "westus2",',
      '      "properties": {',
      '-        "provider": "Aws",',
      '+        "provider": "AWS",',
      '         "computeStack": "K8S",',
      '         "region": "us-west-2",',
      '         "cloudStorageBucketName": "s3://bucket-one",',
      '--- a/cloud.parameters.json',
      '+++ b/cloud.parameters.json',
      '@@ -2,6 +2,6 @@',
      '   "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",',
      '   "contentVersion": "1.0.0.0",',
      '   "parameters": {',
      '-    "otherProvider": { "value": "Aws" }',
      '+    "otherProvider": { "value": "AWS" }',
      '   }',
      ' }',
      '',
    ]
      .join('\n')
      .replace(/^ {6}"/gm, '       "'),
  );
  // Real git applies it to a copy and gets what --fix writes.
  const copy = temporaryDirectory('anyscale-fix-apply-');
  fs.writeFileSync(path.join(copy, 'cloud.json'), TEMPLATE);
  fs.writeFileSync(path.join(copy, 'cloud.parameters.json'), PARAMETERS);
  fs.writeFileSync(path.join(copy, 'fix.diff'), diff);
  const applied = spawnSync('git', ['apply', 'fix.diff'], { cwd: copy, encoding: 'utf8' });
  assert.equal(applied.status, 0, applied.stderr);
  assert.equal(read(copy, 'cloud.json'), TEMPLATE.replace('"provider": "Aws"', '"provider": "AWS"'));
  assert.equal(read(copy, 'cloud.parameters.json'), PARAMETERS.replace('"value": "Aws"', '"value": "AWS"'));
  assert.equal(code, 1, 'the findings and exit code are those of the files as they are on disk');
  assert.match(stdout, /^cloud\.json:14:21 error provider-invalid /m);
});

test('--fix-dry-run with a file named by its absolute path: the diff names it relative to the current folder, so git applies it', () => {
  const dir = workspace();
  const { stdout } = run(['check', '--fix-dry-run', path.join(dir, 'cloud.json')], dir);
  const diff = stdout.slice(0, stdout.indexOf(`\n${path.join(dir, 'cloud.json')}:`) + 1);
  assert.match(diff, /^--- a\/cloud\.json\n\+\+\+ b\/cloud\.json\n/);
  assert.match(diff, /^--- a\/cloud\.parameters\.json$/m);
  const applied = spawnSync('git', ['apply', '--check', '-'], { cwd: dir, input: diff, encoding: 'utf8' });
  assert.equal(applied.status, 0, applied.stderr);
});

test('--fix-dry-run with a file outside the current folder: the diff names it ../…, which git apply --unsafe-paths applies there', () => {
  const dir = workspace();
  const below = path.join(dir, 'below');
  fs.mkdirSync(below);
  const { stdout } = run(['check', '--fix-dry-run', path.join(dir, 'cloud.json')], below);
  const diff = stdout.slice(0, stdout.indexOf(`\n${path.join(dir, 'cloud.json')}:`) + 1);
  assert.match(diff, /^--- a\/\.\.\/cloud\.json\n\+\+\+ b\/\.\.\/cloud\.json\n/);
  assert.doesNotMatch(diff, /a\/\//, 'no absolute path after a/');
  const applied = spawnSync('git', ['apply', '--unsafe-paths', '--check', '-'], {
    cwd: below,
    input: diff,
    encoding: 'utf8',
  });
  assert.equal(applied.status, 0, applied.stderr);
});

test('--fix-dry-run on a file written with \\r\\n: the diff keeps the \\r, so git applies it', () => {
  const dir = temporaryDirectory('anyscale-fix-crlf-');
  const crlf = TEMPLATE.replace(/\n/g, '\r\n');
  fs.writeFileSync(path.join(dir, 'cloud.json'), crlf);
  const { stdout } = run(['check', '--fix-dry-run', 'cloud.json'], dir);
  const diff = stdout.slice(0, stdout.indexOf('\ncloud.json:') + 1);
  assert.match(diff, /^-        "provider": "Aws",\r$/m);
  fs.writeFileSync(path.join(dir, 'fix.diff'), diff);
  const applied = spawnSync('git', ['apply', 'fix.diff'], { cwd: dir, encoding: 'utf8' });
  assert.equal(applied.status, 0, applied.stderr);
  assert.equal(read(dir, 'cloud.json'), crlf.replace('"provider": "Aws"', '"provider": "AWS"'));
});

test('--fix on a file written with \\r\\n: the line it adds (a missing region) ends with \\r\\n too', () => {
  const dir = temporaryDirectory('anyscale-fix-crlf-line-');
  const identity = '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b';
  const withoutRegion = cloudResource('aks', 'Azure', 'abfss://data@acct.dfs.core.windows.net', identity).replace(
    '        "region": "us-west-2",\n',
    '',
  );
  const crlf = [
    '{',
    '  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",',
    '  "contentVersion": "1.0.0.0",',
    '  "resources": [',
    withoutRegion,
    '  ]',
    '}',
    '',
  ]
    .join('\n')
    .replace(/\n/g, '\r\n');
  fs.writeFileSync(path.join(dir, 'cloud.json'), crlf);
  const { stdout } = run(['check', '--fix', 'cloud.json'], dir);
  assert.match(stdout, /region-missing/, stdout);
  const fixed = read(dir, 'cloud.json');
  assert.equal(fixed, crlf.replace('"properties": {\r\n', '"properties": {\r\n        "region": "westus2",\r\n'));
});

test('--fix-dry-run on a file with a byte-order mark and a fix near its first line: git applies the diff', () => {
  const dir = workspace();
  const withMark = `\uFEFF${PARAMETERS.replace('deploymentParameters.json#', 'deploymentTemplate.json#')}`;
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), withMark);
  const { stdout } = run(['check', '--fix-dry-run', 'cloud.parameters.json'], dir);
  const diff = stdout.slice(0, stdout.indexOf('\ncloud.parameters.json:') + 1);
  assert.match(diff, /^ \uFEFF\{$/m, 'the first line is shown with its mark');
  fs.writeFileSync(path.join(dir, 'fix.diff'), diff);
  const applied = spawnSync('git', ['apply', 'fix.diff'], { cwd: dir, encoding: 'utf8' });
  assert.equal(applied.status, 0, applied.stderr);
  assert.equal(read(dir, 'cloud.parameters.json'), `\uFEFF${PARAMETERS.replace('"Aws"', '"AWS"')}`);
});

test('--fix leaves a clean file, invalid JSON and a binary file untouched, with the usual messages', () => {
  const dir = workspace();
  const clean = TEMPLATE.replace('"provider": "Aws"', '"provider": "AWS"').replace(`[toLower('GCP')]`, 'GCP');
  fs.writeFileSync(path.join(dir, 'cloud.json'), clean);
  fs.writeFileSync(path.join(dir, 'cloud.parameters.json'), PARAMETERS.replace('Aws', 'AWS'));
  const broken = TEMPLATE.replace('"provider": "Aws",', '"provider": "Aws" "oops",');
  fs.writeFileSync(path.join(dir, 'broken.json'), broken);
  const binary = Buffer.from([0x7b, 0x00, 0x01, 0x7d]);
  fs.writeFileSync(path.join(dir, 'blob.json'), binary);
  const before = fs.statSync(path.join(dir, 'cloud.json')).mtimeMs;
  const { code, stdout, stderr } = run(['check', '--fix', 'cloud.json', 'broken.json', 'blob.json'], dir);
  assert.equal(read(dir, 'cloud.json'), clean);
  assert.equal(
    fs.statSync(path.join(dir, 'cloud.json')).mtimeMs,
    before,
    'a file with nothing to fix is not rewritten',
  );
  assert.equal(read(dir, 'broken.json'), broken);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'blob.json')), binary);
  assert.ok(!stdout.includes('→'), stdout);
  assert.match(stdout, /^broken\.json:\d+:\d+ error invalid-json /m);
  assert.match(stderr, /anyscale-azure: blob\.json: binary file, not checked/);
  assert.equal(code, 2);
});

test('--fix on a file it may not write: the file is named with why, in plain words, and left as it was', () => {
  const dir = workspace();
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, 'cloud.parameters.json'), 0o644);
  fs.chmodSync(path.join(dir, 'cloud.json'), 0o444);
  // Root writes a read-only file anyway: run as nobody then (65534, as on Debian), who may read but not write it,
  // with a copy of the launcher and the bundle in a folder anyone may read (root's checkout need not be).
  let user: OtherUser | undefined;
  if (process.getuid?.() === 0) {
    const copy = temporaryDirectory('anyscale-cli-copy-');
    for (const file of ['bin/anyscale-azure.js', 'dist/cli.js']) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
    }
    spawnSync('chmod', ['-R', 'a+rX', copy]);
    user = { uid: 65534, gid: 65534, cli: path.join(copy, 'bin', 'anyscale-azure.js') };
  }
  const { code, stderr } = run(['check', '--fix', 'cloud.json'], dir, user);
  assert.equal(code, 2, stderr);
  assert.match(stderr, /cloud\.json: cannot be written, not fixed: permission denied \(EACCES\)/);
  assert.ok(!stderr.includes(dir), 'the message names the file as given, not its absolute path');
  assert.equal(read(dir, 'cloud.json'), TEMPLATE);
});

test('--fix and --fix-dry-run together are a usage error', () => {
  const dir = workspace();
  const { code, stderr } = run(['check', '--fix', '--fix-dry-run', '.'], dir);
  assert.equal(code, 2);
  assert.match(stderr, /use either --fix or --fix-dry-run, not both/);
  assert.equal(read(dir, 'cloud.json'), TEMPLATE);
});

test('a file changed on disk since it was read is not written', () => {
  const dir = workspace();
  const file = path.join(dir, 'cloud.json');
  const target = { display: 'cloud.json', absolute: file, explicit: true };
  const start = TEMPLATE.indexOf('"Aws"');
  const findings = [
    {
      code: 'provider-invalid',
      severity: 'error' as const,
      message: '',
      start,
      end: start + 5,
      fixes: [{ title: 'AWS', preferred: true, edits: [{ start, end: start + 5, newText: '"AWS"' }] }],
    },
  ];
  const edited = TEMPLATE.replace('"region": "us-west-2"', '"region": "eu-west-1"');
  fs.writeFileSync(file, edited); // the user saved while the check ran
  const outcome = fixFiles([{ target, text: TEMPLATE, findings }], false);
  assert.equal(read(dir, 'cloud.json'), edited);
  assert.deepEqual(outcome.problems, [
    { file: 'cloud.json', message: 'changed on disk while being checked; not fixed' },
  ]);
  fs.writeFileSync(file, TEMPLATE);
  assert.deepEqual(fixFiles([{ target, text: TEMPLATE, findings }], false).problems, []);
  assert.equal(read(dir, 'cloud.json'), TEMPLATE.replace('"provider": "Aws"', '"provider": "AWS"'));
});
