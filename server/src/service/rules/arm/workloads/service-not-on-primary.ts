// service-not-on-primary: services run only on the primary cloud resource (`default`, AKS), so a service whose inline
// compute config names any other cloud resource in cloudResourceNames cannot run there.
// [DOC] cloud-resources-overview ("services run only on the primary cloud resource"); create-workloads-arm. The primary
// is the cloud resource named `default` [DOC] cloud-resources-overview (domain §1.2, §1.3).
import { PRIMARY_CLOUD_RESOURCE_NAME } from '../../../catalog/anyscale';
import { propertyValue } from '../../../json/nodes';
import type { TemplateRule } from '../../templateRule';
import { cloudResourceNameOf, itemAnchor, itemsOf, proxied, specOptions } from '../../support/workloadReads';

export const serviceNotOnPrimary: TemplateRule = {
  code: 'service-not-on-primary',
  title: `A service runs only on the primary cloud resource (${PRIMARY_CLOUD_RESOURCE_NAME}): its compute config must not name another`,
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const service of proxied(context)) {
      if (service.kind !== 'service') continue;
      for (const option of specOptions(service.computeConfig)) {
        for (const item of itemsOf(context, propertyValue(option, 'cloudResourceNames'), service.declared)) {
          const name = cloudResourceNameOf(context, item, service.declared);
          const at = itemAnchor(item);
          if (name === undefined || !at || name.toLowerCase() === PRIMARY_CLOUD_RESOURCE_NAME) continue;
          context.report({
            at,
            message:
              `This service's compute config names cloud resource ${JSON.stringify(name)}, but services run only on the primary cloud resource "${PRIMARY_CLOUD_RESOURCE_NAME}" (the AKS cluster). ` +
              `Name only "${PRIMARY_CLOUD_RESOURCE_NAME}" here, or run this as a job, which can use any cloud resource.`,
          });
        }
      }
    }
  },
};
