// The anyscale-operator Helm chart (1.8.0): every values key with its type, default, meaning, allowed values,
// deprecation and source, plus the pre-1.0 → 1.x key migration table. Rules, completions, hover and the
// generated values.schema.json all read this one list. Validated with zod when the module loads.
import { z } from 'zod';
import { Citations, cite, Grade, Source, SOURCES } from './source';

export const CHART_SOURCES = {
  values: Source.parse({
    title: 'anyscale-operator chart 1.8.0 values.yaml (anyscale/helm-charts)',
    url: 'https://github.com/anyscale/helm-charts/blob/anyscale-operator-1.8.0/charts/anyscale-operator/values.yaml',
  }),
  templates: Source.parse({
    title: 'anyscale-operator chart 1.8.0 templates (anyscale/helm-charts)',
    url: 'https://github.com/anyscale/helm-charts/tree/anyscale-operator-1.8.0/charts/anyscale-operator/templates',
  }),
  readme: Source.parse({
    title: 'anyscale-operator chart 1.8.0 README (anyscale/helm-charts)',
    url: 'https://github.com/anyscale/helm-charts/blob/anyscale-operator-1.8.0/charts/anyscale-operator/README.md',
  }),
  migration: Source.parse({
    title: 'anyscale-operator MIGRATION_README: pre-1.0 to 1.0 values (anyscale/helm-charts)',
    url: 'https://github.com/anyscale/helm-charts/blob/anyscale-operator-1.8.0/charts/anyscale-operator/MIGRATION_README.md',
  }),
  /** The pre-1.0 chart reads `.Values.controlPlaneURL` here; 1.0.0's same helper reads `.Values.global.controlPlaneURL`. */
  legacyTemplates: Source.parse({
    title: 'anyscale-operator chart 0.9.2 templates/_helpers.tpl: validateControlPlaneURL (anyscale/helm-charts)',
    url: 'https://github.com/anyscale/helm-charts/blob/anyscale-operator-0.9.2/charts/anyscale-operator/templates/_helpers.tpl',
  }),
  privateLink: Source.parse({
    title: 'Configure Private Link for Anyscale on Azure (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-private-link',
  }),
  quickstart: Source.parse({
    title: 'Deploy Anyscale on Azure to AKS (Microsoft Learn quickstart)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/quickstart-azure-cli',
  }),
  referenceDeployment: SOURCES.referenceDeployment,
  extensionsSpec: Source.parse({
    title: 'Microsoft.KubernetesConfiguration/extensions REST specification 2025-03-01 (Azure/azure-rest-api-specs)',
    url: 'https://github.com/Azure/azure-rest-api-specs/blob/main/specification/kubernetesconfiguration/resource-manager/Microsoft.KubernetesConfiguration/extensions/stable/2025-03-01/extensions.json',
  }),
};

/**
 * `object`: a section whose keys the catalog lists (unknown keys inside it are reported); `map`: a free-form object
 * (labels, node selectors, resources); `any`: the chart does not pin the type down.
 */
export const ChartKeyType = z.enum(['string', 'boolean', 'integer', 'array', 'object', 'map', 'any']);
export type ChartKeyType = z.infer<typeof ChartKeyType>;

const ChartKey = z.object({
  /** Dotted path from the values root, e.g. `global.auth.iamIdentity`. */
  path: z.string().regex(/^[a-zA-Z][\w-]*(\.[a-zA-Z][\w-]*)*$/),
  type: ChartKeyType,
  default: z.unknown().optional(),
  description: z.string(),
  /** The only values the chart accepts (exact spelling); for arrays, the allowed items. */
  allowed: z.array(z.string()).optional(),
  /** What goes wrong with any other value, appended to the finding. */
  allowedNote: z.string().optional(),
  /** Deprecated keys and where their value now belongs. */
  deprecated: z.object({ replacement: z.string(), note: z.string() }).optional(),
  source: Source,
  grade: Grade,
});
export type ChartKey = z.infer<typeof ChartKey>;

