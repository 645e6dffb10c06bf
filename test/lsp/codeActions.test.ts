// Protocol tier for the code actions (lsp/codeActions.ts) and the rest of editing beyond completion.test.ts: code
// actions whose edits, applied by the test as an editor would and sent back with didChange, change exactly what they
// say (a rule fix, "Disable <code> for this line", fix-all only when asked for), "Show documentation" only for a client
// that declared the command, the rule levels of a workspace's `.anyscale-azure.json` (re-read after
// workspace/didChangeWatchedFiles), and snippets in a languageVersion 2.0 `resources` object — all from the bundled
// server over stdio.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  InsertTextFormat,
  type CodeAction,
  type CodeActionContext,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type MarkupContent,
  type PublishDiagnosticsParams,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../shared/protocol';
import { startServer, type LspServer } from '../support/lspServer';
import { applyLspEdits } from '../support/textEdits';
import { temporaryDirectory } from '../support/temporaryDirectory';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/default",
      "location": "uksouth",
      "properties": {
        "provider": "Azure",
        "computeStack": "k8s",
        "region": "uksouth",
        "cloudStorageBucketName": "abfss://data@acct.dfs.core.windows.net/sub/path",
        "cloudStorageBucketEndpoint": "https://acct.blob.core.windows.net/",
        "anyscaleOperatorIamIdentity": "11111111-2222-3333-4444-555555555555"
      }
    }
  ]
}`;
/** What the template is flagged for: a preferred casing fix, a sub-path fix that is not preferred, and a preferred trailing-slash fix. */
const FOUND = ['bucket-endpoint-trailing-slash', 'bucket-subpath', 'compute-stack-invalid'];
const DOCS = 'https://docs.example.test/rules';

let server: LspServer;
let withCommand: LspServer;
let documents = 0;

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code)).sort();

/** Opens a new document with the text and waits for its diagnostics to hold exactly `expected`. */
async function open(
  lsp: LspServer,
  text: string,
  expected: string[],
  uri = `file:///workspace/editing-${++documents}.json`,
): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const published = await lsp.latest(
    uri,
    (p) => codes(p).join() === expected.join(),
    `diagnostics ${expected.join(', ')}`,
  );
  return { uri, diagnostics: published.diagnostics };
}

/** Replaces the document's text and waits for the diagnostics of that version to hold exactly `expected`. */
async function change(
  lsp: LspServer,
  uri: string,
  version: number,
  text: string,
  expected: string[],
): Promise<PublishDiagnosticsParams> {
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ text }],
  });
  return lsp.latest(
    uri,
    (p) => p.version === version && codes(p).join() === expected.join(),
    `diagnostics ${expected.join(', ')} of version ${version}`,
  );
}

async function actions(lsp: LspServer, uri: string, range: Range, context: CodeActionContext): Promise<CodeAction[]> {
  return ((await lsp.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context })) ??
    []) as CodeAction[];
}

