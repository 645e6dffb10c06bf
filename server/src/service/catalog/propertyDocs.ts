// Documentation of the Anyscale.Platform resource types and their properties, as completions and hover show it:
// what each property means, its constraints and allowed values, when it is required, and where that is written.
// Values and requirements come from ./anyscale (one fact, one place); the words come from the domain notes.
import { z } from 'zod';
import { API_VERSIONS, CLOUD_RESOURCE_TYPE, CLOUD_TYPE, COMPUTE_STACKS, NAMING, PROVIDERS, SUPPORTED_LOCATIONS, type Provider } from './anyscale';
import { Source, SOURCES } from './source';

const DOC_SOURCES = {
  containerImageBuilds: Source.parse({
    title: 'Configure container image builds (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-container-image-builds',
  }),
  identityAccess: Source.parse({
    title: 'Identity and access in Anyscale on Azure (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/identity-access',
  }),
  templateSyntax: Source.parse({
    title: 'Resources in ARM templates (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/azure-resource-manager/templates/resource-declaration',
  }),
};

const ResourceType = z.object({
  type: z.string().startsWith('Anyscale.Platform/'),
  description: z.string(),
  /** Tracked resources have a location and tags; proxied ones have neither. */
  tracked: z.boolean(),
});
export type ResourceTypeDoc = z.infer<typeof ResourceType>;

/** The Anyscale.Platform resource types a template deploys (domain §1.1), parents before children. */
export const ANYSCALE_RESOURCE_TYPES: readonly ResourceTypeDoc[] = z.array(ResourceType).parse([
  { type: CLOUD_TYPE, description: 'An Anyscale cloud: the parent of cloud resources and workloads.', tracked: true },
  { type: CLOUD_RESOURCE_TYPE, description: 'A cloud resource: one Kubernetes cluster (AKS, EKS, GKE or any other) with its bucket and operator identity.', tracked: true },
  { type: `${CLOUD_TYPE}/computeConfigs`, description: 'A compute config: head and worker node types for clusters.', tracked: false },
  { type: `${CLOUD_TYPE}/containerImages`, description: 'A container image: a Containerfile to build, or an image URI.', tracked: false },
  { type: `${CLOUD_TYPE}/projects`, description: 'A project: holds jobs, services and workspaces.', tracked: false },
  { type: `${CLOUD_TYPE}/projects/jobs`, description: 'A job of a project.', tracked: false },
  { type: `${CLOUD_TYPE}/projects/services`, description: 'A service of a project; runs on the primary cloud resource only.', tracked: false },
  { type: `${CLOUD_TYPE}/projects/workspaces`, description: 'A workspace of a project.', tracked: false },
]);

const PropertyDoc = z.object({
  name: z.string(),
  /** What it means, one or two sentences of Markdown. */
  meaning: z.string(),
  /** Constraints and allowed values, Markdown; empty when there are none to state. */
  constraints: z.string(),
  /** Providers for which the property is required; an empty list: optional for every provider. */
  requiredFor: z.array(z.enum(['Azure', 'AWS', 'GCP', 'Generic'])),
  source: Source,
});
export type PropertyDoc = z.infer<typeof PropertyDoc>;

const ALL_PROVIDERS = PROVIDERS.map((p) => p.name);
const providersWhere = (test: (p: Provider) => boolean) => PROVIDERS.filter(test).map((p) => p.name);
const code = (text: string) => `\`${text}\``;

/** `properties` of `Anyscale.Platform/clouds/cloudResources`, in the order the docs list them (add-cloud-resource). */
export const CLOUD_RESOURCE_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'provider',
    meaning: 'The kind of Kubernetes cluster behind the cloud resource.',
    constraints: `One of ${PROVIDERS.map((p) => `${code(p.name)} (${p.kubernetes})`).join(', ')}, case-sensitive. The first (\`default\`) cloud resource of a cloud must be \`Azure\`. Can't be changed after creation.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
  },
  {
    name: 'computeStack',
    meaning: 'How the cloud resource runs compute.',
    constraints: `Only ${COMPUTE_STACKS.map(code).join(', ')} (Kubernetes) is supported, case-sensitive; virtual-machine stacks are not.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
  },
  {
    name: 'region',
    meaning: 'The cloud-provider region where compute runs (e.g. `uksouth`, `us-west-2`, `us-central1`); for `Generic` a free-form routing label such as `dc1`.',
    constraints: `Lowercase letters, digits and single hyphens (${code(NAMING.regionPattern.source)}), at most ${NAMING.regionMaxLength} characters. Anyscale doesn't convert casing. Can't be changed after creation.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
  },
  {
    name: 'cloudStorageBucketName',
    meaning: "The cloud resource's own object storage bucket, as a fully qualified URI naming the bucket only.",
    constraints: 'Azure `abfss://<container>@<account>.dfs.core.windows.net` (or `azure://<container>`); AWS `s3://<bucket>`; GCP `gs://<bucket>`; Generic any `<scheme>://<bucket>`. No sub-path (`s3://my-bucket/prefix` is rejected).',
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
  },
  {
    name: 'cloudStorageBucketEndpoint',
    meaning: "The bucket's endpoint: for Azure the storage account's Blob endpoint, e.g. `https://mystorageacct.blob.core.windows.net`.",
    constraints: 'A bare `https://<host>` origin: no path, query, credentials or trailing slash (a trailing `/` stops log shipping). Empty (`""`) for AWS, GCP and Generic unless pointing at S3-compatible storage.',
    requiredFor: providersWhere((p) => p.requiresBucketEndpoint),
    source: SOURCES.addCloudResource,
  },
  {
    name: 'cloudStorageBucketRegion',
    meaning: "The bucket's region.",
    constraints: 'Defaults to `region`. Same pattern and length as `region`; can\'t be changed after creation.',
    requiredFor: [],
    source: SOURCES.addCloudResource,
  },
  {
    name: 'anyscaleOperatorIamIdentity',
    meaning: "The identity the Anyscale operator runs as, recorded when the cloud resource is created; it can't be changed later.",
    constraints:
      "Azure: the managed identity's **principal ID** (object ID), e.g. `reference(<identity ID>, '2023-01-31').principalId`. " +
      "The operator's `global.auth.iamIdentity` takes the same identity's **client ID** — a different GUID. " +
      'AWS: the IAM role ARN (the operator uses the same ARN). GCP: the service-account email (the same in the operator). Generic: not used.',
    requiredFor: providersWhere((p) => p.requiresOperatorIdentity),
    source: SOURCES.cloudResourcesOverview,
  },
]);

