// Protocol tier for YAML: the bundled language server validates `yaml` documents (operator values, Gateway
// manifests), stays silent on other YAML, offers the fixes as code actions, and re-checks a values file when a
// template it depends on (through the workspace index) is opened or closed.
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
  DidCloseTextDocumentNotification,
  PublishDiagnosticsNotification,
  ConfigurationRequest,
  CodeActionRequest,
  ShutdownRequest,
  ExitNotification,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { REPO_ROOT, FIXTURES } from '../support/paths';

const SERVER = path.join(REPO_ROOT, 'dist', 'server.js');
const read = (...parts: string[]) => fs.readFileSync(path.join(FIXTURES, ...parts), 'utf8');

let server: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];
const stats: Array<{ uri: string; kind: string }> = [];
let stderr = '';

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms; server stderr: ${stderr}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The latest diagnostics for `uri` once they satisfy `accept`. */
function latest(uri: string, accept: (p: PublishDiagnosticsParams) => boolean, what: string): Promise<PublishDiagnosticsParams> {
  return until(what, () => {
    const last = published.filter((p) => p.uri === uri).at(-1);
    return last && accept(last) ? last : undefined;
  });
}

const codesOf = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

async function open(uri: string, text: string, languageId = 'yaml'): Promise<void> {
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
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
  connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => ({ validation: { delay: 20 } })));
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
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
  assert.equal(await exited, 0);
  connection.dispose();
});

test('a values file opened as yaml gets the values diagnostics, with docs links and the values kind', async () => {
  const uri = 'file:///workspace/values.yaml';
  await open(uri, read('rules', 'values-value-not-allowed', 'fail.yaml'));
  const p = await latest(uri, (d) => d.diagnostics.length > 0, 'values diagnostics');
  const provider = p.diagnostics.find((d) => d.code === 'values-value-not-allowed')!;
  assert.equal(provider.range.start.line, 2);
  assert.equal(provider.codeDescription?.href, 'https://docs.example.test/rules/values-value-not-allowed.md');
  assert.equal(provider.source, 'anyscale-azure');
  const stat = await until('documentStats', () => stats.find((s) => s.uri === uri));
  assert.equal(stat.kind, 'operatorValues');
});

test('other YAML (ingress-nginx values) gets no diagnostics', async () => {
  const uri = 'file:///workspace/ingress-nginx.yaml';
  await open(uri, read('yaml', 'ingress-nginx-values.yaml'));
  const stat = await until('documentStats', () => stats.find((s) => s.uri === uri));
  assert.equal(stat.kind, 'other');
  assert.deepEqual(codesOf(await latest(uri, () => true, 'diagnostics')), []);
});

test('legacy keys come with their move and migrate-the-file quick fixes as code actions', async () => {
  const uri = 'file:///workspace/legacy.yaml';
  const text = read('rules', 'values-legacy-key', 'fail.yaml');
  await open(uri, text);
  const p = await latest(uri, (d) => d.diagnostics.some((x) => x.code === 'values-legacy-key'), 'legacy diagnostics');
  const first = p.diagnostics.find((d) => d.code === 'values-legacy-key')!;
  const actions = await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: first.range, context: { diagnostics: [first] } });
  const titles = (actions ?? []).map((a) => a.title);
  assert.ok(titles.includes('Move to global.cloudDeploymentId'), JSON.stringify(titles));
  assert.ok(titles.some((t) => t.startsWith('Migrate every pre-1.0 key')), JSON.stringify(titles));
});

test('cross-file: opening the template adds the principal-ID warning to the values file, closing it removes it', async () => {
  const values = 'file:///workspace/operator-values.yaml';
  await open(values, read('rules', 'values-iam-identity-is-principal-id', 'fail.yaml').replace(/ # @expect.*$/m, ''));
  await latest(values, (d) => !codesOf(d).includes('values-iam-identity-is-principal-id'), 'values diagnostics without the template');
  const template = 'file:///workspace/cloud-resource.json';
  await open(template, read('rules', 'values-iam-identity-is-principal-id', 'workspace', 'cloud-resource.json'), 'json');
  const warned = await latest(values, (d) => codesOf(d).includes('values-iam-identity-is-principal-id'), 'the principal-ID warning after the template opened');
  assert.equal(warned.diagnostics.find((d) => d.code === 'values-iam-identity-is-principal-id')!.range.start.line, 5);
  await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: template } });
  await latest(values, (d) => !codesOf(d).includes('values-iam-identity-is-principal-id'), 'the warning to go when the template closed');
});
