// Probing from this machine through the language server: a cancellable progress notification that follows the
// server's LSP work-done progress ($/progress on the request's workDoneToken) as targets finish, then the report.
// Also re-running one target.
import * as vscode from 'vscode';
import { WorkDoneProgress, type LanguageClient } from 'vscode-languageclient/node';
import {
  EgressProbeRequest,
  type EgressProbeParams,
  type EgressReport,
  type EgressTargetInfo,
} from '../../../../shared/protocol';
import { workspaceParams } from './settings';

let nextToken = 0;

export async function probeLocally(
  client: LanguageClient,
  targets?: EgressTargetInfo[],
): Promise<EgressReport | undefined> {
  const workDoneToken = `anyscaleAzure.egress-${++nextToken}`;
  const params: EgressProbeParams = { ...workspaceParams(), workDoneToken, ...(targets ? { targets } : {}) };
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: 'Anyscale: verifying egress from this machine',
      cancellable: true,
    },
    async (progress, token) => {
      let reported = 0;
      const subscription = client.onProgress(WorkDoneProgress.type, workDoneToken, (update) => {
        if (update.kind !== 'report') return;
        const percent = update.percentage ?? reported;
        progress.report({ increment: percent - reported, message: update.message });
        reported = percent;
      });
      try {
        return await client.sendRequest(EgressProbeRequest, params, token);
      } catch (error) {
        if (token.isCancellationRequested) return undefined;
        throw error;
      } finally {
        subscription.dispose();
      }
    },
  );
}
