// primary-resource-not-azure: the primary cloud resource (`default`) must use provider Azure, and so must the first
// cloud resource created on a cloud that the same template creates; Anyscale rejects a non-Azure first resource.
// A miscased non-Azure provider (`aws`) is reported too, with provider-invalid: fixing the casing alone would not do.
import type { ArmResource } from '../../../arm/template';
import { knownString } from '../../../arm/value';
import type { CloudResource } from '../../../arm/anyscaleView';
import {
  PRIMARY_CLOUD_RESOURCE_NAME,
  providerNamedIgnoringCase,
  type Provider,
  type ProviderName,
} from '../../../catalog/anyscale';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { creationOrder } from '../../support/creationOrder';
import { quotedName, resourceLabel } from '../../support/labels';

/** The provider the primary and the first cloud resource must use. */
const AZURE: ProviderName = 'Azure';

/** The declared (not `existing`) cloud each cloud resource belongs to, when the template says which: positions in the view. */
function cloudResourcesByCloud(context: TemplateContext): Map<ArmResource, number[]> {
  const declared = new Set(context.anyscale.clouds);
  const byName = new Map<string, ArmResource>();
  for (const cloud of context.anyscale.clouds) {
    const name = knownString(cloud.name);
    if (name !== undefined) byName.set(name.toLowerCase(), cloud);
  }
  const groups = new Map<ArmResource, number[]>();
  context.anyscale.cloudResources.forEach(({ resource }, position) => {
    const parentName = knownString(resource.parentName);
    const cloud =
      resource.parent && declared.has(resource.parent)
        ? resource.parent
        : parentName === undefined
          ? undefined
          : byName.get(parentName.toLowerCase());
    if (!cloud) return;
    const members = groups.get(cloud);
    if (members) members.push(position);
    else groups.set(cloud, [position]);
  });
  return groups;
}

/** The non-Azure provider the cloud resource names, in any casing, and how it is written; undefined for Azure or unknown names. */
function nonAzureProvider(cloudResource: CloudResource): { provider: Provider; shown: string } | undefined {
  const written = knownString(cloudResource.prop('provider').value);
  const provider = written === undefined ? undefined : providerNamedIgnoringCase(written);
  if (!provider || provider.name === AZURE) return undefined;
  return { provider, shown: written === provider.name ? provider.name : JSON.stringify(written) };
}

export const primaryResourceNotAzure: TemplateRule = {
  code: 'primary-resource-not-azure',
  title: 'The primary cloud resource (default) and the first cloud resource on a new cloud must use provider Azure',
  defaultSeverity: 'error',
  category: 'provider',
  appliesTo: 'armTemplate',
  check(context) {
    const reported = new Set<CloudResource>();
    for (const cloudResource of context.anyscale.cloudResources) {
      const nonAzure = nonAzureProvider(cloudResource);
      if (!nonAzure || !isPrimaryCloudResource(cloudResource, context)) continue;
      const { value } = cloudResource.prop('provider');
      if (!value.known) continue;
      reported.add(cloudResource);
      context.report({
        cloudResource,
        at: value,
        message: `The primary cloud resource "${PRIMARY_CLOUD_RESOURCE_NAME}" must use provider ${AZURE}, not ${nonAzure.shown}: it is the AKS cluster that runs services and image builds, and Anyscale rejects a non-Azure one. Use another name for the ${nonAzure.provider.name} cloud resource.`,
      });
    }
    if (context.anyscale.clouds.length === 0) return;

    for (const [cloud, members] of cloudResourcesByCloud(context)) {
      // The first created: the only one, or one that waits for no other cloud resource (several such start together).
      const order = members.length > 1 ? creationOrder(context) : undefined;
      const cloudName = knownString(cloud.name) ?? '<cloud>';
      for (const position of members) {
        const cloudResource = context.anyscale.cloudResources[position];
        const nonAzure = nonAzureProvider(cloudResource);
        if (!nonAzure || reported.has(cloudResource)) continue;
        if (order && order.cloudResourceDepths[position] !== 1) continue;
        const { value } = cloudResource.prop('provider');
        if (!value.known) continue;
        const why = order
          ? `it doesn't wait for another cloud resource, so it can be the first one created on cloud ${quotedName(cloudName)}`
          : `it is the only cloud resource this template creates on the new cloud ${quotedName(cloudName)}`;
        context.report({
          cloudResource,
          at: value,
          message: `Cloud resource ${resourceLabel(cloudResource.resource)} uses provider ${nonAzure.shown}, and ${why}: the deployment fails with "The first cloud resource on cloud ${cloudName} must have provider AZURE". Create an Azure cloud resource first and make this one depend on it.`,
        });
      }
    }
  },
};

/**
 * True for the cloud's primary cloud resource, `default` (compared ignoring case), which must use provider Azure: its
 * own name segment is known when the whole name is, or when the last segment of a name built with concat() or format()
 * is (`[concat(parameters('cloudName'), '/default')]`, a cloud not known before deployment), as the index reads it.
 */
export function isPrimaryCloudResource(
  cloudResource: CloudResource,
  context: Pick<TemplateContext, 'nameSegments'>,
): boolean {
  const known = knownString(cloudResource.resource.leafName);
  if (known !== undefined) return known.toLowerCase() === PRIMARY_CLOUD_RESOURCE_NAME;
  const own = context.nameSegments(cloudResource.declared, cloudResource.copyIndex)?.at(-1);
  return own?.known === true && own.text.toLowerCase() === PRIMARY_CLOUD_RESOURCE_NAME;
}
