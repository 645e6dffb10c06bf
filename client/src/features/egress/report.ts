// The egress report as a person reads it (Markdown) or a tool does (JSON), for "Export Egress Report".
import type { EgressReport } from '../../../../shared/protocol';
import {
  countResults,
  notProbed,
  optionalFailedPart,
  proxyUsed,
  reportDiagnosis,
} from '../../../../shared/egress/diagnosis';
import { formatDuration } from '../../../../shared/egress/duration';
import { flowLabel } from '../../../../shared/egress/flows';

/** Where a report's probes ran: "this machine" or "cluster <context>". */
export function probedFrom(report: EgressReport): string {
  return report.origin === 'cluster' ? `cluster ${report.context ?? ''}`.trim() : 'this machine';
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function reportMarkdown(report: EgressReport): string {
  const counts = countResults(report.results);
  const { passed, failed, needsHost } = counts;
  const where =
    report.origin === 'cluster' ? `from the cluster (context \`${report.context ?? '?'}\`)` : 'from this machine';
  // The same overall diagnosis as the results view's, when one cause explains every failure.
  const diagnosis = reportDiagnosis(report);
  const wildcards = notProbed(report.results);
  const proxy = proxyUsed(report.results);
  const lines = [
    '# Anyscale on Azure egress report',
    '',
    `Probed ${where} at ${report.startedAt}, in ${formatDuration(report.durationMs)}: **${passed} passed, ${failed} failed**${optionalFailedPart(counts)}${needsHost ? `, ${needsHost} need a concrete host name` : ''}${report.cancelled ? ' (cancelled)' : ''}.`,
    '',
    ...(diagnosis ? [`**Diagnosis: ${diagnosis.headline}.** ${diagnosis.action}.`, ''] : []),
    ...(wildcards ? [`**Not probed: ${wildcards.headline}.** ${wildcards.action}.`, ''] : []),
    ...(proxy ? [`**Proxy: \`${proxy.proxy}\`** — ${proxy.scope}.`, ''] : []),
    '| Result | Target | Flow | Latency | Purpose | What to do |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.results.map(
      (r) =>
        `| ${r.ok ? '✅' : r.outcome === 'needs-host' ? '❔' : '❌'} ${r.outcome} | \`${r.target.host}:${r.target.port}\`${r.target.required ? '' : ' (optional)'} | ${flowLabel(r.target.flow, report.origin)} | ${r.outcome === 'needs-host' ? '' : `${Math.round(r.ms)} ms`} | ${cell(r.target.purpose)} | ${cell(r.hint ?? '')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
