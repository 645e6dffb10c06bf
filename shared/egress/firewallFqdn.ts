// How Azure Firewall writes a target's host in an application rule, and a list of such entries without the ones a
// wildcard in it covers: their own module, free of the catalog, so the results view's "Copy Allow-List Entry" (client)
// copies exactly the entry the allow-list has (server/src/service/egress/allowList.ts), and the diagnosis of a proxy
// that refuses every target (./diagnosis.ts) names the entries it does. In shared/: both sides bundle it, as they do
// the protocol.

/** An FQDN as Azure Firewall can match it: `*.suffix` for any wildcard (it accepts only leading `*.`), lowercased. */
export function firewallFqdn(host: string): string {
  const lower = host.toLowerCase();
  const star = lower.indexOf('*');
  if (star < 0) return lower;
  const dot = lower.indexOf('.', star);
  return dot < 0 ? '*' : `*${lower.slice(dot)}`;
}

/** The entries no other `*.` entry of the list covers, in their order: the list as short as the firewall needs. */
export function withoutCoveredFqdns(fqdns: readonly string[]): string[] {
  return fqdns.filter(
    (fqdn) => !fqdns.some((other) => other !== fqdn && other.startsWith('*.') && fqdn.endsWith(other.slice(1))),
  );
}
