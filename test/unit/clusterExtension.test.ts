// "Verify Cluster Extension", the pure part: the argv of each az/kubectl read, and every check's pass and fail from
// outputs shaped like the real ones (`az k8s-extension show --output json`, `kubectl get deployment|crds -o json`,
// their error lines on stderr).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ClusterExtensionTarget, ToolOutput } from '../../shared/protocol';
import { clusterNameFromContext } from '../../client/src/features/clusterExtension/target';
import {
  crdChecks,
  deploymentCheck,
  evaluateClusterExtension,
  extensionChecks,
  verificationPlan,
} from '../../server/src/service/clusterExtension/verify';

const KUBERAY: ClusterExtensionTarget = {
  kind: 'kuberay',
  context: 'aks-ray',
  resourceGroup: 'rg-ray',
  clusterName: 'aks-ray',
};
const OPERATOR: ClusterExtensionTarget = {
  kind: 'anyscaleOperator',
  context: 'aks-any-admin',
  resourceGroup: 'rg-any',
  clusterName: 'aks-any',
};
const RAY_CRDS = ['rayclusters.ray.io', 'raycronjobs.ray.io', 'rayjobs.ray.io', 'rayservices.ray.io'];

const ok = (stdout: unknown): ToolOutput => ({
  code: 0,
  stdout: typeof stdout === 'string' ? stdout : JSON.stringify(stdout, null, 2),
  stderr: '',
});
const failed = (code: number | null, stderr: string, stdout = ''): ToolOutput => ({ code, stdout, stderr });

/** The shape of `az k8s-extension show --output json` (fields of the 2024-11-01 Extension resource). */
function extension(provisioningState: string, extensionState?: string, statuses: object[] = []) {
  return {
    id: '/subscriptions/0000/resourceGroups/rg-ray/providers/Microsoft.ContainerService/managedClusters/aks-ray/providers/Microsoft.KubernetesConfiguration/extensions/kuberay',
    name: 'kuberay',
    type: 'Microsoft.KubernetesConfiguration/extensions',
    extensionType: 'microsoft.kuberay',
    autoUpgradeMinorVersion: true,
    releaseTrain: 'preview',
    currentVersion: '1.4.2',
    provisioningState,
    ...(extensionState ? { extensionState } : {}),
    statuses,
    scope: { cluster: { releaseNamespace: 'kuberay-system' } },
    configurationSettings: {},
    isSystemExtension: false,
  };
}

function deployment(available: { status: string; reason?: string; message?: string } | undefined) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'kuberay-operator', namespace: 'kuberay-system' },
    spec: { replicas: 1 },
    status: {
      replicas: 1,
      conditions: [
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
        ...(available ? [{ type: 'Available', ...available }] : []),
      ],
    },
  };
}

function crd(name: string, established = 'True') {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    status: {
      conditions: [
        { type: 'NamesAccepted', status: 'True' },
        {
          type: 'Established',
          status: established,
          ...(established === 'True' ? {} : { message: 'not all names are accepted' }),
        },
      ],
    },
  };
}
const crdList = (names: string[], established?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'List',
  items: names.map((n) => crd(n, established?.[n])),
});

test('the plan: az k8s-extension show for the cluster and the documented extension name, kubectl reads in the documented namespace', () => {
  const plan = verificationPlan(KUBERAY);
  assert.equal(plan.target.extensionName, 'kuberay');
  assert.deepEqual(plan.steps, [
    {
      id: 'extension',
      tool: 'az',
      argv: [
        'k8s-extension',
        'show',
        '--resource-group',
        'rg-ray',
        '--cluster-name',
        'aks-ray',
        '--cluster-type',
        'managedClusters',
        '--name',
        'kuberay',
        '--output',
        'json',
      ],
    },
    {
      id: 'deployment',
      tool: 'kubectl',
      argv: [
        '--context',
        'aks-ray',
        '--namespace',
        'kuberay-system',
        'get',
        'deployment',
        'kuberay-operator',
        '--output',
        'json',
      ],
    },
    { id: 'crds', tool: 'kubectl', argv: ['--context', 'aks-ray', 'get', 'crds', ...RAY_CRDS, '--output', 'json'] },
  ]);
  const operator = verificationPlan({ ...OPERATOR, extensionName: 'myoperator' });
  assert.deepEqual(
    operator.steps.map((s) => s.argv.join(' ')),
    [
      'k8s-extension show --resource-group rg-any --cluster-name aks-any --cluster-type managedClusters --name myoperator --output json',
      '--context aks-any-admin --namespace anyscale-operator get deployment anyscale-operator --output json',
    ],
    'a chosen extension name is used; the operator has no CRD step',
  );
  assert.equal(verificationPlan(OPERATOR).target.extensionName, 'anyscaleoperator');
});

