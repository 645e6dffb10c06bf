// "Anyscale: Verify Egress from Cluster" in a real VS Code when a step fails, with a FAKE kubectl first on the
// extension host's PATH (test/support/fakeKubectl.js: no Kubernetes API server can exist here; its scenarios fail
// one step the way a cluster does). Each test checks what the user is left with: the messages in the Notification
// Center, the results view, and whether a Job was left in the "cluster". The success path is the UI smoke's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EgressReport } from '../../../shared/protocol';
import { startLab, type Lab } from '../../support/egressLab';
import { REPO_ROOT } from '../../support/paths';
import { activateExtension, workspaceFolder } from './helpers';
import { answerModals, clearNotifications, clickNotificationButton, notifications, waitForNotification } from './ui';

interface FakeKubectl {
  install(): { dir: string; close(): void };
  setScenario(dir: string, scenario?: 'apply-fails' | 'job-never-finishes' | 'delete-fails'): void;
  readCalls(dir: string): string[][];
  leftoverJobs(dir: string): string[];
}
// Loaded at run time, not bundled: the fake copies its own file as `kubectl`.
const fakeKubectl = module.require(path.join(REPO_ROOT, 'test', 'support', 'fakeKubectl.js')) as FakeKubectl;

type Row = { kind: string; label: string; description: string };
/** The target rows of the results view (below its summary and diagnosis rows). */
const resultRows = async () =>
  (await vscode.commands.executeCommand<Row[]>('anyscaleAzure.egress.results')).filter((row) => row.kind === 'target');
const verifyFromCluster = () =>
  vscode.commands.executeCommand<EgressReport | undefined>('anyscaleAzure.egress.verifyCluster');

