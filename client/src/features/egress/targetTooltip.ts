// The tooltip of a target's row in the Anyscale Egress view, as Markdown: the host in bold, its outcome, its flow and
// purpose, and its hint. Hosts and hints hold Markdown's characters (`*.azure.anyscale-cloud.dev`, `cld-<id>`), so
// each is escaped to show as written.
import type { EgressProbeResult } from '../../../../shared/protocol';
import { flowLabel, type ProbeSite } from '../../../../shared/egress/flows';
import { escapeMarkdown } from '../../../../shared/markdownText';

export function targetTooltip(result: EgressProbeResult, from: ProbeSite, optionalNote: string): string {
  const { host, port, flow, purpose } = result.target;
  const hint = result.hint ? `\n\n${escapeMarkdown(result.hint)}` : '';
  return `**${escapeMarkdown(`${host}:${port}`)}** — ${escapeMarkdown(`${result.outcome}${optionalNote}`)}\n\n${escapeMarkdown(`${flowLabel(flow, from)}: ${purpose}`)}${hint}`;
}
