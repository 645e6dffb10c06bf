// Value completions inside Anyscale resources: resource types, API versions (GA first), the supported locations,
// provider and computeStack, the regions of the chosen provider with display names, bucket URI templates per
// provider, the Blob endpoint derived from an abfss bucket, and operator-identity shapes.
import type { ArmResource, ArmTemplate } from '../../template';
import { literalValue, knownString } from '../../value';
import {
  API_VERSIONS,
  COMPUTE_STACK_KINDS,
  COMPUTE_STACKS,
  PROVIDERS,
  SUPPORTED_LOCATIONS,
  type Provider,
} from '../../../catalog/anyscale';
import { ANYSCALE_RESOURCE_TYPES, CLOUD_RESOURCE_PROPERTIES, propertyMarkdown } from '../../../catalog/propertyDocs';
import { normalizeAzureLocation, REGION_LISTS, regionListFor, type RegionList } from '../../../catalog/regions';
import {
  ABFSS_SCHEME,
  AZURE_BLOB_HOST_SUFFIX,
  AZURE_DFS_HOST_SUFFIX,
  blobEndpointOf,
  splitUri,
  storageAccountOf,
} from '../../../catalog/storage';
import { IDENTITY_SHAPES } from '../../../catalog/identity';
import { equalsIgnoreCase, propertyValue } from '../../../json/nodes';
import { evaluatorFor } from '../../evaluators';
import type { Evaluator } from '../../expressions/evaluate';
import { resourceNameSegments } from '../../resourceNameSegments';
import type { CompletionEntry } from '../../../features/editing';
import type { PositionContext } from './context';
import { stringValueEntry } from './insert';
import { providerHere, valueWithFiles, type ProviderHere, type ProviderSources } from './properties';
import { isAnyscaleResource, isCloud, isCloudResource, isKey, literalProperty } from './resources';

const order = (index: number) => String(index).padStart(3, '0');

function typeCompletions(context: PositionContext, resource: ArmResource): CompletionEntry[] {
  // A child declared inside its parent's `resources` names only its own segment.
  const parentType = resource.parent?.type?.toLowerCase();
  if (resource.parent && parentType === undefined) return [];
  const prefix = parentType ? `${parentType}/` : '';
  const candidates = parentType
    ? ANYSCALE_RESOURCE_TYPES.filter(
        (t) => t.type.toLowerCase().startsWith(prefix) && !t.type.slice(prefix.length).includes('/'),
      )
    : ANYSCALE_RESOURCE_TYPES;
  return candidates.map((t, index) =>
    stringValueEntry(context, t.type.slice(prefix.length), {
      detail: t.tracked ? 'tracked resource' : 'proxied resource',
      documentation: t.description,
      sortText: order(index),
    }),
  );
}

function apiVersionCompletions(context: PositionContext): CompletionEntry[] {
  return API_VERSIONS.map((v, index) =>
    stringValueEntry(context, v.version, {
      detail: v.status === 'ga' ? 'GA' : 'preview',
      documentation: `${v.note}\n\n[${v.source.title}](${v.source.url})`,
      sortText: order(index),
      preselect: v.status === 'ga',
    }),
  );
}

/**
 * The cloud the template declares that the cloud resource belongs to: the cloud it is nested in, else the one whose
 * name is its name's cloud segment (resourceNameSegments: as evaluated, or, when not known here, the same expression;
 * one reading copyIndex() names a different cloud per copy, so it tells nothing). Undefined when that can't be told.
 */
function owningCloud(template: ArmTemplate, resource: ArmResource, evaluator: Evaluator): ArmResource | undefined {
  if (resource.parent) return isCloud(resource.parent) && !resource.parent.existing ? resource.parent : undefined;
  const segments = resourceNameSegments(resource.nameNode, resource, evaluator);
  if (segments?.length !== 2) return undefined;
  const [cloudSegment] = segments;
  if (!cloudSegment.known && /copyindex/i.test(cloudSegment.text)) return undefined;
  const named = template.resources.filter((candidate) => {
    if (!isCloud(candidate) || candidate.existing) return false;
    const name = resourceNameSegments(candidate.nameNode, candidate, evaluator);
    if (name?.length !== 1 || name[0].known !== cloudSegment.known) return false;
    return cloudSegment.known ? equalsIgnoreCase(name[0].text, cloudSegment.text) : name[0].text === cloudSegment.text;
  });
  return named.find((cloud) => cloud.scope === resource.scope) ?? (named.length === 1 ? named[0] : undefined);
}

/** The location of the cloud the cloud resource belongs to, when known: cloud resources belong in the same region. */
function cloudLocation(template: ArmTemplate, resource: ArmResource, evaluator: Evaluator): string | undefined {
  if (!isCloudResource(resource)) return undefined;
  const cloud = owningCloud(template, resource, evaluator);
  const location = cloud && knownString(evaluator.value(propertyValue(cloud.node, 'location'), cloud));
  return location === undefined ? undefined : normalizeAzureLocation(location);
}

