// Host names and patterns: `host[:port]` parsing, wildcard detection and matching (Azure Firewall semantics:
// `*` matches one or more labels' worth of characters at its place), and catalog entries turned into targets.
import type { EgressTargetInfo } from '../../../../shared/protocol';
import type { CatalogTarget } from './catalog';

export const HTTPS_PORT = 443;

export function isWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('{');
}

/**
 * A name a client can connect to: DNS labels (letters, digits, hyphens, underscores) joined by dots, an IPv4 address,
 * or an IPv6 address (as `[v6]` gives it to parseHostPort). No spaces, slashes or shell characters.
 */
export function isHostName(host: string): boolean {
  return /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i.test(host) || isAddress(host);
}

/** An IP address written as the host (IPv4 dotted, or IPv6 as parseHostPort gives it): nothing to look up in DNS. */
export function isAddress(host: string): boolean {
  return /^(\d{1,3}\.){3}\d{1,3}$/.test(host) || /^[0-9a-f:.]*:[0-9a-f:.]*$/i.test(host);
}

/** A concrete host (not a wildcard) for the allow-list and the probe, from `host` or `host:port`; else undefined. */
export function concreteHostPort(text: string): { host: string; port: number } | undefined {
  const parsed = parseHostPort(text);
  return parsed && !isWildcard(parsed.host) && isHostName(parsed.host) ? parsed : undefined;
}

/** `host`, `host:port` or `[v6]:port`; undefined when the port is not a number in range. */
export function parseHostPort(text: string, defaultPort = HTTPS_PORT): { host: string; port: number } | undefined {
  const trimmed = text
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/.*$/, '');
  if (trimmed === '') return undefined;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (v6) return withPort(v6[1], v6[2], defaultPort);
  const colon = trimmed.lastIndexOf(':');
  if (colon > 0 && trimmed.indexOf(':') === colon)
    return withPort(trimmed.slice(0, colon), trimmed.slice(colon + 1), defaultPort);
  return { host: trimmed.toLowerCase(), port: defaultPort };
}

function withPort(
  host: string,
  port: string | undefined,
  defaultPort: number,
): { host: string; port: number } | undefined {
  if (port === undefined) return { host: host.toLowerCase(), port: defaultPort };
  const n = Number(port);
  return /^\d+$/.test(port) && n >= 1 && n <= 65535 ? { host: host.toLowerCase(), port: n } : undefined;
}

/**
 * Whether `host` (concrete or itself a pattern) is covered by `pattern`; `*` stands for one or more characters, so
 * it never matches an empty string. Each piece between stars is placed at its first place after the one before:
 * placing a piece later can only leave less room for the pieces after it.
 */
export function matchesPattern(host: string, pattern: string): boolean {
  const h = host.toLowerCase();
  const p = pattern.toLowerCase();
  if (p === '*' || h === p) return true;
  const pieces = p.split('*');
  if (pieces.length === 1) return false;
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (!h.startsWith(first)) return false;
  let at = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = h.indexOf(piece, at + 1);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return h.length - last.length >= at + 1 && h.endsWith(last);
}

export function targetKey(target: Pick<EgressTargetInfo, 'host' | 'port'>): string {
  return `${target.host.toLowerCase()}:${target.port}`;
}

/** What the targets are read for: probing them, or the allow-list (nothing is probed). */
export type TargetsUse = 'probe' | 'allowList';

/** What becomes of a target listed twice, in the words of what the targets are read for. */
const KEPT_ONCE: Record<TargetsUse, string> = {
  probe: 'probed once, as first listed',
  allowList: 'listed once in the allow-list',
};

/**
 * What a user listed, once each (the same host and port once normalized: `HTTPS://Example.com` is `example.com:443`),
 * as first listed; `onDuplicate` gets a line for each entry listed again, naming where by `place(index)` (`targets[2]`).
 * The one wording of a duplicate: the targets file, anyscaleAzure.egress.targets (CLI --host) and cloud IDs.
 */
export function firstOfEach<T extends Pick<EgressTargetInfo, 'host' | 'port'>>(
  listed: readonly T[],
  place: (index: number) => string,
  onDuplicate?: (note: string) => void,
  use: TargetsUse = 'probe',
): T[] {
  const firstAt = new Map<string, number>();
  return listed.filter((target, i) => {
    const key = targetKey(target);
    const first = firstAt.get(key);
    if (first === undefined) {
      firstAt.set(key, i);
      return true;
    }
    onDuplicate?.(`${place(i)} lists ${key} again (first at ${place(first)}): ${KEPT_ONCE[use]}`);
    return false;
  });
}

/** A catalog entry as a target: concrete when its pattern is a plain FQDN, otherwise `needsHost`. */
export function catalogTarget(entry: CatalogTarget, host = entry.pattern): EgressTargetInfo {
  const concrete = !isWildcard(host);
  return {
    host,
    port: entry.port,
    flow: entry.flow,
    purpose: entry.purpose,
    source: entry.source,
    required: entry.required,
    origin: 'catalog',
    ...(host !== entry.pattern ? { pattern: entry.pattern } : {}),
    ...(concrete ? {} : { needsHost: true }),
  };
}
