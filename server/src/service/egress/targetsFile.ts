// The targets file (CLI --targets, setting anyscaleAzure.egress.targetsFile): a JSON list that replaces the derived
// targets, e.g. `{ "targets": ["console.azure.anyscale.com", { "host": "10.0.0.4", "port": 8443, "purpose": "proxy" }] }`.
// Hosts that match a catalog pattern take that entry's flow and purpose unless the file says otherwise.
import { z } from 'zod';
import type { EgressTargetInfo } from '../../../../shared/protocol';
import { REQUIRED_TARGETS, EGRESS_SOURCES, Flow } from './catalog';
import { matchesPattern, parseHostPort, isWildcard } from './target';

const Entry = z.union([
  z.string(),
  z.object({
    host: z.string(),
    port: z.number().int().min(1).max(65535).optional(),
    flow: Flow.optional(),
    purpose: z.string().optional(),
    required: z.boolean().optional(),
  }),
]);
const TargetsFile = z.union([z.array(Entry), z.object({ targets: z.array(Entry) })]);

/** Parses a targets file; throws an Error naming what is wrong. */
export function parseTargetsFile(text: string): EgressTargetInfo[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
  const parsed = TargetsFile.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `not a targets file: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.targets;
  return entries.map((entry) => {
    const spec = typeof entry === 'string' ? { host: entry } : entry;
    const hostPort = parseHostPort(spec.host, spec.port);
    if (!hostPort) throw new Error(`"${spec.host}" is not a host name or host:port`);
    const known = REQUIRED_TARGETS.find((t) => matchesPattern(hostPort.host, t.pattern));
    const wildcard = isWildcard(hostPort.host);
    return {
      host: hostPort.host,
      port: hostPort.port,
      flow: spec.flow ?? known?.flow ?? 'aks-azure-platform',
      purpose: spec.purpose ?? known?.purpose ?? 'Listed in the targets file',
      source: known?.source ?? EGRESS_SOURCES.networking,
      required: spec.required ?? true,
      origin: 'file',
      ...(known && known.pattern !== hostPort.host ? { pattern: known.pattern } : {}),
      ...(wildcard ? { needsHost: true } : {}),
    };
  });
}
