// compute-config-other-cloud: a workload's computeConfigName must point at a compute config of the workload's own
// cloud. [DOC] create-workloads-arm: at 2026-09-01 computeConfigName is the compute config's ARM resource ID and "must
// point at the same cloud as the workload" (domain §1.6). Checked whenever the ID's cloud is known: a full ID string, or a
// resourceId('Anyscale.Platform/clouds/computeConfigs', <cloud>, <name>) call with a known cloud argument.
import { isWorkload, nodeAtPath } from '../../../arm/anyscaleView';
import { COMPUTE_CONFIG_TYPE } from '../../../catalog/anyscale';
import { equalsIgnoreCase } from '../../../json/nodes';
import type { TemplateRule } from '../../templateRule';
import { namedResource, proxied } from '../../support/workloadReads';

export const computeConfigOtherCloud: TemplateRule = {
  code: 'compute-config-other-cloud',
  title: "A workload's computeConfigName must point at a compute config of the workload's own cloud",
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const workload of proxied(context)) {
      if (!isWorkload(workload.kind) || workload.cloudName === undefined) continue;
      const node = nodeAtPath(workload.computeConfig, ['computeConfigName']);
      const named = node && namedResource(context, node, workload.declared);
      if (!named || !equalsIgnoreCase(named.type, COMPUTE_CONFIG_TYPE)) continue;
      const [cloud, name] = named.names;
      if (cloud === undefined || equalsIgnoreCase(cloud, workload.cloudName)) continue;
      const value = context.value(node, workload.declared);
      context.report({
        at: value.known ? value : node,
        message:
          `computeConfigName points at compute config ${JSON.stringify(name ?? '?')} of cloud ${JSON.stringify(cloud)}, but this ${workload.kind} belongs to cloud ${JSON.stringify(workload.cloudName)}: ` +
          `a workload's compute config must belong to the same cloud. Use a compute config of cloud ${JSON.stringify(workload.cloudName)}.`,
      });
    }
  },
};
