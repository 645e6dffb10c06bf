// Protocol tier for the workspace index: the bundled server, started on a copy of the fixture workspace
// (test/fixtures/index/workspace) plus an excluded folder, answers anyscaleAzure/workspaceIndex (a values file and
// the template's operator extension under the cloud resources whose provider they name; a cloud resource row of one
// parameter file counting what that file's run finds, on disk and open) and announces changes
// with anyscaleAzure/workspaceIndexChanged: once the first scan is done, then after the debounce naming only the
// cloud whose template was edited (a burst of keystrokes is one notification), or whose parameter file changed on
// disk; a request right after an edit reads that version, and an editor that never pauses still sees the tree follow
// it; files.exclude is honoured, and re-read when the configuration changes, as search.followSymlinks is (a folder
// linked from outside is read); an open template's cloud counts its parameter file's own problems at the levels the
// anyscaleAzure.rules setting gives; a template over check's 16 MB is named with check's message (a data file that
// size is not), until its folder goes; a template in UTF-16 is named with check's message while it is closed, and read
// from the editor's decoded text while it is open;
// a created folder whose walk stops at the file limit makes the index truncated, until it goes; what a parameter file's
// value causes counts in its row at its own config's levels, on disk and open, and in its cloud as the two open files'
// diagnostics count it; a parameter file the
// anyscaleAzure.parameterFiles setting assigns that is over check's 16 MB is named, until it shrinks, and so is one
// that cannot be read (a folder in its place, a broken link). A wait for a change waits for the notification that
// announces it, whatever other notifications come first.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  ResponseError,
  ErrorCodes,
  type Position,
} from 'vscode-languageserver-protocol/node';
import {
  WorkspaceIndexChangedNotification,
  WorkspaceIndexRequest,
  type IndexedCloud,
  type WorkspaceIndexChanged,
  type WorkspaceIndexResult,
} from '../../shared/protocol';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { MAX_FILE_BYTES } from '../../server/src/node/boundedRead';
import { MAX_FILES } from '../../server/src/node/workspaceScan';
import { FIXTURES } from '../support/paths';
import { PROVIDER_TEMPLATE, TWO_CONFIGS } from '../support/providerTemplate';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const DELAY_MS = 250;
/** Longer than the debounce and an analysis: a notification that was going to come has come. */
const SETTLE_MS = 1000;

let root: string;
let server: LspServer;
const uriOf = (...parts: string[]) => pathToFileURL(path.join(root, ...parts)).href;
const settings = (exclude: Record<string, boolean>) => ({ validation: { delay: DELAY_MS }, exclude });
const changes = () => server.notifications<WorkspaceIndexChanged>(WorkspaceIndexChangedNotification.method);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next change notification after the `seen` first ones. */
function nextChange(seen: number, what: string): Promise<WorkspaceIndexChanged> {
  return server.until(() => changes()[seen], what, 10_000);
}

/**
 * The first change notification after the `seen` first ones after which the index is in a state `reached` holds of,
 * and that index: one announcing something else first (a scan the settings of a test before started, still going) is
 * let by, so the wait depends on no pause being long enough.
 */
async function announced(
  own: LspServer,
  seen: number,
  what: string,
  reached: (index: WorkspaceIndexResult) => boolean,
  timeoutMs = 10_000,
): Promise<{ change: WorkspaceIndexChanged; index: WorkspaceIndexResult }> {
  const deadline = Date.now() + timeoutMs;
  for (let next = seen; ; next++) {
    const change = await own.until(
      () => own.notifications<WorkspaceIndexChanged>(WorkspaceIndexChangedNotification.method)[next],
      what,
      Math.max(deadline - Date.now(), 1),
    );
    const index = await own.connection.sendRequest(WorkspaceIndexRequest, {});
    if (reached(index)) return { change, index };
  }
}

/** How many change notifications had come once the first scan's was seen (test 1): those before the tests' edits. */
let firstScanNotifications = 0;

const labels = (clouds: IndexedCloud[]) => clouds.map((cloud) => cloud.label);