const values = CHART_SOURCES.values;
const templates = CHART_SOURCES.templates;
const IMAGE_PARTS = (prefix: string, what: string) => [
  { path: prefix, type: 'object', description: `${what} image.`, source: values, grade: 'spec' },
  {
    path: `${prefix}.registry`,
    type: 'string',
    description: `Registry of the ${what} image.`,
    source: values,
    grade: 'spec',
  },
  {
    path: `${prefix}.image`,
    type: 'string',
    description: `Repository of the ${what} image.`,
    source: values,
    grade: 'spec',
  },
  { path: `${prefix}.tag`, type: 'string', description: `Tag of the ${what} image.`, source: values, grade: 'spec' },
];

/** Every key of the chart's values, sections included, parents before children. */
export const CHART_KEYS: readonly ChartKey[] = z.array(ChartKey).parse([
  {
    path: 'global',
    type: 'object',
    description: 'Settings shared by the operator and its workloads.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.cloudDeploymentId',
    type: 'string',
    default: '',
    description:
      'The cloud resource ID (`cldrsrc_…`) this operator serves, from the ARM deployment output `cloudResourceId` or the console. Required: the chart refuses to render without it.',
    source: templates,
    grade: 'spec',
  },
  {
    path: 'global.cloudProvider',
    type: 'string',
    default: '',
    allowed: ['aws', 'gcp', 'azure', 'generic'],
    allowedNote:
      'The chart compares the lowercase names: with any other spelling (such as "Azure") it silently skips the workload identity annotations, market types and accelerator defaults.',
    description:
      "The cluster's cloud: drives the workload identity annotations and the market-type and accelerator defaults.",
    source: templates,
    grade: 'spec',
  },
  {
    path: 'global.controlPlaneURL',
    type: 'string',
    default: 'https://console.anyscale.com',
    description:
      'The Anyscale control plane the operator registers with. Must be `https://console.azure.anyscale.com` for Anyscale on Azure (`https://cld-<id>.azure.anyscale-cloud.dev` with Private Link); when omitted the chart uses `https://console.anyscale.com`. No trailing slash.',
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    path: 'global.region',
    type: 'string',
    default: '',
    description: 'Deprecated: the AWS region, now `global.aws.region`.',
    deprecated: {
      replacement: 'global.aws.region',
      note: 'The chart still passes it as --region, but it is deprecated in favour of global.aws.region.',
    },
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.auth',
    type: 'object',
    description: 'How the operator authenticates to the control plane.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.auth.iamIdentity',
    type: 'string',
    default: '',
    description:
      "The operator's cloud identity: on Azure the managed identity's **client ID** (not the principal ID recorded on the cloud resource), on AWS the IAM role ARN, on GCP the service-account email. Without it the operator uses the node's identity.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.auth.anyscaleCliToken',
    type: 'string',
    default: '',
    description:
      "An Anyscale CLI token, rendered into the secret `anyscale-cli-token`. Required for generic clusters. The chart README says Azure too, while the Azure docs and Anyscale's reference deployment authenticate the operator with workload identity and leave it empty. Keep it out of values files in source control (use a Secret or the AKS extension's protected settings).",
    source: CHART_SOURCES.readme,
    grade: 'documented',
  },
  {
    path: 'global.auth.audience',
    type: 'string',
    default: '',
    description: 'The audience of the Anyscale control plane API, shaped `api://<guid>/.default`. Required for Azure.',
    source: values,
    grade: 'spec',
  },
  { path: 'global.aws', type: 'object', description: 'AWS settings.', source: values, grade: 'spec' },
  {
    path: 'global.aws.region',
    type: 'string',
    default: '',
    description:
      'The AWS region of the cluster. Required on AWS when no CLI token is set (registration uses the STS signer).',
    source: templates,
    grade: 'spec',
  },
  { path: 'global.aws.s3', type: 'object', description: 'S3 settings.', source: values, grade: 'spec' },
  {
    path: 'global.aws.s3.usePathStyle',
    type: 'boolean',
    default: false,
    description: 'Use path-style S3 URLs.',
    source: values,
    grade: 'spec',
  },
  { path: 'global.gcp', type: 'object', description: 'Google Cloud settings.', source: values, grade: 'spec' },
  {
    path: 'global.gcp.projectId',
    type: 'string',
    default: '',
    description: 'The Google Cloud project; required with `credentialMount.gcp.enabled`.',
    source: templates,
    grade: 'spec',
  },
  { path: 'global.azure', type: 'object', description: 'Azure settings.', source: values, grade: 'spec' },
  {
    path: 'global.azure.workloadIdentity',
    type: 'object',
    description: 'Microsoft Entra workload identity.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.azure.workloadIdentity.proxyPort',
    type: 'integer',
    default: 10000,
    description: 'Port of the workload identity proxy sidecar.',
    source: templates,
    grade: 'spec',
  },
  {
    path: 'global.azure.extension',
    type: 'object',
    description: 'AKS extension packaging.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'global.azure.extension.enabled',
    type: 'boolean',
    default: false,
    description:
      'Use the AKS extension images (`global.azure.images.*`); presumably set by the AKS extension packaging (inferred).',
    source: templates,
    grade: 'inferred',
  },
  {
    path: 'global.azure.images',
    type: 'object',
    description: 'Images used when the AKS extension packaging is enabled.',
    source: values,
    grade: 'spec',
  },
  ...IMAGE_PARTS('global.azure.images.operator', 'AKS extension operator'),
  ...IMAGE_PARTS('global.azure.images.vector', 'AKS extension log agent (Vector)'),

  {
    path: 'networking',
    type: 'object',
    description: 'How clients reach head nodes and services: Ingress or Gateway API.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.ingress',
    type: 'object',
    description: 'Ingress settings (used when the gateway is disabled).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.ingress.address',
    type: 'string',
    default: '',
    description: 'IP or hostname Anyscale uses for DNS to reach the ingress; overrides the Ingress status address.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.ingress.classNameOverride',
    type: 'string',
    default: '',
    description: "Ingress class; defaults to `nginx`, or the bundled controller's class when `ingress-nginx.enabled`.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway',
    type: 'object',
    description: 'Gateway API settings: the operator creates routes on a Gateway you maintain.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.enabled',
    type: 'boolean',
    default: false,
    description: 'Use Gateway API routes instead of Ingress.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.name',
    type: 'string',
    default: '',
    description: 'Name of the Gateway (`gateway` in the docs). Required when the gateway is enabled.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.namespace',
    type: 'string',
    default: '',
    description: "Namespace of the Gateway; when it differs from the operator's, ReferenceGrants are created.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.ip',
    type: 'string',
    default: '',
    description: "IP address of the gateway's load balancer, for DNS records. Set either `ip` or `hostname`.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.hostname',
    type: 'string',
    default: '',
    description: "Hostname of the gateway's load balancer, for DNS records. Set either `ip` or `hostname`.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.apiVersion',
    type: 'string',
    default: 'gateway.networking.k8s.io/v1',
    allowed: ['gateway.networking.k8s.io/v1', 'networking.istio.io/v1alpha3'],
    allowedNote:
      'The operator creates HTTPRoutes for gateway.networking.k8s.io/v1 and VirtualServices for networking.istio.io/v1alpha3, nothing else.',
    description:
      'Which routing API the operator uses: `gateway.networking.k8s.io/v1` (needs the HTTPRoute CRD) or `networking.istio.io/v1alpha3` (needs the VirtualService CRD).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.serviceAuthFallbackEnabled',
    type: 'boolean',
    default: false,
    description: 'Adds a 401-responder sidecar (port 8401) to service head pods.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'networking.gateway.className',
    type: 'string',
    description:
      "Gateway class (`eg` for Envoy Gateway). Set by the Microsoft docs and Anyscale's Terraform for the AKS extension; not read by the public chart up to 1.8.0.",
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },

  {
    path: 'workloads',
    type: 'object',
    description: 'Settings of the Ray pods the operator starts.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.serviceAccount',
    type: 'object',
    description: 'Service account of workload pods.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.serviceAccount.name',
    type: 'string',
    default: '',
    description:
      "Service account of workload pods. On Azure set `anyscale-operator` (the federated one): left empty, pods get the namespace's `default` account and no Azure identity.",
    source: SOURCES.addCloudResource,
    grade: 'documented',
  },
  {
    path: 'workloads.serviceAccount.iamMappingAnnotation',
    type: 'string',
    default: 'anyscale.com/iam-mapping',
    description: 'Annotation mapping workloads to cloud identities.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.imagePullSecrets',
    type: 'array',
    default: [],
    description: 'Image pull secrets of workload pods (entries `{name, create, type, data}`).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes',
    type: 'object',
    description: 'Instance types offered to workloads.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.configMap',
    type: 'object',
    description: 'The instance-types ConfigMap.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.configMap.name',
    type: 'string',
    default: 'instance-types',
    description: 'Name of the instance-types ConfigMap.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.validationHook',
    type: 'object',
    description: 'Validation of instance types at install.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.validationHook.enabled',
    type: 'boolean',
    default: true,
    description: 'Validate instance types with a hook.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.enableDefaults',
    type: 'boolean',
    default: true,
    description: 'Offer the default instance types.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.defaults',
    type: 'map',
    description: 'Default instance types (2CPU-8GB, 4CPU-16GB, 8CPU-32GB, 8CPU-32GB-1xT4).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.instanceTypes.additional',
    type: 'map',
    description: 'Additional instance types: `resources`, `nodeSelector`, `tolerations`, `cpuArchitecture`.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.enableAnyscaleRayHeadNodePDB',
    type: 'boolean',
    default: true,
    description: 'PodDisruptionBudget for Ray head nodes.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.enableZoneSelector',
    type: 'boolean',
    default: false,
    description: 'Select nodes by zone.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.enableKarpenterSupport',
    type: 'boolean',
    default: false,
    description: 'Karpenter support.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.enableCrossNamespaceResourceManagement',
    type: 'boolean',
    default: false,
    description: 'Manage workloads in other namespaces.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.enableProcessTracing',
    type: 'boolean',
    default: true,
    description: 'Process tracing in workloads.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.managedNamespaces',
    type: 'array',
    default: [],
    description: 'Namespaces the operator manages workloads in.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.marketType',
    type: 'object',
    description:
      'Spot and on-demand node selection per cloud (Azure spot uses `kubernetes.azure.com/scalesetpriority`).',
    source: values,
    grade: 'spec',
  },
  ...['enableDefaults', 'generic', 'aws', 'gcp', 'azure', 'karpenter', 'additional'].map((key) => ({
    path: `workloads.marketType.${key}`,
    type: 'any',
    description: `Market-type settings: ${key}.`,
    source: values,
    grade: 'spec',
  })),
  {
    path: 'workloads.accelerator',
    type: 'object',
    description: 'GPU node selection (Azure key `nvidia.com/gpu.product`).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.enableDefaults',
    type: 'any',
    description: 'Use the default accelerator node selectors and tolerations.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.tolerations',
    type: 'object',
    description: 'Tolerations of accelerator pods.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.tolerations.default',
    type: 'any',
    description: 'Default accelerator tolerations.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.tolerations.additional',
    type: 'any',
    description: 'Additional accelerator tolerations.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.customNodeSelectorKey',
    type: 'string',
    description: 'Node label key that selects accelerators.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'workloads.accelerator.nodeSelectors',
    type: 'object',
    description: 'Accelerator node selectors per cloud.',
    source: values,
    grade: 'spec',
  },
  ...['aws', 'gcp', 'azure', 'additional'].map((key) => ({
    path: `workloads.accelerator.nodeSelectors.${key}`,
    type: 'any',
    description: `Accelerator node selectors: ${key}.`,
    source: values,
    grade: 'spec',
  })),

  {
    path: 'patches',
    type: 'array',
    default: [],
    description: 'Patches applied to the resources the operator creates.',
    source: values,
    grade: 'spec',
  },

  { path: 'operator', type: 'object', description: 'The operator Deployment.', source: values, grade: 'spec' },
  {
    path: 'operator.name',
    type: 'string',
    default: 'anyscale-operator',
    description: 'Name of the operator resources.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.imagePullSecrets',
    type: 'array',
    description: 'Image pull secrets of the operator pod.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.replicas',
    type: 'integer',
    default: 1,
    description: 'Operator replicas; more than one enables leader election.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.nodeSelector',
    type: 'map',
    description: 'Node selector of the operator pod.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.affinity',
    type: 'map',
    description: 'Affinity of the operator pod.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.tolerations',
    type: 'array',
    description: 'Tolerations of the operator pod.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.securityContext',
    type: 'map',
    description: 'Security context of the operator pod.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.labels',
    type: 'map',
    description: 'Labels of the operator resources.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.annotations',
    type: 'map',
    description: 'Annotations of the operator resources.',
    source: values,
    grade: 'spec',
  },
  { path: 'operator.container', type: 'object', description: 'The operator container.', source: values, grade: 'spec' },
  ...IMAGE_PARTS('operator.container.image', 'operator'),
  {
    path: 'operator.container.resources',
    type: 'map',
    description: 'Resources of the operator container (requests 512Mi / 1 CPU, limit 2Gi).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.container.additionalEnv',
    type: 'array',
    description: 'Extra environment variables of the operator container.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.serviceAccount',
    type: 'object',
    description: "The operator's service account.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.serviceAccount.name',
    type: 'string',
    default: 'anyscale-operator',
    description: "Name of the operator's service account (federated to the managed identity on Azure).",
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.vector',
    type: 'object',
    description: 'The log agent (Vector) sidecar.',
    source: values,
    grade: 'spec',
  },
  { path: 'operator.vector.image', type: 'map', description: 'Image of the log agent.', source: values, grade: 'spec' },
  {
    path: 'operator.vector.resources',
    type: 'map',
    description: 'Resources of the log agent.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.vector.additionalEnv',
    type: 'array',
    description: 'Extra environment variables of the log agent.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.deployment',
    type: 'object',
    description: 'The operator Deployment object.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.deployment.annotations',
    type: 'map',
    description: 'Annotations of the Deployment.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.deployment.labels',
    type: 'map',
    description: 'Labels of the Deployment.',
    source: values,
    grade: 'spec',
  },
  { path: 'operator.config', type: 'object', description: 'Operator configuration.', source: values, grade: 'spec' },
  {
    path: 'operator.config.kubernetesClient',
    type: 'object',
    description: "The operator's Kubernetes client.",
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.kubernetesClient.kubeConfigPath',
    type: 'string',
    description: 'Kubeconfig path (in-cluster config when empty).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.kubernetesClient.rateLimiter',
    type: 'object',
    description: 'Client-side rate limits.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.kubernetesClient.rateLimiter.qps',
    type: 'integer',
    default: 1000,
    description: 'Queries per second.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.kubernetesClient.rateLimiter.burst',
    type: 'integer',
    default: 2000,
    description: 'Burst size.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.unscheduledPodReaper',
    type: 'object',
    description: 'Removal of pods that cannot be scheduled.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.unscheduledPodReaper.reconcileInterval',
    type: 'string',
    default: '1m',
    description: 'How often to look for unscheduled pods.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.unscheduledPodReaper.terminationThreshold',
    type: 'string',
    default: '10m',
    description: 'How long a pod may stay unscheduled.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.status',
    type: 'object',
    description: 'Status reporting and component verification.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.status.reportingEnabled',
    type: 'boolean',
    default: true,
    description: 'Report status to the control plane.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.status.excludeComponentVerification',
    type: 'array',
    default: [],
    allowed: [
      'STORAGE_BUCKET',
      'KUBERNETES_VERSION',
      'GATEWAY_RESOURCES',
      'CLOUD_RESOURCES',
      'IAM_IDENTITY',
      'KUBERNETES_PERMISSIONS',
      'INSTANCE_TYPES',
    ],
    allowedNote: 'The operator only knows these component names; any other entry excludes nothing.',
    description: 'Components the operator skips when it verifies its setup.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.status.checkInterval',
    type: 'string',
    default: '5m',
    description: 'How often components are verified.',
    source: values,
    grade: 'spec',
  },
  {
    path: 'operator.config.status.reportInterval',
    type: 'string',
    default: '30s',
    description: 'How often status is reported.',
    source: values,
    grade: 'spec',
  },

  {
    path: 'credentialMount',
    type: 'object',
    description: 'Mounted cloud credentials, only for clusters without workload identity (not encouraged).',
    source: values,
    grade: 'spec',
  },
  { path: 'credentialMount.aws', type: 'map', description: 'Mounted AWS credentials.', source: values, grade: 'spec' },
  {
    path: 'credentialMount.gcp',
    type: 'map',
    description: 'Mounted Google Cloud credentials (needs `global.gcp.projectId`).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'ingress-nginx',
    type: 'map',
    description: 'Values of the bundled ingress-nginx subchart (`enabled: false` by default).',
    source: values,
    grade: 'spec',
  },
  {
    path: 'ingress-nginx.enabled',
    type: 'boolean',
    default: false,
    description:
      'Installs the bundled Ingress-NGINX controller (the subchart is the chart dependency `ingress-nginx`).',
    source: values,
    grade: 'spec',
  },
]);