/** `properties` of `Anyscale.Platform/clouds`. */
export const CLOUD_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'acrResourceId',
    meaning: 'The Azure Container Registry that Anyscale managed container image builds push to (they run on the primary cloud resource).',
    constraints: 'From API version 2026-09-01 the full ARM resource ID of a `Microsoft.ContainerRegistry/registries` resource; a bare name is rejected with HTTP 400.',
    requiredFor: [],
    source: DOC_SOURCES.containerImageBuilds,
  },
]);

const versions = API_VERSIONS.map((v) => `${code(v.version)}${v.status === 'ga' ? ' (GA)' : ''}`).join(', ');

/** Keys of an Anyscale.Platform resource object itself (outside `properties`). */
export const RESOURCE_KEYS: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  { name: 'type', meaning: 'The resource type.', constraints: ANYSCALE_RESOURCE_TYPES.map((t) => code(t.type)).join(', '), requiredFor: ALL_PROVIDERS, source: DOC_SOURCES.identityAccess },
  { name: 'apiVersion', meaning: 'The Anyscale.Platform REST API version the resource is deployed with.', constraints: `${versions}. A subscription without access to 2026-09-01 gets \`InvalidApiVersionParameter\`.`, requiredFor: ALL_PROVIDERS, source: SOURCES.addCloudResource },
  {
    name: 'name',
    meaning: 'The resource name; a child writes `<cloud>/<name>`, e.g. `[concat(parameters(\'cloudName\'), \'/\', parameters(\'resourceName\'))]`.',
    constraints: `Each segment matches ${code(NAMING.namePattern.source)}, at most ${NAMING.nameMaxLength} characters, unique within the cloud (a duplicate fails with HTTP 409).`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.cloudResourcesOverview,
  },
  {
    name: 'location',
    meaning: 'The Azure region ARM keeps the record in (clouds and cloud resources only). For a cloud resource use the same region as its cloud; it does not decide where compute runs.',
    constraints: `Required for clouds and cloud resources; proxied resources have none. One of the ${SUPPORTED_LOCATIONS.length} supported regions: ${SUPPORTED_LOCATIONS.map((l) => code(l.name)).join(', ')}.`,
    requiredFor: [],
    source: SOURCES.supportedRegions,
  },
  { name: 'tags', meaning: 'Tags of a tracked resource (clouds and cloud resources).', constraints: 'Proxied resources (projects, compute configs, images, workloads) have no tags.', requiredFor: [], source: DOC_SOURCES.identityAccess },
  {
    name: 'dependsOn',
    meaning: 'Resources ARM must create first.',
    constraints: 'Anyscale creates cloud resources one at a time: chain the cloud resources of a template with `dependsOn`, and make each depend on its cloud.',
    requiredFor: [],
    source: SOURCES.cloudResourcesOverview,
  },
  { name: 'properties', meaning: 'The resource-specific properties.', constraints: '', requiredFor: ALL_PROVIDERS, source: DOC_SOURCES.templateSyntax },
]);

/** The docs of the `properties` of a resource type, when we have them. */
export function propertiesOfType(type: string | undefined): readonly PropertyDoc[] | undefined {
  const lower = type?.toLowerCase();
  if (lower === CLOUD_RESOURCE_TYPE.toLowerCase()) return CLOUD_RESOURCE_PROPERTIES;
  if (lower === CLOUD_TYPE.toLowerCase()) return CLOUD_PROPERTIES;
  return undefined;
}

/** True when the property is required for the provider; with the provider unknown, when it is required for all. */
export function isRequired(doc: PropertyDoc, provider: Provider | undefined): boolean {
  return provider ? doc.requiredFor.includes(provider.name) : doc.requiredFor.length === PROVIDERS.length;
}

function requirement(doc: PropertyDoc): string {
  if (doc.requiredFor.length === PROVIDERS.length) return 'Required.';
  return doc.requiredFor.length === 0 ? 'Optional.' : `Required for ${doc.requiredFor.join(', ')}; optional otherwise.`;
}

/** A property's documentation as Markdown: meaning, constraints, when it is required (per provider), source link. */
export function propertyMarkdown(doc: PropertyDoc, heading: string, withRequirement: boolean): string {
  const lines = [`**${heading}**`, '', doc.meaning, ''];
  if (doc.constraints) lines.push(doc.constraints, '');
  if (withRequirement) lines.push(requirement(doc), '');
  lines.push(`[${doc.source.title}](${doc.source.url})`);
  return lines.join('\n');
}