before(async () => {
  root = temporaryDirectory('anyscale-lsp-index-');
  fs.cpSync(path.join(FIXTURES, 'index', 'workspace'), root, { recursive: true });
  fs.mkdirSync(path.join(root, 'excluded'));
  const hidden = fs
    .readFileSync(path.join(root, 'symbolic', 'extra.json'), 'utf8')
    .replace(/My-Cloud/g, 'hidden-cloud');
  fs.writeFileSync(path.join(root, 'excluded', 'hidden.json'), hidden);
  // The harness answers every section of workspace/configuration with these settings: files.exclude is `exclude`.
  server = await startServer({
    settings: settings({ '**/excluded': true }),
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
    collect: [WorkspaceIndexChangedNotification.method],
  });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('after the first scan, a notification names every cloud and says the index is complete; the request answers them', async () => {
  // On a busy machine the scan may pause longer than the debounce: what it read by then is announced, not complete.
  const first = await server.until(() => changes().find((change) => change.complete), 'the first scan', 10_000);
  firstScanNotifications = changes().indexOf(first) + 1;
  const named = changes()
    .slice(0, firstScanNotifications)
    .flatMap((change) => change.clouds);
  assert.deepEqual(
    [...new Set(named)].sort(),
    [
      `cloud:${uriOf('unknown', 'cloud-resource.json')}#[parameters('cloudName')]`,
      'cloud:my-anyscale-cloud',
      'cloud:my-cloud',
    ].sort(),
  );
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, {});
  assert.equal(index.complete, true);
  assert.equal(index.truncated, false);
  assert.deepEqual(labels(index.clouds), ['my-anyscale-cloud', 'my-cloud', "[parameters('cloudName')]"]);
  const myCloud = index.clouds[1];
  assert.deepEqual(labels(myCloud.cloudResources as unknown as IndexedCloud[]), [
    'default',
    'eks-east',
    'gpu-1',
    'gpu-2',
    'extra',
  ]);
  assert.deepEqual(myCloud.cloudResources[1].problems, { error: 1, warning: 0, info: 0 });
  assert.deepEqual(myCloud.cloudResources[1].reveal, {
    uri: uriOf('infra', 'cloud.json'),
    range: { start: { line: 31, character: 14 }, end: { line: 31, character: 53 } },
  });
  // One declaration read with two parameter files: bucket-cors-required is the AWS file's run's, not the Azure one's.
  assert.deepEqual(
    index.clouds[0].cloudResources.map((resource) => [resource.label, resource.problems]),
    [
      ['eksuswest2', { error: 0, warning: 0, info: 1 }],
      ['aksuksouth', { error: 0, warning: 0, info: 0 }],
    ],
  );
});

test('a values file beside a template, and its operator extension, are answered under the cloud resources whose provider they name', async () => {
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, {});
  const myCloud = index.clouds.find((cloud) => cloud.label === 'my-cloud')!;
  // infra/values.yaml says cloudProvider azure: under the Azure ones, not under eks-east ("Aws").
  const withValues = myCloud.cloudResources
    .filter((resource) => resource.files.some((file) => file.uri === uriOf('infra', 'values.yaml')))
    .map((resource) => resource.label);
  assert.deepEqual(withValues, ['default', 'gpu-1', 'gpu-2']);
  // So is the template's own operator extension (global.cloudProvider azure).
  const withExtension = myCloud.cloudResources
    .filter((resource) =>
      resource.files.some((file) => file.kind === 'operatorExtension' && file.uri === uriOf('infra', 'cloud.json')),
    )
    .map((resource) => resource.label);
  assert.deepEqual(withExtension, ['default', 'gpu-1', 'gpu-2']);
});

test('files.exclude is honoured: the excluded template is not in the index', async () => {
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, {});
  assert.ok(!labels(index.clouds).includes('hidden-cloud'));
});

