// A multi-root workspace in a real VS Code (test/fixtures/e2e/multiroot): the Cloud Resources view follows a folder
// added to the workspace and removed from it, as the editor announces them to the language server, and each folder's
// own files.exclude applies to it. The folder changed is the second: changing the first would restart the extension
// host, and this suite with it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CloudNode } from '../../../../client/src/features/cloudTree/provider';
import { activateExtension, waitFor, type ExtensionApi } from '../helpers';
import { attributes, screenshot } from '../ui';

/** The Cloud Resources view's rows as the screen reads them out (see cloudTree.test.ts). */
const ROWS = '.part.sidebar .customview-tree .monaco-list-row';

/** The clouds the view shows, by label, sorted. */
function cloudsShown(api: ExtensionApi): string[] {
  return api.cloudTree
    .getChildren()
    .filter((node): node is CloudNode => node.kind === 'cloud')
    .map((node) => node.cloud.label)
    .sort();
}

/** Waits until the view shows exactly `expected`, or fails naming what it showed last. */
async function viewShows(api: ExtensionApi, expected: string[], when: string): Promise<void> {
  let shown: string[] = [];
  await waitFor(
    () => `${when}: the view to show ${expected.join(', ')} (it shows ${shown.join(', ') || 'nothing'})`,
    () => {
      shown = cloudsShown(api);
      return shown.join() === expected.join();
    },
    20000,
  );
}

/** Changes the workspace folders and waits for VS Code to say they changed. */
async function changeFolders(change: () => boolean): Promise<void> {
  const changed = new Promise<void>((resolve) => {
    const listener = vscode.workspace.onDidChangeWorkspaceFolders(() => {
      listener.dispose();
      resolve();
    });
  });
  assert.ok(change(), 'VS Code refused the change of workspace folders');
  await changed;
}

suite('A multi-root workspace in a real VS Code', () => {
  test('the Cloud Resources view follows a folder added and removed, each folder with its own files.exclude', async function () {
    // Three waits of up to 20 s each, so that a failure names what the view showed rather than mocha's 30 s.
    this.timeout(90000);
    const api = await activateExtension();
    const [a] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(a && vscode.workspace.workspaceFile, 'the suite runs in the fixture workspace file, on folder a');
    await viewShows(api, ['cloud-a', 'old-a'], 'on folder a, which excludes nothing');
    const b = vscode.Uri.joinPath(a.uri, '..', 'b');
    await changeFolders(() => vscode.workspace.updateWorkspaceFolders(1, 0, { uri: b }));
    await viewShows(api, ['cloud-a', 'cloud-b', 'old-a'], 'after folder b was added (its settings exclude archive/)');
    await vscode.commands.executeCommand('anyscaleAzure.cloudResources.focus');
    await waitFor('the row of cloud-b drawn in the view', async () =>
      (await attributes(ROWS, 'aria-label')).some((label) => label.startsWith('cloud-b')),
    );
    await screenshot('multiroot');
    await changeFolders(() => vscode.workspace.updateWorkspaceFolders(1, 1));
    await viewShows(api, ['cloud-a', 'old-a'], 'after folder b was removed');
  });
});
