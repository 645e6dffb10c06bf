// Documentation of the Anyscale.Platform resource types and their properties, as completions and hover show it:
// what each property means, its constraints and allowed values, when it is required (or, where a rule warns, should
// be set), per provider when the provider is known, and where that is written.
// Values and requirements come from ./anyscale (one fact, one place); the words come from the domain notes.
import { z } from 'zod';
import {
  API_VERSIONS,
  ARM_ID_API_VERSION,
  CLOUD_RESOURCE_TYPE,
  CLOUD_TYPE,
  COMPUTE_CONFIG_TYPE,
  COMPUTE_STACK_KINDS,
  COMPUTE_STACKS,
  CONTAINER_IMAGE_TYPE,
  JOB_TYPE,
  NAMING,
  PRIMARY_CLOUD_RESOURCE_NAME,
  type Provider,
  type ProviderName,
  PROVIDERS,
  regionFallbackRejected,
  SERVICE_TYPE,
  SUPPORTED_LOCATIONS,
  WORKSPACE_TYPE,
  WRITE_ONLY_JOB_FIELDS,
} from './anyscale';
import { Citations, cite, Grade, Source, SOURCES } from './source';

const DOC_SOURCES = {
  containerImageBuilds: Source.parse({
    title: 'Configure container image builds (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-container-image-builds',
  }),
  identityAccess: SOURCES.identityAccess,
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
  {
    type: CLOUD_RESOURCE_TYPE,
    description:
      'A cloud resource: one Kubernetes cluster (AKS, EKS, GKE or any other) with its bucket and operator identity.',
    tracked: true,
  },
  {
    type: `${CLOUD_TYPE}/computeConfigs`,
    description: 'A compute config: head and worker node types for clusters.',
    tracked: false,
  },
  {
    type: `${CLOUD_TYPE}/containerImages`,
    description: 'A container image: a Containerfile to build, or an image URI.',
    tracked: false,
  },
  { type: `${CLOUD_TYPE}/projects`, description: 'A project: holds jobs, services and workspaces.', tracked: false },
  { type: `${CLOUD_TYPE}/projects/jobs`, description: 'A job of a project.', tracked: false },
  {
    type: `${CLOUD_TYPE}/projects/services`,
    description: 'A service of a project; runs on the primary cloud resource only.',
    tracked: false,
  },
  { type: `${CLOUD_TYPE}/projects/workspaces`, description: 'A workspace of a project.', tracked: false },
]);

/** Grades that may make a property required (an error when it is missing); an inferred fact is at most a hint. */
const GRADES_THAT_REQUIRE: readonly Grade[] = ['documented', 'spec'];

