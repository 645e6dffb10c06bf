// Protocol tier: the bundled language server (dist/server.js) spawned over stdio and spoken to with
// vscode-languageserver-protocol, exactly as an editor would. No editor and no mocks.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidChangeConfigurationNotification,
  PublishDiagnosticsNotification,
  ConfigurationRequest,
  ShutdownRequest,
  CodeActionRequest,
  type CodeAction,
  ExitNotification,
  TextDocumentSyncKind,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type InitializeResult,
} from 'vscode-languageserver-protocol/node';
import { REPO_ROOT, FIXTURES } from '../support/paths';

const SERVER = path.join(REPO_ROOT, 'dist', 'server.js');
const BAD = fs.readFileSync(path.join(FIXTURES, 'rules', 'provider-invalid', 'fail-casing.json'), 'utf8');

let server: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
let initializeResult: InitializeResult;
let settings: Record<string, unknown> = {};
const published: PublishDiagnosticsParams[] = [];
const stats: Array<{ uri: string; version: number; anyscaleResources: number; kind: string }> = [];
let stderr = '';

/** Waits until a diagnostics notification for `uri` satisfies `accept`; fails with what arrived instead. */
async function diagnosticsFor(uri: string, accept: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 5000): Promise<PublishDiagnosticsParams> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  for (;;) {
    for (; seen < published.length; seen++) if (published[seen].uri === uri && accept(published[seen])) return published[seen];
    if (Date.now() > deadline) throw new Error(`no matching diagnostics for ${uri}; got ${JSON.stringify(published.filter((p) => p.uri === uri).slice(-2))}\nserver stderr: ${stderr}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Polls `probe` until it returns a value, or fails naming what never came. */
async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function codes(p: PublishDiagnosticsParams): string[] {
  return p.diagnostics.map((d) => String(d.code));
}

before(async () => {
  assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run node scripts/build.mjs`);
  server = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  server.stderr.on('data', (chunk) => (stderr += chunk));
  connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
  });
  connection.onNotification('anyscaleAzure/documentStats', (s: (typeof stats)[number]) => {
    stats.push(s);
  });
  connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => settings));
  connection.listen();
  initializeResult = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { docsBaseUri: 'https://docs.example.test/rules' },
  });
  await connection.sendNotification(InitializedNotification.type, {});
});

after(async () => {
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  assert.equal(await exited, 0, 'server exits with code 0 after shutdown + exit');
  connection.dispose();
});

test('initialize announces incremental sync', () => {
  const sync = initializeResult.capabilities.textDocumentSync;
  const kind = typeof sync === 'number' ? sync : sync?.change;
  assert.equal(kind, TextDocumentSyncKind.Incremental);
  assert.equal(initializeResult.serverInfo?.name, 'anyscale-azure-language-server');
});

test('didOpen of a bad template publishes the rule diagnostics with docs links', async () => {
  const uri = 'file:///workspace/bad.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text: BAD } });
  const p = await diagnosticsFor(uri, (d) => d.diagnostics.length > 0);
  const provider = p.diagnostics.filter((d) => d.code === 'provider-invalid');
  assert.deepEqual(provider.map((d) => d.range.start.line), [10, 24]);
  for (const d of provider) {
    assert.equal(d.source, 'anyscale-azure');
    assert.equal(d.severity, 1);
    assert.equal(d.codeDescription?.href, 'https://docs.example.test/rules/provider-invalid.md');
  }
  const stat = await until(() => stats.find((s) => s.uri === uri), 'a documentStats notification');
  assert.equal(stat.kind, 'armTemplate');
  assert.equal(stat.anyscaleResources, 2);
});

test('didChange updates diagnostics, and only the last of quick edits is published', async () => {
  const uri = 'file:///workspace/bad.json';
  const line = 10;
  const start = BAD.split('\n')[line].indexOf('"Aws"');
  const edit = (version: number, text: string) =>
    connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character: start }, end: { line, character: start + 5 } }, text }],
    });
  const before = published.length;
  await edit(2, '"AWX"');
  await edit(3, '"AWS"');
  const p = await diagnosticsFor(uri, (d) => d.version === 3);
  assert.deepEqual(p.diagnostics.filter((d) => d.code === 'provider-invalid').map((d) => d.range.start.line), [24]);
  assert.ok(!published.slice(before).some((d) => d.uri === uri && d.version === 2), 'the superseded version 2 was never validated');
});

test('a rule level from settings applies after didChangeConfiguration', async () => {
  const uri = 'file:///workspace/bad.json';
  settings = { rules: { 'provider-invalid': 'warning' } };
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  const p = await diagnosticsFor(uri, (d) => d.diagnostics.some((x) => x.code === 'provider-invalid' && x.severity === 2));
  assert.ok(p.diagnostics.filter((d) => d.code === 'provider-invalid').every((d) => d.severity === 2));
  settings = { rules: { 'provider-invalid': 'off' } };
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  const off = await diagnosticsFor(uri, (d) => !codes(d).includes('provider-invalid'));
  assert.ok(!codes(off).includes('provider-invalid'));
  settings = {};
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  await diagnosticsFor(uri, (d) => codes(d).includes('provider-invalid'));
});

test('code actions: the rule fix as a preferred quick fix, and fix-all for the whole document', async () => {
  const uri = 'file:///workspace/fixes.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text: BAD } });
  const p = await diagnosticsFor(uri, (d) => d.diagnostics.some((x) => x.code === 'provider-invalid'));
  const diagnostic = p.diagnostics.find((d) => d.code === 'provider-invalid')!;
  const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } })) as CodeAction[];
  const fix = actions.find((a) => a.title === 'Change provider to "AWS"');
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(fix.kind, 'quickfix');
  assert.equal(fix.isPreferred, true);
  assert.deepEqual(fix.diagnostics, [diagnostic]);
  assert.deepEqual(fix.edit?.changes?.[uri], [{ range: diagnostic.range, newText: '"AWS"' }]);
  const fixAll = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } })) as CodeAction[];
  assert.deepEqual(fixAll.map((a) => a.kind), ['source.fixAll.anyscale-azure']);
  const newTexts = fixAll[0].edit!.changes![uri].map((e) => e.newText);
  assert.ok(newTexts.includes('"AWS"') && newTexts.includes('"GCP"'), JSON.stringify(newTexts));
});

test('a JSON file that is not an ARM template gets no diagnostics', async () => {
  const uri = 'file:///workspace/package.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text: '{ "name": "x", "provider": "aws" }' } });
  const p = await diagnosticsFor(uri);
  assert.deepEqual(p.diagnostics, []);
});

test('a malformed template gets one message saying checks are paused, and no false findings', async () => {
  const uri = 'file:///workspace/broken.json';
  const text = BAD.replace('"computeStack": "K8S",', '"computeStack": "K8S"');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'jsonc', version: 1, text } });
  const p = await diagnosticsFor(uri);
  assert.equal(p.diagnostics.length, 1);
  assert.equal(p.diagnostics[0].severity, 3);
  assert.match(String(p.diagnostics[0].message), /paused.*JSON syntax error: comma expected/i);
});

test('documents of other languages are ignored, and closing clears diagnostics', async () => {
  const uri = 'file:///workspace/template.txt';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'plaintext', version: 1, text: BAD } });
  await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: 'file:///workspace/bad.json' } });
  const cleared = await diagnosticsFor('file:///workspace/bad.json', (d) => d.diagnostics.length === 0);
  assert.deepEqual(cleared.diagnostics, []);
  assert.ok(!published.some((p) => p.uri === uri), 'plaintext documents are not validated');
});
