// The egress feature of the client: commands (verify from this machine or from a cluster, allow-list, re-run one
// target, export, a row's allow-list entry and docs section), the results view, the end-of-run notification and the
// egress Language Status item. Everything shown comes from the server, or from the server's pure egress modules
// (shared/egress: diagnosis.ts, firewallFqdn.ts) that the client bundles so a re-run row updates the summary without a round trip.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  EgressAllowListRequest,
  SHOW_RULE_DOCUMENTATION_COMMAND,
  type EgressAllowList,
  type EgressProbeResult,
  type EgressReport,
  type EgressTargetInfo,
} from '../../../../shared/protocol';
import {
  countResults,
  countsLine,
  egressReportJson,
  outcomeDocSection,
  reportDiagnosis,
} from '../../../../shared/egress/diagnosis';
import { firewallFqdn } from '../../../../shared/egress/firewallFqdn';
import { EgressResultsView, RESULTS_VIEW, probedWhen } from './resultsView';
import { EgressStatusItem, type DocumentStatsSource } from './egressStatus';
import { probeLocally } from './local';
import { probeFromCluster } from './cluster';
import { probedFrom, reportMarkdown } from './report';
import { workspaceParams } from './settings';

export const EGRESS_COMMANDS = {
  verifyLocal: 'anyscaleAzure.egress.verifyLocal',
  verifyCluster: 'anyscaleAzure.egress.verifyCluster',
  showAllowList: 'anyscaleAzure.egress.showAllowList',
  rerunTarget: 'anyscaleAzure.egress.rerunTarget',
  exportReport: 'anyscaleAzure.egress.exportReport',
  copyAllowListEntry: 'anyscaleAzure.egress.copyAllowListEntry',
  openDocumentation: 'anyscaleAzure.egress.openDocumentation',
  /** Not in the palette: the results view's rows as shown, for tests and other extensions. */
  results: 'anyscaleAzure.egress.results',
} as const;

const SHOW_RESULTS = 'Show Results';

/** What a run or a list could not use (a targets file, a CA file, a proxy setting), each in a warning of its own. */
function warnOfProblems(problems: readonly string[] | undefined): void {
  for (const problem of problems ?? []) void vscode.window.showWarningMessage(`Anyscale egress: ${problem}`);
}

/** docs/egress.md's section on what Verify Egress from Cluster needs (its heading's slug). */
const CLUSTER_DOCS_SECTION = 'what-verify-egress-from-cluster-needs';

/** What other features may ask of egress: probe some targets from this machine and show them in the results view. */
export interface Egress {
  verifyLocally(targets?: EgressTargetInfo[]): Promise<EgressReport | undefined>;
}

/**
 * The run has ended: the counts (and the diagnosis) in a notification, whose "Show Results" reveals the view wherever the
 * user has gone since. Not awaited: the command returns its report now; the button works whenever it is clicked.
 */
function notifyEnd(report: EgressReport): void {
  const counts = countResults(report.results);
  const diagnosis = reportDiagnosis(report);
  const message = `Anyscale egress ${probedWhen(report)}: ${countsLine(counts)}${diagnosis ? ` — ${diagnosis.headline}` : ''}`;
  // As the status item: an error when a required target failed, a warning when only optional ones did.
  const notify =
    counts.failed > 0
      ? vscode.window.showErrorMessage
      : counts.optionalFailed > 0
        ? vscode.window.showWarningMessage
        : vscode.window.showInformationMessage;
  void notify(message, SHOW_RESULTS).then(
    (choice) => choice && vscode.commands.executeCommand(`${RESULTS_VIEW}.focus`),
  );
}

/** Where a save dialog suggests a file: in the first workspace folder (none without a folder: VS Code's default). */
function inWorkspaceFolder(fileName: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder && vscode.Uri.joinPath(folder, fileName);
}

/** The forms "Show Egress Allow-List" offers; each keeps the list's notes as comments. */
interface AllowListFormat {
  format: 'arm' | 'az' | 'fqdns';
  label: string;
  detail: string;
  language: string;
  fileName: string;
  filters: Record<string, string[]>;
  content(list: EgressAllowList): string;
}

const ALLOW_LIST_FORMATS: readonly AllowListFormat[] = [
  {
    format: 'arm',
    label: 'Azure Firewall ARM template',
    detail: 'A rule collection group for the firewall policy, to deploy with az deployment group create',
    language: 'jsonc',
    fileName: 'anyscale-egress-allow-list.json',
    filters: { 'ARM template': ['json'] },
    content: (list) => list.armJsonc,
  },
  {
    format: 'az',
    label: 'az script',
    detail: 'The same rules as az network firewall commands (policy and classic firewall)',
    language: 'shellscript',
    fileName: 'anyscale-egress-allow-list.sh',
    filters: { 'Shell script': ['sh'] },
    content: (list) => list.azCli,
  },
  {
    format: 'fqdns',
    label: 'Plain list of FQDNs',
    detail: 'One FQDN a line under its port, for another firewall or a proxy',
    language: 'plaintext',
    fileName: 'anyscale-egress-allow-list.txt',
    filters: { Text: ['txt'] },
    content: (list) => list.fqdnList,
  },
];
const SAVE_AS = 'Save As…';

/**
 * Asks which form of the allow-list (unless `format` says), opens it in one unsaved editor and offers "Save As…": the
 * save dialog on a suggested file name, then the saved file replaces the unsaved editor. Returns the opened document.
 */
