// The "Anyscale Egress" results view in the Anyscale view container: a summary row first (counts, where from, when,
// and the targets re-run since), an overall diagnosis row when one cause explains every failure, a row saying how many
// wildcards were not probed for want of a concrete host name and how to give one, a row naming the proxy the probes
// were sent to and how many went through it (the CLI's "Proxy:" line), then one row per target (pass/fail icon,
// classification, latency) with its hint, flow, purpose, phase times, proxy (host:port) and source as children. It
// renders the last report only.
import * as vscode from 'vscode';
import type { EgressProbeResult, EgressReport } from '../../../../shared/protocol';
import { countResults, countsLine, notProbed, proxyUsed, reportDiagnosis } from '../../../../shared/egress/diagnosis';
import { flowLabel, type ProbeSite } from '../../../../shared/egress/flows';
import { proxyHostPort } from '../../../../shared/egress/proxyFailures';
import { probedFrom } from './report';
import { targetTooltip } from './targetTooltip';

export const RESULTS_VIEW = 'anyscaleAzure.egressResults';

type Node =
  | { kind: 'target'; result: EgressProbeResult; from: ProbeSite }
  | { kind: 'summary' | 'diagnosis' | 'notProbed' | 'detail'; label: string; description?: string; tooltip?: string }
  | { kind: 'proxy'; label: string; description: string; tooltip: string; unreached: number };

/** The context value of each header row. */
const HEADER_CONTEXT = {
  summary: 'egressSummary',
  diagnosis: 'egressDiagnosis',
  notProbed: 'egressNotProbed',
  proxy: 'egressProxy',
};

/** The targets re-run ("Re-run This Target") since the run the report is of, by host:port, and when the last began. */
export interface Reruns {
  readonly targets: ReadonlySet<string>;
  readonly lastAt: string;
}

/** ", 1 target re-run at 14:34" / ", 2 targets re-run, the last at 14:36", the time as `time` writes it; "" without re-runs. */
export function rerunPart(reruns: Reruns | undefined, time: (iso: string) => string): string {
  if (!reruns) return '';
  const count = reruns.targets.size;
  return count === 1
    ? `, 1 target re-run at ${time(reruns.lastAt)}`
    : `, ${count} targets re-run, the last at ${time(reruns.lastAt)}`;
}