suite('Verify Egress from Cluster in a real VS Code, when a step fails', () => {
  let lab: Lab;
  let fake: { dir: string; close(): void };
  let modals: ReturnType<typeof answerModals>;
  let rowsBefore: Row[];
  let jobsBefore: string[];
  /** The Jobs this test left in the fake cluster. */
  const leftover = () => fakeKubectl.leftoverJobs(fake.dir).filter((name) => !jobsBefore.includes(name));
  const pathBefore = process.env.PATH;
  const egress = () => vscode.workspace.getConfiguration('anyscaleAzure.egress');
  /** The kubectl calls made since the test started, as "verb …" after the --context/--namespace scope. */
  let callsBefore = 0;
  const scopedCalls = () =>
    fakeKubectl
      .readCalls(fake.dir)
      .slice(callsBefore)
      .filter((argv) => argv[0] === '--context')
      .map((argv) => argv.slice(4).join(' '));

  suiteSetup(async () => {
    await activateExtension();
    lab = await startLab();
    const folder = workspaceFolder().uri.fsPath;
    fs.writeFileSync(
      path.join(folder, 'egress-cluster-targets.json'),
      JSON.stringify({ targets: [lab.target('good'), lab.target('closed')] }),
    );
    await egress().update('targetsFile', 'egress-cluster-targets.json', vscode.ConfigurationTarget.Workspace);
    await egress().update('resolve', lab.names, vscode.ConfigurationTarget.Workspace);
    await egress().update('caFile', lab.certificates.caFile, vscode.ConfigurationTarget.Workspace);
    await egress().update('timeoutMs', 2000, vscode.ConfigurationTarget.Workspace);
    await egress().update('cluster.context', 'fake-aks', vscode.ConfigurationTarget.Workspace);
    await egress().update('cluster.namespace', 'egress-e2e', vscode.ConfigurationTarget.Workspace);
    await egress().update('cluster.waitSeconds', 10, vscode.ConfigurationTarget.Workspace);
    fake = fakeKubectl.install();
    process.env.PATH = `${fake.dir}${path.delimiter}${pathBefore}`; // the extension host's own environment: kubectl is spawned from it
    modals = answerModals('Apply');
  });

  setup(async () => {
    await clearNotifications();
    modals.asked.length = 0;
    callsBefore = fakeKubectl.readCalls(fake.dir).length;
    rowsBefore = await resultRows();
    jobsBefore = fakeKubectl.leftoverJobs(fake.dir);
  });

  teardown(() => fakeKubectl.setScenario(fake.dir, undefined));

  suiteTeardown(async () => {
    modals?.dispose();
    process.env.PATH = pathBefore;
    fake?.close();
    for (const key of [
      'targetsFile',
      'resolve',
      'caFile',
      'timeoutMs',
      'cluster.context',
      'cluster.namespace',
      'cluster.waitSeconds',
    ]) {
      await egress().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    }
    await lab?.close();
  });

  test('kubectl missing from PATH: an error says so, nothing is asked or applied, the results stay', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-kubectl-'));
    process.env.PATH = empty;
    try {
      assert.equal(await verifyFromCluster(), undefined);
    } finally {
      process.env.PATH = `${fake.dir}${path.delimiter}${pathBefore}`;
      fs.rmSync(empty, { recursive: true, force: true });
    }
    const message = await waitForNotification(/not installed or not on PATH/);
    assert.match(
      message,
      /^Anyscale: Verify Egress from Cluster runs kubectl, which is not installed or not on PATH \(.*ENOENT.*\)\. Install it/,
    );
    assert.deepEqual(modals.asked, []);
    assert.deepEqual(fakeKubectl.readCalls(fake.dir).slice(callsBefore), []);
    assert.deepEqual(await resultRows(), rowsBefore);
  });

  test("kubectl apply refused: the message carries kubectl's reason, no report replaces the results, no Job is left", async () => {
    fakeKubectl.setScenario(fake.dir, 'apply-fails');
    assert.equal(await verifyFromCluster(), undefined, 'nothing ran, so there is nothing to report');
    assert.equal(modals.asked.length, 1);
    assert.match(
      modals.asked[0],
      /^Apply the probe Job "[\w-]+" \(image .+\) to namespace "egress-e2e" in context "fake-aks"\? It probes 2 targets/,
    );
    const message = await waitForNotification(/kubectl apply failed/);
    assert.match(
      message,
      /^Anyscale egress probe Job: kubectl apply failed: Error from server \(Forbidden\): .*cannot create resource "jobs".*"egress-e2e"/,
    );
    assert.deepEqual(
      scopedCalls().map((call) => call.split(' ')[0]),
      ['apply'],
    );
    assert.deepEqual(leftover(), []);
    assert.deepEqual(await resultRows(), rowsBefore, 'the results view still shows the last real results');
  });

  test('the Job never finishes: after cluster.waitSeconds a message says so, the Job is deleted, the results stay', async () => {
    fakeKubectl.setScenario(fake.dir, 'job-never-finishes');
    const started = Date.now();
    assert.equal(await verifyFromCluster(), undefined, 'the Job wrote no log, so there is nothing to report');
    assert.ok(
      Date.now() - started >= 10000,
      `gave up after ${Date.now() - started} ms, before cluster.waitSeconds (10 s)`,
    );
    await waitForNotification('the Job did not finish within 10 s');
    const messages = await notifications();
    assert.ok(
      messages.includes('Anyscale egress probe Job: the Job did not finish within 10 s'),
      JSON.stringify(messages),
    );
    assert.ok(
      messages.some((m) => /^Anyscale egress probe Job: kubectl logs failed: .*waiting to start/.test(m)),
      JSON.stringify(messages),
    );
    const verbs = scopedCalls().map((call) => call.split(' ')[0]);
    assert.deepEqual([verbs[0], ...verbs.slice(-2)], ['apply', 'logs', 'delete']);
    assert.deepEqual(leftover(), []);
    assert.deepEqual(await resultRows(), rowsBefore);
  });

  test('Cancel on the progress notification: the wait stops, the Job is deleted, a message says it was cancelled', async () => {
    fakeKubectl.setScenario(fake.dir, 'job-never-finishes');
    await egress().update('cluster.waitSeconds', 120, vscode.ConfigurationTarget.Workspace);
    try {
      const started = Date.now();
      const running = verifyFromCluster();
      await clickNotificationButton('Anyscale: egress probe Job in fake-aks', 'Cancel');
      assert.equal(await running, undefined, 'the Job wrote no log, so there is nothing to report');
      assert.ok(Date.now() - started < 15000, `the run took ${Date.now() - started} ms, against a 120 s wait`);
    } finally {
      await egress().update('cluster.waitSeconds', 10, vscode.ConfigurationTarget.Workspace);
    }
    await waitForNotification('Anyscale egress probe Job: cancelled');
    const messages = await notifications();
    assert.ok(
      !messages.some((m) => m.startsWith('Anyscale: egress probe Job in fake-aks')),
      `the progress notification is gone: ${JSON.stringify(messages)}`,
    );
    assert.ok(!messages.some((m) => /did not finish/.test(m)), JSON.stringify(messages));
    assert.equal(scopedCalls().at(-1)?.split(' ')[0], 'delete');
    assert.deepEqual(leftover(), []);
    assert.deepEqual(await resultRows(), rowsBefore);
  });

  test('deleting the Job fails: the results are shown, and the message names the Job left behind and where', async () => {
    fakeKubectl.setScenario(fake.dir, 'delete-fails');
    const report = await verifyFromCluster();
    assert.ok(report, 'the Job ran: its results are reported');
    assert.equal(report.origin, 'cluster');
    assert.deepEqual(
      report.results.map((r) => r.outcome),
      ['ok', 'refused'],
    );
    const rows = await resultRows();
    assert.deepEqual(
      rows.map((r) => r.label),
      [lab.target('good'), lab.target('closed')],
    );
    assert.match(rows[0].description, /^ok · \d+ ms$/);
    const left = leftover();
    assert.equal(left.length, 1);
    const message = await waitForNotification(/kubectl delete failed/);
    assert.match(
      message,
      /^Anyscale egress probe Job: kubectl delete failed \(error: You must be logged in to the server \(Unauthorized\)\): /,
    );
    assert.ok(message.includes(`kubectl --context fake-aks --namespace egress-e2e delete job ${left[0]}`), message);
  });
});