export const PropertyDoc = z
  .object({
    name: z.string(),
    /** What it means, one or two sentences of Markdown. */
    meaning: z.string(),
    /** Constraints and allowed values, Markdown; empty when there are none to state. */
    constraints: z.string(),
    /** Providers for which the property is required (missing, an error); an empty list: optional for every provider. */
    requiredFor: z.array(z.enum(['Azure', 'AWS', 'GCP', 'Generic'])),
    /** Providers for which the property should be set though the API does without it (missing, a rule's warning). */
    shouldSetFor: z.array(z.enum(['Azure', 'AWS', 'GCP', 'Generic'])).default([]),
    /** Why it is required or should be set, when the docs' word is not the whole story; shown after the requirement. */
    requirementNote: z.string().optional(),
    source: Source,
    grade: Grade,
  })
  .refine((doc) => doc.requiredFor.length === 0 || GRADES_THAT_REQUIRE.includes(doc.grade), {
    message: `only a ${GRADES_THAT_REQUIRE.join(' or ')} fact may make a property required`,
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
    grade: 'documented',
  },
  {
    name: 'computeStack',
    meaning: 'How the cloud resource runs compute.',
    constraints: `Only ${COMPUTE_STACKS.map((stack) => `${code(stack)} (${COMPUTE_STACK_KINDS[stack]})`).join(', ')} is supported, case-sensitive; virtual-machine stacks are not.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'region',
    meaning:
      'The cloud-provider region where compute runs (e.g. `uksouth`, `us-west-2`, `us-central1`); for `Generic` a free-form routing label such as `dc1`.',
    constraints: `Lowercase letters, digits and single hyphens (${code(NAMING.regionPattern.source)}), at most ${NAMING.regionMaxLength} characters. Anyscale doesn't convert casing. Can't be changed after creation.`,
    // What region-missing reports: an error where the fallback is rejected, a warning elsewhere.
    requiredFor: providersWhere(regionFallbackRejected),
    shouldSetFor: providersWhere((p) => !regionFallbackRejected(p)),
    requirementNote: `The docs require it for every provider, but the API specification defaults it to the resource's \`location\`. Anyscale validates it against the provider's regions, and an Azure location is never an ${providersWhere(regionFallbackRejected).join(' or ')} region: left out, it is by default an error for ${providersWhere(regionFallbackRejected).join(' and ')} and a warning otherwise (\`region-missing\`).`,
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'cloudStorageBucketName',
    meaning: "The cloud resource's own object storage bucket, as a fully qualified URI naming the bucket only.",
    constraints:
      'Azure `abfss://<container>@<account>.dfs.core.windows.net` (or `azure://<container>`); AWS `s3://<bucket>`; GCP `gs://<bucket>`; Generic any `<scheme>://<bucket>`. No sub-path (`s3://my-bucket/prefix` is rejected).',
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'cloudStorageBucketEndpoint',
    meaning:
      "The bucket's endpoint: for Azure the storage account's Blob endpoint, e.g. `https://mystorageacct.blob.core.windows.net`.",
    constraints:
      'A bare `https://<host>` origin: no path, query, credentials or trailing slash (a trailing `/` stops log shipping). Empty (`""`) for AWS, GCP and Generic unless pointing at S3-compatible storage.',
    requiredFor: providersWhere((p) => p.requiresBucketEndpoint),
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'cloudStorageBucketRegion',
    meaning: "The bucket's region.",
    constraints: "Defaults to `region`. Same pattern and length as `region`; can't be changed after creation.",
    requiredFor: [],
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'anyscaleOperatorIamIdentity',
    meaning:
      "The identity the Anyscale operator runs as, recorded when the cloud resource is created; it can't be changed later.",
    constraints:
      "Azure: the managed identity's **principal ID** (object ID), e.g. `reference(<identity ID>, '2023-01-31').principalId`. " +
      "The operator's `global.auth.iamIdentity` takes the same identity's **client ID** — a different GUID. " +
      'AWS: the IAM role ARN (the operator uses the same ARN). GCP: the service-account email (the same in the operator). Generic: not used.',
    requiredFor: providersWhere((p) => p.requiresOperatorIdentity),
    source: SOURCES.cloudResourcesOverview,
    grade: 'documented',
  },
]);

/** `properties` of `Anyscale.Platform/clouds`. */
export const CLOUD_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'acrResourceId',
    meaning:
      'The Azure Container Registry that Anyscale managed container image builds push to (they run on the primary cloud resource).',
    constraints:
      'From API version 2026-09-01 the full ARM resource ID of a `Microsoft.ContainerRegistry/registries` resource; a bare name is rejected with HTTP 400.',
    requiredFor: [],
    source: DOC_SOURCES.containerImageBuilds,
    grade: 'documented',
  },
]);

const versions = API_VERSIONS.map((v) => `${code(v.version)}${v.status === 'ga' ? ' (GA)' : ''}`).join(', ');

