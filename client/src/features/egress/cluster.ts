// "Verify Egress from Cluster": asks the server for the probe Job, lets the user pick the kube context and read the
// manifest before anything is applied, runs it with kubectl (argv, never a shell), and has the server parse the
// log with the same parser as local results. Refused in untrusted workspaces.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  EgressClusterJobRequest,
  EgressClusterLogRequest,
  type EgressClusterJobParams,
  type EgressClusterLogParams,
  type EgressReport,
  type EgressTargetInfo,
} from '../../../../shared/protocol';
import { kubectlOnPath, runProbeJob } from './kubectl';
import { chooseKubeContext } from './kubeContextPicker';
import { clusterSettings, workspaceParams } from './settings';

/** `docs`: the docs page section on what the command needs (kubectl, a kube context), offered when it is missing. */
export async function probeFromCluster(
  client: LanguageClient,
  docs: vscode.Uri,
  targets?: EgressTargetInfo[],
): Promise<EgressReport | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      'Anyscale: verifying egress from a cluster runs kubectl, which needs a trusted workspace.',
    );
    return undefined;
  }
  const settings = clusterSettings();
  const context = await chooseKubeContext({
    command: 'Verify Egress from Cluster',
    title: 'Kube context to run the egress probe Job in',
    docs,
    configured: settings.context,
  });
  if (!context) return undefined;
  const params: EgressClusterJobParams = {
    ...workspaceParams(),
    namespace: settings.namespace,
    image: settings.image,
    ...(targets ? { targets } : {}),
  };
  const job = await client.sendRequest(EgressClusterJobRequest, params);
  const manifest = await vscode.workspace.openTextDocument({ language: 'json', content: job.manifest });
  await vscode.window.showTextDocument(manifest, { preview: true });
  const probed = job.targets.filter((t) => !t.needsHost).length;
  const notUsed = job.problems?.length ? ` Not used (${job.problems.join('; ')}).` : '';
  const choice = await vscode.window.showWarningMessage(
    `Apply the probe Job "${job.name}" (image ${settings.image}) to namespace "${job.namespace}" in context "${context}"? It probes ${probed} targets and is deleted afterwards.${notUsed}`,
    { modal: true },
    'Apply',
  );
  if (choice !== 'Apply') return undefined;
  const startedAt = new Date().toISOString();
  const run = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Anyscale: egress probe Job in ${context}`,
      cancellable: true,
    },
    (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return runProbeJob(kubectlOnPath(), job, context, {
        waitMs: settings.waitSeconds * 1000,
        signal: abort.signal,
        onStep: (message) => progress.report({ message }),
      });
    },
  );
  for (const problem of run.problems) void vscode.window.showWarningMessage(`Anyscale egress probe Job: ${problem}`);
  // No log and a reason why (apply refused, the pod never started, cancelled first): nothing was probed, and a report
  // would show every target as failed. The messages say what happened; the view keeps the last real results.
  if (!run.log.trim() && run.problems.length > 0) return undefined;
  const logParams: EgressClusterLogParams = {
    log: run.log,
    targets: job.targets,
    context,
    startedAt,
    durationMs: run.durationMs,
  };
  return client.sendRequest(EgressClusterLogRequest, logParams);
}
