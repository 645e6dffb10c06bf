// The folders every walk of the user's folders skips (node/walkRules.ts), the same for each: `anyscale-azure check`
// and `index` spawned with argv, egress's walk on the command line, the parameterFiles setting's template lookup and
// the editor's workspace scan.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WorkspaceScan } from '../../server/src/node/workspaceScan';
import { readWorkspaceFiles } from '../../server/src/node/egressWorkspace';
import { filesUnder } from '../../server/src/node/folderWalk';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { FIXTURES, REPO_ROOT } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
const RULE = path.join(FIXTURES, 'rules', 'values-iam-identity-is-principal-id');

test('the CLI (check, index, egress), the parameterFiles lookup and the workspace scan skip the same folders: node_modules and dot-folders', async () => {
  const root = temporaryDirectory('anyscale-walk-skips-');
  const folders = ['.azure', '.git', '.tools', '.vscode-test', 'dist', 'infra', 'node_modules', 'out'];
  for (const folder of folders) {
    fs.mkdirSync(path.join(root, folder));
    fs.copyFileSync(
      path.join(RULE, 'workspace', 'cloud-resource.json'),
      path.join(root, folder, 'cloud-resource.json'),
    );
    // A values file check warns about, against the template: check's JSON names the files it read by their findings.
    fs.copyFileSync(path.join(RULE, 'fail.yaml'), path.join(root, folder, 'values.yaml'));
  }
  /** The top folders of the files a walk read, in name order. */
  const topFolders = (files: readonly string[]) =>
    [...new Set(files.map((file) => path.relative(root, file).split(path.sep)[0]))].sort();
  const read = ['dist', 'infra', 'out'];

  const check = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', root], { encoding: 'utf8' });
  assert.equal(check.stderr, '');
  assert.deepEqual(topFolders(JSON.parse(check.stdout).map((f: { file: string }) => f.file)), read, 'check');

  const index = spawnSync(process.execPath, [CLI, 'index', '--format', 'json', root], { encoding: 'utf8' });
  assert.equal(index.status, 0, index.stderr);
  const clouds: Array<{ cloudResources: Array<{ file: string }> }> = JSON.parse(index.stdout).clouds;
  assert.deepEqual(topFolders(clouds.flatMap((c) => c.cloudResources.map((r) => r.file))), read, 'index');

  assert.deepEqual(topFolders((await readWorkspaceFiles([root])).files.map((f) => f.path)), read, 'egress');
  assert.deepEqual(topFolders(filesUnder([root], () => true, 1000)), read, 'the parameterFiles lookup');

  const workspace = new WorkspaceIndex();
  await new WorkspaceScan(workspace, () => false).scan([root]);
  const scanned = workspace.viewFrom(undefined).cloudResources.map((r) => fileURLToPath(r.uri));
  assert.deepEqual(topFolders(scanned), read, 'the workspace scan');
});

test('check and index warn when a folder named holds files to check only in folders they skip, naming those folders', () => {
  const root = temporaryDirectory('anyscale-walk-passed-over-');
  for (const folder of ['.deploy', '.git', 'node_modules', 'docs']) fs.mkdirSync(path.join(root, folder));
  fs.copyFileSync(path.join(RULE, 'workspace', 'cloud-resource.json'), path.join(root, '.deploy', 'cloud.json'));
  fs.writeFileSync(path.join(root, 'docs', 'notes.txt'), 'not a file check reads\n');
  const warning =
    'anyscale-azure: warning: .: no file to check; not searched: .deploy, node_modules ' +
    '(node_modules and dot-folders are skipped: name one to check it)\n';

  const check = spawnSync(process.execPath, [CLI, 'check', '.'], { cwd: root, encoding: 'utf8' });
  assert.equal(check.stderr, warning, 'check');
  assert.equal(check.status, 0, 'a warning, not a problem: the exit code is unchanged');
  const index = spawnSync(process.execPath, [CLI, 'index', '.'], { cwd: root, encoding: 'utf8' });
  assert.equal(index.stderr, warning, 'index');
  assert.equal(index.status, 0);

  // Naming the folder checks it; a folder named that has a file to check gets no warning.
  const named = spawnSync(process.execPath, [CLI, 'check', '.deploy'], { cwd: root, encoding: 'utf8' });
  assert.equal(named.stderr, '');
  assert.match(named.stdout, /in 1 file checked/, 'the template in .deploy is checked when named');
  fs.copyFileSync(path.join(RULE, 'workspace', 'cloud-resource.json'), path.join(root, 'docs', 'cloud.json'));
  assert.equal(spawnSync(process.execPath, [CLI, 'check', '.'], { cwd: root, encoding: 'utf8' }).stderr, '');
});
