// What completions need to know about the resource around the cursor: whether it is an Anyscale.Platform
// resource, its provider (evaluated when the rules ran, else as written), and the template's clouds.
import type { AnyscaleView } from '../../anyscaleView';
import { type ArmResource, isResourceType } from '../../template';
import { literalValue, knownString } from '../../value';
import { CLOUD_RESOURCE_TYPE, CLOUD_TYPE, providerNamed, type Provider } from '../../../catalog/anyscale';
import { equalsIgnoreCase, propertyValue } from '../../../json/nodes';

const NAMESPACE = CLOUD_TYPE.slice(0, CLOUD_TYPE.indexOf('/') + 1).toLowerCase();

export function isAnyscaleResource(resource: ArmResource): boolean {
  return resource.type !== undefined && resource.type.toLowerCase().startsWith(NAMESPACE);
}

export function isCloudResource(resource: ArmResource): boolean {
  return isResourceType(resource, CLOUD_RESOURCE_TYPE);
}

export function isCloud(resource: ArmResource): boolean {
  return isResourceType(resource, CLOUD_TYPE);
}

/** A literal string property of the resource's `properties`, as written (undefined for expressions). */
export function literalProperty(resource: ArmResource, name: string): string | undefined {
  return knownString(literalValue(propertyValue(resource.properties, name)));
}

/** The Anyscale view of a template, evaluated only when first asked for (it evaluates the whole template). */
export type LazyView = () => AnyscaleView | undefined;

/** The cloud resource's provider, spelled exactly right: the literal as written, else what the view evaluates it to. */
export function resourceProvider(resource: ArmResource, view: LazyView): Provider | undefined {
  const node = propertyValue(resource.properties, 'provider');
  if (!node) return undefined;
  const written = literalValue(node);
  if (written.known) return typeof written.value === 'string' ? providerNamed(written.value) : undefined;
  return view()?.cloudResources.find((c) => c.declared === resource)?.provider;
}

/** A path segment that is the property `name`, compared as ARM does (ignoring case). */
export function isKey(segment: string | number | undefined, name: string): boolean {
  return typeof segment === 'string' && equalsIgnoreCase(segment, name);
}
