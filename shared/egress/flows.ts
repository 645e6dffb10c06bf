// The outbound paths an egress target belongs to, as the CLI, the probe's hints and the editor's reports name them.
// The first six are the paths of the Anyscale on Azure networking page; `aks-listed` is a host the user listed (targets
// file, anyscaleAzure.egress.targets, --host) that no catalog entry matches: the docs say nothing of its path.
import type { EgressFlow } from '../protocol';

export const FLOW_LABELS: Readonly<Record<EgressFlow, string>> = {
  'client-control-plane': 'client → control plane',
  'client-aks': 'client → AKS (through the load balancer)',
  'client-storage': 'client → storage',
  'aks-control-plane': 'AKS → control plane',
  'aks-storage-registry': 'AKS → storage/registry',
  'aks-azure-platform': 'AKS → Azure platform',
  'aks-listed': 'AKS → a host you listed',
};

/** A flow's label; a flow this version does not know (a newer server's) as it is written. */
export function flowLabel(flow: string): string {
  return (FLOW_LABELS as Readonly<Record<string, string>>)[flow] ?? flow;
}
