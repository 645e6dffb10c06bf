// location-differs-from-cloud: a cloud resource's record belongs in the same Azure region as its parent cloud.
// Checked when the template declares the cloud too, either as the nested parent or by the parent name.
import { propertyValue } from '../../../json/nodes';
import { knownString, type Value } from '../../../arm/value';
import { isResourceType, type ArmResource } from '../../../arm/template';
import type { CloudResource } from '../../../arm/anyscaleView';
import { CLOUD_TYPE } from '../../../catalog/anyscale';
import { normalizeAzureLocation } from '../../../catalog/regions';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

/** Clouds by lowercase name (ARM names are case-insensitive); a name may be declared in several deployments. */
export function cloudsByName(clouds: readonly ArmResource[]): Map<string, ArmResource[]> {
  const byName = new Map<string, ArmResource[]>();
  for (const cloud of clouds) {
    const name = knownString(cloud.name);
    if (name === undefined) continue;
    const key = name.toLowerCase();
    const same = byName.get(key);
    if (same) same.push(cloud);
    else byName.set(key, [cloud]);
  }
  return byName;
}

/** The declared parent cloud: the enclosing cloud of a nested child, else the one cloud of that name (same scope first). */
export function parentCloud(cloudResource: CloudResource, byName: Map<string, ArmResource[]>): ArmResource | undefined {
  const { resource } = cloudResource;
  if (resource.parent)
    return isResourceType(resource.parent, CLOUD_TYPE) && !resource.parent.existing ? resource.parent : undefined;
  const parentName = knownString(resource.parentName);
  const candidates = parentName === undefined ? undefined : byName.get(parentName.toLowerCase());
  if (!candidates) return undefined;
  return (
    candidates.find((cloud) => cloud.scope === resource.scope) ?? (candidates.length === 1 ? candidates[0] : undefined)
  );
}

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
