// "Anyscale: Verify Cluster Extension": for a kube context and its AKS cluster, asks the server which `az` / `kubectl`
// reads verify the managed KubeRay or the Anyscale operator extension, runs them (argv, never a shell; the egress
// feature's spawner), has the server turn the outputs into checks, and shows them as a Markdown report with a
// notification of the counts. A Markdown document rather than a view: every check carries a sentence of what to do,
// which a table in a document shows whole and the user can save or paste into a ticket. Refused in untrusted workspaces.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  ClusterExtensionEvaluateRequest,
  ClusterExtensionPlanRequest,
  type ClusterExtensionEvaluateParams,
  type ClusterExtensionKind,
  type ClusterExtensionPlan,
  type ClusterExtensionReport,
  type ClusterExtensionTarget,
} from '../../../../shared/protocol';
import { kubectlOnPath } from '../egress/kubectl';
import { chooseKubeContext } from '../egress/kubeContextPicker';
import type { CloudTreeNode } from '../cloudTree/provider';
import { clusterNameFromContext, targetFromIndexedFile } from './target';

export const CLUSTER_EXTENSION_COMMANDS = { verify: 'anyscaleAzure.clusterExtension.verify' } as const;

const KINDS: readonly { label: string; description: string; extension: ClusterExtensionKind }[] = [
  { label: 'Managed KubeRay', description: 'microsoft.kuberay', extension: 'kuberay' },
  { label: 'Anyscale operator', description: 'Anyscale.AKS.Operator', extension: 'anyscaleOperator' },
];

/** docs/cluster-extension.md's section on what the command needs (its heading's slug). */
const DOCS_SECTION = 'what-it-needs';

const AZ_INSTALL_URL = 'https://learn.microsoft.com/cli/azure/install-azure-cli';

/** Fills what `given` lacks by asking; undefined when the user cancels a question. */
async function completeTarget(
  given: Partial<ClusterExtensionTarget>,
  memory: vscode.Memento,
  docs: vscode.Uri,
): Promise<ClusterExtensionTarget | undefined> {
  const context =
    given.context ??
    (await chooseKubeContext({
      command: 'Verify Cluster Extension',
      title: 'Kube context of the cluster to verify',
      docs,
    }));
  if (!context) return undefined;
  const kind = given.kind ?? (await vscode.window.showQuickPick(KINDS, { title: 'Extension to verify' }))?.extension;
  if (!kind) return undefined;
  const clusterName =
    given.clusterName ??
    (
      await vscode.window.showInputBox({
        title: 'AKS cluster name (for az k8s-extension show)',
        value: clusterNameFromContext(context),
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : "The AKS cluster's name"),
      })
    )?.trim();
  if (!clusterName) return undefined;
  const rememberedGroup = `clusterExtension.resourceGroup.${clusterName}`;
  const resourceGroup =
    given.resourceGroup ??
    (
      await vscode.window.showInputBox({
        title: `Resource group of AKS cluster ${clusterName}`,
        value: memory.get<string>(rememberedGroup) ?? '',
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : 'The resource group the cluster is in'),
      })
    )?.trim();
  if (!resourceGroup) return undefined;
  await memory.update(rememberedGroup, resourceGroup);
  return {
    kind,
    context,
    clusterName,
    resourceGroup,
    ...(given.extensionName ? { extensionName: given.extensionName } : {}),
  };
}

async function runPlan(
  plan: ClusterExtensionPlan,
  token: vscode.CancellationToken,
  progress: vscode.Progress<{ message?: string }>,
) {
  const outputs: ClusterExtensionEvaluateParams['outputs'] = {};
  for (const step of plan.steps) {
    if (token.isCancellationRequested) break;
    progress.report({
      message: `${step.tool} ${step.argv
        .filter((arg) => !arg.startsWith('-'))
        .slice(0, 3)
        .join(' ')}`,
    });
    outputs[step.id] = await kubectlOnPath(step.tool)(step.argv);
  }
  return outputs;
}

/** `docs`: the docs page section on what the command needs (kubectl, a kube context, az), offered when one is missing. */
export async function verifyClusterExtension(
  client: LanguageClient,
  memory: vscode.Memento,
  docs: vscode.Uri,
  given: Partial<ClusterExtensionTarget> = {},
): Promise<ClusterExtensionReport | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      'Anyscale: verifying a cluster extension runs az and kubectl, which needs a trusted workspace.',
    );
    return undefined;
  }
  const target = await completeTarget(given, memory, docs);
  if (!target) return undefined;
  const plan = await client.sendRequest(ClusterExtensionPlanRequest, target);
  const outputs = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Anyscale: verifying the extension on ${target.clusterName}`,
      cancellable: true,
    },
    (progress, token) => runPlan(plan, token, progress),
  );
  const params: ClusterExtensionEvaluateParams = { target: plan.target, outputs };
  const report = await client.sendRequest(ClusterExtensionEvaluateRequest, params);
  await vscode.window.showTextDocument(
    await vscode.workspace.openTextDocument({ language: 'markdown', content: report.markdown }),
    { preview: false },
  );
  if (outputs.extension?.code === null) {
    void vscode.window.showErrorMessage(
      `Anyscale: the Azure CLI (az) is needed on PATH to read the extension's state: install it (${AZ_INSTALL_URL}), run az login, then Verify Cluster Extension again.`,
    );
  }
  const { pass, fail, unknown } = report.counts;
  const summary = `Anyscale: ${report.title}: ${pass} passed, ${fail} failed${unknown ? `, ${unknown} unknown` : ''}.`;
  void (fail > 0 ? vscode.window.showWarningMessage(summary) : vscode.window.showInformationMessage(summary));
  return report;
}

const TREE_NODE_KINDS = new Set(['cloud', 'cloudResource', 'file']);

export function registerClusterExtension(context: vscode.ExtensionContext, client: LanguageClient): void {
  const docs = vscode.Uri.joinPath(context.extensionUri, 'docs', 'cluster-extension.md').with({
    fragment: DOCS_SECTION,
  });
  context.subscriptions.push(
    // From the palette (no argument), a test (a partial target) or a Cloud Resources row (an AKS cluster or extension file node).
    vscode.commands.registerCommand(
      CLUSTER_EXTENSION_COMMANDS.verify,
      (argument?: Partial<ClusterExtensionTarget> | CloudTreeNode) => {
        const node = TREE_NODE_KINDS.has(String(argument?.kind)) ? (argument as CloudTreeNode) : undefined;
        const given = node
          ? node.kind === 'file'
            ? targetFromIndexedFile(node.file)
            : {}
          : (argument as Partial<ClusterExtensionTarget> | undefined);
        return verifyClusterExtension(client, context.workspaceState, docs, given ?? {});
      },
    ),
  );
}