function locationCompletions(
  context: PositionContext,
  template: ArmTemplate,
  resource: ArmResource,
  evaluator: Evaluator,
): CompletionEntry[] {
  const sameAsCloud = cloudLocation(template, resource, evaluator);
  return SUPPORTED_LOCATIONS.map((location, index) =>
    stringValueEntry(context, location.name, {
      detail: location.name === sameAsCloud ? `${location.displayName} (the cloud's location)` : location.displayName,
      documentation: 'A region where Anyscale on Azure is available.',
      sortText: order(index),
      preselect: location.name === sameAsCloud,
    }),
  );
}

function regionEntries(
  context: PositionContext,
  list: RegionList,
  label: (displayName: string) => string,
  preselected: string | undefined,
  offset: number,
): CompletionEntry[] {
  return list.regions.map((region, index) =>
    stringValueEntry(context, region.name, {
      detail: label(region.displayName),
      documentation: `${list.provider} region **${region.displayName}**\n\n[${list.source.title}](${list.source.url})`,
      sortText: order(offset + index),
      preselect: region.name === preselected,
    }),
  );
}

/** The regions of a provider's list, `offset` on in the sort order; none for a provider without one (Generic). */
function providerRegions(
  context: PositionContext,
  resource: ArmResource,
  provider: Provider,
  label: (displayName: string) => string,
  offset: number,
): CompletionEntry[] {
  const list = regionListFor(provider.regionList);
  if (!list) return [];
  // An Azure cloud resource usually runs where its record lives.
  const location =
    provider.name === 'Azure' ? knownString(literalValue(propertyValue(resource.node, 'location'))) : undefined;
  return regionEntries(
    context,
    list,
    label,
    location === undefined ? undefined : normalizeAzureLocation(location),
    offset,
  );
}

/**
 * The regions of the provider's list. When the parameter files give a `provider` expression different providers, each
 * one's list, each entry naming its provider and files (`US West (Oregon) · `AWS` with aws.parameters.json`); a value
 * naming no provider adds none. With the provider unknown, every list (each entry names its provider).
 */
function regionCompletions(context: PositionContext, resource: ArmResource, here: ProviderHere): CompletionEntry[] {
  if (here.provider) return providerRegions(context, resource, here.provider, (name) => name, 0);
  let offset = 0;
  if (here.byParameterFile) {
    return here.byParameterFile.flatMap((files) => {
      if (!files.provider) return [];
      const entries = providerRegions(
        context,
        resource,
        files.provider,
        (name) => `${name} · ${valueWithFiles(files)}`,
        offset,
      );
      offset += entries.length;
      return entries;
    });
  }
  return REGION_LISTS.flatMap((list) => {
    const entries = regionEntries(context, list, (name) => `${list.provider}: ${name}`, undefined, offset);
    offset += list.regions.length;
    return entries;
  });
}

/** Bucket URI shapes as snippets, one per provider (only the chosen provider's when it is known). */
const BUCKET_TEMPLATES: Readonly<Record<Provider['name'], { label: string; snippet: string }>> = {
  Azure: {
    label: `${ABFSS_SCHEME}://<container>@<account>${AZURE_DFS_HOST_SUFFIX}`,
    snippet: `${ABFSS_SCHEME}://\${1:container}@\${2:account}${AZURE_DFS_HOST_SUFFIX}`,
  },
  AWS: { label: 's3://<bucket>', snippet: 's3://${1:bucket}' },
  GCP: { label: 'gs://<bucket>', snippet: 'gs://${1:bucket}' },
  Generic: { label: '<scheme>://<bucket>', snippet: '${1:s3}://${2:bucket}' },
};

function bucketCompletions(context: PositionContext, provider: Provider | undefined): CompletionEntry[] {
  return (provider ? [provider] : PROVIDERS).map((p, index) =>
    stringValueEntry(context, BUCKET_TEMPLATES[p.name].label, {
      kind: 'snippet',
      snippet: BUCKET_TEMPLATES[p.name].snippet,
      detail: `${p.name} bucket URI`,
      documentation: `The bucket only, no sub-path. Example: \`${p.bucketExample}\``,
      sortText: order(index),
    }),
  );
}

