// How the Cloud Resources tree draws an index node: label, `provider · region · primary` description, an icon per
// provider (codicons) coloured by the worst finding, a problem badge (a FileDecoration on a URI of our own scheme that
// carries the counts), the tooltip rows as Markdown, the click that reveals the definition, and the contextValue the
// menus' `when` clauses match. Everything shown comes from the server's node.
import * as vscode from 'vscode';
import type {
  IndexedCloud,
  IndexedCloudResource,
  IndexedFile,
  IndexedFileKind,
  IndexNode,
  IndexTooltipRow,
  SeverityCounts,
} from '../../../../shared/protocol';
import { escapeMarkdown } from '../../../../shared/markdownText';

export const REVEAL_COMMAND = 'anyscaleAzure.cloudTree.reveal';
/** The scheme of the tree items' resourceUri: the decoration provider reads the problem counts from its query. */
export const DECORATION_SCHEME = 'anyscale-cloud-tree';

type Severity = keyof SeverityCounts;

function worstSeverity(problems: SeverityCounts): Severity | undefined {
  return problems.error > 0 ? 'error' : problems.warning > 0 ? 'warning' : problems.info > 0 ? 'info' : undefined;
}

const ICON_COLOR: Record<Severity, string> = {
  error: 'problemsErrorIcon.foreground',
  warning: 'problemsWarningIcon.foreground',
  info: 'problemsInfoIcon.foreground',
};
const LABEL_COLOR: Partial<Record<Severity, string>> = {
  error: 'list.errorForeground',
  warning: 'list.warningForeground',
};

/** Codicons only: no third-party logos. */
const PROVIDER_ICONS: Readonly<Record<string, string>> = {
  azure: 'azure',
  aws: 'package',
  gcp: 'globe',
  generic: 'server',
};
const FILE_ICONS: Readonly<Record<IndexedFileKind, string>> = {
  template: 'file-code',
  parameterFile: 'symbol-parameter',
  aksCluster: 'server-environment',
  clusterExtension: 'extensions',
  operatorExtension: 'extensions',
  valuesFile: 'settings',
  gatewayManifest: 'plug',
};

function icon(id: string, problems: SeverityCounts): vscode.ThemeIcon {
  const severity = worstSeverity(problems);
  return new vscode.ThemeIcon(id, severity ? new vscode.ThemeColor(ICON_COLOR[severity]) : undefined);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function problemSummary(problems: SeverityCounts): string {
  const parts = (['error', 'warning', 'info'] as const)
    .filter((severity) => problems[severity] > 0)
    .map((severity) => plural(problems[severity], severity));
  return parts.length > 0 ? parts.join(', ') : 'no problems';
}

/** The resourceUri that carries a node's problem counts to the decoration provider (a badge and a label colour). */
function decorationUri(node: IndexNode): vscode.Uri {
  const { error, warning, info } = node.problems;
  return vscode.Uri.from({
    scheme: DECORATION_SCHEME,
    path: `/${encodeURIComponent(node.id)}`,
    query: `error=${error}&warning=${warning}&info=${info}`,
  });
}

/** Badges and label colours for the tree's items: the count of their worst severity's problems. */
export class ProblemDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== DECORATION_SCHEME) return undefined;
    const query = new URLSearchParams(uri.query);
    const problems = {
      error: Number(query.get('error')) || 0,
      warning: Number(query.get('warning')) || 0,
      info: Number(query.get('info')) || 0,
    };
    const severity = worstSeverity(problems);
    if (!severity || severity === 'info') return undefined;
    const count = problems[severity];
    const color = LABEL_COLOR[severity];
    return new vscode.FileDecoration(
      count > 99 ? '99' : String(count),
      problemSummary(problems),
      color ? new vscode.ThemeColor(color) : undefined,
    );
  }
}