const BY_PATH = new Map(CHART_KEYS.map((key) => [key.path, key]));
const CHILDREN = new Map<string, ChartKey[]>();
for (const key of CHART_KEYS) {
  const dot = key.path.lastIndexOf('.');
  const parent = dot < 0 ? '' : key.path.slice(0, dot);
  CHILDREN.set(parent, [...(CHILDREN.get(parent) ?? []), key]);
}

/** The catalog entry of a path, or undefined. */
export function chartKey(path: string): ChartKey | undefined {
  return BY_PATH.get(path);
}

/** The keys directly under a section (`''` for the top level). */
export function chartChildren(path: string): readonly ChartKey[] {
  return CHILDREN.get(path) ?? [];
}

/** The last segment of a key's path: its name in its section. */
export function keyName(key: ChartKey): string {
  return key.path.slice(key.path.lastIndexOf('.') + 1);
}

const LegacyKey = z.object({
  /** The pre-1.0 key, a top-level key (or a dotted path under one). */
  legacy: z.string(),
  /** Its 1.x path; moving the value there keeps the meaning. */
  replacement: z.string(),
  /** The move is not one-to-one (the value must be split or restructured): no automatic fix. */
  manual: z.string().optional(),
  /** The path the migration guide names when that path is deprecated since (`replacement` is its successor). */
  deprecatedTarget: z.string().optional(),
  /** Where the move is shown when the migration guide leaves it out (LEGACY_SOURCE otherwise). */
  source: Source.optional(),
});
export type LegacyKey = z.infer<typeof LegacyKey>;

