// The live Azure view in a real VS Code, against the ARM emulator (test/support/armEmulator.ts) over HTTPS on
// 127.0.0.1: its certificate is made by the runner, which trusts it through NODE_EXTRA_CA_CERTS and sets the token the
// test-only testToken setting stands in with (test/e2e/run-vscode-tests.js). "Connect to Azure" from the palette
// lists the subscriptions, clouds and cloud resources in the Deployed in Azure view (with the api-version fallback
// and the 404 role hint, on the screen too), the fixture template gets the drift diagnostic, the row's action fills the
// values file's global.cloudDeploymentId (that value's range only), the token appears in none of VS Code's logs with
// the language server's trace on, disconnecting takes the drift diagnostic away, and without the harness's environment
// variable the test-only token setting is ignored.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ROLE_HINT } from '../../../client/src/features/azure/arm';
import { EXAMPLE_SUBSCRIPTIONS, startArmEmulator, type ArmEmulator } from '../../support/armEmulator';
import { FIXTURES } from '../../support/paths';
import { activateExtension, describe, find, ours, waitFor, workspaceFile, workspaceFolder } from './helpers';
import {
  clearNotifications,
  click,
  hover,
  paletteRows,
  press,
  runFromPalette,
  texts,
  type,
  waitForNotification,
} from './ui';

interface Row {
  depth: number;
  label: string;
  description: string;
}

const rows = () => vscode.commands.executeCommand<Row[]>('anyscaleAzure.azure.rows');
const TOKEN = process.env.ANYSCALE_AZURE_TEST_TOKEN ?? '';