test('editing one template names only its cloud, once after a burst of keystrokes (each followed by a code action request, as an editor sends)', async () => {
  const uri = uriOf('infra', 'cloud.json');
  let text = fs.readFileSync(path.join(root, 'infra', 'cloud.json'), 'utf8');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  await server.diagnosticsFor(uri);
  await sleep(SETTLE_MS);
  const before = changes().length;
  assert.equal(
    before,
    firstScanNotifications,
    `opening a document as it is on disk changes no cloud: ${JSON.stringify(changes().slice(firstScanNotifications))}`,
  );
  // "eks-east" becomes "eks-west", one keystroke at a time.
  let offset = text.indexOf("'eks-east'") + 5;
  let version = 1;
  for (const key of ['', 'w', 'e', 's', 't']) {
    const lines = new LineIndex(text);
    const range =
      key === ''
        ? { start: lines.positionAt(offset), end: lines.positionAt(offset + 4) }
        : { start: lines.positionAt(offset), end: lines.positionAt(offset) };
    text =
      key === '' ? text.slice(0, offset) + text.slice(offset + 4) : text.slice(0, offset) + key + text.slice(offset);
    offset += key.length;
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version },
      contentChanges: [{ range, text: key }],
    });
    // A code action request has the version analysed at once: the index changes per keystroke, the notification must not.
    await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: range.start, end: range.start },
      context: { diagnostics: [] },
    });
    await sleep(10);
  }
  const change = await nextChange(before, 'the notification after the edits');
  assert.deepEqual(change.clouds, ['cloud:my-cloud']);
  await sleep(SETTLE_MS);
  assert.equal(
    changes().length,
    before + 1,
    `one notification for the burst: ${JSON.stringify(changes().slice(before))}`,
  );
  const one = await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:my-cloud' });
  assert.deepEqual(labels(one.clouds), ['my-cloud']);
  assert.deepEqual(labels(one.clouds[0].cloudResources as unknown as IndexedCloud[]), [
    'default',
    'eks-west',
    'gpu-1',
    'gpu-2',
    'extra',
  ]);
});

/**
 * Replaces the first `old` in the open infra/cloud.json (its file on disk with `disk.was` written as `disk.now`, as the
 * tests before left it) by `replacement`, as `version`, and waits for that version's diagnostics; where it was.
 */
async function replaceAndValidate(
  uri: string,
  version: number,
  disk: { was: string; now: string },
  old: string,
  replacement: string,
): Promise<Position> {
  const text = fs.readFileSync(path.join(root, 'infra', 'cloud.json'), 'utf8').replace(disk.was, disk.now);
  const offset = text.indexOf(old);
  const lines = new LineIndex(text);
  const since = server.mark();
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [
      { range: { start: lines.positionAt(offset), end: lines.positionAt(offset + old.length) }, text: replacement },
    ],
  });
  await server.diagnosticsFor(uri, (published) => published.version === version, 10_000, since);
  return lines.positionAt(offset);
}

test('a request right after the diagnostics of an edit reads that version (the outline recorded a moment later is taken at once)', async () => {
  const uri = uriOf('infra', 'cloud.json');
  const before = changes().length;
  // Continues the document the test above opened and edited ("eks-west", version 6).
  await replaceAndValidate(uri, 7, { was: "'eks-east'", now: "'eks-west'" }, 'eks-west', 'eks-nort');
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:my-cloud' });
  assert.ok(
    labels(index.clouds[0].cloudResources as unknown as IndexedCloud[]).includes('eks-nort'),
    `the edited name: ${JSON.stringify(labels(index.clouds[0].cloudResources as unknown as IndexedCloud[]))}`,
  );
  const change = await nextChange(before, 'the notification of the edit');
  assert.deepEqual(change.clouds, ['cloud:my-cloud'], 'the tree is told too');
});

test('an editor that keeps asking (a request every 100 ms) still sees the tree follow an edit, within seconds', async () => {
  const uri = uriOf('infra', 'cloud.json');
  const before = changes().length;
  // Continues the test above ("eks-nort", version 7). The region is in the tree, not in what other files are checked
  // against: only the outline changes.
  const position = await replaceAndValidate(uri, 8, { was: "'eks-east'", now: "'eks-nort'" }, 'us-east-1', 'us-east-2');
  // Hover after hover, never quiet for the 300 ms the outline waits for: it is recorded at the latest 3 s on.
  const started = Date.now();
  while (changes().length === before && Date.now() - started < 15_000) {
    await server.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position,
    });
    await sleep(100);
  }
  assert.ok(changes().length > before, `no change announced in ${Date.now() - started} ms of requests`);
  assert.deepEqual(changes()[before].clouds, ['cloud:my-cloud']);
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:my-cloud' });
  const eks = (index.clouds[0].cloudResources as unknown as IndexedCloud[]).find((r) => r.label === 'eks-nort');
  assert.match(JSON.stringify(eks), /us-east-2/);
});

