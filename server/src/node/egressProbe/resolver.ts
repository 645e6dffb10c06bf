// Name resolution for probes, injectable: production uses the system resolver (node:dns lookup, as every client
// on the machine does); tests and the `resolve` setting map names to addresses without asking DNS.
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/** Addresses of a host name; rejects with a Node error code (ENOTFOUND, EAI_AGAIN, ...) when it does not resolve. */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Names in `overrides` resolve to their address (like curl --resolve); others go to `fallback`. */
export function withOverrides(overrides: Readonly<Record<string, string>> | undefined, fallback: Resolver): Resolver {
  const map = new Map(Object.entries(overrides ?? {}).map(([name, address]) => [name.toLowerCase(), address]));
  if (map.size === 0) return fallback;
  return (host) => {
    const address = map.get(host.toLowerCase());
    return address !== undefined ? Promise.resolve([address]) : fallback(host);
  };
}

/** A resolver that knows only `names`; anything else is NXDOMAIN (ENOTFOUND). For tests and offline use. */
export function staticResolver(names: Readonly<Record<string, string>>): Resolver {
  return withOverrides(names, (host) =>
    Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })),
  );
}

export function isAddress(host: string): boolean {
  return isIP(host) !== 0;
}