async function showAllowList(
  client: LanguageClient,
  format?: AllowListFormat['format'],
): Promise<vscode.TextDocument | undefined> {
  const chosen = format
    ? ALLOW_LIST_FORMATS.find((f) => f.format === format)
    : await vscode.window.showQuickPick(ALLOW_LIST_FORMATS, { title: 'Show the egress allow-list as' });
  if (!chosen) return undefined;
  const list = await client.sendRequest(EgressAllowListRequest, workspaceParams());
  warnOfProblems(list.problems);
  const content = chosen.content(list);
  const document = await vscode.workspace.openTextDocument({ language: chosen.language, content });
  if (document.getText() !== content) {
    // VS Code can hand back the model of an untitled editor closed a moment ago under the same name ("Untitled-1"
    // after "Save As…" below), with that editor's text: the whole text is replaced with this list's.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      document.uri,
      new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
      content,
    );
    await vscode.workspace.applyEdit(edit);
  }
  await vscode.window.showTextDocument(document);
  void vscode.window
    .showInformationMessage(`Anyscale: the egress allow-list (${chosen.label}) is in an unsaved editor.`, SAVE_AS)
    .then(async (choice) => {
      if (choice !== SAVE_AS || document.isClosed) return;
      const target = await vscode.window.showSaveDialog({
        defaultUri: inWorkspaceFolder(chosen.fileName),
        filters: chosen.filters,
        saveLabel: 'Save',
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, Buffer.from(document.getText(), 'utf8'));
      // The unsaved copy goes without a "save changes?" prompt: its text is in the file now.
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.window.showTextDocument(target);
    });
  return document;
}

/** `documents`: the server's stats per document, which say where the egress status applies (statusScope.ts). */
export function registerEgress(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  languages: string[],
  documents: DocumentStatsSource,
): Egress {
  const view = new EgressResultsView();
  const tree = vscode.window.createTreeView(RESULTS_VIEW, { treeDataProvider: view });
  const status = new EgressStatusItem(languages, documents, tree);
  const egressDocs = vscode.Uri.joinPath(context.extensionUri, 'docs', 'egress.md');
  const clusterDocs = egressDocs.with({ fragment: CLUSTER_DOCS_SECTION });
  const show = async (report: EgressReport | undefined) => {
    if (!report) return undefined;
    warnOfProblems(report.problems);
    view.show(report);
    tree.description = `from ${probedFrom(report)}`;
    status.show(report);
    await vscode.commands.executeCommand(`${RESULTS_VIEW}.focus`);
    notifyEnd(report);
    return report;
  };
  const rerun = async (node: { result: EgressProbeResult } | undefined) => {
    const target = node?.result.target;
    if (!target) return;
    const report =
      view.last?.origin === 'cluster'
        ? await probeFromCluster(client, clusterDocs, [target])
        : await probeLocally(client, [target]);
    if (report?.results[0]) {
      view.replace(report.results[0], report.startedAt);
      if (view.last) status.show(view.last, view.reruns);
    }
  };
  const exportReport = async (format?: 'markdown' | 'json', target?: vscode.Uri) => {
    const report = view.last;
    if (!report)
      return void vscode.window.showInformationMessage(
        'Anyscale: run "Verify Egress" first; there is no report to export yet.',
      );
    const chosen =
      format ??
      (await vscode.window.showQuickPick(['markdown', 'json'] as const, { title: 'Export the egress report as' }));
    if (!chosen) return;
    const suggested = inWorkspaceFolder(`anyscale-egress-report.${chosen === 'json' ? 'json' : 'md'}`);
    const filters: Record<string, string[]> = chosen === 'json' ? { JSON: ['json'] } : { Markdown: ['md'] };
    const uri = target ?? (await vscode.window.showSaveDialog({ defaultUri: suggested, filters, saveLabel: 'Export' }));
    if (!uri) return;
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from(chosen === 'json' ? egressReportJson(report) : reportMarkdown(report), 'utf8'),
    );
    return uri;
  };
  context.subscriptions.push(
    view,
    status,
    tree,
    vscode.commands.registerCommand(EGRESS_COMMANDS.verifyLocal, async () => show(await probeLocally(client))),
    vscode.commands.registerCommand(EGRESS_COMMANDS.verifyCluster, async () =>
      show(await probeFromCluster(client, clusterDocs)),
    ),
    vscode.commands.registerCommand(EGRESS_COMMANDS.rerunTarget, rerun),
    vscode.commands.registerCommand(EGRESS_COMMANDS.exportReport, exportReport),
    vscode.commands.registerCommand(
      EGRESS_COMMANDS.copyAllowListEntry,
      async (node: { result: EgressProbeResult } | undefined) => {
        if (!node?.result) return;
        const entry = firewallFqdn(node.result.target.host);
        await vscode.env.clipboard.writeText(entry);
        vscode.window.setStatusBarMessage(
          `$(copy) Copied ${entry} (Azure Firewall application rule, HTTPS ${node.result.target.port})`,
          5000,
        );
      },
    ),
    vscode.commands.registerCommand(
      EGRESS_COMMANDS.openDocumentation,
      async (node: { result: EgressProbeResult } | undefined) => {
        if (!node?.result) return;
        const section = egressDocs.with({ fragment: outcomeDocSection(node.result.outcome) });
        await vscode.commands.executeCommand(SHOW_RULE_DOCUMENTATION_COMMAND, section.toString());
      },
    ),
    vscode.commands.registerCommand(EGRESS_COMMANDS.showAllowList, (format?: AllowListFormat['format']) =>
      showAllowList(client, format),
    ),
    vscode.commands.registerCommand(EGRESS_COMMANDS.results, () =>
      view.getChildren().map((node) => {
        const item = view.getTreeItem(node);
        const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
        return { kind: node.kind, label: String(item.label), description: String(item.description ?? ''), icon };
      }),
    ),
  );
  return { verifyLocally: async (targets) => show(await probeLocally(client, targets)) };
}
