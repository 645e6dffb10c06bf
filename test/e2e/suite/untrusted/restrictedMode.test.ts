// Restricted Mode in a real VS Code: workspace trust is on and nobody has trusted the folder (the runner's
// `untrusted` suite; the main suite runs with trust off). What our package.json and client restrict must be
// restricted — the cluster commands, which run kubectl and az, and the settings that name files, hosts and contexts — and
// what is safe must still work: the language server's diagnostics, with the workspace's unrestricted settings.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from '../../../support/paths';
import { activateExtension, describe, find, openEditor, waitFor } from '../helpers';
import { answerModals, paletteRows, press, type, waitForNotification } from '../ui';

interface FakeKubectl {
  install(): { dir: string; close(): void };
  readCalls(dir: string): string[][];
}
// Loaded at run time, not bundled: the fake copies its own file as `kubectl`.
const fakeKubectl = module.require(path.join(REPO_ROOT, 'test', 'support', 'fakeKubectl.js')) as FakeKubectl;

/**
 * A command that runs programs on this machine: the palette (searched with `query`) does not offer `title`, and run
 * anyway `command` refuses with `refusal`, runs no kubectl and asks nothing.
 */
async function assertRefused(query: string, title: string, command: string, refusal: string): Promise<void> {
  await press('F1');
  await type(query);
  const offered = await waitFor(`the "${query}" commands in the palette`, async () => {
    const rows = await paletteRows();
    return rows.includes('Anyscale: Verify Egress from This Machine') && rows;
  });
  await press('Escape');
  assert.ok(!offered.includes(title), `offered: ${JSON.stringify(offered)}`);

  const fake = fakeKubectl.install();
  const pathBefore = process.env.PATH;
  process.env.PATH = `${fake.dir}${path.delimiter}${pathBefore}`;
  const modals = answerModals(undefined); // were the refusal gone, answering "no" keeps anything from being applied
  try {
    assert.equal(await vscode.commands.executeCommand(command), undefined);
    await waitForNotification(refusal);
    assert.deepEqual(fakeKubectl.readCalls(fake.dir), []);
    assert.deepEqual(modals.asked, []);
  } finally {
    modals.dispose();
    process.env.PATH = pathBefore;
    fake.close();
  }
}

suite('Restricted Mode (an untrusted workspace) in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('the folder is open untrusted, with workspace trust on', () => {
    assert.equal(vscode.workspace.getConfiguration('security.workspace.trust').get('enabled'), true);
    assert.equal(vscode.workspace.isTrusted, false);
  });

  test("diagnostics still work, at the level the workspace's anyscaleAzure.rules sets", async () => {
    const editor = await openEditor('bad-template.json', 'json');
    const uri = editor.document.uri;
    const diagnostic = await waitFor(`provider-invalid (have ${describe(uri)})`, () => find(uri, 'provider-invalid'));
    assert.equal(
      diagnostic.severity,
      vscode.DiagnosticSeverity.Warning,
      "anyscaleAzure.rules is not restricted: the workspace's level applies",
    );
  });

  test("restricted settings are ignored: the allow-list is not built from the workspace's targetsFile", async () => {
    // The fixture's .vscode/settings.json sets targetsFile and cluster.context; the test above shows the file is read.
    const egress = vscode.workspace.getConfiguration('anyscaleAzure.egress');
    assert.equal(egress.get('targetsFile'), '');
    assert.equal(egress.get('cluster.context'), '');
    await vscode.commands.executeCommand('anyscaleAzure.egress.showAllowList', 'arm'); // the format, as the palette's pick would give it
    const armJson = await waitFor('the allow-list editor', () =>
      vscode.window.visibleTextEditors.map((e) => e.document.getText()).find((t) => t.includes('ruleCollectionGroups')),
    );
    assert.ok(
      !armJson.includes('only-from-the-targets-file.egress.test'),
      'the allow-list was built from the restricted targetsFile',
    );
    assert.match(armJson, /azure\.anyscale/, 'the allow-list lists the targets derived from the workspace instead');
  });

  test('Verify Egress from Cluster is not offered, and run anyway it refuses with a message, runs no kubectl and asks nothing', () =>
    assertRefused(
      'Anyscale: Verify Egress',
      'Anyscale: Verify Egress from Cluster',
      'anyscaleAzure.egress.verifyCluster',
      'Anyscale: verifying egress from a cluster runs kubectl, which needs a trusted workspace.',
    ));

  test('Verify Cluster Extension is not offered, and run anyway it refuses with a message, runs no kubectl and asks nothing', () =>
    assertRefused(
      'Anyscale: Verify',
      'Anyscale: Verify Cluster Extension',
      'anyscaleAzure.clusterExtension.verify',
      'Anyscale: verifying a cluster extension runs az and kubectl, which needs a trusted workspace.',
    ));
});