/** The pre-1.0 → 1.x migration table. */
export const LEGACY_KEYS: readonly LegacyKey[] = z.array(LegacyKey).parse([
  { legacy: 'cloudDeploymentId', replacement: 'global.cloudDeploymentId' },
  { legacy: 'cloudProvider', replacement: 'global.cloudProvider' },
  { legacy: 'region', replacement: 'global.aws.region', deprecatedTarget: 'global.region' },
  { legacy: 'anyscaleCliToken', replacement: 'global.auth.anyscaleCliToken' },
  { legacy: 'operatorIamIdentity', replacement: 'global.auth.iamIdentity' },
  { legacy: 'ingressAddress', replacement: 'networking.ingress.address' },
  { legacy: 'enableGateway', replacement: 'networking.gateway.enabled' },
  { legacy: 'gatewayName', replacement: 'networking.gateway.name' },
  { legacy: 'gatewayIp', replacement: 'networking.gateway.ip' },
  { legacy: 'gatewayHostname', replacement: 'networking.gateway.hostname' },
  { legacy: 'gatewayAPIVersion', replacement: 'networking.gateway.apiVersion' },
  { legacy: 'workloadServiceAccountName', replacement: 'workloads.serviceAccount.name' },
  { legacy: 'iamMappingAnnotation', replacement: 'workloads.serviceAccount.iamMappingAnnotation' },
  { legacy: 'enableAnyscaleRayHeadNodePDB', replacement: 'workloads.enableAnyscaleRayHeadNodePDB' },
  { legacy: 'enableKarpenterSupport', replacement: 'workloads.enableKarpenterSupport' },
  { legacy: 'enableZoneNodeSelector', replacement: 'workloads.enableZoneSelector' },
  { legacy: 'defaultInstanceTypes', replacement: 'workloads.instanceTypes.defaults' },
  { legacy: 'additionalInstanceTypes', replacement: 'workloads.instanceTypes.additional' },
  { legacy: 'supportedAccelerators', replacement: 'workloads.accelerator.nodeSelectors' },
  { legacy: 'acceleratorNodeSelector', replacement: 'workloads.accelerator.customNodeSelectorKey' },
  {
    legacy: 'workloadDefaultTolerances',
    replacement: 'workloads.marketType',
    manual: 'becomes market-type and accelerator patches',
  },
  { legacy: 'operatorImage', replacement: 'operator.container.image' },
  { legacy: 'vectorImage', replacement: 'operator.vector.image' },
  { legacy: 'operatorReplicas', replacement: 'operator.replicas' },
  {
    legacy: 'operatorResources',
    replacement: 'operator.container.resources',
    manual: 'splits into operator.container.resources and operator.vector.resources',
  },
  {
    legacy: 'operatorNodeSelection',
    replacement: 'operator.nodeSelector',
    manual: 'splits into operator.nodeSelector, operator.affinity and operator.tolerations',
  },
  {
    legacy: 'operatorExcludeComponentVerification',
    replacement: 'operator.config.status.excludeComponentVerification',
  },
  { legacy: 'enableStatusReporting', replacement: 'operator.config.status.reportingEnabled' },
  { legacy: 'storageS3UsePathStyle', replacement: 'global.aws.s3.usePathStyle' },
  { legacy: 'additionalPatches', replacement: 'patches' },
  { legacy: 'aws.credentialSecret', replacement: 'credentialMount.aws' },
  // Not in the guide's tables, but the charts' templates moved it: 0.x reads .Values.controlPlaneURL, 1.0.0 on
  // .Values.global.controlPlaneURL (the same helper, trailing-slash check and default).
  { legacy: 'controlPlaneURL', replacement: 'global.controlPlaneURL', source: CHART_SOURCES.legacyTemplates },
]);
export const LEGACY_SOURCE = CHART_SOURCES.migration;

