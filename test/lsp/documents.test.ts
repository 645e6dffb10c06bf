// Protocol tier: documents the server must check whatever their name or shape, over stdio. URIs that have no file
// path (a UNC host, an encoded `/`, a malformed `%` escape, untitled: and other schemes) get diagnostics, hover,
// completion and code actions like any other; a template with a value nested thousands of levels deep says so
// where it happens and keeps its other findings; CRLF YAML gets ranges that end before the `\r`.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DiagnosticSeverity,
  DidOpenTextDocumentNotification,
  HoverRequest,
  LogMessageNotification,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type LogMessageParams,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';

const BAD = fs.readFileSync(path.join(FIXTURES, 'rules', 'provider-invalid', 'fail-casing.json'), 'utf8');
const BAD_LINES = BAD.split('\n');
/** Inside `"Aws"` on the first provider line. */
const PROVIDER = { line: 10, character: BAD_LINES[10].indexOf('"Aws"') + 2 };

let server: LspServer;
let logs: LogMessageParams[];

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

async function open(uri: string, text: string, languageId = 'json'): Promise<PublishDiagnosticsParams> {
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
  return server.diagnosticsFor(uri);
}

before(async () => {
  server = await startServer({ settings: {}, collect: [LogMessageNotification.method] });
  logs = server.notifications(LogMessageNotification.method);
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('URIs without a file path: diagnostics, hover, completion, code actions and navigation work, and nothing fails in the log', async () => {
  const uris = [
    'file://host/share/t.json',
    'file:///folder%2Ft.json',
    'file:///a%zz.json',
    'untitled:Untitled-1',
    'vscode-vfs://github/owner/repo/t.json',
  ];
  for (const uri of uris) {
    const published = await open(uri, BAD);
    assert.deepEqual(codes(published), ['provider-invalid', 'provider-invalid'], uri);
    const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: PROVIDER });
    assert.match(JSON.stringify(hover?.contents), /provider-invalid/, uri);
    const completion = (await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: PROVIDER,
    })) as CompletionItem[] | CompletionList;
    const items = Array.isArray(completion) ? completion : completion.items;
    assert.ok(
      items.some((item) => item.label === 'AWS'),
      `${uri}: ${JSON.stringify(items.map((item) => item.label))}`,
    );
    const diagnostic = published.diagnostics[0];
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
    assert.ok(
      actions.some((action) => action.title === 'Change provider to "AWS"'),
      `${uri}: ${JSON.stringify(actions.map((action) => action.title))}`,
    );
    assert.equal(
      await server.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: PROVIDER }),
      null,
      uri,
    );
  }
  const yamlUri = 'file://host/share/values.yaml';
  const values = fs
    .readFileSync(path.join(FIXTURES, 'rules', 'values-value-not-allowed', 'fail.yaml'), 'utf8')
    .replace(/ # @expect.*$/gm, '');
  assert.ok(codes(await open(yamlUri, values, 'yaml')).includes('values-value-not-allowed'));
  assert.deepEqual(
    logs.filter((log) => log.type === 1),
    [],
    'errors logged',
  );
});

test('a template with an array nested 8,000 deep: a warning where the nesting gets too deep, and its other findings', async () => {
  const deep = `${'['.repeat(8000)}${']'.repeat(8000)}`;
  const text = BAD.replace('"properties": {', `"properties": {\n        "deep": ${deep},`);
  const uri = 'file:///workspace/deep.json';
  const published = await open(uri, text);
  assert.deepEqual(
    codes(published).filter((code) => code === 'provider-invalid'),
    ['provider-invalid', 'provider-invalid'],
    JSON.stringify(published.diagnostics),
  );
  const tooDeep = published.diagnostics.filter((d) => d.code === 'json-too-deep');
  assert.equal(tooDeep.length, 1, JSON.stringify(published.diagnostics));
  assert.equal(tooDeep[0].severity, DiagnosticSeverity.Warning, 'a limit of ours, not an error of the file');
  assert.match(
    String(tooDeep[0].message),
    /^Nested more than 1,000 levels deep: Anyscale checks do not read this value/,
  );
  // At the bracket that opens the level too many, on the line of `"deep"`.
  const line = text.split('\n').findIndex((l) => l.includes('"deep"'));
  assert.equal(tooDeep[0].range.start.line, line);
  assert.equal(text.split('\n')[line][tooDeep[0].range.start.character], '[');
  assert.deepEqual(
    logs.filter((log) => log.type === 1),
    [],
    'errors logged',
  );
});

