// Protocol tier for the workspace scan: the bundled server, started on a temporary workspace folder, reads the
// template nobody opened, so an open values file whose iamIdentity is that template's principal ID gets the
// cross-file warning; a change on disk (workspace/didChangeWatchedFiles) re-checks it, and an open version of the
// template wins over the one on disk until it is closed. A deleted folder, one event for the folder, re-checks the
// open template that was read with a parameter file from it.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const RULE = 'values-iam-identity-is-principal-id';
const PRINCIPAL_ID = '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f';
const template = fs.readFileSync(path.join(FIXTURES, 'rules', RULE, 'workspace', 'cloud-resource.json'), 'utf8');
const values = fs.readFileSync(path.join(FIXTURES, 'rules', RULE, 'fail.yaml'), 'utf8').replace(/ # @expect.*$/m, '');

let root: string;
let server: LspServer;
let templateFile: string;
let templateUri: string;
let valuesUri: string;
const warned = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === RULE);

before(async () => {
  root = temporaryDirectory('anyscale-lsp-scan-');
  fs.mkdirSync(path.join(root, 'infra'));
  fs.mkdirSync(path.join(root, 'helm'));
  templateFile = path.join(root, 'infra', 'cloud-resource.json');
  fs.writeFileSync(templateFile, template);
  fs.writeFileSync(path.join(root, 'helm', 'values.yaml'), values);
  templateUri = pathToFileURL(templateFile).href;
  valuesUri = pathToFileURL(path.join(root, 'helm', 'values.yaml')).href;
  server = await startServer({
    settings: { validation: { delay: 20 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('the template on disk only: the open values file gets the principal-ID warning on its iamIdentity line', async () => {
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: valuesUri, languageId: 'yaml', version: 1, text: values },
  });
  const p = await server.latest(valuesUri, warned, 'the cross-file warning without opening the template');
  const warning = p.diagnostics.find((d) => d.code === RULE)!;
  assert.equal(warning.range.start.line, 5);
  assert.match(
    typeof warning.message === 'string' ? warning.message : warning.message.value,
    /is the GUID cloud resource "my-anyscale-cloud\/default" records as anyscaleOperatorIamIdentity/,
  );
});

test('a change on disk, reported by the file watcher, re-checks the open values file', async () => {
  fs.writeFileSync(templateFile, template.replace(PRINCIPAL_ID, '33333333-3333-4333-8333-333333333333'));
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: templateUri, type: FileChangeType.Changed }],
  });
  await server.latest(valuesUri, (p) => !warned(p), 'the warning to go after the template changed on disk');
  fs.writeFileSync(templateFile, template);
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: templateUri, type: FileChangeType.Changed }],
  });
  await server.latest(valuesUri, warned, 'the warning back after the change was undone');
});

test('the open version of the template wins over the disk version, which returns when it is closed', async () => {
  const edited = template.replace(PRINCIPAL_ID, '44444444-4444-4444-8444-444444444444');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: templateUri, languageId: 'json', version: 1, text: edited },
  });
  await server.latest(valuesUri, (p) => !warned(p), 'no warning while the open template has another principal ID');
  await server.connection.sendNotification(DidCloseTextDocumentNotification.type, {
    textDocument: { uri: templateUri },
  });
  await server.latest(valuesUri, warned, 'the warning back from the disk version after the template closed');
});

test('a deleted template is forgotten', async () => {
  fs.rmSync(templateFile);
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: templateUri, type: FileChangeType.Deleted }],
  });
  await server.latest(valuesUri, (p) => !warned(p), 'the warning to go after the template was deleted');
});

test('a deleted folder (one event for the folder) re-checks the open template read with a parameter file in it', async () => {
  const params = path.join(FIXTURES, 'cli', 'params');
  const folder = path.join(root, 'envs');
  fs.mkdirSync(path.join(folder, 'dev'), { recursive: true });
  for (const name of ['cloudresource.json', 'cloudresource.parameters.aws.json'])
    fs.copyFileSync(path.join(params, name), path.join(folder, 'dev', name));
  const uri = pathToFileURL(path.join(folder, 'dev', 'cloudresource.json')).href;
  const fromParameters = (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'bucket-subpath');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: {
      uri,
      languageId: 'json',
      version: 1,
      text: fs.readFileSync(path.join(params, 'cloudresource.json'), 'utf8'),
    },
  });
  await server.latest(uri, fromParameters, "the AWS parameter file's bucket-subpath in the open template");
  // The editor keeps the template open after its folder is gone; VS Code reports the folder alone.
  fs.rmSync(folder, { recursive: true });
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }],
  });
  await server.latest(uri, (p) => !fromParameters(p), 'the template checked again without its parameter file');
});
