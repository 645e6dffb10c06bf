// Shared by bucket-shared and operator-identity-shared: each cloud resource of a cloud has its own bucket and its own
// operator identity (documented: cloud-resources-overview, "Each one is an independent deployment target with its own
// … object storage bucket, operator identity"). Groups the cloud resources by cloud and reports each later one whose
// value (compared by a key, e.g. a normalised URI) an earlier one of the same cloud already uses, pointing at it.
import type { CloudResource } from '../../arm/anyscaleView';
import type { ArmResource } from '../../arm/template';
import { knownString, type KnownValue } from '../../arm/value';
import { rangeOf } from '../runner';
import type { TemplateContext } from '../templateContext';
import { resourceLabel } from './labels';

export interface KeyedValue {
  readonly value: KnownValue;
  /** What is compared: equal keys mean the same bucket or identity. */
  readonly key: string;
}

/** The cloud a cloud resource belongs to, as a comparable key; undefined when it cannot be known. */
function cloudKeyOf(cloudResource: CloudResource, unnamedParents: Map<ArmResource, string>): string | undefined {
  const cloud = knownString(cloudResource.resource.parentName);
  if (cloud !== undefined) return cloud.toLowerCase();
  // Children nested in one cloud resource are of one cloud, whatever its name.
  const parent = cloudResource.resource.parent;
  if (!parent) return undefined;
  let key = unnamedParents.get(parent);
  if (key === undefined) unnamedParents.set(parent, (key = `\u0000${unnamedParents.size}`));
  return key;
}

/**
 * `keyOf` may return more than the value and its key (what the message shows of it), which `message` is given, with
 * the cloud resource that uses it first as a message names it: `cloud resource "my-cloud/a"`, or `another cloud
 * resource "my-cloud/a"` when both are named alike (name-duplicate's finding).
 */
export function reportSharedValues<Keyed extends KeyedValue>(
  context: TemplateContext,
  keyOf: (cloudResource: CloudResource) => Keyed | undefined,
  message: (keyed: Keyed, first: string) => string,
  relatedMessage: string,
): void {
  const unnamedParents = new Map<ArmResource, string>();
  const firstByKey = new Map<string, { cloudResource: CloudResource; value: KnownValue }>();
  for (const cloudResource of context.anyscale.cloudResources) {
    const keyed = keyOf(cloudResource);
    const cloud = keyed && cloudKeyOf(cloudResource, unnamedParents);
    if (!keyed || cloud === undefined) continue;
    const key = `${cloud}\u0000${keyed.key}`;
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, { cloudResource, value: keyed.value });
      continue;
    }
    context.report({
      at: keyed.value,
      cloudResource,
      message: message(keyed, firstNamed(first.cloudResource, cloudResource)),
      related: [
        {
          ...rangeOf(first.value.origin),
          uri: first.value.originUri,
          message: `${relatedMessage} ${resourceLabel(first.cloudResource.resource)}`,
        },
      ],
    });
  }
}

/** The cloud resource that uses a value first, as a message names it beside the one reported. */
function firstNamed(first: CloudResource, reported: CloudResource): string {
  const label = resourceLabel(first.resource);
  return label.toLowerCase() === resourceLabel(reported.resource).toLowerCase()
    ? `another cloud resource ${label}`
    : `cloud resource ${label}`;
}