test('the cluster name is pre-filled from an `az aks get-credentials` context name', () => {
  assert.equal(clusterNameFromContext('aks-ray'), 'aks-ray');
  assert.equal(clusterNameFromContext('aks-ray-admin'), 'aks-ray');
});

test('extension: Succeeded and Available pass; Ready passes too', () => {
  assert.deepEqual(
    extensionChecks(ok(extension('Succeeded', 'Available')), KUBERAY).map((c) => [c.name, c.status]),
    [
      ['extension provisioningState', 'pass'],
      ['extensionState', 'pass'],
    ],
  );
  assert.equal(extensionChecks(ok(extension('Succeeded', 'Ready')), KUBERAY)[1].status, 'pass');
  assert.match(
    extensionChecks(ok(extension('Succeeded', 'Ready')), KUBERAY)[0].detail,
    /provisioningState Succeeded · version 1\.4\.2/,
  );
});

test("extension: Failed fails with the statuses' messages and what to do (never delete the Ray CRDs)", () => {
  const statuses = [
    {
      code: 'InstallationFailed',
      displayStatus: 'Failed',
      level: 'Error',
      message: 'helm install failed: CRD rayjobs.ray.io is owned by another release',
    },
  ];
  const [provisioning, state] = extensionChecks(ok(extension('Failed', 'Failed', statuses)), KUBERAY);
  assert.equal(provisioning.status, 'fail');
  assert.match(
    provisioning.detail,
    /^provisioningState Failed · version 1\.4\.2 · helm install failed: CRD rayjobs\.ray\.io is owned/,
  );
  assert.match(provisioning.whatToDo ?? '', /az k8s-extension update.*never delete the \*\.ray\.io CRDs/);
  assert.equal(state.status, 'fail');
  assert.match(state.whatToDo ?? '', /Expected Available or Ready/);
});

test('extension: still Creating fails with "up to 15 minutes"; no extensionState is unknown, not a pass', () => {
  const [provisioning, state] = extensionChecks(ok(extension('Creating')), KUBERAY);
  assert.equal(provisioning.status, 'fail');
  assert.match(provisioning.whatToDo ?? '', /up to 15 minutes/);
  assert.equal(state.status, 'unknown');
});