test('a parameter file changed on disk names only the cloud of its template', async () => {
  const before = changes().length;
  const file = path.join(root, 'params', 'cloudresource.parameters.aws.json');
  const written = fs.readFileSync(file, 'utf8');
  const changeOnDisk = async (text: string, after: number) => {
    fs.writeFileSync(file, text);
    await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(file).href, type: FileChangeType.Changed }],
    });
    return nextChange(after, 'the notification after the parameter file changed');
  };
  const change = await changeOnDisk(written.replace('"eksuswest2"', '"eksuseast1"'), before);
  assert.deepEqual(change.clouds, ['cloud:my-anyscale-cloud']);
  const index = await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:my-anyscale-cloud' });
  assert.deepEqual(labels(index.clouds[0].cloudResources as unknown as IndexedCloud[]), ['eksuseast1', 'aksuksouth']);
  // Back as it was, for the tests after this one.
  await changeOnDisk(written, changes().length);
});

test('the excludes are read again when the configuration changes', async () => {
  const before = changes().length;
  server.setSettings(settings({}));
  await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  const change = await nextChange(before, 'the notification after the excludes changed');
  assert.deepEqual(change.clouds, ['cloud:hidden-cloud']);
});

test('a folder linked from outside the workspace is read, and passed over once search.followSymlinks is off', async () => {
  const outside = temporaryDirectory('anyscale-lsp-index-linked-');
  fs.writeFileSync(path.join(outside, 'cloud.json'), PROVIDER_TEMPLATE);
  fs.symlinkSync(outside, path.join(root, 'linked'));
  try {
    // No file watcher here: a configuration change has the workspace scanned again.
    let before = changes().length;
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const followed = await announced(server, before, 'the linked cloud', (index) => labels(index.clouds).includes('c'));
    assert.deepEqual(followed.change.clouds, ['cloud:c']);
    before = changes().length;
    // The harness answers the search section with these settings too: search.followSymlinks is off.
    server.setSettings({ ...settings({}), followSymlinks: false });
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await announced(server, before, 'the linked cloud gone', (index) => !labels(index.clouds).includes('c'));
  } finally {
    fs.unlinkSync(path.join(root, 'linked'));
    server.setSettings(settings({}));
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await sleep(SETTLE_MS);
  }
});

test("an open template's cloud counts its parameter file's own problems, at the levels the anyscaleAzure.rules setting gives", async () => {
  const file = path.join(root, 'params', 'cloudresource.parameters.aws.json');
  const written = fs.readFileSync(file, 'utf8');
  // A template's $schema: parameter-file-schema, a warning by default. The open template reads the file from disk.
  fs.writeFileSync(file, written.replace('deploymentParameters.json#', 'deploymentTemplate.json#'));
  const uri = uriOf('params', 'cloudresource.json');
  const cloud = async () =>
    (await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:my-anyscale-cloud' })).clouds[0];
  const problems = async () => (await cloud()).problems;
  try {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: {
        uri,
        languageId: 'json',
        version: 1,
        text: fs.readFileSync(path.join(root, 'params', 'cloudresource.json'), 'utf8'),
      },
    });
    await server.diagnosticsFor(uri);
    // bucket-cors-required (in the template, where the AWS file's bucket is used, and in the AWS file, where it is
    // written) and the parameter file's $schema.
    assert.deepEqual(await problems(), { error: 0, warning: 1, info: 2 });
    // The open template's rows, by their files (an earlier test renamed the AWS file's cloud resource):
    // bucket-cors-required on the AWS file's only.
    assert.deepEqual(
      (await cloud()).cloudResources.map((resource) => [
        resource.parameterFiles.map((uri) => path.basename(uri)),
        resource.problems,
      ]),
      [
        [['cloudresource.parameters.aws.json'], { error: 0, warning: 0, info: 1 }],
        [['cloudresource.parameters.azure.json'], { error: 0, warning: 0, info: 0 }],
      ],
    );
    server.setSettings({ ...settings({}), rules: { 'parameter-file-schema': 'error' } });
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    let now = await problems();
    for (const started = Date.now(); now.error === 0 && Date.now() - started < 10_000; now = await problems())
      await sleep(100);
    assert.deepEqual(now, { error: 1, warning: 0, info: 2 });
  } finally {
    server.setSettings(settings({}));
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    fs.writeFileSync(file, written);
  }
});