/** Keys of an Anyscale.Platform resource object itself (outside `properties`). */
export const RESOURCE_KEYS: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'type',
    meaning: 'The resource type.',
    constraints: ANYSCALE_RESOURCE_TYPES.map((t) => code(t.type)).join(', '),
    requiredFor: ALL_PROVIDERS,
    source: DOC_SOURCES.identityAccess,
    grade: 'documented',
  },
  {
    name: 'apiVersion',
    meaning: 'The Anyscale.Platform REST API version the resource is deployed with.',
    constraints: `${versions}. A subscription without access to 2026-09-01 gets \`InvalidApiVersionParameter\`.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    name: 'name',
    meaning:
      "The resource name; a child writes `<cloud>/<name>`, e.g. `[concat(parameters('cloudName'), '/', parameters('resourceName'))]`.",
    constraints: `Each segment matches ${code(NAMING.namePattern.source)}, at most ${NAMING.nameMaxLength} characters, unique within the cloud (a duplicate fails with HTTP 409).`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.cloudResourcesOverview,
    grade: 'documented',
  },
  {
    name: 'location',
    meaning:
      'The Azure region ARM keeps the record in (clouds and cloud resources only). For a cloud resource use the same region as its cloud; it does not decide where compute runs.',
    constraints: `Required for clouds and cloud resources; proxied resources have none. One of the ${SUPPORTED_LOCATIONS.length} supported regions: ${SUPPORTED_LOCATIONS.map((l) => code(l.name)).join(', ')}.`,
    requiredFor: [],
    source: SOURCES.supportedRegions,
    grade: 'documented',
  },
  {
    name: 'tags',
    meaning: 'Tags of a tracked resource (clouds and cloud resources).',
    constraints: 'Proxied resources (projects, compute configs, images, workloads) have no tags.',
    requiredFor: [],
    source: DOC_SOURCES.identityAccess,
    grade: 'documented',
  },
  {
    name: 'dependsOn',
    meaning: 'Resources ARM must create first.',
    constraints:
      'Anyscale creates cloud resources one at a time: chain the cloud resources of a template with `dependsOn`, and make each depend on its cloud.',
    requiredFor: [],
    source: SOURCES.cloudResourcesOverview,
    grade: 'documented',
  },
  {
    name: 'properties',
    meaning: 'The resource-specific properties.',
    constraints: '',
    requiredFor: ALL_PROVIDERS,
    source: DOC_SOURCES.templateSyntax,
    grade: 'documented',
  },
]);

// The workloads' properties (domain §1.5): shapes [SPEC] swagger 2026-09-01 @16306f9; the ARM-ID change and the
// write-only job fields [DOC] create-workloads-arm; where services run [DOC] cloud-resources-overview.
const COMPUTE_CONFIG_REFERENCE =
  `\`{ "computeConfigName": <ID> }\` to use a compute config, or \`{ "spec": { "options": [...] } }\` inline. From ${ARM_ID_API_VERSION}, ` +
  "`computeConfigName` is the compute config's full ARM resource ID (of the same cloud), and each `cloudResourceNames[]` item a cloud resource's ID: use `resourceId(…)`.";
const writeOnly =
  'Write-only: ARM accepts it but never returns it — a GET or the create response omits it, with no error or warning.';
const IMAGE_URI = {
  name: 'imageUri',
  meaning: 'The container image the workload runs, e.g. `anyscale/ray:2.44.0-py312-cu124`.',
  constraints: '',
};

const WRITE_ONLY: ReadonlySet<string> = new Set(WRITE_ONLY_JOB_FIELDS);

/** A job `config` field; the write-only ones say so (the list is the catalog's). */
const jobField = (name: string, meaning: string, constraints = '') => ({
  name,
  meaning,
  constraints: WRITE_ONLY.has(name) ? writeOnly : constraints,
  requiredFor: [],
  source: WRITE_ONLY.has(name) ? SOURCES.createWorkloadsArm : SOURCES.restSpec,
  grade: WRITE_ONLY.has(name) ? 'documented' : 'spec',
});

/** `properties.config` of a job, in the order the spec lists them. */
export const JOB_CONFIG_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  jobField(IMAGE_URI.name, IMAGE_URI.meaning),
  {
    ...jobField(
      'computeConfig',
      'The compute the job runs on: any cloud resource, falling back across several.',
      COMPUTE_CONFIG_REFERENCE,
    ),
    source: SOURCES.createWorkloadsArm,
    grade: 'documented',
  },
  jobField('entrypoint', 'The command the job runs, e.g. `python train.py`.'),
  jobField(
    'workingDir',
    "A remote location holding the job's working directory (`abfss://`, `s3://`, `gs://` or `https://`).",
  ),
  jobField('pyModules', 'Python modules to make available to the job.'),
  jobField('pipRequirements', 'pip requirements to install, e.g. `torch==2.1.0`.'),
  jobField('envVars', 'Environment variables of the job.'),
  jobField('maxRetries', 'How many times a failed job is retried.'),
  jobField('timeout', 'The timeout of each run, in seconds.'),
]);

