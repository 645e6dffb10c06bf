// proxied-location-tags: projects, compute configs, container images, jobs, services and workspaces are proxied
// resources, which have no region and no tags (unlike clouds and cloud resources, which ARM tracks) [DOC] identity-access
// (domain §1.1). What ARM does with a `location` or `tags` written on one is not documented [INFERRED]: so at most
// info, saying that it is inferred, never "required".
import { findProperty } from '../../../json/nodes';
import type { TemplateRule } from '../../templateRule';
import { proxied } from '../../support/workloadReads';

export const proxiedLocationTags: TemplateRule = {
  code: 'proxied-location-tags',
  title: 'Proxied Anyscale resources (projects, compute configs, images, workloads) have no location or tags',
  defaultSeverity: 'info',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const resource of proxied(context)) {
      for (const key of ['location', 'tags'] as const) {
        const property = findProperty(resource.resource.node, key);
        const node = property?.children?.[1];
        if (!property || !node || node.type === 'null') continue;
        const value = context.value(node, resource.declared);
        context.report({
          at: value.known ? value : node,
          message:
            `A ${resource.kind} is a proxied resource: it has no ${key === 'location' ? 'region' : 'tags'} and doesn't appear in ARM's inventory, so ${key === 'location' ? 'this location is' : 'these tags are'} most likely not kept ` +
            `(inferred: what ARM does with ${key === 'location' ? 'it' : 'them'} is not documented). Remove ${key === 'location' ? 'it' : 'them'}${key === 'tags' ? '; tag the cloud or its cloud resources instead' : ''}.`,
        });
      }
    }
  },
};
