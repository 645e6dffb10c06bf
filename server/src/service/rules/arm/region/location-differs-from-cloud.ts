// location-differs-from-cloud: a cloud resource's record belongs in the same Azure region as its parent cloud.
// Checked when the template declares the cloud too, either as the nested parent or by the parent name.
import { propertyValue } from '../../../json/nodes';
import { knownString, type Value } from '../../../arm/value';
import type { ArmResource } from '../../../arm/template';
import { normalizeAzureLocation } from '../../../catalog/regions';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { cloudsByName, parentCloud } from '../../support/parentCloud';

export const locationDiffersFromCloud: TemplateRule = {
  code: 'location-differs-from-cloud',
  title: "A cloud resource's location should be its parent cloud's location",
  defaultSeverity: 'warning',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    if (context.anyscale.clouds.length === 0) return;
    const byName = cloudsByName(context.anyscale.clouds);
    const cloudLocations = new Map<ArmResource, Value>();
    for (const cloudResource of context.anyscale.cloudResources) {
      const cloud = parentCloud(cloudResource, byName);
      if (!cloud) continue;
      let cloudValue = cloudLocations.get(cloud);
      if (!cloudValue) {
        cloudValue = context.value(propertyValue(cloud.node, 'location'), cloud);
        cloudLocations.set(cloud, cloudValue);
      }
      const cloudLocation = knownString(cloudValue);
      const { value } = cloudResource.top('location');
      const location = knownString(value);
      if (cloudLocation === undefined || location === undefined || !value.known || !cloudValue.known) continue;
      if (location === cloudLocation || normalizeAzureLocation(location) === normalizeAzureLocation(cloudLocation))
        continue;
      const fix = valueFix(value, cloudLocation, `Change location to "${cloudLocation}"`);
      context.report({
        cloudResource,
        at: value,
        message: `location "${location}" differs from the parent cloud's location "${cloudLocation}"; a cloud resource must use the same Azure region as its cloud. location only says where ARM keeps the record: compute runs in properties.region.`,
        related: [
          {
            ...rangeOf(cloudValue.origin),
            uri: cloudValue.originUri,
            message: `The cloud's location is "${cloudLocation}".`,
          },
        ],
        fixes: fix && [fix],
      });
    }
  },
};