test("a template over check's 16 MB is announced and named with check's message, a data file not; forgotten when its folder is deleted", async () => {
  const folder = path.join(root, 'large');
  const file = path.join(folder, 'huge.json');
  fs.mkdirSync(folder);
  fs.writeFileSync(
    file,
    `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}", "resources": [{"type": "Anyscale.Platform/clouds"}]}`,
  );
  fs.writeFileSync(path.join(folder, 'training-manifest.json'), `{"rows": "${'x'.repeat(MAX_FILE_BYTES)}"}`);
  let before = changes().length;
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Created }],
  });
  const { index: named } = await announced(
    server,
    before,
    'the notification after a file over the limit appeared',
    (index) => index.unread.length > 0,
  );
  assert.deepEqual(named.unread, [
    {
      uri: pathToFileURL(file).href,
      reason:
        'too large to check: 16.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)',
    },
  ]);
  before = changes().length;
  fs.rmSync(folder, { recursive: true });
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }],
  });
  await announced(
    server,
    before,
    'the notification after its folder was deleted',
    (index) => index.unread.length === 0,
  );
});

test("a template in UTF-16 is named with check's message while closed; open, the editor's decoded text is read", async () => {
  const folder = path.join(root, 'powershell');
  const file = path.join(folder, 'cloud.json');
  const uri = pathToFileURL(file).href;
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    resources: [
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: 'utf16-cloud/default',
        location: 'uksouth',
        properties: { provider: 'Azure', computeStack: 'K8S', region: 'uksouth' },
      },
    ],
  });
  fs.mkdirSync(folder);
  // As Windows PowerShell 5's `>` writes it: UTF-16 LE with its byte order mark.
  fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
  const named = [{ uri, reason: 'UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8' }];
  let before = changes().length;
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Created }],
  });
  const { index: closed } = await announced(server, before, 'the UTF-16 template named', (index) =>
    index.unread.some((file) => file.uri === uri),
  );
  assert.deepEqual(
    closed.unread.filter((file) => file.uri === uri),
    named,
  );
  assert.ok(!labels(closed.clouds).includes('utf16-cloud'));
  try {
    before = changes().length;
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text },
    });
    const { index: open } = await announced(server, before, 'the open template read', (index) =>
      labels(index.clouds).includes('utf16-cloud'),
    );
    assert.deepEqual(
      open.unread.filter((file) => file.uri === uri),
      [],
      'open, it is not named',
    );
    before = changes().length;
    await server.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    const { index: again } = await announced(server, before, 'the closed template named again', (index) =>
      index.unread.some((file) => file.uri === uri),
    );
    assert.ok(!labels(again.clouds).includes('utf16-cloud'), 'closed, its cloud goes with the editor text');
  } finally {
    fs.rmSync(folder, { recursive: true });
    await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }],
    });
  }
});

test('a state the client read before its announcement is announced when it goes: a file unreadable, then deleted, within one delay', async () => {
  const folder = temporaryDirectory('anyscale-index-served-');
  fs.writeFileSync(path.join(folder, 'cloud.json'), PROVIDER_TEMPLATE);
  // A long delay: the state is read, and gone again, before any notification would announce it.
  const own = await startServer({
    settings: { validation: { delay: 2_000 } },
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'workspace' }],
    collect: [WorkspaceIndexChangedNotification.method],
  });
  const index = () => own.connection.sendRequest(WorkspaceIndexRequest, {});
  try {
    await own.until(
      () => own.notifications<WorkspaceIndexChanged>(WorkspaceIndexChangedNotification.method).find((n) => n.complete),
      "the first scan's notification",
      10_000,
    );
    const large = path.join(folder, 'large');
    fs.mkdirSync(large);
    fs.writeFileSync(
      path.join(large, 'huge.json'),
      `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}", "resources": [{"type": "Anyscale.Platform/clouds"}]}`,
    );
    await own.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(large).href, type: FileChangeType.Created }],
    });
    // The tree asks (a view opened): it shows the file as not read.
    for (const started = Date.now(); (await index()).unread.length === 0; await sleep(20))
      assert.ok(Date.now() - started < 10_000, 'the file over the limit was not named within 10 s');
    const before = own.notifications(WorkspaceIndexChangedNotification.method).length;
    fs.rmSync(large, { recursive: true });
    await own.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(large).href, type: FileChangeType.Deleted }],
    });
    await announced(own, before, 'the notification after the folder went', (now) => now.unread.length === 0);
  } finally {
    assert.equal(await own.stop(), 0);
  }
});

