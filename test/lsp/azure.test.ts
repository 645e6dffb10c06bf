// Protocol tier for the live Azure view: the bundled server takes the listing the client sends after "Connect to
// Azure" (anyscaleAzure/deployedAzure) and checks the workspace against it — an open template gets the drift
// diagnostic, a template on disk nobody opened counts it in the workspace index — until the client disconnects; a
// listing of the wrong shape is refused with a message and changes nothing; anyscaleAzure/cloudDeploymentIdEdit
// answers the edit that writes a deployed cloud resource's ID into an open values file, and says why when it can't.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidOpenTextDocumentNotification,
  ErrorCodes,
  ResponseError,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CloudDeploymentIdEditRequest,
  DeployedAzureNotification,
  WorkspaceIndexChangedNotification,
  WorkspaceIndexRequest,
  type DeployedAzure,
  type WorkspaceIndexChanged,
} from '../../shared/protocol';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const DEPLOYED: DeployedAzure = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'rules', 'cloud-resource-drift', 'deployed.json'), 'utf8'),
);
const DRIFTING = fs
  .readFileSync(path.join(FIXTURES, 'rules', 'cloud-resource-drift', 'fail.json'), 'utf8')
  .replace(/ \/\/ @expect.*$/gm, '');
const VALUES =
  'global:\n  # from the deployment output\n  cloudDeploymentId: "<cloud-resource-id>"\n  cloudProvider: azure\n';

let root: string;
let server: LspServer;
const uriOf = (...parts: string[]) => pathToFileURL(path.join(root, ...parts)).href;
const drift = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.code === 'cloud-resource-drift');

async function open(uri: string, text: string, languageId: string): Promise<void> {
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
}

/** The worst finding of the on-disk template's cloud resource, as the index shows it. */
async function worstOnDisk(): Promise<string | undefined> {
  const { clouds } = await server.connection.sendRequest(WorkspaceIndexRequest, {});
  const resource = clouds
    .flatMap((cloud) => cloud.cloudResources)
    .find((candidate) => candidate.reveal.uri === uriOf('infra', 'cloud.json'));
  assert.ok(resource, `the on-disk template is not in the index: ${JSON.stringify(clouds.map((c) => c.label))}`);
  return resource.worst?.code;
}

before(async () => {
  root = temporaryDirectory('anyscale-lsp-azure-');
  fs.mkdirSync(path.join(root, 'infra'));
  fs.writeFileSync(path.join(root, 'infra', 'cloud.json'), DRIFTING);
  server = await startServer({
    settings: { validation: { delay: 50 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
    collect: [WorkspaceIndexChangedNotification.method, 'window/logMessage'],
  });
  await server.until(
    () =>
      server
        .notifications<WorkspaceIndexChanged>(WorkspaceIndexChangedNotification.method)
        .find((change) => change.complete),
    'the first scan',
    10_000,
  );
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('the listing is compared with the templates once it arrives, open or on disk, and no longer once disconnected', async () => {
  const uri = uriOf('open.json');
  await open(uri, DRIFTING, 'json');
  const before = await server.diagnosticsFor(uri);
  assert.deepEqual(drift(before.diagnostics), [], 'not connected: nothing is compared');
  assert.equal(await worstOnDisk(), undefined);

  await server.connection.sendNotification(DeployedAzureNotification, { deployed: DEPLOYED });
  const connected = await server.diagnosticsFor(uri, (p) => drift(p.diagnostics).length > 0);
  const region = drift(connected.diagnostics).find((d) => String(d.message).startsWith('location is "westeurope"'));
  assert.ok(region, JSON.stringify(connected.diagnostics.map((d) => d.message)));
  const lines = DRIFTING.split('\n');
  assert.equal(
    region.range.start.line,
    lines.findIndex((line) => line.includes('"westeurope"')),
  );
  assert.equal(region.range.start.character, lines[region.range.start.line].indexOf('"westeurope"'));
  assert.equal(region.severity, 2);
  assert.match(region.codeDescription?.href ?? '', /\/cloud-resource-drift\.md$/);
  assert.equal(drift(connected.diagnostics).length, 4, 'location, bucket, endpoint (at its variable) and identity');
  await server.until(
    async () => ((await worstOnDisk()) === 'cloud-resource-drift' ? true : undefined),
    'the on-disk template to count the drift in the index',
    10_000,
  );

  await server.connection.sendNotification(DeployedAzureNotification, { deployed: null });
  const disconnected = await server.diagnosticsFor(uri, (p) => drift(p.diagnostics).length === 0);
  assert.ok(disconnected.diagnostics.every((d) => d.code !== 'cloud-resource-not-deployed'));
});

test('a listing of the wrong shape is refused with a message, and the previous one stays', async () => {
  const uri = uriOf('open.json');
  await server.connection.sendNotification(DeployedAzureNotification, { deployed: DEPLOYED });
  await server.latest(uri, (p) => drift(p.diagnostics).length === 4, 'the drift diagnostics');
  const mark = server.mark();
  await server.connection.sendNotification(DeployedAzureNotification.method, {
    deployed: { ...DEPLOYED, subscriptions: 'all of them' },
  });
  const warning = await server.until(
    () =>
      server
        .notifications<{ type: number; message: string }>('window/logMessage')
        .find((m) => m.message.startsWith('anyscaleAzure/deployedAzure:')),
    'a warning about the listing',
  );
  assert.match(warning.message, /subscriptions: .*; the drift checks keep the previous listing\.$/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual(
    server.published.slice(mark).filter((p) => p.uri === uri),
    [],
    'nothing was checked again',
  );
  assert.equal(server.process.exitCode, null);
});

test('cloudDeploymentIdEdit: the edit replaces only the value, keeping its quotes; what cannot be edited is said', async () => {
  const values = uriOf('values.yaml');
  await open(values, VALUES, 'yaml');
  const answer = await server.connection.sendRequest(CloudDeploymentIdEditRequest, {
    uri: values,
    cloudResourceId: 'cldrsrc_default0001',
  });
  assert.equal(answer.problem, undefined);
  assert.equal(answer.version, 1);
  const edited = TextDocument.applyEdits(TextDocument.create(values, 'yaml', 1, VALUES), answer.edits);
  assert.equal(edited, VALUES.replace('"<cloud-resource-id>"', '"cldrsrc_default0001"'));

  const notOpen = await server.connection.sendRequest(CloudDeploymentIdEditRequest, {
    uri: uriOf('elsewhere.yaml'),
    cloudResourceId: 'cldrsrc_default0001',
  });
  assert.deepEqual(notOpen, { edits: [], problem: 'the file is not open in the editor.' });
  const template = await server.connection.sendRequest(CloudDeploymentIdEditRequest, {
    uri: uriOf('open.json'),
    cloudResourceId: 'cldrsrc_default0001',
  });
  assert.match(template.problem ?? '', /^only Helm values files \(YAML\) are filled/);
  const notAnId = await server.connection.sendRequest(CloudDeploymentIdEditRequest, {
    uri: values,
    cloudResourceId: 'my-cloud/default',
  });
  assert.match(notAnId.problem ?? '', /^"my-cloud\/default" is not a cloud resource ID/);
  await assert.rejects(
    server.connection.sendRequest(CloudDeploymentIdEditRequest.method, { uri: values }),
    (error: unknown) =>
      error instanceof ResponseError &&
      error.code === ErrorCodes.InvalidParams &&
      /params\.cloudResourceId is missing/.test(error.message),
  );
});