/** The endpoint of the abfss bucket's storage account, then the Blob endpoint shape; `""` where none is needed. */
function endpointCompletions(
  context: PositionContext,
  resource: ArmResource,
  provider: Provider | undefined,
): CompletionEntry[] {
  const entries: CompletionEntry[] = [];
  const bucket = literalProperty(resource, 'cloudStorageBucketName');
  const uri = bucket === undefined ? undefined : splitUri(bucket);
  const account = uri && uri.scheme.toLowerCase() === ABFSS_SCHEME ? storageAccountOf(uri.hostname) : undefined;
  if (account && (!provider || provider.requiresBucketEndpoint)) {
    entries.push(
      stringValueEntry(context, blobEndpointOf(account.account), {
        detail: "the bucket's storage account",
        documentation: `The Blob endpoint of storage account \`${account.account}\`, which holds \`${bucket}\`.`,
        sortText: order(0),
        preselect: true,
      }),
    );
  }
  if (!provider || provider.requiresBucketEndpoint) {
    entries.push(
      stringValueEntry(context, `https://<account>${AZURE_BLOB_HOST_SUFFIX}`, {
        kind: 'snippet',
        snippet: `https://\${1:account}${AZURE_BLOB_HOST_SUFFIX}`,
        detail: 'Azure Blob endpoint',
        documentation: 'A bare https origin: no path, no trailing slash.',
        sortText: order(1),
      }),
    );
  }
  if (!provider || !provider.requiresBucketEndpoint) {
    entries.push(
      stringValueEntry(context, '', {
        detail: `not needed${provider ? ` for ${provider.name}` : ' for AWS, GCP and Generic'}`,
        documentation: 'Leave it empty unless the bucket is S3-compatible storage at another endpoint.',
        sortText: order(2),
      }),
    );
  }
  return entries;
}

/** How each provider's operator identity is written, as snippets. */
const IDENTITY_TEMPLATES: Readonly<Record<Exclude<Provider['identity'], 'none'>, { label: string; snippet: string }>> =
  {
    azurePrincipalId: {
      label: "[reference(<user-assigned identity>, '2023-01-31').principalId]",
      snippet:
        "[reference(resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', '${1:anyscale-operator}'), '2023-01-31').principalId]",
    },
    awsRoleArn: {
      label: 'arn:aws:iam::<account>:role/<name>',
      snippet: 'arn:aws:iam::${1:123456789012}:role/${2:anyscale-operator-role}',
    },
    gcpServiceAccount: {
      label: '<name>@<project>.iam.gserviceaccount.com',
      snippet: '${1:anyscale-operator}@${2:my-project}.iam.gserviceaccount.com',
    },
  };

const IDENTITY_DOC = CLOUD_RESOURCE_PROPERTIES.find((doc) => doc.name === 'anyscaleOperatorIamIdentity')!;

function identityCompletions(context: PositionContext, provider: Provider | undefined): CompletionEntry[] {
  const kinds = provider
    ? provider.identity === 'none'
      ? []
      : [provider.identity]
    : Object.values(IDENTITY_SHAPES).map((shape) => shape.kind);
  return kinds.map((kind, index) =>
    stringValueEntry(context, IDENTITY_TEMPLATES[kind].label, {
      kind: 'snippet',
      snippet: IDENTITY_TEMPLATES[kind].snippet,
      detail: IDENTITY_SHAPES[kind].description,
      documentation: propertyMarkdown(IDENTITY_DOC, 'anyscaleOperatorIamIdentity', false),
      sortText: order(index),
    }),
  );
}

/** Completions for the value at `context.inResource` of an Anyscale resource. */
export function valueCompletions(
  context: PositionContext,
  template: ArmTemplate,
  resource: ArmResource,
  sources: ProviderSources,
): CompletionEntry[] {
  const [first, second] = context.inResource;
  if (context.inResource.length === 1) {
    if (isKey(first, 'type')) return typeCompletions(context, resource);
    if (!isAnyscaleResource(resource)) return [];
    if (isKey(first, 'apiVersion')) return apiVersionCompletions(context);
    if (isKey(first, 'location') && (isCloud(resource) || isCloudResource(resource)))
      return locationCompletions(context, template, resource, evaluatorFor(template, sources.parameterFiles[0]));
    return [];
  }
  if (
    context.inResource.length !== 2 ||
    !isKey(first, 'properties') ||
    !isCloudResource(resource) ||
    typeof second !== 'string'
  )
    return [];
  // As property names read it: with every parameter file, a `provider` typed below the cursor too.
  const here = providerHere(context, resource, sources);
  const provider = here.provider;
  switch (second.toLowerCase()) {
    case 'provider':
      return PROVIDERS.map((p, index) =>
        stringValueEntry(context, p.name, {
          detail: p.kubernetes,
          documentation: `Cloud resource on ${p.kubernetes}. Case-sensitive.`,
          sortText: order(index),
        }),
      );
    case 'computestack':
      return COMPUTE_STACKS.map((stack) =>
        stringValueEntry(context, stack, {
          detail: COMPUTE_STACK_KINDS[stack],
          documentation: 'The only supported compute stack. Case-sensitive.',
          preselect: true,
        }),
      );
    case 'region':
    case 'cloudstoragebucketregion':
      return regionCompletions(context, resource, here);
    case 'cloudstoragebucketname':
      return bucketCompletions(context, provider);
    case 'cloudstoragebucketendpoint':
      return endpointCompletions(context, resource, provider);
    case 'anyscaleoperatoriamidentity':
      return identityCompletions(context, provider);
    default:
      return [];
  }
}
