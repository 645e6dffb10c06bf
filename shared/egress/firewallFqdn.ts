// How Azure Firewall writes a target's host in an application rule: its own module, free of the catalog, so the
// results view's "Copy Allow-List Entry" (client) copies exactly the entry the allow-list has
// (server/src/service/egress/allowList.ts). In shared/: both sides bundle it, as they do the protocol.

/** An FQDN as Azure Firewall can match it: `*.suffix` for any wildcard (it accepts only leading `*.`), lowercased. */
export function firewallFqdn(host: string): string {
  const lower = host.toLowerCase();
  const star = lower.indexOf('*');
  if (star < 0) return lower;
  const dot = lower.indexOf('.', star);
  return dot < 0 ? '*' : `*${lower.slice(dot)}`;
}
