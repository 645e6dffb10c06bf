// "Anyscale: Verify Egress from This Machine" in a real VS Code: loopback TLS servers started here, workspace
// settings pointing the extension at them (a targets file, `resolve` to 127.0.0.1, the test CA), the command run,
// and the results read back from the results view and the screen; then re-running one target whose server has gone
// away, exporting through the palette and the save dialog, and cancelling a run from its progress notification.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as net from 'node:net';
import * as path from 'node:path';
import * as tls from 'node:tls';
import * as vscode from 'vscode';
import type { EgressReport } from '../../../shared/protocol';
import { HOSTS, LOOPBACK, startLab, type Lab } from '../../support/egressLab';
import { EXTENSION_ID, openEditor, waitFor, workspaceFolder } from './helpers';
import {
  acceptSaveDialog,
  attributes,
  clearNotifications,
  click,
  clickNotificationButton,
  contextMenuAction,
  hover,
  languageStatus,
  notificationSeverity,
  paletteRows,
  press,
  runFromPalette,
  screenshot,
  texts,
  type,
  waitForNotification,
} from './ui';

type Row = { kind: string; label: string; description: string; icon?: string };
const viewRows = () => vscode.commands.executeCommand<Row[]>('anyscaleAzure.egress.results');
/** The target rows of the results view (below its summary and diagnosis rows). */
const resultRows = async () => (await viewRows()).filter((row) => row.kind === 'target');

