// Protocol tier: the bundled language server (dist/server.js) spawned over stdio and spoken to with
// vscode-languageserver-protocol, exactly as an editor would. No editor and no mocks.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import {
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidChangeConfigurationNotification,
  CodeActionRequest,
  type CodeAction,
  TextDocumentSyncKind,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { typeAndCompareWithFresh } from '../support/typing';
import type { DocumentStats } from '../../shared/protocol';

const BAD = fs.readFileSync(path.join(FIXTURES, 'rules', 'provider-invalid', 'fail-casing.json'), 'utf8');
const STATS = 'anyscaleAzure/documentStats';

let server: LspServer;
let connection: ProtocolConnection;
let published: PublishDiagnosticsParams[];
let stats: DocumentStats[];

function codes(p: PublishDiagnosticsParams): string[] {
  return p.diagnostics.map((d) => String(d.code));
}

before(async () => {
  server = await startServer({
    settings: {},
    collect: [STATS],
    initializationOptions: { docsBaseUri: 'https://docs.example.test/rules' },
  });
  ({ connection, published } = server);
  stats = server.notifications(STATS);
});

after(async () => {
  assert.equal(await server.stop(), 0, 'server exits with code 0 after shutdown + exit');
});

test('initialize announces incremental sync', () => {
  const sync = server.initializeResult.capabilities.textDocumentSync;
  const kind = typeof sync === 'number' ? sync : sync?.change;
  assert.equal(kind, TextDocumentSyncKind.Incremental);
  assert.equal(server.initializeResult.serverInfo?.name, 'anyscale-azure-language-server');
});

test('didOpen of a bad template publishes the rule diagnostics with docs links', async () => {
  const uri = 'file:///workspace/bad.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: BAD },
  });
  const p = await server.diagnosticsFor(uri, (d) => d.diagnostics.length > 0);
  const provider = p.diagnostics.filter((d) => d.code === 'provider-invalid');
  assert.deepEqual(
    provider.map((d) => d.range.start.line),
    [10, 24],
  );
  for (const d of provider) {
    assert.equal(d.source, 'anyscale-azure');
    assert.equal(d.severity, 1);
    assert.equal(d.codeDescription?.href, 'https://docs.example.test/rules/provider-invalid.md');
  }
  const stat = await server.until(() => stats.find((s) => s.uri === uri), 'a documentStats notification');
  assert.equal(stat.kind, 'armTemplate');
  assert.equal(stat.anyscaleResources, 2);
  assert.equal(stat.suppressionComments, 0);
  // The errors among the problems, which make the Language Status item an error.
  assert.deepEqual([stat.problems, stat.errors], [p.diagnostics.length, provider.length]);
});

test('documentStats counts no error in a document with warnings only', async () => {
  const uri = 'file:///workspace/warned-values.yaml';
  const text = fs.readFileSync(path.join(FIXTURES, 'rules', 'values-auth-audience', 'fail-shape.yaml'), 'utf8');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  const stat = await server.until(() => stats.find((s) => s.uri === uri), 'a documentStats notification');
  assert.deepEqual([stat.problems, stat.errors], [1, 0]);
});

test("documentStats counts a template's suppression comments (the client opens it as JSON with Comments)", async () => {
  const uri = 'file:///workspace/suppressed.json';
  const lines = BAD.split('\n');
  const provider = lines.findIndex((line) => line.includes('"provider"'));
  lines.splice(provider, 0, '// anyscale-azure-disable-next-line provider-invalid');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: lines.join('\n') },
  });
  const stat = await server.until(() => stats.find((s) => s.uri === uri), 'a documentStats notification');
  assert.equal(stat.suppressionComments, 1);
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
  const p = await server.diagnosticsFor(uri, (d) => d.version === 3);
  assert.deepEqual(
    p.diagnostics.filter((d) => d.code === 'provider-invalid').map((d) => d.range.start.line),
    [24],
  );
  assert.ok(
    !published.slice(before).some((d) => d.uri === uri && d.version === 2),
    'the superseded version 2 was never validated',
  );
});

test('a rule level from settings applies after didChangeConfiguration', async () => {
  const uri = 'file:///workspace/bad.json';
  server.setSettings({ rules: { 'provider-invalid': 'warning' } });
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  const p = await server.diagnosticsFor(uri, (d) =>
    d.diagnostics.some((x) => x.code === 'provider-invalid' && x.severity === 2),
  );
  assert.ok(p.diagnostics.filter((d) => d.code === 'provider-invalid').every((d) => d.severity === 2));
  server.setSettings({ rules: { 'provider-invalid': 'off' } });
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  const off = await server.diagnosticsFor(uri, (d) => !codes(d).includes('provider-invalid'));
  assert.ok(!codes(off).includes('provider-invalid'));
  server.setSettings({});
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
  await server.diagnosticsFor(uri, (d) => codes(d).includes('provider-invalid'));
});

