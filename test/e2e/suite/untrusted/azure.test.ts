// The live Azure view in Restricted Mode: a workspace's settings choose where the token is sent, so an untrusted one
// neither connects nor sets the endpoint or the test-only token. The endpoint and token that would work are put in the
// user's settings (which Restricted Mode does not ignore) with the ARM emulator behind them: were the refusal gone,
// Connect to Azure would list from it, and the emulator would see requests.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXAMPLE_SUBSCRIPTIONS, startArmEmulator, type ArmEmulator } from '../../../support/armEmulator';
import { activateExtension, waitFor, workspaceFolder } from '../helpers';
import { paletteRows, press, type, waitForNotification } from '../ui';

interface Row {
  depth: number;
  label: string;
  description: string;
}

const TOKEN = process.env.ANYSCALE_AZURE_TEST_TOKEN ?? '';

suite('Live Azure view in Restricted Mode (an untrusted workspace)', () => {
  let emulator: ArmEmulator;
  const azure = () => vscode.workspace.getConfiguration('anyscaleAzure.azure');

  suiteSetup(async () => {
    const tlsDir = process.env.VSCODE_TEST_TLS_DIR;
    assert.ok(
      tlsDir && TOKEN,
      'VSCODE_TEST_TLS_DIR and ANYSCALE_AZURE_TEST_TOKEN are not set: run the suite with test/e2e/run-vscode-tests.js untrusted',
    );
    await activateExtension();
    const tls = {
      key: fs.readFileSync(path.join(tlsDir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(tlsDir, 'cert.pem'), 'utf8'),
    };
    emulator = await startArmEmulator({ token: TOKEN, subscriptions: EXAMPLE_SUBSCRIPTIONS, tls });
  });

  suiteTeardown(async () => {
    for (const key of ['resourceManagerEndpoint', 'testToken'])
      await azure().update(key, undefined, vscode.ConfigurationTarget.Global);
    await emulator?.close();
  });

  test("the workspace's endpoint and test token are ignored", () => {
    const written = fs.readFileSync(path.join(workspaceFolder().uri.fsPath, '.vscode', 'settings.json'), 'utf8');
    assert.ok(
      written.includes(
        '"anyscaleAzure.azure.resourceManagerEndpoint": "https://endpoint-from-the-untrusted-workspace.test"',
      ),
    );
    assert.equal(azure().get('resourceManagerEndpoint'), 'https://management.azure.com');
    assert.ok(written.includes('"anyscaleAzure.azure.testToken": "token-from-the-untrusted-workspace"'));
    assert.equal(azure().get('testToken'), '');
  });

  test('Connect to Azure is not offered, and run anyway it refuses with a message: no sign-in, no request, nothing listed', async () => {
    await press('F1');
    await type('Anyscale: ');
    const offered = await waitFor('the Anyscale commands in the palette', async () => {
      const rows = await paletteRows();
      return rows.includes('Anyscale: Verify Egress from This Machine') && rows;
    });
    await press('Escape');
    assert.ok(!offered.includes('Anyscale: Connect to Azure'), `offered: ${JSON.stringify(offered)}`);

    await azure().update('resourceManagerEndpoint', emulator.url, vscode.ConfigurationTarget.Global);
    await azure().update('testToken', TOKEN, vscode.ConfigurationTarget.Global);
    assert.equal(azure().get('resourceManagerEndpoint'), emulator.url, "the user's settings apply in Restricted Mode");
    assert.equal(await vscode.commands.executeCommand('anyscaleAzure.azure.connect'), undefined);
    await waitForNotification(
      'Anyscale: connecting to Azure needs a trusted workspace (its settings choose where your token is sent).',
    );
    assert.deepEqual(emulator.requests, []);
    assert.deepEqual(await vscode.commands.executeCommand<Row[]>('anyscaleAzure.azure.rows'), []);
  });
});
