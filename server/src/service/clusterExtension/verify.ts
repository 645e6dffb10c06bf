// "Verify Cluster Extension", the pure part: which `az` / `kubectl` reads verify the managed KubeRay extension or the
// Anyscale operator extension on a cluster, and how their outputs become checks with pass/fail and what to do. No I/O:
// the client spawns the programs (client/src/features/clusterExtension) and sends the outputs back.
import type {
  ClusterExtensionCheck,
  ClusterExtensionEvaluateParams,
  ClusterExtensionKind,
  ClusterExtensionPlan,
  ClusterExtensionReport,
  ClusterExtensionTarget,
  ToolOutput,
} from '../../../../shared/protocol';

interface ExtensionFacts {
  title: string;
  /** The extension instance's name in the documented install command (`az k8s-extension create --name …`). */
  extensionName: string;
  namespace: string;
  deployment: string;
  crds: readonly string[];
  /** How to install it, for "not found". */
  install: string;
}

/** Where each name comes from: ../shared/domain/anyscale-on-azure.md §6 and §5.1/§5.4, and the KubeRay seed's verify commands. */
export const EXTENSIONS: Readonly<Record<ClusterExtensionKind, ExtensionFacts>> = {
  kuberay: {
    title: 'Managed KubeRay extension (microsoft.kuberay)',
    // [DOC] the seed's EXTENSION_NAME="kuberay", namespace kuberay-system, `kubectl wait … deployment/kuberay-operator
    // --namespace kuberay-system` and `kubectl get crds rayclusters.ray.io raycronjobs.ray.io rayjobs.ray.io rayservices.ray.io`.
    extensionName: 'kuberay',
    namespace: 'kuberay-system',
    deployment: 'kuberay-operator',
    crds: ['rayclusters.ray.io', 'raycronjobs.ray.io', 'rayjobs.ray.io', 'rayservices.ray.io'],
    install:
      'az k8s-extension create --cluster-type managedClusters --name kuberay --extension-type microsoft.kuberay --scope cluster ' +
      '--release-namespace kuberay-system --release-train preview --auto-upgrade-minor-version true',
  },
  anyscaleOperator: {
    title: 'Anyscale operator extension (Anyscale.AKS.Operator)',
    // [DOC] add-cloud-resource step 5: `--name anyscaleoperator`; `kubectl get pods -n anyscale-operator` (step 8) and
    // `kubectl -n anyscale-operator rollout restart deployment/anyscale-operator` (container image builds) name the
    // namespace and the deployment. The operator installs no CRDs the docs name, so there is no CRD check.
    extensionName: 'anyscaleoperator',
    namespace: 'anyscale-operator',
    deployment: 'anyscale-operator',
    crds: [],
    install:
      'az k8s-extension create --cluster-type managedClusters --name anyscaleoperator --extension-type Anyscale.AKS.Operator ' +
      '--release-train stable --plan-name anyscale-operator --plan-publisher anyscale1750870039553 --plan-product anyscale-operator-aks ' +
      '--configuration-settings … (see the Anyscale docs, "Add a cloud resource", step 5)',
  },
};

const AZ_INSTALL =
  'Install the Azure CLI (https://learn.microsoft.com/cli/azure/install-azure-cli), run `az login`, then run this command again.';

/** The reads that verify `target`'s extension, as argv. */
export function verificationPlan(target: ClusterExtensionTarget): ClusterExtensionPlan {
  const facts = EXTENSIONS[target.kind];
  const resolved = { ...target, extensionName: target.extensionName || facts.extensionName };
  const steps: ClusterExtensionPlan['steps'] = [
    {
      id: 'extension',
      tool: 'az',
      argv: [
        'k8s-extension',
        'show',
        '--resource-group',
        resolved.resourceGroup,
        '--cluster-name',
        resolved.clusterName,
        '--cluster-type',
        'managedClusters',
        '--name',
        resolved.extensionName,
        '--output',
        'json',
      ],
    },
    // The docs `kubectl wait --for=condition=Available … --timeout=5m`; a read of the same condition answers at once.
    {
      id: 'deployment',
      tool: 'kubectl',
      argv: [
        '--context',
        target.context,
        '--namespace',
        facts.namespace,
        'get',
        'deployment',
        facts.deployment,
        '--output',
        'json',
      ],
    },
  ];
  if (facts.crds.length > 0)
    steps.push({
      id: 'crds',
      tool: 'kubectl',
      argv: ['--context', target.context, 'get', 'crds', ...facts.crds, '--output', 'json'],
    });
  return { target: resolved, steps };
}

type JsonObject = Record<string, unknown>;

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const firstLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';
const notStarted = (output: ToolOutput) => output.code === null;

