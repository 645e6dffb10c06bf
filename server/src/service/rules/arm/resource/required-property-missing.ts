// required-property-missing: a cloud resource needs properties.provider, computeStack and cloudStorageBucketName;
// Azure also needs cloudStorageBucketEndpoint, and Azure, AWS and GCP need anyscaleOperatorIamIdentity.
import { findProperty, type JsonNode } from '../../../json/nodes';
import type { CloudResource, PropertyRead } from '../../../arm/anyscaleView';
import { COMPUTE_STACKS, PROVIDERS, type Provider } from '../../../catalog/anyscale';
import { IDENTITY_SHAPES, matchesIdentityShape } from '../../../catalog/identity';
import { splitUri } from '../../../catalog/storage';
import { knownString } from '../../../arm/value';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { appendProperty } from '../../support/valueEdits';
import { resourceLabel } from '../../support/labels';
import { namesList } from '../../../text/namesList';

interface Requirement {
  readonly property: string;
  /** Why it is needed, completing "… is required: <why>". */
  readonly why: (provider: Provider | undefined) => string;
  /** What a quick fix may write, one fix each: the accepted values when there are few, else a visible placeholder. */
  readonly values: (provider: Provider | undefined, cloudResource: CloudResource) => readonly string[];
  /** Whether an empty string counts as missing. */
  readonly emptyIsMissing: boolean;
  readonly appliesTo: (provider: Provider | undefined) => boolean;
}

const REQUIREMENTS: readonly Requirement[] = [
  {
    property: 'provider',
    why: () =>
      `it names the kind of Kubernetes cluster behind the cloud resource (${PROVIDERS.map((p) => p.name).join(', ')})`,
    values: (_, cloudResource) => providersByFit(cloudResource).map((p) => p.name),
    emptyIsMissing: false,
    appliesTo: () => true,
  },
  {
    property: 'computeStack',
    why: () => `every cloud resource runs on Kubernetes and says so with computeStack "${COMPUTE_STACKS[0]}"`,
    values: () => COMPUTE_STACKS,
    emptyIsMissing: false,
    appliesTo: () => true,
  },
  {
    property: 'cloudStorageBucketName',
    why: (provider) =>
      `each cloud resource needs its own object storage bucket URI${provider ? `, such as ${JSON.stringify(provider.bucketExample)} for ${provider.name}` : ''}`,
    values: () => ['<bucket-uri>'],
    emptyIsMissing: false,
    appliesTo: () => true,
  },
  {
    property: 'cloudStorageBucketEndpoint',
    why: (provider) =>
      `${provider ? `provider ${provider.name}` : 'this provider'} needs the bucket's endpoint, a bare https://<host> origin`,
    values: () => ['<bucket-endpoint>'],
    emptyIsMissing: true,
    appliesTo: (provider) => provider?.requiresBucketEndpoint === true,
  },
  {
    property: 'anyscaleOperatorIamIdentity',
    why: (provider) =>
      provider && provider.identity !== 'none'
        ? `provider ${provider.name} records the Anyscale operator's identity (${IDENTITY_SHAPES[provider.identity].description}) at creation, and it can't be changed later`
        : "it records the Anyscale operator's identity",
    values: (provider) =>
      provider && provider.identity !== 'none' ? [IDENTITY_SHAPES[provider.identity].placeholder] : [],
    emptyIsMissing: true,
    appliesTo: (provider) => provider?.requiresOperatorIdentity === true,
  },
];

/**
 * The providers, those the cloud resource's bucket scheme and operator identity fit first: with an IAM role ARN
 * written, "Add provider: AWS" comes first, since any other would make the identity the next problem.
 */
function providersByFit(cloudResource: CloudResource): Provider[] {
  const identity = knownString(cloudResource.prop('anyscaleOperatorIamIdentity').value);
  const bucket = knownString(cloudResource.prop('cloudStorageBucketName').value);
  const scheme = bucket === undefined ? undefined : splitUri(bucket)?.scheme;
  const fit = (provider: Provider) =>
    (identity !== undefined && provider.identity !== 'none' && matchesIdentityShape(provider.identity, identity)
      ? 1
      : 0) + (scheme !== undefined && provider.bucketSchemes.includes(scheme) ? 1 : 0);
  return [...PROVIDERS].sort((a, b) => fit(b) - fit(a));
}

const ALWAYS_REQUIRED = REQUIREMENTS.filter((r) => r.appliesTo(undefined)).map((r) => r.property);

/** Absent, null, or (where that counts) an empty string. */
function missingState(read: PropertyRead, emptyIsMissing: boolean): 'absent' | 'null' | 'empty' | undefined {
  if (!read.property) return 'absent';
  if (!read.value.known) return undefined;
  const value = read.value.value;
  if (value === null) return 'null';
  if (emptyIsMissing && typeof value === 'string' && value.trim() === '') return 'empty';
  return undefined;
}

function propertiesKey(cloudResource: CloudResource): JsonNode {
  return findProperty(cloudResource.resource.node, 'properties')?.children?.[0] ?? cloudResource.anchor;
}

function insertFixes(
  context: TemplateContext,
  object: JsonNode,
  property: string,
  values: readonly string[],
): Fix[] | undefined {
  if (values.length === 0) return undefined;
  return values.map((value) => ({
    title: `Add ${property}: ${JSON.stringify(value)}`,
    edits: [appendProperty(context.text, object, property, JSON.stringify(value))],
  }));
}

function checkMissingProperties(context: TemplateContext, cloudResource: CloudResource): void {
  const resource = cloudResource.resource;
  if (!resource.properties) {
    context.report({
      cloudResource,
      at: cloudResource.anchor,
      message: `Cloud resource ${resourceLabel(resource)} has no properties: ${namesList(ALWAYS_REQUIRED)} are required (and more, depending on the provider), so the deployment fails.`,
    });
    return;
  }
  // An expression or another non-object value can't be checked property by property.
  if (resource.properties.type !== 'object') return;
  // Provider-dependent requirements only when the provider is known and spelled right.
  const provider = cloudResource.provider;
  for (const requirement of REQUIREMENTS) {
    if (!requirement.appliesTo(provider)) continue;
    const read = cloudResource.prop(requirement.property);
    const state = missingState(read, requirement.emptyIsMissing);
    if (state === undefined) continue;
    const why = requirement.why(provider);
    if (state === 'absent') {
      context.report({
        cloudResource,
        at: propertiesKey(cloudResource),
        message: `Cloud resource ${resourceLabel(resource)} has no properties.${requirement.property}, which is required: ${why}. The deployment fails without it.`,
        fixes: insertFixes(
          context,
          resource.properties,
          requirement.property,
          requirement.values(provider, cloudResource),
        ),
      });
    } else if (read.value.known) {
      context.report({
        cloudResource,
        at: read.value,
        message: `properties.${requirement.property} is ${state}, but it is required: ${why}. The deployment fails without it.`,
      });
    }
  }
}

export const requiredPropertyMissing: TemplateRule = {
  code: 'required-property-missing',
  title:
    'A cloud resource must set provider, computeStack and cloudStorageBucketName, plus the endpoint and operator identity its provider needs',
  defaultSeverity: 'error',
  category: 'provider',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) checkMissingProperties(context, cloudResource);
  },
};