/** A TLS server for good.egress.test that a test takes down between two probes, so its target's answer changes. */
async function startGoingAway(pair: { key: string; cert: string }): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer(pair, (socket) => {
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

suite('Egress verification in a real VS Code', () => {
  let lab: Lab;
  let goingAway: Awaited<ReturnType<typeof startGoingAway>>;
  let goingAwayTarget: string;
  let folder: vscode.Uri;
  const config = () => vscode.workspace.getConfiguration('anyscaleAzure.egress');

  suiteSetup(async () => {
    lab = await startLab({ slowMs: 50 });
    goingAway = await startGoingAway(lab.certificates.pair('good'));
    goingAwayTarget = `${HOSTS.good}:${goingAway.port}`;
    folder = workspaceFolder().uri;
    fs.writeFileSync(
      path.join(folder.fsPath, 'egress-targets.json'),
      JSON.stringify({
        targets: [
          lab.target('good'),
          lab.target('closed'),
          lab.target('expired'),
          goingAwayTarget,
          { host: 'grafana-*.azure.anyscale-cloud.dev' },
        ],
      }),
    );
    // Two names for the server that accepts and never answers: a run against them lasts until it is cancelled.
    fs.writeFileSync(
      path.join(folder.fsPath, 'egress-silent.json'),
      JSON.stringify({ targets: [lab.target('silent'), `${HOSTS.slow}:${lab.ports.silent}`] }),
    );
    await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    await config().update('resolve', lab.names, vscode.ConfigurationTarget.Workspace);
    await config().update('caFile', lab.certificates.caFile, vscode.ConfigurationTarget.Workspace);
    await config().update('timeoutMs', 2000, vscode.ConfigurationTarget.Workspace);
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  });

  suiteTeardown(async () => {
    for (const key of ['targetsFile', 'resolve', 'caFile', 'timeoutMs'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await goingAway?.close();
    await lab?.close();
  });

  test('the command probes the targets and the results view shows pass/fail, classification and latency', async () => {
    const report = await vscode.commands.executeCommand<EgressReport>('anyscaleAzure.egress.verifyLocal');
    assert.ok(report, 'the command returned no report');
    assert.deepEqual(
      report.results.map((r) => r.outcome),
      ['ok', 'refused', 'tls-expired', 'ok', 'needs-host'],
    );
    const [summary, wildcards, ...rows] = await viewRows();
    assert.equal(summary.kind, 'summary', 'the first row is the summary');
    assert.equal(summary.label, '2 passed, 2 failed, 1 needs a host');
    assert.match(summary.description, /^from this machine, at \d{2}:\d{2}$/);
    assert.deepEqual(
      [wildcards.kind, wildcards.label, wildcards.description],
      [
        'notProbed',
        'Not probed: 1 wildcard needs a concrete host name',
        // grafana-* from the targets file gets its host there: the settings' hosts and cloud IDs are not used beside it.
        'add one to the targets file (anyscaleAzure.egress.targetsFile, CLI --targets); each row says what fills it',
      ],
      "the wildcard not probed, and how to give it a host, in its row's words",
    );
    assert.deepEqual(
      rows.map((r) => r.kind),
      ['target', 'target', 'target', 'target', 'target'],
      'no diagnosis: the failures have different causes',
    );
    assert.deepEqual(
      rows.map((r) => r.label),
      [
        lab.target('good'),
        lab.target('closed'),
        lab.target('expired'),
        goingAwayTarget,
        'grafana-*.azure.anyscale-cloud.dev:443',
      ],
    );
    assert.match(rows[0].description, /^ok · \d+ ms$/);
    assert.match(rows[1].description, /^refused · \d+ ms$/);
    assert.match(rows[2].description, /^tls-expired · \d+ ms$/);
    assert.equal(rows[4].description, 'needs a concrete host name');
    // Probed from this machine: a host the targets file lists is reached from here, and the hint is about this network.
    assert.match(report.results[1].hint ?? '', /closed\.egress\.test:\d+ \(this machine → a host you listed\)/);
    assert.match(report.results[1].hint ?? '', /in this machine's own firewall, the network's firewall/);
    assert.doesNotMatch(report.results[1].hint ?? '', /AKS|Azure Firewall|NSG/);
    await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
    const closedRow = `.part.sidebar .monaco-list-row[role="treeitem"][aria-label^="${lab.target('closed')} "]`;
    await click(`${closedRow} .monaco-tl-twistie`);
    const flowRow = await waitFor('the Flow field of the expanded row', async () =>
      (await attributes('.part.sidebar .monaco-list-row[role="treeitem"]', 'aria-label')).find((label) =>
        label.startsWith('Flow '),
      ),
    );
    await click(`${closedRow} .monaco-tl-twistie`);
    assert.equal(flowRow, 'Flow this machine → a host you listed');
  });

  test('the egress Language Status item shows the last result: how many failed, from where', async () => {
    await openEditor('bad-template.json');
    const status = await waitFor('the egress Language Status item', async () =>
      (await languageStatus()).find((row) => /Egress:/.test(row.line)),
    );
    assert.match(status.line, /^Egress: 2 failed from this machine, \d{1,2}:\d{2}:\d{2}/);
    assert.equal(status.severity, 'error');
  });

  test('"Re-run This Target", clicked on a row, probes that target again and replaces only its row; the summary says so', async () => {
    const [summaryBefore] = await viewRows();
    const before = await resultRows();
    assert.match(before[3].description, /^ok · /, `the row of ${goingAwayTarget} before its server goes away`);
    await goingAway.close();
    await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
    const row = `.monaco-list-row[role="treeitem"][aria-label^="${goingAwayTarget} "]`;
    await hover(row);
    await click(`${row} .action-label[aria-label="Re-run This Target"]`);
    const after = await waitFor(
      () => `the row of ${goingAwayTarget} to read "refused" (have ${JSON.stringify(before[3])})`,
      async () => {
        const rows = await resultRows();
        return /^refused · \d+ ms$/.test(rows[3].description) && rows;
      },
    );
    assert.deepEqual(
      after.filter((_, i) => i !== 3),
      before.filter((_, i) => i !== 3),
      'the other rows are kept as they were',
    );
    // The counts take the re-run's result; the time stays the run's, and the re-run's follows it.
    const [summary] = await viewRows();
    assert.equal(summary.label, '1 passed, 3 failed, 1 needs a host');
    const [, runAt, rerunAt] =
      /^from this machine, at (\d{2}:\d{2}), 1 target re-run at (\d{2}:\d{2})$/.exec(summary.description) ?? [];
    assert.ok(runAt, `the summary names the re-run: ${summary.description}`);
    assert.equal(`from this machine, at ${runAt}`, summaryBefore.description, "the run's own time is kept");
    assert.ok(rerunAt >= runAt, `re-run at ${rerunAt}, after the run at ${runAt}`);
    await openEditor('bad-template.json');
    const status = await waitFor('the egress status to count the re-run', async () =>
      (await languageStatus()).find((r) => /^Egress: 3 failed/.test(r.line)),
    );
    assert.equal(status.severity, 'error');
    assert.match(status.line, /, 1 target re-run at \d{1,2}:\d{2}:\d{2}/, 'the status names the re-run too');
  });

  test('Export Egress Report from the palette writes the results, re-run included, where the save dialog says', async () => {
    const exported = vscode.Uri.joinPath(folder, 'anyscale-egress-report.json');
    await runFromPalette('Anyscale: Export Egress Report');
    await waitFor('the format quick pick', async () => (await paletteRows()).includes('json'));
    await type('json');
    await press('Enter');
    // The dialog offers anyscale-egress-report.json in the workspace folder; the user takes it.
    const report = await acceptSaveDialog(exported.fsPath, () => {
      try {
        return JSON.parse(fs.readFileSync(exported.fsPath, 'utf8')) as EgressReport;
      } catch {
        return undefined; // not there yet, or not written to the end
      }
    });
    assert.deepEqual(
      report.results.map((r) => [`${r.target.host}:${r.target.port}`, r.outcome]),
      [
        [lab.target('good'), 'ok'],
        [lab.target('closed'), 'refused'],
        [lab.target('expired'), 'tls-expired'],
        [goingAwayTarget, 'refused'],
        ['grafana-*.azure.anyscale-cloud.dev:443', 'needs-host'],
      ],
    );
    const markdown = vscode.Uri.joinPath(folder, 'egress-report.md');
    await vscode.commands.executeCommand('anyscaleAzure.egress.exportReport', 'markdown', markdown);
    const written = Buffer.from(await vscode.workspace.fs.readFile(markdown)).toString('utf8');
    assert.match(written, /^# Anyscale on Azure egress report/);
    assert.match(written, /\*\*1 passed, 3 failed\*\*, 1 need a concrete host name/);
  });

  test('a row\'s "Copy Allow-List Entry" copies its Azure Firewall FQDN; "Open Documentation" opens its outcome\'s section', async () => {
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
    const wildcard = '.monaco-list-row[role="treeitem"][aria-label^="grafana-*.azure.anyscale-cloud.dev:443 "]';
    let copied = '';
    await contextMenuAction(
      wildcard,
      'Copy Allow-List Entry',
      async () => (copied = await vscode.env.clipboard.readText()),
      'allow-list entry on the clipboard',
    );
    assert.equal(copied, '*.azure.anyscale-cloud.dev', 'the entry as Azure Firewall writes the wildcard');

    const closed = `.monaco-list-row[role="treeitem"][aria-label^="${lab.target('closed')} "]`;
    await hover(closed);
    await click(`${closed} .action-label[aria-label="Open Documentation"]`);
    await waitFor('the rendered preview of docs/egress.md', () => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      return (
        tab?.input instanceof vscode.TabInputWebview &&
        tab.input.viewType.endsWith('markdown.preview') &&
        tab.label === 'Preview egress.md'
      );
    });
    await waitFor('the "Connection failures" section (the outcome "refused") in the preview', async () =>
      (await texts('h3', true)).includes('Connection failures'),
    );
  });

  test('Cancel on the progress notification stops the run: every target reads "cancelled", in the view and the status', async () => {
    await config().update('targetsFile', 'egress-silent.json', vscode.ConfigurationTarget.Workspace);
    await config().update('timeoutMs', 20000, vscode.ConfigurationTarget.Workspace);
    await clearNotifications();
    try {
      const started = Date.now();
      const running = vscode.commands.executeCommand<EgressReport>('anyscaleAzure.egress.verifyLocal');
      await clickNotificationButton('Anyscale: verifying egress from this machine', 'Cancel');
      const report = await running;
      assert.ok(report, 'a cancelled run still reports what it has');
      assert.ok(
        Date.now() - started < 10000,
        `the run took ${Date.now() - started} ms after Cancel, against a 20 s timeout`,
      );
      assert.equal(report.cancelled, true);
      assert.deepEqual(
        report.results.map((r) => r.outcome),
        ['cancelled', 'cancelled'],
      );
      const rows = await resultRows();
      assert.ok(
        rows.every((r) => /^cancelled · \d+ ms$/.test(r.description)),
        JSON.stringify(rows),
      );
      await openEditor('bad-template.json');
      const status = await waitFor('the egress status of the cancelled run', async () =>
        (await languageStatus()).find((r) => /\(cancelled\)$/.test(r.line)),
      );
      assert.match(status.line, /^Egress: 2 failed from this machine, .* \(cancelled\)$/);
    } finally {
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
      await config().update('timeoutMs', 2000, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a run ends with a notification of its counts and diagnosis, whose "Show Results" reveals the view', async () => {
    // Two names for the closed port: every target refused, one cause for both.
    fs.writeFileSync(
      path.join(folder.fsPath, 'egress-refused.json'),
      JSON.stringify({ targets: [lab.target('closed'), `${HOSTS.slow}:${lab.ports.closed}`] }),
    );
    await config().update('targetsFile', 'egress-refused.json', vscode.ConfigurationTarget.Workspace);
    await clearNotifications();
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary, diagnosis] = await viewRows();
      assert.equal(summary.label, '0 passed, 2 failed');
      assert.deepEqual(
        [diagnosis.kind, diagnosis.label],
        [
          'diagnosis',
          `no TCP connection on ${lab.ports.closed} succeeded: most likely nothing leaves this network on ${lab.ports.closed}`,
        ],
      );
      // Probed from this machine: what to open is in this machine's network, not the cluster's NSG.
      assert.match(diagnosis.description, /allow outbound HTTPS in this machine's own firewall/);
      assert.doesNotMatch(diagnosis.description, /NSG|route table/);
      const message = await waitForNotification('Anyscale egress from this machine');
      assert.match(
        message,
        /^Anyscale egress from this machine, at \d{2}:\d{2}: 0 passed, 2 failed — no TCP connection on (\d+) succeeded: most likely nothing leaves this network on \1/,
      );
      assert.equal(
        await notificationSeverity(message),
        'error',
        'required targets failed: an error, as the status item',
      );
      // The Language Status item says it too, next to an Anyscale document.
      await openEditor('bad-template.json');
      const status = await waitFor('the egress status with the diagnosis', async () =>
        (await languageStatus()).find((r) => /^Egress: 2 failed/.test(r.line)),
      );
      assert.match(
        status.line,
        new RegExp(
          `^Egress: 2 failed from this machine, .* — no TCP connection on ${lab.ports.closed} succeeded: most likely nothing leaves this network on ${lab.ports.closed}$`,
        ),
      );
      await vscode.commands.executeCommand('workbench.view.explorer');
      const egressHeader = '.part.sidebar .pane-header:has-text("Anyscale Egress")';
      await waitFor('the results view to be out of sight', async () => (await texts(egressHeader)).length === 0);
      await clickNotificationButton('Anyscale egress from this machine', 'Show Results');
      await waitFor('"Show Results" to reveal the results view', async () => (await texts(egressHeader)).length > 0);
    } finally {
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test('an optional target that fails is a warning row, a required one an error row', async () => {
    fs.writeFileSync(
      path.join(folder.fsPath, 'egress-optional.json'),
      JSON.stringify({
        targets: [lab.target('closed'), { host: HOSTS.slow, port: lab.ports.closed, required: false }],
      }),
    );
    await config().update('targetsFile', 'egress-optional.json', vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary] = await viewRows();
      assert.equal(summary.label, '0 passed, 1 failed, 1 optional failed');
      assert.deepEqual(
        (await resultRows()).map((row) => [row.label, row.icon]),
        [
          [lab.target('closed'), 'error'],
          [`${HOSTS.slow}:${lab.ports.closed}`, 'warning'],
        ],
      );
    } finally {
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test("a proxy that carries every probe: the view names it in a row of its own, in the CLI's words, and shows it", async () => {
    // The lab's proxy tunnels to the lab's hosts: both pass, through it.
    const targets = [lab.target('good'), lab.target('slow')];
    fs.writeFileSync(path.join(folder.fsPath, 'egress-proxied.json'), JSON.stringify(targets));
    await config().update('targetsFile', 'egress-proxied.json', vscode.ConfigurationTarget.Workspace);
    await config().update(
      'proxy',
      `http://ci-user:s3cret@127.0.0.1:${lab.proxyPort}`,
      vscode.ConfigurationTarget.Workspace,
    );
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary, proxyRow, ...rows] = await viewRows();
      assert.equal(summary.label, '2 passed, 0 failed');
      const label = `Proxy: 127.0.0.1:${lab.proxyPort}`;
      assert.deepEqual(
        [proxyRow.kind, proxyRow.label, proxyRow.description, proxyRow.icon],
        ['proxy', label, 'every probed target went through it', 'globe'],
        'the row under the summary: which proxy, and that every target went through it',
      );
      assert.deepEqual(
        rows.map((row) => [row.kind, row.label]),
        targets.map((target) => ['target', target]),
      );
      // On the screen: the row as drawn, label and description, read aloud (its tooltip) as the CLI's line; never the
      // proxy's credentials.
      await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
      const drawn = `.part.sidebar .monaco-list-row[role="treeitem"][aria-label^="${label} "]`;
      const read = await waitFor('the proxy row drawn in the results view', async () =>
        (await attributes(drawn, 'aria-label')).at(0),
      );
      assert.equal(read, `${label} — every probed target went through it`);
      assert.deepEqual(
        (await texts(`${drawn} .label-name, ${drawn} .label-description`)).map((text) => text.trim()),
        [label, 'every probed target went through it'],
      );
      await screenshot('egress-proxy');
      const pane = (await texts('.part.sidebar .pane-body')).join('\n');
      assert.doesNotMatch(pane, /ci-user|s3cret/, pane);
    } finally {
      await config().update('proxy', undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a proxy nobody listens on: the view and the notification say once that the proxy cannot be reached', async () => {
    const proxy = `http://127.0.0.1:${lab.ports.closed}`;
    await config().update('proxy', proxy, vscode.ConfigurationTarget.Workspace);
    await clearNotifications();
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary, diagnosis, ...rows] = await viewRows();
      assert.equal(summary.label, '0 passed, 4 failed, 1 needs a host');
      const headline = `the proxy 127.0.0.1:${lab.ports.closed} cannot be reached (ECONNREFUSED 127.0.0.1:${lab.ports.closed})`;
      assert.deepEqual([diagnosis.kind, diagnosis.label], ['diagnosis', headline]);
      assert.match(diagnosis.description, /^no target was tried: check that the proxy runs/);
      assert.deepEqual(
        rows.filter((row) => row.kind === 'target').map((row) => row.description.split(' · ')[0]),
        ['proxy-refused', 'proxy-refused', 'proxy-refused', 'proxy-refused', 'needs a concrete host name'],
      );
      // The CLI's "Proxy:" line: the proxy carried nothing, drawn as disconnected.
      const proxyRow = rows.find((row) => row.kind === 'proxy');
      assert.deepEqual(proxyRow && [proxyRow.label, proxyRow.description, proxyRow.icon], [
        `Proxy: 127.0.0.1:${lab.ports.closed}`,
        'no target went through it: it could not be reached',
        'debug-disconnect',
      ]);
      const message = await waitForNotification('Anyscale egress from this machine');
      assert.ok(message.endsWith(`0 passed, 4 failed, 1 needs a host — ${headline}`), message);
    } finally {
      await config().update('proxy', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a proxy that answers every CONNECT with 502: the view and the notification say once that the proxy is the likely problem', async () => {
    // The lab's proxy knows these hosts, but nothing listens on their port: it answers 502 Bad Gateway for each.
    const targets = [`${HOSTS.good}:${lab.ports.closed}`, `${HOSTS.slow}:${lab.ports.closed}`];
    fs.writeFileSync(path.join(folder.fsPath, 'egress-bad-gateway.json'), JSON.stringify(targets));
    await config().update('targetsFile', 'egress-bad-gateway.json', vscode.ConfigurationTarget.Workspace);
    await config().update('proxy', `http://127.0.0.1:${lab.proxyPort}`, vscode.ConfigurationTarget.Workspace);
    await clearNotifications();
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary, diagnosis] = await viewRows();
      assert.equal(summary.label, '0 passed, 2 failed');
      const headline = `the proxy 127.0.0.1:${lab.proxyPort} failed every CONNECT request with a server error (HTTP 502 Bad Gateway)`;
      assert.deepEqual([diagnosis.kind, diagnosis.label], ['diagnosis', headline]);
      assert.match(diagnosis.description, /^that is no refusal: the proxy itself is the likely problem/);
      const message = await waitForNotification('Anyscale egress from this machine');
      assert.ok(message.endsWith(`0 passed, 2 failed — ${headline}`), message);
    } finally {
      await config().update('proxy', undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test("a proxy that refuses every Anyscale host: the view says once which hosts to allow, and a row's Proxy reads host:port", async () => {
    // The lab's proxy refuses (403) the hosts it does not know, as an allow-list would; it never dials them.
    fs.writeFileSync(
      path.join(folder.fsPath, 'egress-anyscale.json'),
      JSON.stringify(['console.azure.anyscale.com', 'cld-abc.azure.anyscale-cloud.dev', 'login.microsoftonline.com']),
    );
    await config().update('targetsFile', 'egress-anyscale.json', vscode.ConfigurationTarget.Workspace);
    await config().update(
      'proxy',
      `http://ci-user:s3cret@127.0.0.1:${lab.proxyPort}`,
      vscode.ConfigurationTarget.Workspace,
    );
    await clearNotifications();
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const [summary, diagnosis] = await viewRows();
      assert.equal(summary.label, '0 passed, 3 failed');
      const headline = `the proxy 127.0.0.1:${lab.proxyPort} refuses every target (HTTP 403 Forbidden)`;
      assert.deepEqual([diagnosis.kind, diagnosis.label], ['diagnosis', headline]);
      assert.match(
        diagnosis.description,
        /add them to it, console\.azure\.anyscale\.com, \*\.azure\.anyscale-cloud\.dev, login\.microsoftonline\.com, or to NO_PROXY/,
      );
      const message = await waitForNotification('Anyscale egress from this machine');
      assert.ok(message.endsWith(`0 passed, 3 failed — ${headline}`), message);
      // A row's Proxy field names the proxy as the diagnosis does: host:port, not its URL, never its credentials.
      await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
      const rows = '.part.sidebar .monaco-list-row[role="treeitem"]';
      await click(`${rows}[aria-label^="console.azure.anyscale.com:443 "] .monaco-tl-twistie`);
      const proxyRow = await waitFor('the Proxy field of the expanded row', async () =>
        (await attributes(rows, 'aria-label')).find((label) => label.startsWith('Proxy ')),
      );
      assert.equal(proxyRow, `Proxy 127.0.0.1:${lab.proxyPort}`);
      const shown = (await texts('.part.sidebar .pane-body')).join('\n');
      assert.doesNotMatch(shown, /ci-user|s3cret|http:\/\/127/, shown);
    } finally {
      await config().update('proxy', undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a targets file that cannot be read: the run says so in a warning, not only with an empty report', async () => {
    await config().update('targetsFile', 'no-such-targets.json', vscode.ConfigurationTarget.Workspace);
    await clearNotifications();
    try {
      await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal');
      const warning = await waitForNotification('Anyscale egress: ');
      assert.match(warning, /^Anyscale egress: .*no-such-targets\.json/);
    } finally {
      await config().update('targetsFile', 'egress-targets.json', vscode.ConfigurationTarget.Workspace);
    }
  });

  test('Show Egress Allow-List asks which format, opens that one only, and "Save As…" writes it where the dialog says', async () => {
    await clearNotifications();
    const untitled = () =>
      vscode.workspace.textDocuments.filter(
        (d) => d.isUntitled && /Anyscale on Azure egress|firewall/i.test(d.getText()),
      );
    const before = untitled().length;
    await runFromPalette('Anyscale: Show Egress Allow-List');
    await waitFor('the format quick pick', async () =>
      (await paletteRows()).some((row) => row.startsWith('Plain list of FQDNs')),
    );
    const formats = ['Azure Firewall ARM template', 'az script', 'Plain list of FQDNs'];
    // Each row has a label and a detail line (both .label-name): the labels, in order.
    assert.deepEqual(
      (await paletteRows()).filter((row) => formats.includes(row)),
      formats,
    );
    await type('Plain list');
    await press('Enter');
    const list = await waitFor('the plain list in the active editor', () => {
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      return text.includes('*.azure.anyscale-cloud.dev') && text;
    });
    assert.match(list, new RegExp(`^${HOSTS.good.replace(/\./g, '\\.')}$`, 'm'), 'one FQDN a line');
    assert.doesNotMatch(
      list,
      /ruleCollectionGroups|az network firewall/,
      'the list only, not the ARM template or the az script',
    );
    assert.equal(untitled().length, before + 1, 'one new editor, not two');

    const saved = vscode.Uri.joinPath(folder, 'anyscale-egress-allow-list.txt');
    await clickNotificationButton('Anyscale: the egress allow-list', 'Save As…');
    const written = await acceptSaveDialog(
      saved.fsPath,
      () => fs.existsSync(saved.fsPath) && fs.readFileSync(saved.fsPath, 'utf8'),
    );
    assert.equal(written, list);
    await waitFor(
      'the saved file in the active editor, the unsaved one closed',
      () => vscode.window.activeTextEditor?.document.uri.fsPath === saved.fsPath && untitled().length === before,
    );

    // The other formats, chosen by argument: the ARM template keeps the notes as // lines, the az script as # lines.
    // An unsaved editor is named after its first line (40 characters at most): a short title, not a cut sentence.
    const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    const arm = await vscode.commands.executeCommand<vscode.TextDocument>('anyscaleAzure.egress.showAllowList', 'arm');
    assert.equal(arm.lineAt(0).text, '// Anyscale egress allow-list (ARM)');
    await waitFor(
      () => `the ARM template's tab named after its title (it is "${activeTab()}")`,
      () => activeTab() === '// Anyscale egress allow-list (ARM)',
    );
    assert.ok(arm.getText().includes('Microsoft.Network/firewallPolicies/ruleCollectionGroups'));
    const comments = arm
      .getText()
      .split('\n')
      .filter((line) => line.startsWith('//'));
    assert.ok(comments.length >= 2, 'the title, then what it is');
    for (const line of comments) assert.ok(line.length <= 120, `a comment line of ${line.length} characters: ${line}`);
    const az = await vscode.commands.executeCommand<vscode.TextDocument>('anyscaleAzure.egress.showAllowList', 'az');
    assert.ok(az.getText().includes('az network firewall policy rule-collection-group'));
    await waitFor(
      () => `the az script's tab named after its title (it is "${activeTab()}")`,
      () => activeTab() === '# Anyscale egress allow-list (az)',
    );
  });
});
