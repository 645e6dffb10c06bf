// Facts about Anyscale.Platform resources that the rules check: resource types, API versions, providers,
// compute stacks, naming and region patterns, bucket URI schemes, the supported Azure locations.
// One fact, one place, one source; validated with zod when the module loads.
import { z } from 'zod';
import { Citations, cite, Grade, Source, SOURCES } from './source';

export const CLOUD_TYPE = 'Anyscale.Platform/clouds';
export const CLOUD_RESOURCE_TYPE = 'Anyscale.Platform/clouds/cloudResources';

const ApiVersion = z.object({
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/),
  status: z.enum(['ga', 'preview']),
  note: z.string(),
  source: Source,
  grade: Grade,
});
export type ApiVersion = z.infer<typeof ApiVersion>;

/** API versions of Anyscale.Platform seen in the spec, the docs and the reference deployment (domain §1.1). */
export const API_VERSIONS: readonly ApiVersion[] = z.array(ApiVersion).parse([
  {
    version: '2026-09-01',
    status: 'ga',
    note: 'The stable version used by the docs.',
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    version: '2026-08-01-preview',
    status: 'preview',
    grade: 'reference deployment',
    source: SOURCES.referenceDeployment,
    note: "Preview version known only from a comment in Anyscale's Terraform reference deployment; neither the REST spec nor the docs name it.",
  },
  {
    version: '2026-02-01-preview',
    status: 'preview',
    grade: 'documented',
    source: SOURCES.containerImageBuilds,
    note: 'Preview version the container image builds page uses for the cloud PATCH; also in the portal-style template.',
  },
  {
    version: '2023-04-01-preview',
    status: 'preview',
    note: 'The first preview version in the spec repository.',
    source: SOURCES.restSpec,
    grade: 'spec',
  },
]);

export const GA_API_VERSION = API_VERSIONS.find((v) => v.status === 'ga')!.version;

const Provider = z.object({
  name: z.enum(['Azure', 'AWS', 'GCP', 'Generic']),
  kubernetes: z.string(),
  /** URI schemes its bucket may use; an empty list means any `<scheme>://<bucket>`. */
  bucketSchemes: z.array(z.string()),
  bucketExample: z.string(),
  requiresBucketEndpoint: z.boolean(),
  requiresOperatorIdentity: z.boolean(),
  identity: z.enum(['azurePrincipalId', 'awsRoleArn', 'gcpServiceAccount', 'none']),
  identityExample: z.string(),
  /** Which region list validates `region`; Generic regions are free-form routing labels. */
  regionList: z.enum(['azure', 'aws', 'gcp', 'none']),
  regionExample: z.string(),
  /** Anyscale configures the bucket's CORS rule only for AKS-backed (Azure) resources. */
  corsConfiguredByAnyscale: z.boolean(),
});
export type Provider = z.infer<typeof Provider>;
export type ProviderName = Provider['name'];

/** The four providers, spelled exactly as the API accepts them (case-sensitive). */
export const PROVIDERS: readonly Provider[] = z.array(Provider).parse([
  {
    name: 'Azure',
    kubernetes: 'AKS',
    bucketSchemes: ['abfss', 'azure'],
    bucketExample: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
    requiresBucketEndpoint: true,
    requiresOperatorIdentity: true,
    identity: 'azurePrincipalId',
    identityExample: '00000000-0000-0000-0000-000000000000',
    regionList: 'azure',
    regionExample: 'uksouth',
    corsConfiguredByAnyscale: true,
  },
  {
    name: 'AWS',
    kubernetes: 'EKS',
    bucketSchemes: ['s3'],
    bucketExample: 's3://my-anyscale-eks-bucket',
    requiresBucketEndpoint: false,
    requiresOperatorIdentity: true,
    identity: 'awsRoleArn',
    identityExample: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
    regionList: 'aws',
    regionExample: 'us-west-2',
    corsConfiguredByAnyscale: false,
  },
  {
    name: 'GCP',
    kubernetes: 'GKE',
    bucketSchemes: ['gs'],
    bucketExample: 'gs://my-anyscale-gke-bucket',
    requiresBucketEndpoint: false,
    requiresOperatorIdentity: true,
    identity: 'gcpServiceAccount',
    identityExample: 'anyscale-operator@my-project.iam.gserviceaccount.com',
    regionList: 'gcp',
    regionExample: 'us-central1',
    corsConfiguredByAnyscale: false,
  },
  {
    name: 'Generic',
    kubernetes: 'any Kubernetes cluster',
    bucketSchemes: [],
    bucketExample: 's3://my-anyscale-onprem-bucket',
    requiresBucketEndpoint: false,
    requiresOperatorIdentity: false,
    identity: 'none',
    identityExample: '',
    regionList: 'none',
    regionExample: 'dc1',
    corsConfiguredByAnyscale: false,
  },
]);

