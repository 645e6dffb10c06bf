// Operator values and Gateway manifests in a real VS Code: YAML files of the workspace get the language server's
// diagnostics (with docs links), a quick fix applied through VS Code's code-action API clears its diagnostic, and
// YAML that is not ours stays silent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocumentStats } from '../../../shared/protocol';

const EXTENSION_ID = 'anyscale-azure-tools.anyscale-azure-tools';
const SOURCE = 'anyscale-azure';

interface ExtensionApi {
  documentStats(uri: vscode.Uri): DocumentStats | undefined;
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
const find = (uri: vscode.Uri, code: string) => ours(uri).find((d) => codeOf(d) === code);
const describe = (uri: vscode.Uri) => JSON.stringify(ours(uri).map((d) => ({ code: codeOf(d), line: d.range.start.line })));

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, name);
}

async function openYaml(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  assert.equal(document.languageId, 'yaml', `${name} opened as ${document.languageId}`);
  return vscode.window.showTextDocument(document);
}

suite('Operator values and Gateway manifests in a real VS Code', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
    api = await extension.activate();
  });

  test('a values file gets its diagnostics on the right lines, linked to the docs', async () => {
    const editor = await openYaml('operator-values.yaml');
    const uri = editor.document.uri;
    const provider = await waitFor(`values-value-not-allowed on operator-values.yaml (have ${describe(uri)})`, () => find(uri, 'values-value-not-allowed'));
    assert.equal(provider.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(editor.document.getText(provider.range), 'Azure');
    assert.ok(typeof provider.code === 'object' && provider.code.target.toString().endsWith('docs/rules/values-value-not-allowed.md'));
    const slash = await waitFor('values-control-plane-url-trailing-slash', () => find(uri, 'values-control-plane-url-trailing-slash'));
    assert.equal(slash.range.start.line, 4);
    const stats = await waitFor('document stats', () => api.documentStats(uri));
    assert.equal(stats.kind, 'operatorValues');
  });

  test('the quick fix, applied through VS Code, removes the trailing slash and its diagnostic', async () => {
    const editor = await openYaml('operator-values.yaml');
    const uri = editor.document.uri;
    const slash = await waitFor('values-control-plane-url-trailing-slash', () => find(uri, 'values-control-plane-url-trailing-slash'));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, slash.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((action) => action.title === 'Remove the trailing "/"');
    assert.ok(fix?.edit, `no "Remove the trailing /" action among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(editor.document.lineAt(4).text, /controlPlaneURL: https:\/\/console\.azure\.anyscale\.com$/);
    await waitFor(`the diagnostic to go (have ${describe(uri)})`, () => api.documentStats(uri)?.version === editor.document.version && !find(uri, 'values-control-plane-url-trailing-slash'));
  });

  test('a Gateway manifest with an underscore in the TLS secret name gets an error on that line', async () => {
    const editor = await openYaml('gateway.yaml');
    const uri = editor.document.uri;
    const secret = await waitFor(`gateway-tls-secret-invalid (have ${describe(uri)})`, () => find(uri, 'gateway-tls-secret-invalid'));
    assert.equal(editor.document.getText(secret.range), 'anyscale-cldrsrc_abc123def456-certificate');
    assert.equal((await waitFor('document stats', () => api.documentStats(uri))).kind, 'gatewayManifest');
  });

  test('YAML that is not ours gets no diagnostics', async () => {
    const uri = workspaceFile('not-operator.yaml');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('controller:\n  service:\n    type: LoadBalancer\n'));
    const editor = await openYaml('not-operator.yaml');
    const stats = await waitFor('document stats for not-operator.yaml', () => api.documentStats(editor.document.uri));
    assert.equal(stats.kind, 'other');
    assert.deepEqual(ours(uri), []);
  });
});