const LEGACY_BY_KEY = new Map(LEGACY_KEYS.map((entry) => [entry.legacy, entry]));
const LEGACY_BY_REPLACEMENT = new Map(LEGACY_KEYS.map((entry) => [entry.replacement, entry]));

export function legacyKey(path: string): LegacyKey | undefined {
  return LEGACY_BY_KEY.get(path);
}

/** The pre-1.0 key that moved to a 1.x path (`controlPlaneURL` for `global.controlPlaneURL`). */
export function legacyKeyOf(path: string): LegacyKey | undefined {
  return LEGACY_BY_REPLACEMENT.get(path);
}

/** True for a section that only holds a legacy key (`aws`, the parent of `aws.credentialSecret`). */
export function isLegacyParent(path: string): boolean {
  return LEGACY_KEYS.some((entry) => entry.legacy.startsWith(`${path}.`));
}

/**
 * Legacy keys that name the Anyscale operator unmistakably: a document with one of them at the top level is
 * pre-1.0 operator values. (`region`, `cloudProvider`, `controlPlaneURL` or `aws` alone could belong to any chart.)
 */
export const DISTINCTIVE_LEGACY_KEYS: ReadonlySet<string> = new Set(
  LEGACY_KEYS.map((entry) => entry.legacy).filter(
    (key) =>
      !['region', 'cloudProvider', 'controlPlaneURL', 'aws.credentialSecret', 'iamMappingAnnotation'].includes(key),
  ),
);

