// The outbound paths an egress target belongs to, as the CLI, the probe's hints and the editor's reports name them.
// The first six are the paths of the Anyscale on Azure networking page; `aks-listed` is a host the user listed (targets
// file, anyscaleAzure.egress.targets, --host) that no catalog entry matches: the docs say nothing of its path, so its
// label names the path the probe took, from where it ran: this machine, or AKS.
import type { EgressFlow, EgressReport } from '../protocol';

/** Where the probes ran: this machine (Verify Egress from This Machine, the CLI), or a Job in the cluster. */
export type ProbeSite = EgressReport['origin'];

/** The labels of the documented paths, the same from wherever the probe ran. */
export const FLOW_LABELS: Readonly<Record<Exclude<EgressFlow, 'aks-listed'>, string>> = {
  'client-control-plane': 'client → control plane',
  'client-aks': 'client → AKS (through the load balancer)',
  'client-storage': 'client → storage',
  'aks-control-plane': 'AKS → control plane',
  'aks-storage-registry': 'AKS → storage/registry',
  'aks-azure-platform': 'AKS → Azure platform',
};

/** A host the user listed that the docs do not: the path is the probe's own. */
const LISTED_HOST_FROM: Readonly<Record<ProbeSite, string>> = {
  local: 'this machine → a host you listed',
  cluster: 'AKS → a host you listed',
};

/** A flow's label, probed from `from`; a flow this version does not know (a newer server's) as it is written. */
export function flowLabel(flow: string, from: ProbeSite): string {
  if (flow === 'aks-listed') return LISTED_HOST_FROM[from];
  return (FLOW_LABELS as Readonly<Record<string, string>>)[flow] ?? flow;
}