test('a created folder whose walk stops at the 20,000-file limit makes the index truncated, until the folder goes', async () => {
  const folder = path.join(root, 'many');
  fs.mkdirSync(folder);
  for (let i = 0; i <= MAX_FILES; i++) fs.writeFileSync(path.join(folder, `v${i}.yaml`), 'a: 1\n');
  let before = changes().length;
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Created }],
  });
  const stopped = await announced(
    server,
    before,
    'the notification after the walk stopped',
    (index) => index.truncated,
    60_000,
  );
  assert.deepEqual(stopped.change.clouds, [], 'no cloud changed: only the state');
  before = changes().length;
  fs.rmSync(folder, { recursive: true });
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }],
  });
  await announced(server, before, 'the notification after the folder went', (index) => !index.truncated);
});

test('a request for a cloud that is not there answers no cloud; a cloud that is not a string is InvalidParams', async () => {
  assert.deepEqual((await server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 'cloud:nothing' })).clouds, []);
  await assert.rejects(
    server.connection.sendRequest(WorkspaceIndexRequest, { cloud: 5 } as never),
    (error: ResponseError<unknown>) => {
      assert.equal(error.code, ErrorCodes.InvalidParams);
      assert.match(error.message, /params\.cloud must be a string/);
      return true;
    },
  );
});