/** Control planes (domain §5.2, §3.5). */
export const CONTROL_PLANES = {
  /** Anyscale on Azure's control plane. */
  azure: 'https://console.azure.anyscale.com',
  /** What the chart uses when controlPlaneURL is omitted: a different control plane. */
  chartDefault: 'https://console.anyscale.com',
  /** The Private Link form: `https://cld-<cloud id>.azure.anyscale-cloud.dev`. */
  privateLink: /^https:\/\/cld-[a-z0-9-]+\.azure\.anyscale-cloud\.dev$/,
  privateLinkExample: 'https://cld-<id>.azure.anyscale-cloud.dev',
  ...cite(SOURCES.addCloudResource, 'documented'),
  privateLinkSource: CHART_SOURCES.privateLink,
} as const;

/** Shapes of operator values (domain §1.7, §4.2). */
export const VALUE_SHAPES = {
  /** A cloud resource ID as the console and the ARM output show it. */
  cloudResourceId: /^cldrsrc_[A-Za-z0-9]+$/,
  cloudResourceIdExample: 'cldrsrc_abcdefghijklmnopqrstuvwxyz',
  /** A documentation placeholder left in place: `<cloud-resource-id>`. */
  placeholder: /^<[^<>]+>$/,
  /** `api://<application ID>/.default`. */
  audience: /^api:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/\.default$/i,
  /** The service account the docs set for workloads on Azure (federated to the operator identity). */
  azureWorkloadServiceAccount: 'anyscale-operator',
} as const;