/** A value in the tooltip: an expression is shown as code and said to be known only at deployment. */
function appendRow(markdown: vscode.MarkdownString, row: IndexTooltipRow): void {
  markdown.appendMarkdown(`**${row.label}:** `);
  if (row.known) markdown.appendMarkdown(escapeMarkdown(row.value === '' ? '(empty)' : row.value));
  else markdown.appendMarkdown(`\`${row.value.replace(/`/g, "'")}\` *(an expression: known at deployment)*`);
  markdown.appendMarkdown('  \n');
}

function tooltip(node: IndexNode, title: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString('', true);
  markdown.appendMarkdown(`${title}\n\n`);
  for (const row of node.tooltip) appendRow(markdown, row);
  markdown.appendMarkdown(`\n**Problems:** ${problemSummary(node.problems)}`);
  if (node.worst) {
    markdown.appendMarkdown(
      `  \n$(${node.worst.severity === 'info' ? 'info' : node.worst.severity}) \`${node.worst.code}\`: `,
    );
    markdown.appendMarkdown(escapeMarkdown(node.worst.message));
  }
  return markdown;
}

/** Context value tokens, matched with `viewItem =~ /…/` in the menus (docs/tree.md lists them). */
function contextValue(kind: string, node: IndexNode, ...more: string[]): string {
  return [kind, ...more, ...(node.worst ? ['hasWorstFinding'] : [])].join(' ');
}

function item(node: IndexNode, label: string, collapsible: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const treeItem = new vscode.TreeItem(label, collapsible);
  treeItem.id = node.id;
  treeItem.resourceUri = decorationUri(node);
  treeItem.command = { command: REVEAL_COMMAND, title: 'Go to Definition', arguments: [node.reveal] };
  return treeItem;
}

/** The description parts joined (an empty value, such as `"provider": ""`, left out); a name that is an expression says so. */
function describe(nameKnown: boolean, parts: readonly string[]): string {
  return [...(nameKnown ? [] : ['name set at deployment']), ...parts.filter((part) => part.trim() !== '')].join(' · ');
}

export function cloudItem(cloud: IndexedCloud): vscode.TreeItem {
  const treeItem = item(cloud, cloud.label, vscode.TreeItemCollapsibleState.Expanded);
  treeItem.description = describe(cloud.name.known, cloud.description);
  treeItem.iconPath = icon('cloud', cloud.problems);
  treeItem.tooltip = tooltip(cloud, `**${escapeMarkdown(cloud.label)}** · Anyscale cloud`);
  treeItem.contextValue = contextValue('anyscaleCloud', cloud);
  return treeItem;
}

export function cloudResourceItem(resource: IndexedCloudResource): vscode.TreeItem {
  const treeItem = item(resource, resource.label, vscode.TreeItemCollapsibleState.Collapsed);
  treeItem.description = describe(resource.name.known, resource.description);
  const provider = resource.provider?.known ? resource.provider.text.toLowerCase() : '';
  treeItem.iconPath = icon(PROVIDER_ICONS[provider] ?? 'question', resource.problems);
  treeItem.tooltip = tooltip(
    resource,
    `**${escapeMarkdown(resource.label)}** · cloud resource${resource.primary ? ' · primary' : ''}`,
  );
  treeItem.contextValue = contextValue(
    'anyscaleCloudResource',
    resource,
    ...(PROVIDER_ICONS[provider] ? [`provider-${provider}`] : []),
  );
  return treeItem;
}

export function fileItem(file: IndexedFile): vscode.TreeItem {
  const treeItem = item(file, file.label, vscode.TreeItemCollapsibleState.None);
  treeItem.description = describe(true, file.description);
  treeItem.iconPath = icon(FILE_ICONS[file.kind], file.problems);
  treeItem.tooltip = tooltip(file, `**${escapeMarkdown(file.label)}** · ${file.description.join(' · ')}`);
  treeItem.contextValue = contextValue('anyscaleFile', file, file.kind);
  return treeItem;
}