/** Picks `label` in the open quick input, as a user does: types it, waits for its row, Enter. */
async function pick(label: string): Promise<void> {
  await type(label);
  await waitFor(
    () => `"${label}" in the quick input`,
    async () => (await paletteRows()).includes(label),
  );
  await press('Enter');
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

suite('Live Azure view in a real VS Code, against an HTTPS stand-in for ARM', () => {
  let emulator: ArmEmulator;
  const settings = () => vscode.workspace.getConfiguration('anyscaleAzure');

  suiteSetup(async () => {
    const tlsDir = process.env.VSCODE_TEST_TLS_DIR;
    assert.ok(
      tlsDir && TOKEN,
      'VSCODE_TEST_TLS_DIR and ANYSCALE_AZURE_TEST_TOKEN are not set: run the suite with test/e2e/run-vscode-tests.js',
    );
    await activateExtension();
    fs.cpSync(path.join(FIXTURES, 'e2e', 'azure'), path.join(workspaceFolder().uri.fsPath, 'azure'), {
      recursive: true,
    });
    const tls = {
      key: fs.readFileSync(path.join(tlsDir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(tlsDir, 'cert.pem'), 'utf8'),
    };
    emulator = await startArmEmulator({ token: TOKEN, subscriptions: EXAMPLE_SUBSCRIPTIONS, tls });
    await settings().update('azure.resourceManagerEndpoint', emulator.url, vscode.ConfigurationTarget.Workspace);
    await settings().update('azure.testToken', TOKEN, vscode.ConfigurationTarget.Workspace);
    // The language server's trace, as a user turns it on: the setting, and the output channel's log level at Trace.
    await settings().update('trace.server', 'verbose', vscode.ConfigurationTarget.Workspace);
    await runFromPalette('Developer: Set Log Level...');
    await pick('Anyscale on Azure');
    await pick('Trace');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('anyscaleAzure.azure.disconnect');
    for (const key of ['azure.resourceManagerEndpoint', 'azure.testToken', 'trace.server'])
      await settings().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The suites after this one read the screen: leave no Notification Center open over the status bar.
    await clearNotifications();
    await vscode.commands.executeCommand('notifications.hideList');
    fs.rmSync(path.join(workspaceFolder().uri.fsPath, 'azure'), { recursive: true, force: true });
    await emulator?.close();
  });

  test('"Connect to Azure" from the palette lists subscriptions, clouds and cloud resources, with provisioningState and cloudResourceId', async () => {
    await runFromPalette('Anyscale: Connect to Azure');
    const listed = await waitFor('the Deployed in Azure view to list the subscriptions', async () => {
      const shown = await rows();
      return shown.length > 0 && shown;
    });
    assert.deepEqual(listed, [
      { depth: 0, label: 'Anyscale Dev', description: '2 clouds · api-version 2026-09-01' },
      { depth: 1, label: 'live-cloud', description: 'uksouth · Succeeded · rg-anyscale' },
      { depth: 2, label: 'default', description: 'Azure · uksouth · primary · Succeeded · cldrsrc_default0001' },
      { depth: 2, label: 'eksuswest2', description: 'AWS · us-west-2 · Succeeded · cldrsrc_eks0002' },
      { depth: 1, label: 'locked-cloud', description: 'eastus · Succeeded · rg-locked' },
      { depth: 2, label: 'Not listed: HTTP 404 ResourceNotFound', description: ROLE_HINT },
      { depth: 0, label: 'Anyscale Legacy', description: '1 cloud · api-version 2026-02-01-preview' },
      { depth: 1, label: 'legacy-cloud', description: 'westus2 · Failed · rg-legacy' },
      { depth: 2, label: 'default', description: 'Azure · westus2 · primary · Failed' },
    ]);
    // What the user sees: the view's rows on the screen.
    const onScreen = await waitFor('the rows on the screen', async () => {
      const shown = await texts('.monaco-list-row[role="treeitem"][aria-label^="live-cloud/default "]');
      return shown.length > 0 && shown;
    });
    assert.match(onScreen[0], /^default\s*Azure · uksouth · primary · Succeeded · cldrsrc_default0001$/);
    const notListed = await waitFor('the 404 row on the screen', async () => {
      const shown = await texts('.monaco-list-row[role="treeitem"]:has-text("Not listed: HTTP 404")');
      return shown.length > 0 && shown;
    });
    assert.ok(
      notListed[0].startsWith('Not listed: HTTP 404 ResourceNotFound') && notListed[0].endsWith(ROLE_HINT),
      notListed[0],
    );
    assert.ok(
      emulator.requests.length > 0 && emulator.requests.every((request) => request.authorized),
      'every request carried the token',
    );
  });

  test('the template whose cloud resource is deployed with another region gets the drift diagnostic there', async () => {
    const document = await vscode.workspace.openTextDocument(workspaceFile('azure/cloud.json'));
    await vscode.window.showTextDocument(document);
    const drift = await waitFor(
      () => `cloud-resource-drift (have ${describe(document.uri)})`,
      () => find(document.uri, 'cloud-resource-drift'),
    );
    assert.equal(
      drift.range.start.line,
      document
        .getText()
        .split('\n')
        .findIndex((line) => line.includes('"ukwest"')),
    );
    assert.equal(drift.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(
      drift.message,
      /^region is "ukwest" here, but cloud resource live-cloud\/default in Azure \(resource group rg-anyscale, subscription Anyscale Dev\) was created with "uksouth"/,
    );
    assert.match(drift.message, /redeploying fails with "Cannot update fields in the existing cloud resource default"/);
    assert.equal(ours(document.uri).filter((d) => d.message.includes('in Azure')).length, 1, 'only the region differs');
  });

  test('"Fill global.cloudDeploymentId", clicked on the row, writes the ID into the values file beside the template and nothing else', async () => {
    const values = await vscode.workspace.openTextDocument(workspaceFile('azure/values.yaml'));
    const before = values.getText();
    // What the editor was told changed: the old value's range alone, not the whole file written again the same.
    const changes: string[] = [];
    const listening = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.toString() === values.uri.toString())
        changes.push(
          ...event.contentChanges.map(
            ({ range, text }) =>
              `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character} ${text}`,
          ),
        );
    });
    try {
      await vscode.commands.executeCommand('anyscaleAzure.deployed.focus');
      const row = '.monaco-list-row[role="treeitem"][aria-label^="live-cloud/default "]';
      await hover(row);
      await click(`${row} .action-label[aria-label="Fill global.cloudDeploymentId"]`);
      await waitFor(
        () => `the values file to hold the ID (have ${JSON.stringify(values.getText())})`,
        () => values.getText().includes('cldrsrc_default0001'),
      );
    } finally {
      listening.dispose();
    }
    assert.equal(values.getText(), before.replace('"<cloud-resource-id>"', '"cldrsrc_default0001"'));
    const line = before.split('\n').findIndex((text) => text.includes('"<cloud-resource-id>"'));
    const column = before.split('\n')[line].indexOf('"<cloud-resource-id>"');
    assert.deepEqual(changes, [
      `${line}:${column}-${line}:${column + '"<cloud-resource-id>"'.length} "cldrsrc_default0001"`,
    ]);
    await waitFor(
      () => `the placeholder's finding to go (have ${describe(values.uri)})`,
      () => !find(values.uri, 'values-cloud-deployment-id-invalid'),
    );
    await values.save();
  });

  test("with the language server traced verbosely, the token is in none of VS Code's logs (output channels included)", async () => {
    const logs = path.join(process.env.VSCODE_TEST_USER_DATA ?? '', 'logs');
    // The trace of the listing sent to the server is written: the logs are where we look, and they are complete.
    const traced = await waitFor(
      () =>
        `the trace of anyscaleAzure/deployedAzure in the logs (have ${JSON.stringify(filesUnder(logs).map((f) => [path.relative(logs, f), fs.statSync(f).size, fs.readFileSync(f, 'utf8').includes('deployedAzure')]))})`,
      () => {
        const files = filesUnder(logs).filter((file) =>
          /anyscaleAzure\/deployedAzure[\s\S]*cldrsrc_default0001/.test(fs.readFileSync(file, 'utf8')),
        );
        return files.length > 0 && files;
      },
    );
    assert.ok(traced.length > 0);
    const leaking = filesUnder(logs).filter((file) => fs.readFileSync(file, 'utf8').includes(TOKEN));
    assert.deepEqual(leaking, []);
  });

  test('"Disconnect from Azure" clears the view, and the templates are no longer compared', async () => {
    const uri = workspaceFile('azure/cloud.json');
    await vscode.commands.executeCommand('anyscaleAzure.azure.disconnect');
    assert.deepEqual(await rows(), []);
    await waitFor(
      () => `the drift diagnostic to go (have ${describe(uri)})`,
      () => !find(uri, 'cloud-resource-drift'),
    );
  });

  test("without the harness's environment variable the test-only token setting is ignored: VS Code's sign-in is asked, and Azure gets nothing", async () => {
    const asked = emulator.requests.length;
    delete process.env.ANYSCALE_AZURE_TEST_TOKEN; // the extension host is this process
    try {
      assert.equal(settings().get('azure.testToken'), TOKEN, 'the setting is still there');
      const connected = vscode.commands.executeCommand('anyscaleAzure.azure.connect');
      // Here the sign-in is that of a sovereign cloud (the endpoint is not management.azure.com), and code-server says:
      // "Timed out waiting for authentication provider 'microsoft-sovereign-cloud' to register."
      const refused = await waitForNotification(/^Anyscale: not connected to Azure: /, 20000);
      assert.equal(await connected, undefined, refused);
    } finally {
      process.env.ANYSCALE_AZURE_TEST_TOKEN = TOKEN;
    }
    assert.equal(emulator.requests.length, asked);
    assert.deepEqual(await rows(), []);
  });
});