/** 14:05, local time. */
function hoursMinutes(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/**
 * "from this machine, at 14:05" / "from cluster aks-dev, at 14:05" (local time), then the targets re-run since, when
 * there are some: "…, at 14:05, 1 target re-run at 14:12".
 */
export function probedWhen(report: EgressReport, reruns?: Reruns): string {
  return `from ${probedFrom(report)}, at ${hoursMinutes(report.startedAt)}${report.cancelled ? ' (cancelled)' : ''}${rerunPart(reruns, hoursMinutes)}`;
}

/**
 * The rows above the targets: the counts, the diagnosis when there is one, the wildcards not probed, and the proxy
 * when the probes were sent to one.
 */
function headerRows(report: EgressReport, reruns: Reruns | undefined): Node[] {
  const counts = countsLine(countResults(report.results));
  const when = probedWhen(report, reruns);
  const diagnosis = reportDiagnosis(report);
  const wildcards = notProbed(report.results);
  const proxy = proxyUsed(report.results);
  return [
    { kind: 'summary', label: counts, description: when, tooltip: `${counts} — ${when}` },
    ...(diagnosis
      ? [
          {
            kind: 'diagnosis' as const,
            label: diagnosis.headline,
            description: diagnosis.action,
            tooltip: `${diagnosis.headline}: ${diagnosis.action}`,
          },
        ]
      : []),
    ...(wildcards
      ? [
          {
            kind: 'notProbed' as const,
            label: `Not probed: ${wildcards.headline}`,
            description: wildcards.action,
            tooltip: `Not probed: ${wildcards.headline}: ${wildcards.action}`,
          },
        ]
      : []),
    // The CLI's line, "Proxy: host:port — scope", as label and description.
    ...(proxy
      ? [
          {
            kind: 'proxy' as const,
            label: `Proxy: ${proxy.proxy}`,
            description: proxy.scope,
            tooltip: `Proxy: ${proxy.proxy} — ${proxy.scope}`,
            unreached: proxy.unreached,
          },
        ]
      : []),
  ];
}

export class EgressResultsView implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private report: EgressReport | undefined;
  private rerunSinceRun: Reruns | undefined;

  get last(): EgressReport | undefined {
    return this.report;
  }

  /** The targets re-run since the last report's run; undefined when none was. */
  get reruns(): Reruns | undefined {
    return this.rerunSinceRun;
  }

  show(report: EgressReport): void {
    this.report = report;
    this.rerunSinceRun = undefined;
    void vscode.commands.executeCommand('setContext', 'anyscaleAzure.egress.hasResults', true);
    this.changed.fire(undefined);
  }

  /** Replaces one target's result (a re-run begun at `rerunAt`) and keeps the others; the summary counts the re-run. */
  replace(result: EgressProbeResult, rerunAt: string): void {
    if (!this.report) return;
    const key = `${result.target.host}:${result.target.port}`;
    this.rerunSinceRun = { targets: new Set([...(this.rerunSinceRun?.targets ?? []), key]), lastAt: rerunAt };
    this.report = {
      ...this.report,
      results: this.report.results.map((r) => (`${r.target.host}:${r.target.port}` === key ? result : r)),
    };
    this.changed.fire(undefined);
  }

  getChildren(node?: Node): Node[] {
    if (!this.report) return [];
    if (!node) {
      const { origin } = this.report;
      return [
        ...headerRows(this.report, this.rerunSinceRun),
        ...this.report.results.map((result) => ({ kind: 'target' as const, result, from: origin })),
      ];
    }
    if (node.kind !== 'target') return [];
    const { result } = node;
    const phases = [
      ['DNS', result.phases.dnsMs],
      ['TCP', result.phases.tcpMs],
      ['TLS', result.phases.tlsMs],
      ['HTTP', result.phases.httpMs],
    ]
      .filter(([, ms]) => ms !== undefined)
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(' · ');
    return [
      ...(result.hint
        ? [{ kind: 'detail' as const, label: 'What to do', description: result.hint, tooltip: result.hint }]
        : []),
      { kind: 'detail', label: 'Flow', description: flowLabel(result.target.flow, node.from) },
      { kind: 'detail', label: 'Purpose', description: result.target.purpose, tooltip: result.target.purpose },
      ...(phases ? [{ kind: 'detail' as const, label: 'Phases', description: phases }] : []),
      ...(result.addresses?.length
        ? [{ kind: 'detail' as const, label: 'Addresses', description: result.addresses.join(', ') }]
        : []),
      ...(result.tls?.issuer
        ? [
            {
              kind: 'detail' as const,
              label: 'Certificate',
              description: `${result.tls.subject ?? '?'} by ${result.tls.issuer}, valid to ${result.tls.validTo ?? '?'}`,
            },
          ]
        : []),
      // host:port, as the hints and the diagnosis name it, without credentials.
      ...(result.via ? [{ kind: 'detail' as const, label: 'Proxy', description: proxyHostPort(result.via) }] : []),
      ...(result.detail
        ? [{ kind: 'detail' as const, label: 'Detail', description: result.detail, tooltip: result.detail }]
        : []),
      { kind: 'detail', label: 'Source', description: result.target.source.title, tooltip: result.target.source.url },
    ];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind !== 'target') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.description = node.description;
      item.tooltip = node.tooltip;
      if (node.kind === 'summary') item.iconPath = new vscode.ThemeIcon('checklist');
      if (node.kind === 'diagnosis')
        item.iconPath = new vscode.ThemeIcon('lightbulb', new vscode.ThemeColor('list.warningForeground'));
      // The icon of the wildcard rows it sums up.
      if (node.kind === 'notProbed')
        item.iconPath = new vscode.ThemeIcon('question', new vscode.ThemeColor('list.warningForeground'));
      // A proxy some probes could not reach is drawn apart from one that carried them all.
      if (node.kind === 'proxy')
        item.iconPath =
          node.unreached > 0
            ? new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('list.warningForeground'))
            : new vscode.ThemeIcon('globe');
      item.contextValue = node.kind === 'detail' ? undefined : HEADER_CONTEXT[node.kind];
      return item;
    }
    const { result } = node;
    const item = new vscode.TreeItem(
      `${result.target.host}:${result.target.port}`,
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    const needsHost = result.outcome === 'needs-host';
    item.description = needsHost
      ? 'needs a concrete host name'
      : `${result.outcome} · ${Math.round(result.ms)} ms${result.target.required ? '' : ' · optional'}`;
    // An optional target that did not pass is reported, never failed (docs/egress.md): a warning, not an error.
    const optionalFailed = !result.ok && !needsHost && !result.target.required;
    item.iconPath = result.ok
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : needsHost
        ? new vscode.ThemeIcon('question', new vscode.ThemeColor('list.warningForeground'))
        : optionalFailed
          ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
          : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    const optionalNote = optionalFailed ? ' (optional: reported, never failed)' : '';
    item.tooltip = new vscode.MarkdownString(targetTooltip(result, node.from, optionalNote));
    item.contextValue = needsHost ? 'egressWildcard' : 'egressTarget';
    item.id = `${result.target.host}:${result.target.port}`;
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
