// The targets file (CLI --targets, setting anyscaleAzure.egress.targetsFile): a JSON list that replaces the derived
// targets, e.g. `{ "targets": ["console.azure.anyscale.com", { "host": "10.0.0.4", "port": 8443, "purpose": "proxy" }] }`.
// Hosts that match a catalog pattern take that entry's flow and purpose unless the file says otherwise.
import { z } from 'zod';
import type { EgressSettings, EgressTargetInfo } from '../../../../shared/protocol';
import { REQUIRED_TARGETS, Flow, cloudHost, isCloudId, listedByUser } from './catalog';
import {
  concreteHostPort,
  firstOfEach,
  isHostName,
  matchesPattern,
  parseHostPort,
  isWildcard,
  targetKey,
  HTTPS_PORT,
  type TargetsUse,
} from './target';

const EntryObject = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535).optional(),
  flow: Flow.optional(),
  purpose: z.string().optional(),
  required: z.boolean().optional(),
});
type Entry = string | z.infer<typeof EntryObject>;

/** One entry, or what is wrong with it in words (its fields by name). */
function entryOf(raw: unknown): Entry | string[] {
  if (typeof raw === 'string') return raw;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return [`expected a host name ("host" or "host:port") or an object with "host", not ${JSON.stringify(raw)}`];
  const parsed = EntryObject.safeParse(raw);
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/**
 * Parses a targets file; throws an Error naming what is wrong, and where (`targets[2].port: …`). A target listed again
 * (the same host and port, as normalized: `HTTPS://Example.com` is `example.com:443`) is probed once, as first listed:
 * `onDuplicate` gets a line naming the entries dropped, in the words of `use` (probed once, or listed once).
 */
export function parseTargetsFile(
  text: string,
  onDuplicate?: (note: string) => void,
  use: TargetsUse = 'probe',
): EgressTargetInfo[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
  const listed = Array.isArray(json) ? json : (json as { targets?: unknown } | null)?.targets;
  if (!Array.isArray(listed))
    throw new Error('not a targets file: expected a list of targets, or an object whose "targets" is one');
  // A run over no target would pass without probing anything.
  if (listed.length === 0) throw new Error('the targets file lists no targets');
  const at = (i: number) => (Array.isArray(json) ? `[${i}]` : `targets[${i}]`);
  const entries = listed.map((raw, i) => {
    const entry = entryOf(raw);
    if (Array.isArray(entry)) throw new Error(`not a targets file: ${at(i)}: ${entry.join('; ')}`);
    return entry;
  });
  const targets: EgressTargetInfo[] = entries.map((entry) => {
    const spec = typeof entry === 'string' ? { host: entry } : entry;
    const hostPort = parseHostPort(spec.host, spec.port);
    // A wildcard's stars stand for letters: the rest must be a host name like any other.
    if (!hostPort || !isHostName(hostPort.host.replace(/\*/g, 'x')))
      throw new Error(`"${spec.host}" is not a host name or host:port`);
    const known = REQUIRED_TARGETS.find((t) => matchesPattern(hostPort.host, t.pattern));
    const wildcard = isWildcard(hostPort.host);
    return {
      host: hostPort.host,
      port: hostPort.port,
      flow: spec.flow ?? known?.flow ?? 'aks-listed',
      purpose: spec.purpose ?? known?.purpose ?? 'Listed in the targets file',
      source: known?.source ?? listedByUser('the targets file'),
      required: spec.required ?? true,
      origin: 'file',
      ...(known && known.pattern !== hostPort.host ? { pattern: known.pattern } : {}),
      ...(wildcard ? { needsHost: true } : {}),
    };
  });
  return firstOfEach(targets, at, onDuplicate, use);
}

/**
 * The hosts (anyscaleAzure.egress.targets, CLI --host) and cloud IDs (anyscaleAzure.egress.cloudIds, CLI --cloud-id)
 * from settings that a targets file, which replaces them, does not list, each as the user wrote it (a cloud ID with its
 * host): the ones to add to it. One the file lists (the same host:port, a cloud ID's host on 443) is probed from it.
 */
export function settingsNotInTargetsFile(
  settings: EgressSettings,
  listed: readonly EgressTargetInfo[],
): { hosts: string[]; cloudIds: string[] } {
  const inFile = new Set(listed.map(targetKey));
  const hosts = (settings.targets ?? []).filter((text) => {
    const parsed = concreteHostPort(text);
    return !parsed || !inFile.has(targetKey(parsed));
  });
  const cloudIds = (settings.cloudIds ?? []).flatMap((id) => {
    if (!isCloudId(id)) return [id];
    const host = cloudHost(id);
    return inFile.has(targetKey({ host, port: HTTPS_PORT })) ? [] : [`${id} (${host})`];
  });
  return { hosts, cloudIds };
}
