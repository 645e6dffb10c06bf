// The kube context a kubectl-driven command runs in, asked the same way by every such command (Verify Egress from
// Cluster, Verify Cluster Extension): a configured one, else a pick from kubectl's contexts (the current one first);
// with no kubectl or no context, no empty picker but one error that says what is missing and how to get it (kubectl.ts
// words it), with "Show Documentation" opening the command's docs section.
import * as vscode from 'vscode';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../../../shared/protocol';
import { kubectlOnPath, kubeContexts, noContextMessage } from './kubectl';

const SHOW_DOCUMENTATION = 'Show Documentation';

export interface KubeContextQuestion {
  /** The command's name in the palette, without "Anyscale: " ("Verify Egress from Cluster"). */
  command: string;
  /** The picker's title. */
  title: string;
  /** The docs section on what the command needs (kubectl, a kube context), offered when one is missing. */
  docs: vscode.Uri;
  /** A context the settings name: used as it is once kubectl lists any. */
  configured?: string;
}

/** The kube context to run in; undefined when there is none (the error says why) or the user cancels the pick. */
export async function chooseKubeContext(question: KubeContextQuestion): Promise<string | undefined> {
  const contexts = await kubeContexts(kubectlOnPath());
  const deadEnd = noContextMessage(question.command, contexts);
  if (deadEnd) {
    // Not awaited: the command ends now; the button opens the docs section's rendered preview whenever it is clicked.
    void vscode.window
      .showErrorMessage(deadEnd, SHOW_DOCUMENTATION)
      .then(
        (choice) => choice && vscode.commands.executeCommand(SHOW_RULE_DOCUMENTATION_COMMAND, question.docs.toString()),
      );
    return undefined;
  }
  if (question.configured) return question.configured;
  const items = contexts.all.map((name) => ({
    label: name,
    description: name === contexts.current ? 'current context' : undefined,
  }));
  items.sort((a, b) => Number(!!b.description) - Number(!!a.description));
  return (await vscode.window.showQuickPick(items, { title: question.title }))?.label;
}
