// workspace-several-cloud-resources: a workspace runs on one cloud resource and doesn't fall back to another, so a
// workspace compute config naming several cloud resources suggests a fallback that never happens (jobs do fall back).
// [DOC] cloud-resources-overview ("workspaces run on any single resource (no fallback)"; domain §1.3). A warning: the
// deployment isn't documented to fail.
import { propertyValue } from '../../../json/nodes';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import type { RelatedLocation } from '../../../types';
import { cloudResourceNameOf, itemAnchor, itemsOf, proxied, specOptions } from '../../support/workloadReads';

export const workspaceSeveralCloudResources: TemplateRule = {
  code: 'workspace-several-cloud-resources',
  title: "A workspace doesn't fall back across cloud resources: its compute config should name one",
  defaultSeverity: 'warning',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const workspace of proxied(context)) {
      if (workspace.kind !== 'workspace') continue;
      let first: { readonly name: string; readonly related: RelatedLocation } | undefined;
      const named = new Set<string>();
      for (const option of specOptions(workspace.computeConfig)) {
        for (const item of itemsOf(context, propertyValue(option, 'cloudResourceNames'), workspace.declared)) {
          const name = cloudResourceNameOf(context, item, workspace.declared);
          const at = itemAnchor(item);
          if (name === undefined || !at) continue;
          if (!first) {
            const uri = 'known' in at ? at.originUri : undefined;
            first = { name, related: { ...rangeOf(at), uri, message: 'The first cloud resource it names.' } };
            continue;
          }
          if (name.toLowerCase() === first.name.toLowerCase() || named.has(name.toLowerCase())) continue;
          named.add(name.toLowerCase());
          context.report({
            at,
            message:
              `This workspace's compute config names cloud resource ${JSON.stringify(name)} as well as ${JSON.stringify(first.name)}, but a workspace runs on a single cloud resource and doesn't fall back to another. ` +
              "Name one cloud resource; moving a workspace later loses the data in the previous resource's storage.",
            related: [first.related],
          });
        }
      }
    }
  },
};