test('code actions: the rule fix as a preferred quick fix, and fix-all for the whole document', async () => {
  const uri = 'file:///workspace/fixes.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: BAD },
  });
  const p = await server.diagnosticsFor(uri, (d) => d.diagnostics.some((x) => x.code === 'provider-invalid'));
  const diagnostic = p.diagnostics.find((d) => d.code === 'provider-invalid')!;
  const actions = (await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  })) as CodeAction[];
  const fix = actions.find((a) => a.title === 'Change provider to "AWS"');
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(fix.kind, 'quickfix');
  assert.equal(fix.isPreferred, true);
  assert.deepEqual(fix.diagnostics, [diagnostic]);
  assert.deepEqual(fix.edit?.changes?.[uri], [{ range: diagnostic.range, newText: '"AWS"' }]);
  const fixAll = (await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll'] },
  })) as CodeAction[];
  assert.deepEqual(
    fixAll.map((a) => a.kind),
    ['source.fixAll.anyscale-azure'],
  );
  const newTexts = fixAll[0].edit!.changes![uri].map((e) => e.newText);
  assert.ok(newTexts.includes('"AWS"') && newTexts.includes('"GCP"'), JSON.stringify(newTexts));
});

test('a JSON file that is not an ARM template gets no diagnostics', async () => {
  const uri = 'file:///workspace/package.json';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: '{ "name": "x", "provider": "aws" }' },
  });
  const p = await server.diagnosticsFor(uri);
  assert.deepEqual(p.diagnostics, []);
});

test('a malformed template gets one message saying checks are paused, and no false findings', async () => {
  const uri = 'file:///workspace/broken.json';
  const text = BAD.replace('"computeStack": "K8S",', '"computeStack": "K8S"');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'jsonc', version: 1, text },
  });
  const p = await server.diagnosticsFor(uri);
  assert.equal(p.diagnostics.length, 1);
  assert.equal(p.diagnostics[0].severity, 3);
  assert.match(String(p.diagnostics[0].message), /paused.*JSON syntax error: comma expected/i);
});

test('documents of other languages are ignored, and closing clears diagnostics', async () => {
  const uri = 'file:///workspace/template.txt';
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'plaintext', version: 1, text: BAD },
  });
  await connection.sendNotification(DidCloseTextDocumentNotification.type, {
    textDocument: { uri: 'file:///workspace/bad.json' },
  });
  const cleared = await server.diagnosticsFor('file:///workspace/bad.json', (d) => d.diagnostics.length === 0);
  assert.deepEqual(cleared.diagnostics, []);
  assert.ok(!published.some((p) => p.uri === uri), 'plaintext documents are not validated');
});

test("diagnostics after keystrokes in literals, which keep the expression table and values, are a fresh server's", async () => {
  const template = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      variables: { cloudName: 'ray-cloud', region: 'uksouth' },
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2024-01-01',
          name: "[variables('cloudName')]",
          location: "[variables('region')]",
          tags: { team: 'ray', owner: "[variables('cloudName')]" },
        },
      ],
    },
    null,
    2,
  );
  const uri = 'file:///typing/typed.json';
  // Each version is compared with a server of its own that sees it whole: another document opened in this one's
  // folder would make this server check the edited one again from scratch.
  const fresh = await startServer({ settings: {} });
  let version = 1;
  try {
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version, text: template },
    });
    await server.diagnosticsFor(uri, (d) => d.version === version);
    // Typed into the literal tag beside an expression tag (the table and the values are carried), then into a
    // variable's value (the table is carried, the values its expressions read are not), then a variable renamed in a
    // section of literals (the table must be built again: the name the expressions use is declared no more).
    const edits = [
      ['"team": "ray"', '"team": "rays"'],
      ['"team": "rays"', '"team": "ray-s"'],
      ['"region": "uksouth"', '"region": "mars"'],
      ['"cloudName": "ray-cloud"', '"cloudNames": "ray-cloud"'],
    ] as const;
    let freshVersions = 0;
    version = await typeAndCompareWithFresh(server, { uri, text: template, version }, edits, async (text) => {
      const freshUri = `file:///elsewhere/version-${++freshVersions}.json`;
      await fresh.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: freshUri, languageId: 'json', version: 1, text },
      });
      return fresh.diagnosticsFor(freshUri, (d) => d.version === 1);
    });
  } finally {
    await fresh.stop();
  }
  const last = await server.diagnosticsFor(uri, (d) => d.version === version);
  assert.equal(last.diagnostics.filter((d) => d.code === 'variable-undefined').length, 2, 'both uses of the old name');
  assert.ok(
    last.diagnostics.some((d) => String(d.message).includes('mars')),
    'the region typed into the variable is checked where it is used',
  );
});
