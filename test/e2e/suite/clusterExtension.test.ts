// "Anyscale: Verify Cluster Extension" in a real VS Code, with a FAKE az (test/support/fakeAz.js: it stands in for the
// Azure CLI) and a FAKE kubectl (test/support/fakeKubectl.js) first on the extension host's PATH: no Azure subscription
// or AKS cluster can exist here. Each test checks what the user is left with: the report the editor shows, the
// notification with the counts, and the argv each program was given.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ClusterExtensionReport, ClusterExtensionTarget } from '../../../shared/protocol';
import { REPO_ROOT } from '../../support/paths';
import { activateExtension } from './helpers';
import { clearNotifications, waitForNotification } from './ui';

interface Fake {
  install(): { dir: string; close(): void };
  readCalls(dir: string): string[][];
}
// Loaded at run time, not bundled: each fake copies its own file as the program.
const fakeKubectl = module.require(path.join(REPO_ROOT, 'test', 'support', 'fakeKubectl.js')) as Fake;
const fakeAz = module.require(path.join(REPO_ROOT, 'test', 'support', 'fakeAz.js')) as Fake & {
  setScenario(dir: string, scenario?: 'failed' | 'not-found'): void;
};

const verify = (target: Partial<ClusterExtensionTarget>) =>
  vscode.commands.executeCommand<ClusterExtensionReport | undefined>('anyscaleAzure.clusterExtension.verify', target);
const KUBERAY: ClusterExtensionTarget = {
  kind: 'kuberay',
  context: 'fake-aks',
  resourceGroup: 'rg-fake',
  clusterName: 'fake-aks',
};
const OPERATOR: ClusterExtensionTarget = {
  kind: 'anyscaleOperator',
  context: 'fake-aks-staging',
  resourceGroup: 'rg-fake',
  clusterName: 'fake-aks-staging',
};

/** The report the editor shows once the command is done. */
function shownReport(): string {
  const document = vscode.window.activeTextEditor?.document;
  assert.equal(document?.languageId, 'markdown');
  return document.getText();
}

