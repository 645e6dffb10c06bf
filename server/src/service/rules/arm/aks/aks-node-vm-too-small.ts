// aks-node-vm-too-small: Ray worker nodes need at least 4 vCPUs (documented: the Anyscale quickstart, "Ray workloads
// require at least 4 vCPUs per worker node"). A node pool of an AKS cluster next to Anyscale with a VM size the catalog
// knows to have fewer is reported as info: it may be meant for something else. Unknown sizes stay silent. A System pool
// is not reported when the cluster has another pool, where Ray workers would go; alone, it is where they run (the
// quickstart: head and worker nodes share the default node pool).
import { equalsIgnoreCase } from '../../../json/nodes';
import { knownString, type KnownValue } from '../../../arm/value';
import { RAY_WORKER_MIN_VCPUS, smallVmSizeVcpus } from '../../../catalog/aks';
import type { TemplateRule } from '../../templateRule';
import { anyscaleClusters, type NodePool } from '../../support/aksClusters';

const isSystem = (pool: NodePool) => pool.mode !== undefined && equalsIgnoreCase(pool.mode, 'System');

export const aksNodeVmTooSmall: TemplateRule = {
  code: 'aks-node-vm-too-small',
  title:
    'Node pools of an AKS cluster that runs Anyscale should use VM sizes with at least 4 vCPUs (Ray worker nodes need them)',
  defaultSeverity: 'info',
  category: 'aks',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cluster of anyscaleClusters(context)) {
      const hasOtherPools = cluster.pools.some((pool) => !isSystem(pool));
      for (const pool of cluster.pools) {
        const size = knownString(pool.vmSize);
        const vcpus = size === undefined ? undefined : smallVmSizeVcpus(size);
        if (vcpus === undefined || (isSystem(pool) && hasOtherPools)) continue;
        const name = pool.name === undefined ? 'A node pool' : `Node pool "${pool.name}"`;
        context.report({
          at: pool.vmSize as KnownValue,
          message: `${name} uses ${size} (${vcpus} vCPU${vcpus === 1 ? '' : 's'}): Ray worker nodes need at least ${RAY_WORKER_MIN_VCPUS.value} vCPUs, so Anyscale cannot place workers on it. Use ${RAY_WORKER_MIN_VCPUS.suggestedSize} or a larger size for the pool Ray runs on.`,
        });
      }
    }
  },
};