/** `az k8s-extension show` → provisioningState and extensionState. */
export function extensionChecks(
  output: ToolOutput | undefined,
  target: ClusterExtensionTarget,
): ClusterExtensionCheck[] {
  const facts = EXTENSIONS[target.kind];
  const name = target.extensionName || facts.extensionName;
  const where = `extension "${name}" on cluster ${target.clusterName} (resource group ${target.resourceGroup})`;
  if (!output) return [{ name: 'extension provisioningState', status: 'unknown', detail: 'not checked (cancelled)' }];
  if (notStarted(output)) {
    return [
      {
        name: 'Azure CLI (az)',
        status: 'fail',
        detail: `az could not be started: ${firstLine(output.stderr)}`,
        whatToDo: AZ_INSTALL,
      },
    ];
  }
  if (output.code !== 0) {
    const error = output.stderr.trim();
    const detail = `az k8s-extension show failed: ${firstLine(error) || `exit code ${output.code}`}`;
    let whatToDo = `Read az's message; re-run \`az ${verificationPlan(target).steps[0].argv.join(' ')}\` to see it whole.`;
    // Messages of the k8s-extension CLI extension (azure-cli-extensions src/k8s-extension, show_k8s_extension) and of az itself.
    if (/ExtensionNotFound/.test(error)) whatToDo = `The ${where} does not exist. Install it: \`${facts.install}\`.`;
    else if (/ResourceNotFound|ResourceGroupNotFound/.test(error))
      whatToDo = `Check the resource group and cluster name: az found no AKS cluster ${target.clusterName} in ${target.resourceGroup} (or the subscription is another one: \`az account set --subscription …\`).`;
    else if (/az login/.test(error))
      whatToDo = 'Sign in with `az login` (and `az account set --subscription …`), then run this command again.';
    else if (/k8s-extension.*(misspelled|not recognized)/.test(error))
      whatToDo = 'Add the CLI extension: `az extension add --name k8s-extension` (1.8.0 or later for managed KubeRay).';
    return [{ name: 'extension provisioningState', status: 'fail', detail, whatToDo }];
  }
  const extension = parseObject(output.stdout);
  if (!extension)
    return [
      {
        name: 'extension provisioningState',
        status: 'unknown',
        detail: 'az printed no JSON object',
        whatToDo: 'Run the az command by hand and check its output.',
      },
    ];
  const checks: ClusterExtensionCheck[] = [];
  const provisioning = str(extension.provisioningState);
  const messages = Array.isArray(extension.statuses)
    ? extension.statuses.map((status) => str((status as JsonObject)?.message)).filter((m): m is string => !!m)
    : [];
  const version = str(extension.currentVersion);
  const seen = `provisioningState ${provisioning ?? '(none)'}${version ? ` · version ${version}` : ''}${messages.length ? ` · ${messages.join(' / ')}` : ''}`;
  // [DOC] KubeRay seed: "provisioningState equals Succeeded"; install can take up to 15 minutes.
  if (provisioning === 'Succeeded') checks.push({ name: 'extension provisioningState', status: 'pass', detail: seen });
  else if (provisioning === 'Creating' || provisioning === 'Updating') {
    checks.push({
      name: 'extension provisioningState',
      status: 'fail',
      detail: seen,
      whatToDo: 'The install or update is still running (it can take up to 15 minutes): run this command again later.',
    });
  } else {
    checks.push({
      name: 'extension provisioningState',
      status: 'fail',
      detail: seen,
      whatToDo:
        `Read the statuses above and \`az k8s-extension show … --name ${name}\`; fix the cause, then \`az k8s-extension update\` or delete and re-create the extension` +
        (target.kind === 'kuberay'
          ? ' — never delete the *.ray.io CRDs to clean up: that deletes every Ray resource.'
          : '.'),
    });
  }
  // [DOC] KubeRay seed: "extensionState is Available or Ready". [SPEC] §1.8 lists extensionState among the read-only fields.
  const state = str(extension.extensionState);
  if (state === 'Available' || state === 'Ready')
    checks.push({ name: 'extensionState', status: 'pass', detail: state });
  else if (state === undefined) {
    checks.push({
      name: 'extensionState',
      status: 'unknown',
      detail: 'az returned no extensionState',
      whatToDo: 'Update the Azure CLI and its k8s-extension extension (`az extension update --name k8s-extension`).',
    });
  } else
    checks.push({
      name: 'extensionState',
      status: 'fail',
      detail: state,
      whatToDo: "Expected Available or Ready: wait for the install to finish, then check the extension's statuses.",
    });
  return checks;
}

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

function conditions(object: JsonObject | undefined): Condition[] {
  const status = object?.status as JsonObject | undefined;
  return Array.isArray(status?.conditions) ? (status.conditions as Condition[]) : [];
}

