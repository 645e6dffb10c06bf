// zones-any-not-alone: in a compute config option, the zone "any" must be the only item of `zones` when present.
// [SPEC] ComputeConfigSpecOption.zones @16306f9 ("`any` must be the only item if present"; domain §1.5). Checked in
// compute config resources and in the inline compute configs of jobs, services and workspaces.
import { ANY_ZONE } from '../../../catalog/anyscale';
import { propertyValue } from '../../../json/nodes';
import type { TemplateRule } from '../../templateRule';
import { itemAnchor, itemsOf, proxied, specOptions } from '../../support/workloadReads';

export const zonesAnyNotAlone: TemplateRule = {
  code: 'zones-any-not-alone',
  title: `The zone "${ANY_ZONE}" must be the only item of a compute config's zones`,
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const resource of proxied(context)) {
      for (const option of specOptions(resource.computeConfig)) {
        const items = itemsOf(context, propertyValue(option, 'zones'), resource.declared);
        if (items.length < 2) continue;
        // Reported once per option, on its first "any".
        const any = items.find((item) => item.value.known && item.value.value === ANY_ZONE);
        const at = any && itemAnchor(any);
        if (!at) continue;
        const others = items.flatMap((item) =>
          item.value.known && item.value.value !== ANY_ZONE ? [JSON.stringify(item.value.value)] : [],
        );
        context.report({
          at,
          message:
            `zones lists "${ANY_ZONE}" with other items${others.length > 0 ? ` (${others.join(', ')})` : ''}: "${ANY_ZONE}" must be the only item when present. ` +
            `Keep ["${ANY_ZONE}"] to let Anyscale choose any zone, or list only the zones you want.`,
        });
      }
    }
  },
};