/**
 * The audience Anyscale's reference deployment uses (the Anyscale Entra application) [REF]; the chart only says the
 * audience is required on Azure and shaped `api://<guid>/.default` [SPEC], the docs show a placeholder [DOC].
 */
export const REFERENCE_AUDIENCE = {
  value: 'api://086bc555-6989-4362-ba30-fded273e432b/.default',
  ...cite(CHART_SOURCES.referenceDeployment, 'reference deployment'),
} as const;

/**
 * The AKS extension that carries the operator values in ARM templates (domain §1.8, §5.1): the extension type is the
 * one `az k8s-extension create --extension-type` gets in add-cloud-resource step 5 [DOC].
 */
export const OPERATOR_EXTENSION = {
  resourceType: 'Microsoft.KubernetesConfiguration/extensions',
  extensionType: 'Anyscale.AKS.Operator',
  ...cite(SOURCES.addCloudResource, 'documented'),
} as const;

/** Sources and grades of this module's single-source tables (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  /** The guide's tables; `controlPlaneURL`, which they leave out, is from the charts' templates (its own source, spec). */
  LEGACY_KEYS: cite(CHART_SOURCES.migration, 'documented'),
  /** Which legacy keys could belong to another chart is our judgement, not the guide's. */
  DISTINCTIVE_LEGACY_KEYS: cite(CHART_SOURCES.migration, 'inferred'),
  /** The shapes are the chart's (values schema and templates) [SPEC]; `cldrsrc_…` is how the docs show the ID [DOC]. */
  VALUE_SHAPES: cite(CHART_SOURCES.values, 'spec'),
});
