// Protocol tier: a template and its parameter files on disk, opened in the server. The template is checked with
// each parameter file beside it; a value's mistake shows in the parameter file where it is written, and in the
// template where it is used, each pointing at the other.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';

const FOLDER = path.join(FIXTURES, 'cli', 'params');
const uriOf = (name: string) => pathToFileURL(path.join(FOLDER, name)).toString();
const TEMPLATE = uriOf('cloudresource.json');
const AWS = uriOf('cloudresource.parameters.aws.json');

let server: LspServer;

before(async () => {
  server = await startServer({ settings: {} });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

async function open(uri: string): Promise<void> {
  const text = fs.readFileSync(new URL(uri), 'utf8');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text } });
}

test('the template shows the parameter file value at its use, linked to where it is written', async () => {
  await open(TEMPLATE);
  const p = await server.diagnosticsFor(TEMPLATE, (d) => d.diagnostics.some((x) => x.code === 'bucket-subpath'));
  const subpath = p.diagnostics.find((d) => d.code === 'bucket-subpath')!;
  assert.equal(subpath.range.start.line, 24);
  assert.match(String(subpath.message), /\(value from cloudresource\.parameters\.aws\.json\)$/);
  assert.deepEqual(subpath.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line]), [[AWS, 9]]);
  assert.ok(!p.diagnostics.some((d) => d.severity === 1 && d.code !== 'bucket-subpath'), JSON.stringify(p.diagnostics.map((d) => d.code)));
});

test('the parameter file shows the mistake on its own line, linked to the template', async () => {
  await open(AWS);
  const p = await server.diagnosticsFor(AWS, (d) => d.diagnostics.some((x) => x.code === 'bucket-subpath'));
  const subpath = p.diagnostics.find((d) => d.code === 'bucket-subpath')!;
  assert.equal(subpath.range.start.line, 9);
  assert.doesNotMatch(String(subpath.message), /value from/);
  assert.deepEqual(subpath.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line]), [[TEMPLATE, 24]]);
});

test('a clean parameter file of the same template gets no errors', async () => {
  const azure = uriOf('cloudresource.parameters.azure.json');
  await open(azure);
  const p = await server.diagnosticsFor(azure);
  assert.deepEqual(p.diagnostics.filter((d) => d.severity === 1), []);
});