/** `kubectl get deployment … -o json` → its Available condition. */
export function deploymentCheck(output: ToolOutput | undefined, target: ClusterExtensionTarget): ClusterExtensionCheck {
  const { namespace, deployment } = EXTENSIONS[target.kind];
  const name = `deployment/${deployment} Available (namespace ${namespace})`;
  const inspect = `\`kubectl --context ${target.context} --namespace ${namespace} describe deployment ${deployment}\` and \`kubectl --context ${target.context} get pods --namespace ${namespace}\``;
  if (!output) return { name, status: 'unknown', detail: 'not checked (cancelled)' };
  if (output.code !== 0) {
    const error = firstLine(output.stderr) || `exit code ${output.code}`;
    if (/NotFound|not found/.test(error)) {
      return {
        name,
        status: 'fail',
        detail: error,
        whatToDo: `The extension has not installed its operator in ${namespace} (yet): check the extension's provisioningState above; if it Succeeded, check \`kubectl --context ${target.context} get deployments --namespace ${namespace}\`.`,
      };
    }
    return {
      name,
      status: 'fail',
      detail: `kubectl get deployment failed: ${error}`,
      whatToDo: `Check that context ${target.context} reaches the cluster and may read deployments in ${namespace}.`,
    };
  }
  const available = conditions(parseObject(output.stdout)).find((condition) => condition.type === 'Available');
  if (available?.status === 'True') return { name, status: 'pass', detail: 'Available=True' };
  const detail = available
    ? `Available=${available.status}${available.reason ? ` (${available.reason}${available.message ? `: ${available.message}` : ''})` : ''}`
    : 'no Available condition yet';
  return {
    name,
    status: 'fail',
    detail,
    whatToDo:
      `Its pods are not ready: ${inspect}.` +
      (target.kind === 'anyscaleOperator'
        ? ' An operator pod is Ready only after every registration check passes (add-cloud-resource step 8): read its log.'
        : ''),
  };
}

/** `kubectl get crds a b c d -o json` → each CRD's Established condition. kubectl lists the CRDs it found and exits 1 naming the missing ones. */
export function crdChecks(output: ToolOutput | undefined, target: ClusterExtensionTarget): ClusterExtensionCheck[] {
  const { crds } = EXTENSIONS[target.kind];
  if (!output)
    return crds.map((crd) => ({
      name: `CRD ${crd} Established`,
      status: 'unknown' as const,
      detail: 'not checked (cancelled)',
    }));
  const listed = parseObject(output.stdout);
  const items = Array.isArray(listed?.items)
    ? (listed.items as JsonObject[])
    : listed?.kind === 'CustomResourceDefinition'
      ? [listed]
      : [];
  const byName = new Map(items.map((item) => [str((item.metadata as JsonObject | undefined)?.name), item]));
  const failure =
    output.code !== 0 && items.length === 0 && !/NotFound/.test(output.stderr)
      ? firstLine(output.stderr) || `exit code ${output.code}`
      : undefined;
  return crds.map((crd): ClusterExtensionCheck => {
    const name = `CRD ${crd} Established`;
    if (failure)
      return {
        name,
        status: 'fail',
        detail: `kubectl get crds failed: ${failure}`,
        whatToDo: `Check that context ${target.context} reaches the cluster and may read customresourcedefinitions.`,
      };
    const item = byName.get(crd);
    if (!item) {
      return {
        name,
        status: 'fail',
        detail: 'not found',
        whatToDo:
          'The extension installs the Ray CRDs: check its provisioningState and statuses above; if a self-hosted KubeRay operator was installed before, follow the recovery steps of the managed KubeRay docs (keep the CRDs).',
      };
    }
    const established = conditions(item).find((condition) => condition.type === 'Established');
    if (established?.status === 'True') return { name, status: 'pass', detail: 'Established=True' };
    return {
      name,
      status: 'fail',
      detail: `Established=${established?.status ?? '(no condition)'}${established?.message ? ` (${established.message})` : ''}`,
      whatToDo: `Read \`kubectl --context ${target.context} describe crd ${crd}\`; never delete the *.ray.io CRDs to clean up (that deletes every Ray resource).`,
    };
  });
}

/** Every check for the outputs, with the counts and the Markdown report. */
export function evaluateClusterExtension(params: ClusterExtensionEvaluateParams): ClusterExtensionReport {
  const target = verificationPlan(params.target).target;
  const checks = [
    ...extensionChecks(params.outputs.extension, target),
    deploymentCheck(params.outputs.deployment, target),
    ...crdChecks(params.outputs.crds, target),
  ];
  const counts = { pass: 0, fail: 0, unknown: 0 };
  for (const check of checks) counts[check.status]++;
  const title = `${EXTENSIONS[target.kind].title} on ${target.clusterName} (context ${target.context})`;
  return { target, title, checks, counts, markdown: reportMarkdown(title, checks, counts) };
}

const ICON: Readonly<Record<ClusterExtensionCheck['status'], string>> = {
  pass: '✅ pass',
  fail: '❌ fail',
  unknown: '❔ unknown',
};
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function reportMarkdown(
  title: string,
  checks: ClusterExtensionCheck[],
  counts: ClusterExtensionReport['counts'],
): string {
  const lines = [
    `# Verify Cluster Extension: ${title}`,
    '',
    `${counts.pass} passed, ${counts.fail} failed${counts.unknown ? `, ${counts.unknown} unknown` : ''}.`,
    '',
    '| Check | Result | Found | What to do |',
    '| --- | --- | --- | --- |',
    ...checks.map(
      (check) =>
        `| ${cell(check.name)} | ${ICON[check.status]} | ${cell(check.detail)} | ${cell(check.whatToDo ?? '')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