const JOB_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'config',
    meaning: 'The job: its image, compute config, entrypoint and retries (`JobConfig`).',
    constraints: 'The only required property of a job.',
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.createWorkloadsArm,
    grade: 'documented',
  },
]);

const SERVICE_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'deploymentConfig',
    meaning:
      'The service: image, compute config, Ray Serve `applications` (each with an `importPath`), rollout strategy and traffic settings.',
    constraints: `Services run only on the primary cloud resource (\`${PRIMARY_CLOUD_RESOURCE_NAME}\`). An update sent through ARM triggers a rollout. ${COMPUTE_CONFIG_REFERENCE}`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.createWorkloadsArm,
    grade: 'documented',
  },
]);

const WORKSPACE_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'computeConfig',
    meaning: "The compute the workspace runs on: one cloud resource (workspaces don't fall back to another).",
    constraints: COMPUTE_CONFIG_REFERENCE,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.createWorkloadsArm,
    grade: 'documented',
  },
  { ...IMAGE_URI, requiredFor: ALL_PROVIDERS, source: SOURCES.restSpec, grade: 'spec' },
  {
    name: 'idleTerminationMinutes',
    meaning: 'Minutes of inactivity before the workspace stops.',
    constraints: 'At least 0; 0 disables idle termination.',
    requiredFor: [],
    source: SOURCES.restSpec,
    grade: 'spec',
  },
]);

const COMPUTE_CONFIG_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'spec',
    meaning:
      'The compute config: `options`, each with a `headNode` (required), `workerNodes`, `zones` and `cloudResourceNames`.',
    constraints: `\`zones\`: \`any\` must be the only item when present. \`cloudResourceNames\`: all cloud resources when unset; from ${ARM_ID_API_VERSION} full resource IDs. A compute config can't be deleted (HTTP 409): reuse a stable name.`,
    requiredFor: ALL_PROVIDERS,
    source: SOURCES.restSpec,
    grade: 'spec',
  },
]);

const CONTAINER_IMAGE_PROPERTIES: readonly PropertyDoc[] = z.array(PropertyDoc).parse([
  {
    name: 'containerfile',
    meaning:
      "A Containerfile for Anyscale to build (on the primary cloud resource, pushed to the cloud's `acrResourceId`).",
    constraints: 'Set exactly one of `containerfile` and `containerImageUri`.',
    requiredFor: [],
    source: SOURCES.restSpec,
    grade: 'spec',
  },
  {
    name: 'containerImageUri',
    meaning: 'An existing image, e.g. `registry/repository:tag` or an `@sha256:` digest.',
    constraints: 'Set exactly one of `containerfile` and `containerImageUri`.',
    requiredFor: [],
    source: SOURCES.restSpec,
    grade: 'spec',
  },
]);

const PROPERTIES_BY_TYPE = new Map<string, readonly PropertyDoc[]>([
  [CLOUD_RESOURCE_TYPE.toLowerCase(), CLOUD_RESOURCE_PROPERTIES],
  [CLOUD_TYPE.toLowerCase(), CLOUD_PROPERTIES],
  [JOB_TYPE.toLowerCase(), JOB_PROPERTIES],
  [SERVICE_TYPE.toLowerCase(), SERVICE_PROPERTIES],
  [WORKSPACE_TYPE.toLowerCase(), WORKSPACE_PROPERTIES],
  [COMPUTE_CONFIG_TYPE.toLowerCase(), COMPUTE_CONFIG_PROPERTIES],
  [CONTAINER_IMAGE_TYPE.toLowerCase(), CONTAINER_IMAGE_PROPERTIES],
]);

/** The docs of the `properties` of a resource type, when we have them. */
export function propertiesOfType(type: string | undefined): readonly PropertyDoc[] | undefined {
  return type === undefined ? undefined : PROPERTIES_BY_TYPE.get(type.toLowerCase());
}

/** The docs of an object inside `properties` (path without `properties`), when we have them: a job's `config`. */
export function nestedPropertiesOf(
  type: string | undefined,
  path: readonly (string | number)[],
): readonly PropertyDoc[] | undefined {
  const isJob = type !== undefined && type.toLowerCase() === JOB_TYPE.toLowerCase();
  return isJob && path.length === 1 && typeof path[0] === 'string' && path[0].toLowerCase() === 'config'
    ? JOB_CONFIG_PROPERTIES
    : undefined;
}