suite('Verify Cluster Extension in a real VS Code, with a fake az and kubectl', () => {
  let kubectl: { dir: string; close(): void };
  let az: { dir: string; close(): void };
  let callsBefore = { az: 0, kubectl: 0 };
  const pathBefore = process.env.PATH;
  const newCalls = () => ({
    az: fakeAz.readCalls(az.dir).slice(callsBefore.az),
    kubectl: fakeKubectl.readCalls(kubectl.dir).slice(callsBefore.kubectl),
  });

  suiteSetup(async () => {
    await activateExtension();
    kubectl = fakeKubectl.install();
    az = fakeAz.install();
    process.env.PATH = [kubectl.dir, az.dir, pathBefore].join(path.delimiter); // the extension host's own environment: both are spawned from it
  });

  setup(async () => {
    await clearNotifications();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    callsBefore = { az: fakeAz.readCalls(az.dir).length, kubectl: fakeKubectl.readCalls(kubectl.dir).length };
  });

  teardown(() => fakeAz.setScenario(az.dir, undefined));

  suiteTeardown(() => {
    process.env.PATH = pathBefore;
    kubectl?.close();
    az?.close();
  });

  test('KubeRay all green: az and kubectl get the documented argv, every check passes, the report and the counts are shown', async () => {
    const report = await verify(KUBERAY);
    assert.ok(report);
    assert.deepEqual(report.counts, { pass: 7, fail: 0, unknown: 0 });
    assert.deepEqual(
      report.checks.map((check) => check.name),
      [
        'extension provisioningState',
        'extensionState',
        'deployment/kuberay-operator Available (namespace kuberay-system)',
        'CRD rayclusters.ray.io Established',
        'CRD raycronjobs.ray.io Established',
        'CRD rayjobs.ray.io Established',
        'CRD rayservices.ray.io Established',
      ],
    );
    assert.deepEqual(newCalls(), {
      az: [
        [
          'k8s-extension',
          'show',
          '--resource-group',
          'rg-fake',
          '--cluster-name',
          'fake-aks',
          '--cluster-type',
          'managedClusters',
          '--name',
          'kuberay',
          '--output',
          'json',
        ],
      ],
      kubectl: [
        [
          '--context',
          'fake-aks',
          '--namespace',
          'kuberay-system',
          'get',
          'deployment',
          'kuberay-operator',
          '--output',
          'json',
        ],
        [
          '--context',
          'fake-aks',
          'get',
          'crds',
          'rayclusters.ray.io',
          'raycronjobs.ray.io',
          'rayjobs.ray.io',
          'rayservices.ray.io',
          '--output',
          'json',
        ],
      ],
    });
    const shown = shownReport();
    assert.match(
      shown,
      /^# Verify Cluster Extension: Managed KubeRay extension \(microsoft\.kuberay\) on fake-aks \(context fake-aks\)\n/,
    );
    assert.match(shown, /\| CRD rayjobs\.ray\.io Established \| ✅ pass \| Established=True \|/);
    await waitForNotification(
      'Anyscale: Managed KubeRay extension (microsoft.kuberay) on fake-aks (context fake-aks): 7 passed, 0 failed.',
    );
  });

  test('the Anyscale operator extension Failed: its checks fail with what to do, the deployment still passes, a warning has the counts', async () => {
    fakeAz.setScenario(az.dir, 'failed');
    const report = await verify(OPERATOR);
    assert.ok(report);
    assert.deepEqual(report.counts, { pass: 1, fail: 2, unknown: 0 });
    const [provisioning, state, deployment] = report.checks;
    assert.equal(provisioning.status, 'fail');
    assert.equal(
      provisioning.detail,
      'provisioningState Failed · version 1.0.0 · fake: helm install timed out waiting for the condition',
    );
    assert.match(
      provisioning.whatToDo ?? '',
      /^Read the statuses above and `az k8s-extension show … --name anyscaleoperator`; fix the cause/,
    );
    assert.equal(state.status, 'fail');
    assert.deepEqual(
      [deployment.name, deployment.status],
      ['deployment/anyscale-operator Available (namespace anyscale-operator)', 'pass'],
    );
    assert.deepEqual(newCalls().kubectl, [
      [
        '--context',
        'fake-aks-staging',
        '--namespace',
        'anyscale-operator',
        'get',
        'deployment',
        'anyscale-operator',
        '--output',
        'json',
      ],
    ]);
    assert.ok(
      shownReport().includes(
        `| extension provisioningState | ❌ fail | ${provisioning.detail} | ${provisioning.whatToDo} |`,
      ),
    );
    await waitForNotification(
      'Anyscale: Anyscale operator extension (Anyscale.AKS.Operator) on fake-aks-staging (context fake-aks-staging): 1 passed, 2 failed.',
    );
  });

  test('the KubeRay extension not installed: the report says how to install it', async () => {
    fakeAz.setScenario(az.dir, 'not-found');
    const report = await verify(KUBERAY);
    assert.ok(report);
    assert.match(
      report.checks[0].whatToDo ?? '',
      /^The extension "kuberay" on cluster fake-aks \(resource group rg-fake\) does not exist\. Install it: `az k8s-extension create .*--extension-type microsoft\.kuberay/,
    );
    assert.deepEqual(report.counts, { pass: 5, fail: 1, unknown: 0 });
    await waitForNotification(': 5 passed, 1 failed.');
  });

  test('az missing from PATH: an error says how to install the Azure CLI, the kubectl checks still run and are reported', async () => {
    // PATH holds the fake kubectl and `node` for its #! line, and no az.
    const nodeOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'node-only-'));
    const node = (pathBefore ?? '')
      .split(path.delimiter)
      .map((dir) => path.join(dir, 'node'))
      .find((file) => fs.existsSync(file));
    assert.ok(node, 'node is on PATH');
    fs.symlinkSync(node, path.join(nodeOnly, 'node'));
    process.env.PATH = [kubectl.dir, nodeOnly].join(path.delimiter);
    let report: ClusterExtensionReport | undefined;
    try {
      report = await verify(KUBERAY);
    } finally {
      process.env.PATH = [kubectl.dir, az.dir, pathBefore].join(path.delimiter);
      fs.rmSync(nodeOnly, { recursive: true, force: true });
    }
    assert.ok(report);
    assert.deepEqual(newCalls().az, [], 'no az was run');
    assert.equal(report.checks[0].name, 'Azure CLI (az)');
    assert.match(report.checks[0].detail, /ENOENT/);
    assert.deepEqual(
      report.counts,
      { pass: 5, fail: 1, unknown: 0 },
      'the deployment and the four CRDs were still read',
    );
    const message = await waitForNotification(/Azure CLI \(az\) is needed/);
    assert.equal(
      message,
      "Anyscale: the Azure CLI (az) is needed on PATH to read the extension's state: install it (https://learn.microsoft.com/cli/azure/install-azure-cli), run az login, then Verify Cluster Extension again.",
    );
    assert.match(
      shownReport(),
      /\| Azure CLI \(az\) \| ❌ fail \| az could not be started: .*ENOENT.* \| Install the Azure CLI/,
    );
  });
});
