// Probing from this machine through the language server: a cancellable progress notification that counts targets
// as they finish, then the report. Also re-running one target.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  EgressProbeRequest, EgressProgressNotification,
  type EgressProbeParams, type EgressReport, type EgressTargetInfo,
} from '../../../../shared/protocol';
import { workspaceParams } from './settings';

let nextToken = 0;

export async function probeLocally(client: LanguageClient, targets?: EgressTargetInfo[]): Promise<EgressReport | undefined> {
  const progressToken = `egress-${++nextToken}`;
  const params: EgressProbeParams = { ...workspaceParams(), progressToken, ...(targets ? { targets } : {}) };
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Anyscale: verifying egress from this machine', cancellable: true },
    async (progress, token) => {
      let reported = 0;
      const subscription = client.onNotification(EgressProgressNotification, (update) => {
        if (update.progressToken !== progressToken) return;
        const percent = (100 * update.done) / update.total;
        progress.report({ increment: percent - reported, message: `${update.done}/${update.total} · ${update.result.target.host} ${update.result.outcome}` });
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
