// What the rules comparing a template with Azure read of an authored cloud resource: the name ARM would give it
// (cloud and resource segments, known before deployment) and its authored property values.
import type { CloudResource } from '../../arm/anyscaleView';
import { knownString, type KnownValue } from '../../arm/value';
import { DRIFT_PROPERTIES, type AuthoredValue } from '../../azure/drift';

/** The cloud and cloud resource names, when both are known before deployment. */
export function namesOf(cloudResource: CloudResource): { cloud: string; name: string } | undefined {
  const cloud = knownString(cloudResource.resource.parentName);
  const name = knownString(cloudResource.resource.leafName);
  return cloud !== undefined && name !== undefined ? { cloud, name } : undefined;
}

/** The compared properties the template gives a value known before deployment, each with where it is written. */
export function authoredValues(cloudResource: CloudResource): AuthoredValue<KnownValue>[] {
  const values: AuthoredValue<KnownValue>[] = [];
  for (const property of DRIFT_PROPERTIES) {
    const { value } = property === 'location' ? cloudResource.top('location') : cloudResource.prop(property);
    if (value.known && typeof value.value === 'string') values.push({ property, value: value.value, at: value });
  }
  return values;
}
