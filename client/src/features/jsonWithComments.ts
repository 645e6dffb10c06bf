// Opens an ARM template or parameter file that holds our suppression comments as JSON with Comments (`jsonc`). ARM
// accepts comments in both, but VS Code's JSON language reports each one as an error ("Comments are not permitted in
// JSON"), so a "Disable … for this line" fix would trade our diagnostic for VS Code's. Only a document in the plain
// `json` language is switched (never one the user or another extension gave `jsonc`, `arm-template` or any other
// language), and each file once while a tab shows it, so that one switched back to JSON by hand stays JSON (switching
// a language keeps the tab); closed and opened again, it is switched again. The Output channel says why.
import * as vscode from 'vscode';
import type { DocumentStats } from '../../../shared/protocol';

/** The document kinds the server reports (DocumentStats.kind) whose files ARM reads with comments allowed. */
const ARM_KINDS = new Set(['armTemplate', 'armParameters']);

export function registerJsonWithComments(
  context: vscode.ExtensionContext,
  onDidChangeStats: vscode.Event<DocumentStats>,
  log: (message: string) => void,
): void {
  const switched = new Set<string>();
  context.subscriptions.push(
    vscode.window.tabGroups.onDidChangeTabs(({ closed }) => {
      for (const tab of closed) {
        const uri = textTabUri(tab);
        if (uri && !vscode.window.tabGroups.all.some((group) => group.tabs.some((open) => textTabUri(open) === uri)))
          switched.delete(uri);
      }
    }),
    onDidChangeStats((stats) => {
      if (stats.suppressionComments === 0 || !ARM_KINDS.has(stats.kind) || switched.has(stats.uri)) return;
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === stats.uri);
      if (document?.languageId !== 'json') return;
      switched.add(stats.uri);
      void vscode.languages.setTextDocumentLanguage(document, 'jsonc').then(
        () =>
          log(
            `${vscode.workspace.asRelativePath(document.uri)}: switched to JSON with Comments, since it holds anyscale-azure suppression comments (ARM accepts comments; the JSON language reports them as errors).`,
          ),
        (error: unknown) =>
          log(
            `${vscode.workspace.asRelativePath(document.uri)}: could not be switched to JSON with Comments: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    }),
  );
}

/** The document a text editor's tab shows, as a URI string; undefined for other tabs (diffs, webviews, settings). */
function textTabUri(tab: vscode.Tab): string | undefined {
  return tab.input instanceof vscode.TabInputText ? tab.input.uri.toString() : undefined;
}