test("extension: az's errors each say what to do", () => {
  const cases: [string, RegExp][] = [
    [
      'ERROR: (ExtensionNotFound) The Resource Microsoft.ContainerService/managedClusters/aks-ray/Microsoft.KubernetesConfiguration/extensions/kuberay could not be found!',
      /does not exist\. Install it: `az k8s-extension create .*--extension-type microsoft\.kuberay .*--release-namespace kuberay-system/,
    ],
    [
      "ERROR: (ResourceNotFound) The Resource 'Microsoft.ContainerService/managedClusters/aks-ray' under resource group 'rg-ray' was not found. Verify that the cluster-type is correct and the resource exists.",
      /Check the resource group and cluster name/,
    ],
    ["ERROR: Please run 'az login' to setup account.", /Sign in with `az login`/],
    ["ERROR: 'k8s-extension' is misspelled or not recognized by the system.", /az extension add --name k8s-extension/],
  ];
  for (const [stderr, whatToDo] of cases) {
    const checks = extensionChecks(failed(3, stderr), KUBERAY);
    assert.equal(checks.length, 1);
    assert.equal(checks[0].status, 'fail');
    assert.equal(checks[0].detail, `az k8s-extension show failed: ${stderr}`);
    assert.match(checks[0].whatToDo ?? '', whatToDo, stderr);
  }
  const operatorMissing = extensionChecks(failed(3, 'ERROR: (ExtensionNotFound) … could not be found!'), OPERATOR)[0];
  assert.match(operatorMissing.whatToDo ?? '', /--name anyscaleoperator --extension-type Anyscale\.AKS\.Operator/);
});

test('extension: az missing (spawn ENOENT) fails with how to install the Azure CLI', () => {
  const [check] = extensionChecks(failed(null, 'spawn az ENOENT'), KUBERAY);
  assert.equal(check.name, 'Azure CLI (az)');
  assert.equal(check.status, 'fail');
  assert.match(
    check.whatToDo ?? '',
    /^Install the Azure CLI \(https:\/\/learn\.microsoft\.com\/cli\/azure\/install-azure-cli\)/,
  );
});

test('deployment: Available=True passes; False fails with the reason and how to look; missing says the operator is not installed', () => {
  assert.equal(
    deploymentCheck(ok(deployment({ status: 'True', reason: 'MinimumReplicasAvailable' })), KUBERAY).status,
    'pass',
  );
  const down = deploymentCheck(
    ok(
      deployment({
        status: 'False',
        reason: 'MinimumReplicasUnavailable',
        message: 'Deployment does not have minimum availability.',
      }),
    ),
    KUBERAY,
  );
  assert.equal(down.status, 'fail');
  assert.equal(
    down.detail,
    'Available=False (MinimumReplicasUnavailable: Deployment does not have minimum availability.)',
  );
  assert.match(
    down.whatToDo ?? '',
    /kubectl --context aks-ray --namespace kuberay-system describe deployment kuberay-operator/,
  );
  assert.equal(deploymentCheck(ok(deployment(undefined)), KUBERAY).detail, 'no Available condition yet');
  const operatorDown = deploymentCheck(ok(deployment({ status: 'False' })), OPERATOR);
  assert.equal(operatorDown.name, 'deployment/anyscale-operator Available (namespace anyscale-operator)');
  assert.match(operatorDown.whatToDo ?? '', /registration check/);
  const missing = deploymentCheck(
    failed(1, 'Error from server (NotFound): deployments.apps "kuberay-operator" not found\n'),
    KUBERAY,
  );
  assert.equal(missing.status, 'fail');
  assert.match(missing.whatToDo ?? '', /has not installed its operator in kuberay-system/);
  const refused = deploymentCheck(failed(1, 'error: You must be logged in to the server (Unauthorized)'), KUBERAY);
  assert.match(refused.detail, /^kubectl get deployment failed: error: You must be logged in/);
});

test('CRDs: each of the four Established passes; one missing, one not Established, each fails on its own', () => {
  assert.deepEqual(
    crdChecks(ok(crdList(RAY_CRDS)), KUBERAY).map((c) => c.status),
    ['pass', 'pass', 'pass', 'pass'],
  );
  const partial = crdChecks(
    failed(
      1,
      'Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io "raycronjobs.ray.io" not found',
      JSON.stringify(
        crdList(['rayclusters.ray.io', 'rayjobs.ray.io', 'rayservices.ray.io'], { 'rayjobs.ray.io': 'False' }),
      ),
    ),
    KUBERAY,
  );
  assert.deepEqual(
    partial.map((c) => [c.name, c.status, c.detail]),
    [
      ['CRD rayclusters.ray.io Established', 'pass', 'Established=True'],
      ['CRD raycronjobs.ray.io Established', 'fail', 'not found'],
      ['CRD rayjobs.ray.io Established', 'fail', 'Established=False (not all names are accepted)'],
      ['CRD rayservices.ray.io Established', 'pass', 'Established=True'],
    ],
  );
  assert.match(partial[2].whatToDo ?? '', /never delete the \*\.ray\.io CRDs/);
  const unreachable = crdChecks(
    failed(1, 'Unable to connect to the server: dial tcp: lookup aks-ray.hcp.westus2.azmk8s.io: no such host'),
    KUBERAY,
  );
  assert.ok(unreachable.every((c) => c.status === 'fail' && /Unable to connect/.test(c.detail)));
  assert.deepEqual(
    crdChecks(ok(crd('rayjobs.ray.io')), KUBERAY).map((c) => c.status),
    ['fail', 'fail', 'pass', 'fail'],
    'a single object, not a List',
  );
});

test('the report: counts, a Markdown table with what to do, unknown for steps not run', () => {
  const all = evaluateClusterExtension({
    target: KUBERAY,
    outputs: {
      extension: ok(extension('Succeeded', 'Available')),
      deployment: ok(deployment({ status: 'True' })),
      crds: ok(crdList(RAY_CRDS)),
    },
  });
  assert.deepEqual(all.counts, { pass: 7, fail: 0, unknown: 0 });
  assert.equal(all.title, 'Managed KubeRay extension (microsoft.kuberay) on aks-ray (context aks-ray)');
  assert.match(all.markdown, /^# Verify Cluster Extension: Managed KubeRay extension/);
  assert.match(all.markdown, /\n7 passed, 0 failed\.\n/);
  const cancelled = evaluateClusterExtension({
    target: KUBERAY,
    outputs: { extension: failed(3, 'ERROR: (ExtensionNotFound) x | y') },
  });
  assert.deepEqual(cancelled.counts, { pass: 0, fail: 1, unknown: 5 });
  assert.match(
    cancelled.markdown,
    /\| extension provisioningState \| ❌ fail \| az k8s-extension show failed: ERROR: \(ExtensionNotFound\) x \\\| y \| The extension "kuberay"/,
  );
  const operator = evaluateClusterExtension({
    target: OPERATOR,
    outputs: { extension: ok(extension('Succeeded', 'Available')), deployment: ok(deployment({ status: 'True' })) },
  });
  assert.deepEqual(operator.counts, { pass: 3, fail: 0, unknown: 0 });
});