function diagnosticOf(diagnostics: Diagnostic[], code: string): Diagnostic {
  const diagnostic = diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} in ${JSON.stringify(diagnostics.map((d) => d.code))}`);
  return diagnostic;
}

function named(list: CodeAction[], title: string): CodeAction {
  const action = list.find((a) => a.title === title);
  assert.ok(action, `no "${title}" in ${JSON.stringify(list.map((a) => a.title))}`);
  return action;
}

before(async () => {
  const options = { settings: { validation: { delay: 20 } }, initializationOptions: { docsBaseUri: DOCS } };
  server = await startServer(options);
  withCommand = await startServer({
    ...options,
    initializationOptions: { docsBaseUri: DOCS, commands: [SHOW_RULE_DOCUMENTATION_COMMAND] },
  });
});

after(async () => {
  // Both stopped before either exit code is checked: a server left running keeps this test process from ending.
  assert.deepEqual(await Promise.all([server.stop(), withCommand.stop()]), [0, 0]);
});

test('a quick fix on its diagnostic: applied, the text is as the title says and only that diagnostic goes', async () => {
  const { uri, diagnostics } = await open(server, TEMPLATE, FOUND);
  const diagnostic = diagnosticOf(diagnostics, 'bucket-subpath');
  const fix = named(
    await actions(server, uri, diagnostic.range, { diagnostics: [diagnostic] }),
    'Keep only the bucket, "abfss://data@acct.dfs.core.windows.net"',
  );
  assert.equal(fix.kind, 'quickfix');
  assert.equal(fix.isPreferred, false, 'dropping a sub-path changes where the data goes: not applied on its own');
  assert.deepEqual(fix.diagnostics, [diagnostic]);
  const fixed = applyLspEdits(TEMPLATE, fix.edit!.changes![uri]);
  assert.equal(fixed, TEMPLATE.replace('.windows.net/sub/path"', '.windows.net"'));
  await change(server, uri, 2, fixed, ['bucket-endpoint-trailing-slash', 'compute-stack-invalid']);
});

test('"Disable <code> for this line" inserts the comment above the line; after didChange that diagnostic is gone', async () => {
  const { uri, diagnostics } = await open(server, TEMPLATE, FOUND);
  const diagnostic = diagnosticOf(diagnostics, 'compute-stack-invalid');
  const list = await actions(server, uri, diagnostic.range, { diagnostics: [diagnostic] });
  const disable = named(list, 'Disable compute-stack-invalid for this line');
  assert.equal(disable.kind, 'quickfix');
  assert.notEqual(disable.isPreferred, true, 'silencing is never the preferred fix');
  const disabled = applyLspEdits(TEMPLATE, disable.edit!.changes![uri]);
  assert.equal(
    disabled,
    TEMPLATE.replace(
      '        "computeStack"',
      '        // anyscale-azure-disable-next-line compute-stack-invalid\n        "computeStack"',
    ),
  );
  // Silenced, and no "unused suppression" in its place; the other findings stay.
  await change(server, uri, 2, disabled, ['bucket-endpoint-trailing-slash', 'bucket-subpath']);
});

test('source.fixAll.anyscale-azure only when `only` asks for it; applied, it makes every preferred fix and no other', async () => {
  const { uri, diagnostics } = await open(server, TEMPLATE, FOUND);
  const whole: Range = { start: { line: 0, character: 0 }, end: { line: TEMPLATE.split('\n').length, character: 0 } };
  const unasked = await actions(server, uri, whole, { diagnostics });
  assert.ok(unasked.length > 0, 'the quick fixes are there');
  assert.deepEqual(
    unasked.filter((a) => a.kind !== 'quickfix').map((a) => a.title),
    [],
    'nothing but quick fixes without `only`',
  );
  const quickFixesOnly = await actions(server, uri, whole, { diagnostics, only: ['quickfix'] });
  assert.ok(
    quickFixesOnly.length > 0 && quickFixesOnly.every((a) => a.kind === 'quickfix'),
    JSON.stringify(quickFixesOnly.map((a) => a.kind)),
  );
  for (const only of [['source.fixAll.anyscale-azure'], ['source']]) {
    const fixAll = await actions(
      server,
      uri,
      { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      { diagnostics: [], only },
    );
    assert.deepEqual(
      fixAll.map((a) => a.kind),
      ['source.fixAll.anyscale-azure'],
      `only: ${only}`,
    );
  }
  const [fixAll] = await actions(server, uri, whole, { diagnostics: [], only: ['source.fixAll'] });
  const fixed = applyLspEdits(TEMPLATE, fixAll.edit!.changes![uri]);
  assert.equal(
    fixed,
    TEMPLATE.replace('"k8s"', '"K8S"').replace('.blob.core.windows.net/"', '.blob.core.windows.net"'),
  );
  await change(server, uri, 2, fixed, ['bucket-subpath']);
});

test('"Show documentation for <code>" only for a client that declared the command, with the docs page as argument', async () => {
  const without = await open(server, TEMPLATE, FOUND);
  const diagnostic = diagnosticOf(without.diagnostics, 'compute-stack-invalid');
  const offered = await actions(server, without.uri, diagnostic.range, { diagnostics: [diagnostic] });
  assert.ok(
    offered.some((a) => a.title === 'Disable compute-stack-invalid for this line'),
    'the other actions are there',
  );
  assert.deepEqual(
    offered.filter((a) => a.command || a.title.startsWith('Show documentation')).map((a) => a.title),
    [],
  );

  const declared = await open(withCommand, TEMPLATE, FOUND);
  const theirs = diagnosticOf(declared.diagnostics, 'compute-stack-invalid');
  const show = named(
    await actions(withCommand, declared.uri, theirs.range, { diagnostics: [theirs] }),
    'Show documentation for compute-stack-invalid',
  );
  assert.equal(show.edit, undefined);
  assert.deepEqual(show.diagnostics, [theirs]);
  assert.equal(show.command?.command, SHOW_RULE_DOCUMENTATION_COMMAND);
  assert.deepEqual(show.command?.arguments, [`${DOCS}/compute-stack-invalid.md`]);
});

test("a diagnostic's hover links its docs through the client's command (the rendered preview), the page itself otherwise", async () => {
  const docsLink = async (lsp: LspServer) => {
    const { uri, diagnostics } = await open(lsp, TEMPLATE, FOUND);
    const hover = await lsp.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: diagnosticOf(diagnostics, 'compute-stack-invalid').range.start,
    });
    return /`compute-stack-invalid`: .+ — \[documentation\]\(([^)]+)\)/.exec(
      (hover?.contents as MarkupContent | undefined)?.value ?? '',
    )?.[1];
  };
  assert.equal(await docsLink(server), `${DOCS}/compute-stack-invalid.md`);
  const viaCommand = await docsLink(withCommand);
  assert.ok(
    viaCommand !== undefined && viaCommand.startsWith(`command:${SHOW_RULE_DOCUMENTATION_COMMAND}?`),
    String(viaCommand),
  );
  assert.deepEqual(JSON.parse(decodeURIComponent(viaCommand.slice(viaCommand.indexOf('?') + 1))), [
    `${DOCS}/compute-stack-invalid.md`,
  ]);
});

test('snippets in a languageVersion 2.0 `resources` object are symbolic-name entries, replacing the key being typed', async () => {
  const text = TEMPLATE.replace('"contentVersion"', '"languageVersion": "2.0",\n  "contentVersion"').replace(
    /"resources": \[[\s\S]*\]\n\}$/,
    '"resources": {\n    ""\n  }\n}',
  );
  const uri = 'file:///workspace/symbolic-names.json';
  // A key without its value is a syntax error: no diagnostics to wait for, completion works on the text as typed.
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.trim() === '""');
  const result = await server.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line, character: 5 },
  });
  const items: CompletionItem[] = Array.isArray(result) ? result : ((result as CompletionList | null)?.items ?? []);
  const gcp = items.find((i) => i.label === 'Anyscale cloud resource (GCP)');
  assert.ok(gcp, JSON.stringify(items.map((i) => i.label)));
  assert.equal(gcp.insertTextFormat, InsertTextFormat.Snippet);
  const edit = gcp.textEdit as TextEdit;
  assert.deepEqual(
    edit.range,
    { start: { line, character: 4 }, end: { line, character: 6 } },
    'the typed "" is replaced',
  );
  assert.match(
    edit.newText,
    /^"\$\{1:cloudResource\}": \{\n\t"type": "Anyscale\.Platform\/clouds\/cloudResources",[\s\S]*"provider": "GCP"[\s\S]*\n\}$/,
  );
});

test('.anyscale-azure.json in the workspace folder sets rule levels, re-read after workspace/didChangeWatchedFiles; the setting wins', async () => {
  const root = temporaryDirectory('anyscale-lsp-editing-');
  const configFile = path.join(root, '.anyscale-azure.json');
  fs.writeFileSync(configFile, JSON.stringify({ rules: { 'compute-stack-invalid': 'info', 'bucket-subpath': 'off' } }));
  fs.mkdirSync(path.join(root, 'infra'));
  const uri = pathToFileURL(path.join(root, 'infra', 'cloud.json')).href;
  const lsp = await startServer({
    settings: { validation: { delay: 20 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
  try {
    const { diagnostics } = await open(lsp, TEMPLATE, ['bucket-endpoint-trailing-slash', 'compute-stack-invalid'], uri);
    assert.equal(diagnosticOf(diagnostics, 'compute-stack-invalid').severity, DiagnosticSeverity.Information);
    assert.equal(
      diagnosticOf(diagnostics, 'bucket-endpoint-trailing-slash').severity,
      DiagnosticSeverity.Warning,
      'a rule the file leaves alone keeps its level',
    );

    fs.writeFileSync(configFile, JSON.stringify({ rules: { 'compute-stack-invalid': 'off' } }));
    await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(configFile).href, type: FileChangeType.Changed }],
    });
    const changed = await lsp.latest(
      uri,
      (p) => codes(p).join() === 'bucket-endpoint-trailing-slash,bucket-subpath',
      'bucket-subpath back and compute-stack-invalid off after the file changed',
    );
    assert.equal(diagnosticOf(changed.diagnostics, 'bucket-subpath').severity, DiagnosticSeverity.Error);

    lsp.setSettings({ validation: { delay: 20 }, rules: { 'compute-stack-invalid': 'warning' } });
    await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const overridden = await lsp.latest(
      uri,
      (p) => codes(p).includes('compute-stack-invalid'),
      'compute-stack-invalid back from the anyscaleAzure.rules setting',
    );
    assert.equal(diagnosticOf(overridden.diagnostics, 'compute-stack-invalid').severity, DiagnosticSeverity.Warning);
  } finally {
    assert.equal(await lsp.stop(), 0);
  }
});

test('a deleted folder that held the .anyscale-azure.json takes its rule levels along (one event, for the folder)', async () => {
  const root = temporaryDirectory('anyscale-lsp-config-folder-');
  const folder = path.join(root, 'infra');
  fs.mkdirSync(folder);
  fs.writeFileSync(
    path.join(folder, '.anyscale-azure.json'),
    JSON.stringify({ rules: { 'compute-stack-invalid': 'off' } }),
  );
  const uri = pathToFileURL(path.join(folder, 'cloud.json')).href;
  const lsp = await startServer({
    settings: { validation: { delay: 20 } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
  try {
    // compute-stack-invalid is off in the folder.
    await open(lsp, TEMPLATE, ['bucket-endpoint-trailing-slash', 'bucket-subpath'], uri);
    // VS Code reports a deleted folder as one event for the folder, not one per file in it.
    fs.rmSync(folder, { recursive: true, force: true });
    await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }],
    });
    await lsp.latest(
      uri,
      (p) => codes(p).includes('compute-stack-invalid'),
      'compute-stack-invalid back at its default level once its config went with the folder',
    );
  } finally {
    assert.equal(await lsp.stop(), 0);
  }
});

test('in a document written with \\r\\n, every quick fix writes its line breaks as \\r\\n, a suppression comment too', async () => {
  const yaml = [
    '# staging',
    '',
    'cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz # from ARM',
    '# set by hand',
    'cloudProvider: azure',
    '',
    'operatorIamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
    'global: {}',
    '',
  ].join('\r\n');
  const opened = [
    { uri: `file:///workspace/legacy-crlf-${++documents}.yaml`, languageId: 'yaml', text: yaml },
    { uri: `file:///workspace/crlf-${++documents}.json`, languageId: 'json', text: TEMPLATE.replace(/\n/g, '\r\n') },
  ];
  for (const { uri, languageId, text } of opened) {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
    const { diagnostics } = await server.latest(uri, (p) => p.diagnostics.length > 0, `${languageId} flagged`);
    const lastLine = text.split('\r\n').length - 1;
    const everything = { start: { line: 0, character: 0 }, end: { line: lastLine, character: 0 } };
    const list = await actions(server, uri, everything, { diagnostics, only: ['quickfix'] });
    const inserting = list.filter((action) => action.edit?.changes?.[uri]?.some((edit) => edit.newText.includes('\n')));
    const titles = inserting.map((action) => action.title);
    for (const suppression of [/^Disable .* for this line$/, /^Disable .* for this file$/])
      assert.ok(
        titles.some((title) => suppression.test(title)),
        `${languageId}: a suppression comment is among the fixes that write a line break: ${JSON.stringify(titles)}`,
      );
    for (const action of inserting) {
      const fixed = applyLspEdits(text, action.edit!.changes![uri]);
      assert.doesNotMatch(fixed, /[^\r]\n/, `${languageId}: ${action.title} left a bare \\n: ${JSON.stringify(fixed)}`);
    }
  }
});