test("a parameter file's value problems count at its config's levels, on disk and open, as the editor shows them; the cloud's as the two files' diagnostics", async () => {
  const folder = temporaryDirectory('anyscale-index-levels-');
  const inFolder = (...parts: string[]) => path.join(folder, ...parts);
  for (const [name, text] of Object.entries(TWO_CONFIGS)) {
    fs.mkdirSync(path.dirname(inFolder(name)), { recursive: true });
    fs.writeFileSync(inFolder(name), text);
  }
  const own = await startServer({
    settings: { validation: { delay: 20 }, parameterFiles: { 'infra/cloud.json': ['shared/p.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'workspace' }],
  });
  /** The cloud's problems and its parameter file's (the row under its cloud resource). */
  const counts = async () => {
    const [cloud] = (await own.connection.sendRequest(WorkspaceIndexRequest, {})).clouds;
    const parameterFile = cloud.cloudResources[0].files.find((file) => file.kind === 'parameterFile')!;
    return { cloud: cloud.problems, parameterFile: parameterFile.problems };
  };
  // "Aws" on the primary cloud resource: provider-invalid and primary-resource-not-azure (an error everywhere). The
  // parameter file's provider-invalid is at shared/'s error; the template's, where it uses the value, at infra/'s
  // warning, and the cloud counts each value's problem where each file shows it.
  const expected = { cloud: { error: 3, warning: 1, info: 0 }, parameterFile: { error: 2, warning: 0, info: 0 } };
  try {
    while (!(await own.connection.sendRequest(WorkspaceIndexRequest, {})).complete) await sleep(20);
    assert.deepEqual(await counts(), expected, 'read from disk by the scan');
    const uri = pathToFileURL(inFolder('infra', 'cloud.json')).href;
    await own.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text: PROVIDER_TEMPLATE },
    });
    const shown = [await own.diagnosticsFor(uri)];
    assert.deepEqual(await counts(), expected, "the open template's outline");
    // What the editor's status bar counts with both files open: the diagnostics published for each.
    const parameterUri = pathToFileURL(inFolder('shared', 'p.json')).href;
    await own.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: parameterUri, languageId: 'json', version: 1, text: TWO_CONFIGS['shared/p.json'] },
    });
    shown.push(await own.diagnosticsFor(parameterUri));
    const bySeverity = (severity: number) =>
      shown.flatMap((published) => published.diagnostics).filter((diagnostic) => diagnostic.severity === severity)
        .length;
    assert.deepEqual(
      { error: bySeverity(1), warning: bySeverity(2), info: bySeverity(3) },
      (await counts()).cloud,
      'the cloud counts what the two files show',
    );
  } finally {
    assert.equal(await own.stop(), 0);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("a parameter file the anyscaleAzure.parameterFiles setting assigns, over check's 16 MB, is named with check's message, until it shrinks", async () => {
  const folder = temporaryDirectory('anyscale-index-unread-parameters-');
  const inFolder = (...parts: string[]) => path.join(folder, ...parts);
  for (const [name, text] of Object.entries(TWO_CONFIGS)) {
    fs.mkdirSync(path.dirname(inFolder(name)), { recursive: true });
    fs.writeFileSync(inFolder(name), text);
  }
  // Not beside its template and no marker in it: only its template's reading can name it.
  const parameterFile = inFolder('shared', 'p.json');
  fs.writeFileSync(
    parameterFile,
    TWO_CONFIGS['shared/p.json'].replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`),
  );
  const own = await startServer({
    settings: { validation: { delay: 20 }, parameterFiles: { 'infra/cloud.json': ['shared/p.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'workspace' }],
    collect: [WorkspaceIndexChangedNotification.method],
  });
  const unread = async () => (await own.connection.sendRequest(WorkspaceIndexRequest, {})).unread;
  try {
    while (!(await own.connection.sendRequest(WorkspaceIndexRequest, {})).complete) await sleep(20);
    assert.deepEqual(await unread(), [
      {
        uri: pathToFileURL(parameterFile).href,
        reason:
          'too large to check: 16.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)',
      },
    ]);
    const before = own.notifications(WorkspaceIndexChangedNotification.method).length;
    fs.writeFileSync(parameterFile, TWO_CONFIGS['shared/p.json']);
    await own.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(parameterFile).href, type: FileChangeType.Changed }],
    });
    await announced(
      own,
      before,
      'the notification after the parameter file shrank',
      (index) => index.unread.length === 0,
    );
  } finally {
    assert.equal(await own.stop(), 0);
  }
});

test('a parameter file the anyscaleAzure.parameterFiles setting assigns that cannot be read is named: a folder in its place, a broken link', async () => {
  const folder = temporaryDirectory('anyscale-index-unreadable-parameters-');
  const inFolder = (...parts: string[]) => path.join(folder, ...parts);
  for (const [name, text] of Object.entries(TWO_CONFIGS)) {
    fs.mkdirSync(path.dirname(inFolder(name)), { recursive: true });
    if (name !== 'shared/p.json') fs.writeFileSync(inFolder(name), text);
  }
  // Tests run as root, who may read any file: a folder and a broken link are what cannot be read.
  const parameterFile = inFolder('shared', 'p.json');
  fs.mkdirSync(parameterFile);
  const link = inFolder('shared', 'q.json');
  fs.symlinkSync('gone.json', link);
  const own = await startServer({
    settings: { validation: { delay: 20 }, parameterFiles: { 'infra/cloud.json': ['shared/p.json', 'shared/q.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'workspace' }],
    collect: [WorkspaceIndexChangedNotification.method],
  });
  const brokenLink = { uri: pathToFileURL(link).href, reason: 'broken symbolic link to gone.json' };
  try {
    const { index } = await announced(own, 0, 'the first scan', (answer) => answer.complete);
    assert.deepEqual(index.unread, [{ uri: pathToFileURL(parameterFile).href, reason: 'is a folder' }, brokenLink]);
    // A file takes the folder's place (a delete and a create of the path): read, and no longer named.
    const before = own.notifications(WorkspaceIndexChangedNotification.method).length;
    fs.rmdirSync(parameterFile);
    fs.writeFileSync(parameterFile, TWO_CONFIGS['shared/p.json']);
    await own.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [
        { uri: pathToFileURL(parameterFile).href, type: FileChangeType.Deleted },
        { uri: pathToFileURL(parameterFile).href, type: FileChangeType.Created },
      ],
    });
    const { index: after } = await announced(
      own,
      before,
      'the notification after a file took the folder’s place',
      (answer) => answer.unread.length === 1,
    );
    assert.deepEqual(after.unread, [brokenLink]);
    const files = after.clouds[0].cloudResources[0].files;
    assert.ok(
      files.some((file) => file.kind === 'parameterFile'),
      `the template is read with it: ${JSON.stringify(files.map((file) => file.kind))}`,
    );
  } finally {
    assert.equal(await own.stop(), 0);
  }
});