test('a parameter file nested deeper than we read: one information that it is not checked, no error; YAML that deep, nothing', async () => {
  const uri = 'file:///workspace/deep.parameters.json';
  const text = `{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#", "contentVersion": "1.0.0.0", "parameters": {"p": {"value": ${'['.repeat(2000)}${']'.repeat(2000)}}}}`;
  const published = await open(uri, text);
  assert.equal(published.diagnostics.length, 1, JSON.stringify(published.diagnostics));
  const [notice] = published.diagnostics;
  assert.equal(notice.severity, DiagnosticSeverity.Information);
  assert.equal(
    notice.message,
    'Anyscale checks skipped for this file: nested more than 1,000 levels deep, deeper than this extension reads.',
  );
  // At the bracket that opens the level too many.
  assert.equal(text[notice.range.start.character], '[');
  assert.equal(text.slice(0, notice.range.start.character).replace(/[^[{]/g, '').length, 1000, 'level 1,001');
  // YAML that deep is not read at all, so nothing tells it is ours: no word, as for any YAML file of someone else's.
  const values = 'file:///workspace/deep/values.yaml';
  const deepValues = `global:\n  cloudProvider: azure\n  x: ${'['.repeat(600)}${']'.repeat(600)}\n`;
  assert.deepEqual((await open(values, deepValues, 'yaml')).diagnostics, []);
});

/** Every range starts and ends within its line's text, before the `\r\n`. */
function assertInsideLines(text: string, diagnostics: Diagnostic[]): void {
  const lines = text.split('\r\n');
  for (const { range, message } of diagnostics) {
    for (const end of [range.start, range.end])
      assert.ok(
        end.character <= lines[end.line].length,
        `${JSON.stringify(range)} on a line of ${lines[end.line].length} characters: ${message}`,
      );
  }
}

test('YAML with CRLF line ends: rule and syntax diagnostics end before the \\r', async () => {
  const rules = fs
    .readFileSync(path.join(FIXTURES, 'rules', 'values-auth-audience', 'fail-missing.yaml'), 'utf8')
    .replace(/ # @expect.*$/gm, '')
    .replace(/\n/g, '\r\n');
  const ruled = await open('file:///workspace/crlf-values.yaml', rules, 'yaml');
  assert.ok(codes(ruled).includes('values-auth-audience'), JSON.stringify(ruled.diagnostics));
  // The finding is on `auth`, the audience's section, and no further.
  assert.deepEqual(ruled.diagnostics.find((d) => d.code === 'values-auth-audience')?.range, {
    start: { line: 4, character: 2 },
    end: { line: 4, character: '  auth'.length },
  });
  assertInsideLines(rules, ruled.diagnostics);
  // The parser's first error is at the line break after `x:`.
  const syntax = 'global:\r\n  cloudProvider: azure\r\n  x:\r\n- a\r\n';
  const broken = await open('file:///workspace/crlf-broken.yaml', syntax, 'yaml');
  assert.equal(broken.diagnostics.length, 1, JSON.stringify(broken.diagnostics));
  assert.match(String(broken.diagnostics[0].message), /paused.*YAML syntax error/);
  assert.deepEqual(broken.diagnostics[0].range.start, { line: 2, character: 4 });
  assertInsideLines(syntax, broken.diagnostics);
});

test('a template sent with a byte-order mark (VS Code strips it, other editors may not) is checked, its ranges unmoved', async () => {
  const plain = await open('file:///workspace/no-bom.json', BAD);
  const marked = await open('file:///workspace/bom.json', `\uFEFF${BAD}`);
  assert.ok(codes(plain).includes('provider-invalid'), JSON.stringify(plain.diagnostics));
  // The mark is on the first line, before `{`: the findings below it keep their lines and columns.
  assert.deepEqual(
    marked.diagnostics.map((d) => [d.code, d.range]),
    plain.diagnostics.map((d) => [d.code, d.range]),
  );
  const yaml = 'global:\n  cloudProvider: azure\n';
  const yamlPlain = await open('file:///workspace/values-plain.yaml', yaml, 'yaml');
  const yamlMarked = await open('file:///workspace/values-bom.yaml', `\uFEFF${yaml}`, 'yaml');
  assert.deepEqual(
    yamlMarked.diagnostics.map((d) => [d.code, d.range.start.line]),
    yamlPlain.diagnostics.map((d) => [d.code, d.range.start.line]),
  );
});
