// "Anyscale: Verify Egress from This Machine" in a real VS Code: loopback TLS servers started here, workspace
// settings pointing the extension at them (a targets file, `resolve` to 127.0.0.1, the test CA), the command run,
// and the results read back from the results view's tree data; then re-running one target and exporting.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EgressReport } from '../../../shared/protocol';
import { startLab, type Lab } from '../../support/egressLab';
import { EXTENSION_ID, workspaceFolder } from './helpers';

suite('Egress verification in a real VS Code', () => {
  let lab: Lab;
  let folder: vscode.Uri;

  suiteSetup(async () => {
    lab = await startLab({ slowMs: 50 });
    folder = workspaceFolder().uri;
    fs.writeFileSync(path.join(folder.fsPath, 'egress-targets.json'), JSON.stringify({
      targets: [lab.target('good'), lab.target('closed'), lab.target('expired'), { host: 'grafana-*.azure.anyscale-cloud.dev' }],
    }));
    const config = vscode.workspace.getConfiguration('anyscaleAzure.egress');
    await config.update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    await config.update('resolve', lab.names, vscode.ConfigurationTarget.Workspace);
    await config.update('caFile', lab.certificates.caFile, vscode.ConfigurationTarget.Workspace);
    await config.update('timeoutMs', 2000, vscode.ConfigurationTarget.Workspace);
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  });

  suiteTeardown(async () => {
    const config = vscode.workspace.getConfiguration('anyscaleAzure.egress');
    for (const key of ['targetsFile', 'resolve', 'caFile', 'timeoutMs']) await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await lab?.close();
  });

  test('the command probes the targets and the results view shows pass/fail, classification and latency', async () => {
    const report = await vscode.commands.executeCommand<EgressReport>('anyscaleAzure.egress.verifyLocal');
    assert.ok(report, 'the command returned no report');
    assert.deepEqual(report.results.map((r) => r.outcome), ['ok', 'refused', 'tls-expired', 'needs-host']);
    const rows = await vscode.commands.executeCommand<Array<{ label: string; description: string }>>('anyscaleAzure.egress.results');
    assert.deepEqual(rows.map((r) => r.label), [lab.target('good'), lab.target('closed'), lab.target('expired'), 'grafana-*.azure.anyscale-cloud.dev:443']);
    assert.match(rows[0].description, /^ok · \d+ ms$/);
    assert.match(rows[1].description, /^refused · \d+ ms$/);
    assert.match(rows[2].description, /^tls-expired · \d+ ms$/);
    assert.equal(rows[3].description, 'needs a concrete host name');
    assert.match(report.results[1].hint ?? '', /closed\.egress\.test:\d+/);
  });

  test('re-running one target replaces only its row; the report exports as Markdown and JSON', async () => {
    const before = await vscode.commands.executeCommand<EgressReport>('anyscaleAzure.egress.verifyLocal');
    await vscode.commands.executeCommand('anyscaleAzure.egress.rerunTarget', { result: before.results[0] });
    const rows = await vscode.commands.executeCommand<Array<{ label: string; description: string }>>('anyscaleAzure.egress.results');
    assert.equal(rows.length, 4);
    assert.match(rows[0].description, /^ok · /);
    const markdown = vscode.Uri.joinPath(folder, 'egress-report.md');
    const json = vscode.Uri.joinPath(folder, 'egress-report.json');
    await vscode.commands.executeCommand('anyscaleAzure.egress.exportReport', 'markdown', markdown);
    await vscode.commands.executeCommand('anyscaleAzure.egress.exportReport', 'json', json);
    const text = Buffer.from(await vscode.workspace.fs.readFile(markdown)).toString('utf8');
    assert.match(text, /^# Anyscale on Azure egress report/);
    assert.match(text, /\*\*1 passed, 2 failed\*\*, 1 need a concrete host name/);
    const exported = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(json)).toString('utf8')) as EgressReport;
    assert.equal(exported.results.length, 4);
  });

  test('the allow-list opens as ARM JSON and az commands in new editors', async () => {
    await vscode.commands.executeCommand('anyscaleAzure.egress.showAllowList');
    const texts = vscode.window.visibleTextEditors.map((e) => e.document.getText());
    assert.ok(texts.some((t) => t.includes('Microsoft.Network/firewallPolicies/ruleCollectionGroups')), 'no ARM JSON editor');
    assert.ok(texts.some((t) => t.includes('az network firewall policy rule-collection-group')), 'no az commands editor');
  });
});