export function providerNamed(name: string): Provider | undefined {
  return PROVIDERS.find((p) => p.name === name);
}

/**
 * True for a provider whose regions are never an Azure location (AWS, GCP). A cloud resource without `region` falls
 * back to its `location` (spec), and Anyscale validates `region` against the provider's known regions (documented,
 * cloud-resources-overview): for these providers that fallback is rejected. region-missing reports it as an error,
 * and completion and hover call `region` required for them.
 */
export function regionFallbackRejected(provider: Provider): boolean {
  return provider.regionList === 'aws' || provider.regionList === 'gcp';
}

/** The provider a name means once its casing is ignored (`aws` → AWS); Anyscale itself accepts only the exact name. */
export function providerNamedIgnoringCase(name: string): Provider | undefined {
  const lower = name.toLowerCase();
  return PROVIDERS.find((p) => p.name.toLowerCase() === lower);
}

/** The only supported compute stack: Kubernetes. Virtual machine stacks are not supported. */
export const COMPUTE_STACKS = ['K8S'] as const;
export type ComputeStack = (typeof COMPUTE_STACKS)[number];

/** What each compute stack runs the cloud resource's compute on. */
export const COMPUTE_STACK_KINDS: Readonly<Record<ComputeStack, string>> = { K8S: 'Kubernetes' };

/** The compute stack a value names, spelled exactly right (the value is case-sensitive). */
export function computeStackNamed(name: string): ComputeStack | undefined {
  return COMPUTE_STACKS.find((stack) => stack === name);
}

/** Name of the cloud's primary cloud resource, which must use provider Azure. */
export const PRIMARY_CLOUD_RESOURCE_NAME = 'default';

export const NAMING = {
  /** Cloud and cloud-resource name segments. */
  namePattern: /^[a-zA-Z0-9_-]+$/,
  nameMaxLength: 256,
  /** `region` and `cloudStorageBucketRegion`. */
  regionPattern: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  regionMaxLength: 35,
  ...cite(SOURCES.cloudResourcesOverview, 'documented'),
} as const;

/** The console origin every bucket's CORS rule must allow (the console reads logs from the bucket in the browser). */
export const CONSOLE_ORIGIN = 'https://console.azure.anyscale.com';

const SupportedLocation = z.object({ name: z.string().regex(/^[a-z0-9]+$/), displayName: z.string() });
export type SupportedLocation = z.infer<typeof SupportedLocation>;

/** The Azure regions where Anyscale.Platform/clouds (and their cloud resources' records) can live. */
export const SUPPORTED_LOCATIONS: readonly SupportedLocation[] = z
  .array(SupportedLocation)
  .length(12)
  .parse([
    { name: 'westcentralus', displayName: 'West Central US' },
    { name: 'eastus', displayName: 'East US' },
    { name: 'eastus2', displayName: 'East US 2' },
    { name: 'westus2', displayName: 'West US 2' },
    { name: 'westus3', displayName: 'West US 3' },
    { name: 'southcentralus', displayName: 'South Central US' },
    { name: 'westeurope', displayName: 'West Europe' },
    { name: 'northeurope', displayName: 'North Europe' },
    { name: 'swedencentral', displayName: 'Sweden Central' },
    { name: 'uksouth', displayName: 'UK South' },
    { name: 'australiaeast', displayName: 'Australia East' },
    { name: 'southeastasia', displayName: 'Southeast Asia' },
  ]);
export const SUPPORTED_LOCATIONS_SOURCE = SOURCES.supportedRegions;
/**
 * Documented (supported-regions, ms.date 2026-10-05: Microsoft Learn writes it month first): the date of the page copy
 * the 12 locations come from, and what it says to do about any other: "If you need a region that isn't listed, contact
 * support to request it." Older copies listed fewer regions, so the date goes into messages, as ISO 8601 (a
 * month-first date reads as another day in most of the world).
 */
export const SUPPORTED_LOCATIONS_AS_OF = '2026-10-05';

// The proxied workload resources of a cloud (domain §1.5, §1.6). Types [DOC] identity-access "Custom role permissions
// reference"; shapes [SPEC] Anyscale.Platform swagger 2026-09-01 @16306f9.
export const PROJECT_TYPE = `${CLOUD_TYPE}/projects`;
export const COMPUTE_CONFIG_TYPE = `${CLOUD_TYPE}/computeConfigs`;
export const CONTAINER_IMAGE_TYPE = `${CLOUD_TYPE}/containerImages`;
export const JOB_TYPE = `${PROJECT_TYPE}/jobs`;
export const SERVICE_TYPE = `${PROJECT_TYPE}/services`;
export const WORKSPACE_TYPE = `${PROJECT_TYPE}/workspaces`;

export type WorkloadKind = 'job' | 'service' | 'workspace';

