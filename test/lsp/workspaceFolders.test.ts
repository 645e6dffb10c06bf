// Protocol tier for workspace folders: the bundled server, started on one folder of a multi-root workspace, follows
// workspace/didChangeWorkspaceFolders (the workspace index gains the clouds of a folder added and loses those of a
// folder removed, without a restart, as VS Code sends no restart for either), and reads `files.exclude` per folder
// (each folder of a multi-root workspace may set its own).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWorkspaceFoldersNotification, type ConfigurationItem } from 'vscode-languageserver-protocol/node';
import {
  WorkspaceIndexChangedNotification,
  WorkspaceIndexRequest,
  type WorkspaceIndexChanged,
} from '../../shared/protocol';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

let parent: string;
let server: LspServer;
/** Each folder holds a template of its own cloud, and one more under `archive/`, which only folder `b` excludes. */
const folder = (name: string) => ({ uri: pathToFileURL(path.join(parent, name)).href, name });
const changes = () => server.notifications<WorkspaceIndexChanged>(WorkspaceIndexChangedNotification.method);

/** The cloud labels of the index. */
async function clouds(): Promise<string[]> {
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, {});
  return index.clouds.map((cloud) => cloud.label).sort();
}

/** The cloud labels of the index once a change notification after the `seen` first ones has come. */
async function cloudsAfterChange(seen: number, what: string): Promise<string[]> {
  await server.until(() => changes()[seen], what, 10_000);
  return clouds();
}

before(async () => {
  parent = temporaryDirectory('anyscale-lsp-folders-');
  const template = fs.readFileSync(path.join(FIXTURES, 'index', 'workspace', 'symbolic', 'extra.json'), 'utf8');
  for (const name of ['a', 'b']) {
    fs.mkdirSync(path.join(parent, name, 'archive'), { recursive: true });
    fs.writeFileSync(path.join(parent, name, 'cloud.json'), template.replace(/My-Cloud/g, `cloud-${name}`));
    fs.writeFileSync(path.join(parent, name, 'archive', 'old.json'), template.replace(/My-Cloud/g, `old-${name}`));
  }
  const b = folder('b').uri;
  server = await startServer({
    capabilities: { workspace: { configuration: true, workspaceFolders: true } },
    // files.exclude as each folder sets it: folder b hides its archive, folder a does not.
    settings: (item: ConfigurationItem) =>
      item.section === 'files' ? { exclude: item.scopeUri === b ? { archive: true } : {} } : {},
    workspaceFolders: [folder('a')],
    collect: [WorkspaceIndexChangedNotification.method],
  });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('the server says it follows workspace folder changes', () => {
  assert.deepEqual(server.initializeResult.capabilities.workspace?.workspaceFolders, {
    supported: true,
    changeNotifications: true,
  });
});

test('the first scan reads the one folder, whose files.exclude excludes nothing', async () => {
  // The notification that says the index is complete: on a busy machine, one before it may announce part of the scan.
  await server.until(
    () => changes().find((change) => change.complete),
    'the notification after the first scan',
    10_000,
  );
  assert.deepEqual(await clouds(), ['cloud-a', 'old-a']);
});

test('a folder added is scanned with its own files.exclude; a folder removed leaves the index', async () => {
  const seen = changes().length;
  await server.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, {
    event: { added: [folder('b')], removed: [] },
  });
  assert.deepEqual(await cloudsAfterChange(seen, 'the notification after folder b was added'), [
    'cloud-a',
    'cloud-b',
    'old-a',
  ]);
  const before = changes().length;
  await server.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, {
    event: { added: [], removed: [folder('a')] },
  });
  assert.deepEqual(await cloudsAfterChange(before, 'the notification after folder a was removed'), ['cloud-b']);
});
