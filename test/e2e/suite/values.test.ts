// Operator values and Gateway manifests in a real VS Code: YAML files of the workspace get the language server's
// diagnostics (with docs links), a quick fix applied through VS Code's code-action API clears its diagnostic, and
// YAML that is not ours stays silent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  activateExtension,
  codeOf,
  describe,
  find,
  openEditor,
  ours,
  waitFor,
  workspaceFile,
  type ExtensionApi,
} from './helpers';

const openYaml = (name: string) => openEditor(name, 'yaml');

suite('Operator values and Gateway manifests in a real VS Code', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('a values file gets its diagnostics on the right lines, linked to the docs', async () => {
    const editor = await openYaml('operator-values.yaml');
    const uri = editor.document.uri;
    const provider = await waitFor(`values-value-not-allowed on operator-values.yaml (have ${describe(uri)})`, () =>
      find(uri, 'values-value-not-allowed'),
    );
    assert.equal(provider.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(editor.document.getText(provider.range), 'Azure');
    assert.ok(
      typeof provider.code === 'object' &&
        provider.code.target.toString().endsWith('docs/rules/values-value-not-allowed.md'),
    );
    const slash = await waitFor('values-control-plane-url-trailing-slash', () =>
      find(uri, 'values-control-plane-url-trailing-slash'),
    );
    assert.equal(slash.range.start.line, 4);
    const stats = await waitFor('document stats', () => api.documentStats(uri));
    assert.equal(stats.kind, 'operatorValues');
  });

  test('the quick fix, applied through VS Code, removes the trailing slash and its diagnostic', async () => {
    const editor = await openYaml('operator-values.yaml');
    const uri = editor.document.uri;
    const slash = await waitFor('values-control-plane-url-trailing-slash', () =>
      find(uri, 'values-control-plane-url-trailing-slash'),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      slash.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.title === 'Remove the trailing "/"');
    assert.ok(fix?.edit, `no "Remove the trailing /" action among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(editor.document.lineAt(4).text, /controlPlaneURL: https:\/\/console\.azure\.anyscale\.com$/);
    await waitFor(
      `the diagnostic to go (have ${describe(uri)})`,
      () =>
        api.documentStats(uri)?.version === editor.document.version &&
        !find(uri, 'values-control-plane-url-trailing-slash'),
    );
  });

  test('a Gateway manifest with an underscore in the TLS secret name gets an error on that line', async () => {
    const editor = await openYaml('gateway.yaml');
    const uri = editor.document.uri;
    const secret = await waitFor(`gateway-tls-secret-invalid (have ${describe(uri)})`, () =>
      find(uri, 'gateway-tls-secret-invalid'),
    );
    assert.equal(editor.document.getText(secret.range), 'anyscale-cldrsrc_abc123def456-certificate');
    assert.equal((await waitFor('document stats', () => api.documentStats(uri))).kind, 'gatewayManifest');
  });

  test('a Gateway listener with `tls: *tls` has the TLS block it names; a secret shared that way is one error, no fix', async () => {
    const content = [
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: Gateway',
      'metadata:',
      '  name: gateway',
      '  namespace: anyscale-operator',
      'spec:',
      '  gatewayClassName: eg',
      '  listeners:',
      '  - name: https',
      '    port: 443',
      '    protocol: HTTPS',
      "    hostname: '*.i.azure.anyscaleuserdata.com'",
      '    tls: &tls',
      '      mode: Terminate',
      '      certificateRefs:',
      '      - kind: Secret',
      '        name: anyscale-cldrsrc_abc123def456-certificate',
      '  - name: https-session',
      '    port: 443',
      '    protocol: HTTPS',
      "    hostname: '*.s.azure.anyscaleuserdata.com'",
      '    tls: *tls',
      '',
    ].join('\n');
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'yaml', content }),
    );
    const uri = editor.document.uri;
    const secret = await waitFor(`gateway-tls-secret-invalid (have ${describe(uri)})`, () =>
      find(uri, 'gateway-tls-secret-invalid'),
    );
    assert.equal(editor.document.getText(secret.range), 'anyscale-cldrsrc_abc123def456-certificate');
    // Once, though both listeners read it; and the second listener has its certificates (no certificate-missing).
    assert.deepEqual(
      ours(uri).map((d) => codeOf(d)),
      ['gateway-tls-secret-invalid'],
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      secret.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    assert.deepEqual(
      actions.filter((action) => action.title.startsWith('Use ')).map((action) => action.title),
      [],
      'renaming the anchored secret would rename it for both listeners',
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a pre-1.0 values file beside a Gateway pairs through its top-level cloudDeploymentId: the warning and the hover name it', async () => {
    const folder = workspaceFile('pre-1.0');
    const write = (name: string, lines: string[]) =>
      vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(lines.join('\n')));
    await write('values.yaml', [
      'cloudDeploymentId: cldrsrc_oldlayout1',
      'cloudProvider: azure',
      'operatorIamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
      '',
    ]);
    await write('gateway.yaml', [
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: Gateway',
      'metadata:',
      '  name: gateway',
      'spec:',
      '  gatewayClassName: eg',
      '  listeners:',
      '  - name: https',
      '    port: 443',
      '    protocol: HTTPS',
      "    hostname: '*.i.azure.anyscaleuserdata.com'",
      '    tls:',
      '      certificateRefs:',
      '      - kind: Secret',
      '        name: anyscale-cldrsrc-other1-certificate',
      '',
    ]);
    try {
      const editor = await openYaml('pre-1.0/gateway.yaml');
      const uri = editor.document.uri;
      const mismatch = await waitFor(`gateway-tls-secret-cloud-mismatch (have ${describe(uri)})`, () =>
        find(uri, 'gateway-tls-secret-cloud-mismatch'),
      );
      assert.equal(editor.document.getText(mismatch.range), 'anyscale-cldrsrc-other1-certificate');
      assert.match(mismatch.message, /\(values\.yaml\) set cloudDeploymentId cldrsrc_oldlayout1:/);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        mismatch.range.start.translate(0, 3),
      );
      const text = hovers
        .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
        .join('\n');
      assert.match(text, /`values\.yaml` beside this manifest sets `cloudDeploymentId` to `cldrsrc_oldlayout1`/);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
  });

  test('an alias Helm cannot resolve is an error where it is written; the values checks wait for it', async () => {
    const content =
      'global:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: Azure\n  controlPlaneURL: *url\n';
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'yaml', content }),
    );
    const uri = editor.document.uri;
    const anchor = await waitFor(`invalid-yaml on the alias (have ${describe(uri)})`, () => find(uri, 'invalid-yaml'));
    assert.equal(anchor.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(editor.document.getText(anchor.range), '*url');
    assert.match(anchor.message, /^YAML error: unknown anchor 'url' referenced/);
    // The provider casing (values-value-not-allowed) waits until Helm can read the file.
    assert.deepEqual(
      ours(uri).map((d) => codeOf(d)),
      ['invalid-yaml'],
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('YAML that is not ours gets no diagnostics', async () => {
    const uri = workspaceFile('not-operator.yaml');
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode('controller:\n  service:\n    type: LoadBalancer\n'),
    );
    const editor = await openYaml('not-operator.yaml');
    const stats = await waitFor('document stats for not-operator.yaml', () => api.documentStats(editor.document.uri));
    assert.equal(stats.kind, 'other');
    assert.deepEqual(ours(uri), []);
  });
});