/**
 * Where each workload keeps its compute config (`ComputeConfigSpecOrReference`: `computeConfigName` and/or an inline
 * `spec`), under `properties` [SPEC] @16306f9: a job's `config.computeConfig`, a service's
 * `deploymentConfig.computeConfig`, a workspace's `computeConfig`.
 */
export const COMPUTE_CONFIG_PATHS: Readonly<Record<WorkloadKind, readonly string[]>> = {
  job: ['config', 'computeConfig'],
  service: ['deploymentConfig', 'computeConfig'],
  workspace: ['computeConfig'],
};

/**
 * The API version from which computeConfigName, cloudResourceNames[] and acrResourceId take full ARM resource IDs
 * (`format: arm-id`); a bare name is rejected with HTTP 400 [DOC] create-workloads-arm, [SPEC] @16306f9.
 */
export const ARM_ID_API_VERSION = '2026-09-01';

/** The message ARM returns for a bare name where an ARM ID is expected [DOC] create-workloads-arm (domain §8). */
export const ARM_ID_VALIDATION_MESSAGE = "Object didn't pass validation for format arm-id";

/** Job `config` fields ARM accepts but never returns (GET or create response), with no error [DOC] create-workloads-arm. */
export const WRITE_ONLY_JOB_FIELDS = ['entrypoint', 'workingDir', 'pyModules', 'pipRequirements', 'envVars'] as const;

/**
 * What a compute config spec's options require [SPEC] ComputeConfigSpecOption, NodeType @16306f9 (domain §1.5): each
 * option a `headNode`, and the head node a `name`. The same spec shape sits inline in a workload's compute config.
 */
export const SPEC_OPTION_REQUIRES = { option: 'headNode', headNode: 'name' } as const;

/**
 * A service's Ray Serve applications [SPEC] ServiceDeploymentConfig @16306f9 (domain §1.5): at least one, under
 * `properties.deploymentConfig.applications`, each with an `importPath` (`module:application`).
 */
export const SERVICE_APPLICATIONS = { path: ['deploymentConfig', 'applications'], requires: 'importPath' } as const;

/** The `zones` item that means "any zone"; it must be the only item when present [SPEC] ComputeConfigSpecOption.zones @16306f9. */
export const ANY_ZONE = 'any';

/** The Azure Container Registry type `acrResourceId` points at [SPEC] x-ms-arm-id-details @16306f9. */
export const CONTAINER_REGISTRY_TYPE = 'Microsoft.ContainerRegistry/registries';

/** Sources and grades of this module's plain facts and single-source tables (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  CLOUD_TYPE: cite(SOURCES.addCloudResource, 'documented'),
  CLOUD_RESOURCE_TYPE: cite(SOURCES.addCloudResource, 'documented'),
  GA_API_VERSION: cite(SOURCES.addCloudResource, 'documented'),
  PROVIDERS: cite(SOURCES.cloudResourcesOverview, 'documented'),
  COMPUTE_STACKS: cite(SOURCES.addCloudResource, 'documented'),
  COMPUTE_STACK_KINDS: cite(SOURCES.addCloudResource, 'documented'),
  PRIMARY_CLOUD_RESOURCE_NAME: cite(SOURCES.cloudResourcesOverview, 'documented'),
  CONSOLE_ORIGIN: cite(SOURCES.addCloudResource, 'documented'),
  SUPPORTED_LOCATIONS: cite(SUPPORTED_LOCATIONS_SOURCE, 'documented'),
  SUPPORTED_LOCATIONS_AS_OF: cite(SUPPORTED_LOCATIONS_SOURCE, 'documented'),
  PROJECT_TYPE: cite(SOURCES.identityAccess, 'documented'),
  COMPUTE_CONFIG_TYPE: cite(SOURCES.identityAccess, 'documented'),
  CONTAINER_IMAGE_TYPE: cite(SOURCES.identityAccess, 'documented'),
  JOB_TYPE: cite(SOURCES.identityAccess, 'documented'),
  SERVICE_TYPE: cite(SOURCES.identityAccess, 'documented'),
  WORKSPACE_TYPE: cite(SOURCES.identityAccess, 'documented'),
  COMPUTE_CONFIG_PATHS: cite(SOURCES.restSpec, 'spec'),
  ARM_ID_API_VERSION: cite(SOURCES.createWorkloadsArm, 'documented'),
  ARM_ID_VALIDATION_MESSAGE: cite(SOURCES.createWorkloadsArm, 'documented'),
  WRITE_ONLY_JOB_FIELDS: cite(SOURCES.createWorkloadsArm, 'documented'),
  SPEC_OPTION_REQUIRES: cite(SOURCES.restSpec, 'spec'),
  SERVICE_APPLICATIONS: cite(SOURCES.restSpec, 'spec'),
  ANY_ZONE: cite(SOURCES.restSpec, 'spec'),
  CONTAINER_REGISTRY_TYPE: cite(SOURCES.restSpec, 'spec'),
});
