// Issue #16 in a real VS Code: a new user's managed KubeRay template (the docs' extension with a pinned `version` and
// auto-upgrade left at its default) shows extension-version-with-auto-upgrade as an error on the version, and the
// preferred quick fix, applied through VS Code, removes that line and the error with it. The template is written into
// the workspace by the test and removed after it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, describe, find, waitFor, workspaceFolder } from './helpers';

const CODE = 'extension-version-with-auto-upgrade';
const TEMPLATE = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  resources: [
    {
      type: 'Microsoft.ContainerService/managedClusters',
      apiVersion: '2025-10-01',
      name: 'aks-ray',
      location: 'eastus2',
      identity: { type: 'SystemAssigned' },
      properties: {
        kubernetesVersion: '1.34',
        dnsPrefix: 'aksray',
        agentPoolProfiles: [{ name: 'system', count: 3, vmSize: 'Standard_D4s_v5', mode: 'System' }],
      },
    },
    {
      type: 'Microsoft.KubernetesConfiguration/extensions',
      apiVersion: '2024-11-01',
      name: 'kuberay',
      scope: 'Microsoft.ContainerService/managedClusters/aks-ray',
      dependsOn: ["[resourceId('Microsoft.ContainerService/managedClusters', 'aks-ray')]"],
      properties: {
        extensionType: 'microsoft.kuberay',
        releaseTrain: 'stable',
        version: '1.4.2',
        scope: { cluster: { releaseNamespace: 'kuberay-system' } },
      },
    },
  ],
};

suite('Managed KubeRay in a real VS Code', () => {
  let folder: string;
  let opened: vscode.TextDocument | undefined;

  suiteSetup(async () => {
    await activateExtension();
    folder = path.join(workspaceFolder().uri.fsPath, 'kuberay');
    fs.mkdirSync(folder, { recursive: true });
  });

  suiteTeardown(async () => {
    // The fixed template is left unsaved: revert it, so that closing asks nothing.
    if (opened) {
      await vscode.window.showTextDocument(opened);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('a pinned version with auto-upgrade on is an error on the version; "Remove version" applied through VS Code clears it', async () => {
    const file = path.join(folder, 'aks-kuberay.json');
    fs.writeFileSync(file, `${JSON.stringify(TEMPLATE, null, 2)}\n`);
    opened = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(opened);
    const uri = editor.document.uri;
    const diagnostic = await waitFor(`${CODE} on aks-kuberay.json (have ${describe(uri)})`, () => find(uri, CODE));
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(editor.document.getText(diagnostic.range), '"1.4.2"');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const remove = actions.find((action) => action.title === 'Remove "version" (follow the release train)');
    assert.ok(remove?.edit, `no "Remove version" fix among ${JSON.stringify(actions.map((action) => action.title))}`);
    assert.equal(remove.isPreferred, true);
    const before = editor.document.getText();
    assert.ok(await vscode.workspace.applyEdit(remove.edit));

    await waitFor(`${CODE} to go (have ${describe(uri)})`, () => !find(uri, CODE));
    // Only the version's line went: every other line of the template is as it was.
    const after = editor.document.getText();
    assert.deepEqual(
      after.split('\n'),
      before.split('\n').filter((line) => !line.includes('"version": "1.4.2"')),
    );
    assert.deepEqual(
      vscode.languages
        .getDiagnostics(uri)
        .filter((d) => d.severity === vscode.DiagnosticSeverity.Error)
        .map((d) => d.message),
      [],
    );
  });
});