/** True when the property is required for the provider; with the provider unknown, when it is required for all. */
export function isRequired(doc: PropertyDoc, provider: Provider | undefined): boolean {
  return provider ? doc.requiredFor.includes(provider.name) : doc.requiredFor.length === PROVIDERS.length;
}

/**
 * True when the property is required or should be set for the provider; with the provider unknown, for every one.
 * Completion lists such properties first.
 */
export function isNeeded(doc: PropertyDoc, provider: Provider | undefined): boolean {
  const needed = (name: ProviderName) => doc.requiredFor.includes(name) || doc.shouldSetFor.includes(name);
  return provider ? needed(provider.name) : PROVIDERS.every((p) => needed(p.name));
}

/**
 * A completion's one-line word on the requirement: `required`, `should set` or `optional` for the provider; with the
 * provider unknown and the answer depending on it, per provider (`required for Azure`).
 */
export function requirementDetail(doc: PropertyDoc, provider: Provider | undefined): string {
  if (isRequired(doc, provider)) return 'required';
  if (provider) return isNeeded(doc, provider) ? 'should set' : 'optional';
  if (doc.requiredFor.length === 0) return doc.shouldSetFor.length === 0 ? 'optional' : 'should set';
  const rest = doc.shouldSetFor.length > 0 ? `; should set for ${doc.shouldSetFor.join(', ')}` : '';
  return `required for ${doc.requiredFor.join(', ')}${rest}`;
}

/**
 * The requirement for the provider with the grade of the fact it comes from, as a list names it beside the property:
 * `required, documented`.
 */
export function requirementLabel(doc: PropertyDoc, provider: Provider | undefined): string {
  return `${requirementDetail(doc, provider)}, ${doc.grade}`;
}

/**
 * The requirement as a sentence, for the provider when it is known, with its note; per provider otherwise, saying why
 * the provider is not known when `unknownProvider` says it.
 */
function requirement(doc: PropertyDoc, provider: Provider | undefined, unknownProvider?: string): string {
  const note = doc.requirementNote ? ` ${doc.requirementNote}` : '';
  if (doc.requiredFor.length === PROVIDERS.length) return `Required.${note}`;
  if (doc.requiredFor.length === 0 && doc.shouldSetFor.length === 0) return 'Optional.';
  if (provider) {
    const word = isRequired(doc, provider) ? 'Required' : isNeeded(doc, provider) ? 'Should be set' : 'Optional';
    return `${word} for ${provider.name}.${note}`;
  }
  const parts = [
    doc.requiredFor.length > 0 ? `Required for ${doc.requiredFor.join(', ')}` : undefined,
    doc.shouldSetFor.length > 0 ? `should be set for ${doc.shouldSetFor.join(', ')}` : undefined,
  ].filter((part) => part !== undefined);
  const optional = doc.requiredFor.length + doc.shouldSetFor.length < PROVIDERS.length ? '; optional otherwise' : '';
  const sentence = parts.join('; ') + optional;
  const why = unknownProvider ? ` The provider is not known: ${unknownProvider}.` : '';
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.${why}${note}`;
}

/**
 * A property's documentation as Markdown: meaning, constraints, when it is required (for `provider` when it is
 * known, else per provider, with why it is not known when `unknownProvider` says it), source link.
 */
export function propertyMarkdown(
  doc: PropertyDoc,
  heading: string,
  withRequirement: boolean,
  provider?: Provider,
  unknownProvider?: string,
): string {
  const lines = [`**${heading}**`, '', doc.meaning, ''];
  if (doc.constraints) lines.push(doc.constraints, '');
  if (withRequirement) lines.push(requirement(doc, provider, unknownProvider), '');
  lines.push(`[${doc.source.title}](${doc.source.url})`);
  return lines.join('\n');
}

/** Sources and grades of this module's single-source tables (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  ANYSCALE_RESOURCE_TYPES: cite(SOURCES.identityAccess, 'documented'),
});
