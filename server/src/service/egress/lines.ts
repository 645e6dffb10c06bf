// The stable line format of probe results, written by the in-cluster probe script (one line per target, then a
// `done` line) and readable from any log: `anyscale-egress/v1 {json}`. The parser turns a log into results for the
// known targets, with the hints of probes that ran in the cluster; formatProbeLine writes a local result the same way.
import { z } from 'zod';
import type { EgressProbeResult, EgressTargetInfo } from '../../../../shared/protocol';
import { hintFor } from './hints';
import { targetKey } from './target';

export const LINE_PREFIX = 'anyscale-egress/v1 ';

/** Every outcome a probe line may carry (EgressOutcome's values). */
export const Outcome = z.enum([
  'ok',
  'nxdomain',
  'dns-timeout',
  'dns-error',
  'refused',
  'unreachable',
  'tcp-timeout',
  'reset',
  'tls-timeout',
  'tls-untrusted',
  'tls-hostname',
  'tls-expired',
  'tls-error',
  'http-timeout',
  'proxy-auth-required',
  'proxy-refused',
  'needs-host',
  'cancelled',
  'error',
]);
const ms = z.number().nonnegative().optional();

const ResultLine = z.object({
  host: z.string(),
  port: z.number().int(),
  outcome: Outcome,
  ms: z.number().nonnegative(),
  dnsMs: ms,
  tcpMs: ms,
  tlsMs: ms,
  httpMs: ms,
  addresses: z.array(z.string()).optional(),
  issuer: z.string().optional(),
  subject: z.string().optional(),
  validTo: z.string().optional(),
  httpStatus: z.number().int().optional(),
  /** The proxy the probe went through (without credentials). */
  via: z.string().optional(),
  detail: z.string().optional(),
});
type ResultLine = z.infer<typeof ResultLine>;
const DoneLine = z.object({ done: z.literal(true), count: z.number().int() });

export function formatProbeLine(result: EgressProbeResult): string {
  const line: ResultLine = {
    host: result.target.host,
    port: result.target.port,
    outcome: result.outcome,
    ms: result.ms,
    ...result.phases,
    addresses: result.addresses,
    issuer: result.tls?.issuer,
    subject: result.tls?.subject,
    validTo: result.tls?.validTo,
    httpStatus: result.httpStatus,
    via: result.via,
    detail: result.detail,
  };
  return LINE_PREFIX + JSON.stringify(line);
}

export function formatDoneLine(count: number): string {
  return LINE_PREFIX + JSON.stringify({ done: true, count });
}

export interface ParsedLog {
  /** One result per target, in the targets' order. */
  results: EgressProbeResult[];
  /** True when the log ends with the `done` line: the probe ran to the end. */
  complete: boolean;
  problems: string[];
}

function toResult(line: ResultLine, target: EgressTargetInfo): EgressProbeResult {
  const tls =
    line.issuer || line.subject || line.validTo
      ? { issuer: line.issuer, subject: line.subject, validTo: line.validTo }
      : undefined;
  const phases = Object.fromEntries(
    (['dnsMs', 'tcpMs', 'tlsMs', 'httpMs'] as const).filter((k) => line[k] !== undefined).map((k) => [k, line[k]]),
  );
  return {
    target,
    outcome: line.outcome,
    ok: line.outcome === 'ok',
    ms: line.ms,
    phases,
    ...(line.addresses ? { addresses: line.addresses } : {}),
    ...(tls ? { tls } : {}),
    ...(line.httpStatus !== undefined ? { httpStatus: line.httpStatus } : {}),
    ...(line.via !== undefined ? { via: line.via } : {}),
    ...(line.detail !== undefined ? { detail: line.detail } : {}),
    hint: hintFor(line.outcome, target, { tls, via: line.via, detail: line.detail }, 'cluster'),
  };
}

function unprobed(target: EgressTargetInfo): Pick<ResultLine, 'host' | 'port' | 'ms'> {
  return { host: target.host, port: target.port, ms: 0 };
}

/** Reads every `anyscale-egress/v1` line of a log (other lines are ignored) and matches results to targets. */
export function parseProbeLog(log: string, targets: readonly EgressTargetInfo[]): ParsedLog {
  const byKey = new Map<string, ResultLine>();
  const problems: string[] = [];
  let complete = false;
  for (const raw of log.split(/\r?\n/)) {
    const at = raw.indexOf(LINE_PREFIX);
    if (at < 0) continue;
    let json: unknown;
    try {
      json = JSON.parse(raw.slice(at + LINE_PREFIX.length));
    } catch {
      problems.push(`unreadable line: ${raw.slice(0, 120)}`);
      continue;
    }
    const done = DoneLine.safeParse(json);
    if (done.success) {
      complete = true;
      continue;
    }
    const line = ResultLine.safeParse(json);
    if (line.success) byKey.set(targetKey(line.data), line.data);
    else problems.push(`unreadable line: ${raw.slice(0, 120)}`);
  }
  const results = targets.map((target) => {
    const line = byKey.get(targetKey(target));
    if (line) return toResult(line, target);
    if (target.needsHost)
      return toResult({ host: target.host, port: target.port, outcome: 'needs-host', ms: 0 }, target);
    // A log cut short never reached the rest, as a run cancelled here does not: not probed, not failed to connect.
    return complete
      ? toResult(
          { ...unprobed(target), outcome: 'error', detail: 'the probe log has no result for this target' },
          target,
        )
      : toResult(
          { ...unprobed(target), outcome: 'cancelled', detail: 'the probe ended before this target was probed' },
          target,
        );
  });
  return { results, complete, problems };
}
