// The cloud a cloud resource belongs to, among the clouds a template declares: the enclosing cloud of a nested child,
// else the one cloud of its parent name. Shared by location-differs-from-cloud and dependsOn completion.
import { knownString } from '../../arm/value';
import { isResourceType, type ArmResource } from '../../arm/template';
import type { CloudResource } from '../../arm/anyscaleView';
import { CLOUD_TYPE } from '../../catalog/anyscale';

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
