// The template snippets, as data: resources to insert into a template's `resources` array (or, under symbolic
// names, into a languageVersion 2.0 `resources` object), with tab stops
// (`${1:placeholder}`, a repeated number mirrors the first) and every required property. Placeholder values are
// the docs' examples; the identity placeholder stays visibly a placeholder so the checks flag it until replaced.
import {
  CLOUD_RESOURCE_TYPE,
  CLOUD_TYPE,
  GA_API_VERSION,
  JOB_TYPE,
  NAMING,
  PRIMARY_CLOUD_RESOURCE_NAME,
  PROJECT_TYPE,
  SERVICE_TYPE,
  WORKSPACE_TYPE,
} from '../../../catalog/anyscale';
import { IDENTITY_SHAPES } from '../../../catalog/identity';
import { KUBERAY_EXTENSION } from '../../../catalog/clusterExtensions';
import { normalizeAzureLocation } from '../../../catalog/regions';
import type { SnippetTargets } from './snippetTargets';

export interface TemplateSnippet {
  readonly label: string;
  /** What the user types to find it (ARM Tools' `arm-…`, Bicep's `res-…`): the entry's filter text. */
  readonly prefix: string;
  readonly description: string;
  /** One or more resource objects, one line per item, `\t` per indentation level. */
  readonly body: readonly string[];
  /** The resources the template may declare already that this one refers to (SnippetReference). */
  readonly refersTo?: readonly SnippetReference[];
  /** The same resources as entries of a languageVersion 2.0 `resources` object (see symbolicEntries). */
  readonly symbolic: {
    /** Each resource's symbolic name (the placeholder of its name's tab stop), in the order of `body`. */
    readonly names: readonly string[];
    /** Texts of `body` that refer to one of its resources (by index), written as that resource's symbolic name instead. */
    readonly references?: Readonly<Record<string, number>>;
  };
}

/**
 * A resource the template may declare already (snippetTargets.ts), which a snippet's resource refers to: the tab stop
 * and placeholder of its name, replaced by the declared name, with a dependsOn on it written before `properties`.
 */
export interface SnippetReference {
  readonly target: keyof SnippetTargets;
  readonly stop: number;
  readonly placeholder: string;
  /** A cloud resource's provider: when not Azure, inserted as its cloud's first it is an error, which the item says. */
  readonly provider?: string;
  /** The tab stop of the resource's location, given the target's location as written. */
  readonly location?: TabStop;
  /** The tab stop of the resource's own name, written `<prefix><location>` when the target's location is given. */
  readonly nameAfterLocation?: { readonly tabStop: TabStop; readonly prefix: string };
}

interface TabStop {
  readonly stop: number;
  readonly placeholder: string;
}

const tabStop = ({ stop, placeholder }: TabStop) => `\${${stop}:${placeholder}}`;

/**
 * A cloud resource snippet's location: the cloud's as written (location-differs-from-cloud), an expression too, when
 * the template declares the cloud, else the docs' example.
 */
const CLOUD_RESOURCE_LOCATION: TabStop = { stop: 3, placeholder: 'uksouth' };

/**
 * The AKS cloud resource's own name, the docs' `aks<region>`: `aks<location>` when the cloud's location is taken. Its
 * `region` keeps the docs' example: that an Azure cloud resource's region must be its location is not documented.
 */
const AKS_RESOURCE_NAME = { tabStop: { stop: 2, placeholder: 'aksuksouth' }, prefix: 'aks' };

/** A cloud resource snippet's reference to its cloud: its name (tab stop 1) and location. */
function cloudOf(provider: string, nameAfterLocation?: SnippetReference['nameAfterLocation']): SnippetReference {
  return {
    target: 'cloud',
    stop: 1,
    placeholder: 'my-cloud',
    provider,
    location: CLOUD_RESOURCE_LOCATION,
    ...(nameAfterLocation ? { nameAfterLocation } : {}),
  };
}

const PRINCIPAL_ID = IDENTITY_SHAPES.azurePrincipalId.placeholder;
/**
 * The AKS snippet's Kubernetes version: the oldest the managed KubeRay extension runs on [DOC] (domain §6), also where
 * AKS turns the OIDC issuer on by default for a new cluster [DOC] (§7); `kubernetesVersion` is a string property of
 * Microsoft.ContainerService/managedClusters in ARM's schema. Without it AKS picks its default, which may be older.
 */
const KUBERAY_KUBERNETES = KUBERAY_EXTENSION.minimumKubernetes;
/** The "cloud + default cloud resource" snippet's dependsOn on its cloud (tab stop 1 is the cloud's name). */
const CLOUD_REFERENCE = `[resourceId('${CLOUD_TYPE}', '\${1}')]`;

/** Lines of a cloud resource's head: type, apiVersion, name, location. */
function cloudResourceHead(name: string, location: string): string[] {
  return [
    `\t"type": "${CLOUD_RESOURCE_TYPE}",`,
    `\t"apiVersion": "${GA_API_VERSION}",`,
    `\t"name": "${name}",`,
    `\t"location": "${location}",`,
  ];
}

/** A workload's head: type, apiVersion and `<cloud>/<project>/<name>` (tab stops 1 to 3). */
function workloadHead(type: string, name: string): string[] {
  return [
    `\t"type": "${type}",`,
    `\t"apiVersion": "${GA_API_VERSION}",`,
    `\t"name": "\${1:my-cloud}/\${2:my-project}/\${3:${name}}",`,
  ];
}

/**
 * An inline compute config on the primary cloud resource, by resource ID (2026-09-01), indented by `depth` tabs: what
 * a service must use, and a workspace's single cloud resource. Head node instance type is tab stop `instanceStop`.
 */
function primaryComputeConfig(depth: number, instanceStop: number, last: boolean): string[] {
  const tabs = '\t'.repeat(depth);
  return [
    '"computeConfig": {',
    '\t"spec": {',
    '\t\t"options": [',
    '\t\t\t{',
    '\t\t\t\t"cloudResourceNames": [',
    `\t\t\t\t\t"[resourceId('${CLOUD_RESOURCE_TYPE}', '\${1}', '${PRIMARY_CLOUD_RESOURCE_NAME}')]"`,
    '\t\t\t\t],',
    '\t\t\t\t"headNode": {',
    '\t\t\t\t\t"name": "head",',
    `\t\t\t\t\t"instanceType": "\${${instanceStop}:Standard_D8s_v5}"`,
    '\t\t\t\t}',
    '\t\t\t}',
    '\t\t]',
    '\t}',
    last ? '}' : '},',
  ].map((line) => `${tabs}${line}`);
}

const RAY_IMAGE = 'anyscale/ray:2.44.0-py312-cu124';

/**
 * A workload's cloud (tab stop 1, also in its compute config's resource ID) and project (tab stop 2): in a template
 * that creates one cloud, its name, with a dependsOn on its last cloud resource (so the primary `default` the compute
 * config names exists), else the cloud; and when it creates one project of that cloud, its name and a dependsOn on it
 * (jobs, services and workspaces are children of a project [DOC] create-workloads-arm, domain §1.5).
 */
const WORKLOAD_PARENTS: readonly SnippetReference[] = [
  { target: 'cloud', stop: 1, placeholder: 'my-cloud' },
  { target: 'project', stop: 2, placeholder: 'my-project' },
];

/**
 * A project (2026-09-01; `properties` may be `{}`, the spec's example), then jobs, services and workspaces on the
 * primary cloud resource, after the other snippets.
 */
const WORKLOAD_SNIPPETS: readonly TemplateSnippet[] = [
  {
    label: 'Anyscale project',
    prefix: 'anyscale-project',
    description: 'A project of a cloud, which jobs, services and workspaces are created in.',
    body: [
      '{',
      `\t"type": "${PROJECT_TYPE}",`,
      `\t"apiVersion": "${GA_API_VERSION}",`,
      '\t"name": "${1:my-cloud}/${2:my-project}",',
      '\t"properties": {}',
      '}',
    ],
    refersTo: [{ target: 'cloudItself', stop: 1, placeholder: 'my-cloud' }],
    symbolic: { names: ['project'] },
  },
  {
    label: 'Anyscale job (primary cloud resource)',
    prefix: 'anyscale-job',
    description:
      'A job of a project, with an inline compute config on the primary cloud resource `default` by resource ID. Its entrypoint is write-only: ARM never returns it.',
    body: [
      '{',
      ...workloadHead(JOB_TYPE, 'my-job'),
      '\t"properties": {',
      '\t\t"config": {',
      `\t\t\t"imageUri": "\${4:${RAY_IMAGE}}",`,
      '\t\t\t"entrypoint": "${5:python main.py}",',
      ...primaryComputeConfig(3, 6, true),
      '\t\t}',
      '\t}',
      '}',
    ],
    refersTo: WORKLOAD_PARENTS,
    symbolic: { names: ['job'] },
  },
  {
    label: 'Anyscale service (primary cloud resource)',
    prefix: 'anyscale-service',
    description:
      'A Ray Serve service of a project. Services run only on the primary cloud resource `default`, named here by resource ID.',
    body: [
      '{',
      ...workloadHead(SERVICE_TYPE, 'my-service'),
      '\t"properties": {',
      '\t\t"deploymentConfig": {',
      `\t\t\t"imageUri": "\${4:${RAY_IMAGE}}",`,
      '\t\t\t"applications": [',
      '\t\t\t\t{',
      '\t\t\t\t\t"importPath": "${5:serve_app:app}"',
      '\t\t\t\t}',
      '\t\t\t],',
      ...primaryComputeConfig(3, 6, true),
      '\t\t}',
      '\t}',
      '}',
    ],
    refersTo: WORKLOAD_PARENTS,
    symbolic: { names: ['service'] },
  },
  {
    label: 'Anyscale workspace (primary cloud resource)',
    prefix: 'anyscale-workspace',
    description:
      "A workspace of a project on one cloud resource, the primary `default` (workspaces don't fall back to another).",
    body: [
      '{',
      ...workloadHead(WORKSPACE_TYPE, 'my-workspace'),
      '\t"properties": {',
      `\t\t"imageUri": "\${4:${RAY_IMAGE}}",`,
      '\t\t"idleTerminationMinutes": ${5:60},',
      ...primaryComputeConfig(2, 6, true),
      '\t}',
      '}',
    ],
    refersTo: WORKLOAD_PARENTS,
    symbolic: { names: ['workspace'] },
  },
];

export const TEMPLATE_SNIPPETS: readonly TemplateSnippet[] = [
  {
    label: 'Anyscale cloud resource (Azure)',
    prefix: 'anyscale-cloud-resource',
    description:
      "A cloud resource on AKS: abfss bucket, its Blob endpoint, and the operator managed identity's principal ID.",
    body: [
      '{',
      ...cloudResourceHead(`\${1:my-cloud}/${tabStop(AKS_RESOURCE_NAME.tabStop)}`, tabStop(CLOUD_RESOURCE_LOCATION)),
      '\t"properties": {',
      '\t\t"provider": "Azure",',
      '\t\t"computeStack": "K8S",',
      '\t\t"region": "${4:uksouth}",',
      '\t\t"cloudStorageBucketName": "abfss://${5:anyscale-data}@${6:mystorageacct}.dfs.core.windows.net",',
      '\t\t"cloudStorageBucketEndpoint": "https://${6}.blob.core.windows.net",',
      `\t\t"anyscaleOperatorIamIdentity": "\${7:${PRINCIPAL_ID}}"`,
      '\t}',
      '}',
    ],
    refersTo: [cloudOf('Azure', AKS_RESOURCE_NAME)],
    symbolic: { names: ['cloudResource'] },
  },
  {
    label: 'Anyscale cloud resource (AWS)',
    prefix: 'anyscale-cloud-resource-aws',
    description: 'A cloud resource on EKS: S3 bucket and the operator IAM role ARN.',
    body: [
      '{',
      ...cloudResourceHead('${1:my-cloud}/${2:eksuswest2}', tabStop(CLOUD_RESOURCE_LOCATION)),
      '\t"properties": {',
      '\t\t"provider": "AWS",',
      '\t\t"computeStack": "K8S",',
      '\t\t"region": "${4:us-west-2}",',
      '\t\t"cloudStorageBucketName": "s3://${5:my-anyscale-eks-bucket}",',
      '\t\t"cloudStorageBucketEndpoint": "",',
      '\t\t"anyscaleOperatorIamIdentity": "arn:aws:iam::${6:123456789012}:role/${7:anyscale-operator-role}"',
      '\t}',
      '}',
    ],
    refersTo: [cloudOf('AWS')],
    symbolic: { names: ['cloudResource'] },
  },
  {
    label: 'Anyscale cloud resource (GCP)',
    prefix: 'anyscale-cloud-resource-gcp',
    description: 'A cloud resource on GKE: Cloud Storage bucket and the operator service-account email.',
    body: [
      '{',
      ...cloudResourceHead('${1:my-cloud}/${2:gkeuscentral1}', tabStop(CLOUD_RESOURCE_LOCATION)),
      '\t"properties": {',
      '\t\t"provider": "GCP",',
      '\t\t"computeStack": "K8S",',
      '\t\t"region": "${4:us-central1}",',
      '\t\t"cloudStorageBucketName": "gs://${5:my-anyscale-gke-bucket}",',
      '\t\t"cloudStorageBucketEndpoint": "",',
      '\t\t"anyscaleOperatorIamIdentity": "${6:anyscale-operator}@${7:my-project}.iam.gserviceaccount.com"',
      '\t}',
      '}',
    ],
    refersTo: [cloudOf('GCP')],
    symbolic: { names: ['cloudResource'] },
  },
  {
    label: 'Anyscale cloud resource (Generic)',
    prefix: 'anyscale-cloud-resource-generic',
    description: 'A cloud resource on any Kubernetes cluster: a routing-label region and any <scheme>://<bucket>.',
    body: [
      '{',
      ...cloudResourceHead('${1:my-cloud}/${2:onpremdc1}', tabStop(CLOUD_RESOURCE_LOCATION)),
      '\t"properties": {',
      '\t\t"provider": "Generic",',
      '\t\t"computeStack": "K8S",',
      '\t\t"region": "${4:dc1}",',
      '\t\t"cloudStorageBucketName": "${5:s3}://${6:my-anyscale-onprem-bucket}",',
      '\t\t"cloudStorageBucketEndpoint": ""',
      '\t}',
      '}',
    ],
    refersTo: [cloudOf('Generic')],
    symbolic: { names: ['cloudResource'] },
  },
  {
    label: 'Anyscale cloud + default cloud resource',
    prefix: 'anyscale-cloud',
    description: 'A cloud and its primary cloud resource `default` (provider Azure), created after the cloud.',
    body: [
      '{',
      `\t"type": "${CLOUD_TYPE}",`,
      `\t"apiVersion": "${GA_API_VERSION}",`,
      '\t"name": "${1:my-cloud}",',
      '\t"location": "${2:uksouth}",',
      '\t"properties": {}',
      '},',
      '{',
      ...cloudResourceHead('${1}/default', '${2}'),
      '\t"dependsOn": [',
      `\t\t"${CLOUD_REFERENCE}"`,
      '\t],',
      '\t"properties": {',
      '\t\t"provider": "Azure",',
      '\t\t"computeStack": "K8S",',
      '\t\t"region": "${2}",',
      '\t\t"cloudStorageBucketName": "abfss://${3:anyscale-data}@${4:mystorageacct}.dfs.core.windows.net",',
      '\t\t"cloudStorageBucketEndpoint": "https://${4}.blob.core.windows.net",',
      `\t\t"anyscaleOperatorIamIdentity": "\${5:${PRINCIPAL_ID}}"`,
      '\t}',
      '}',
    ],
    symbolic: { names: ['cloud', 'defaultCloudResource'], references: { [CLOUD_REFERENCE]: 0 } },
  },
  {
    label: 'AKS managed KubeRay extension (preview)',
    prefix: 'kuberay',
    description:
      'The `microsoft.kuberay` cluster extension: KubeRay operator and Ray CRDs, auto-upgraded on the preview train (no `version` with auto-upgrade). Needs Kubernetes 1.34 or later and no self-hosted KubeRay operator.',
    body: [
      '{',
      '\t"type": "Microsoft.KubernetesConfiguration/extensions",',
      '\t"apiVersion": "2024-11-01",',
      '\t"name": "${1:kuberay}",',
      '\t"scope": "Microsoft.ContainerService/managedClusters/${2:aks-cluster}",',
      '\t"properties": {',
      '\t\t"extensionType": "microsoft.kuberay",',
      '\t\t"autoUpgradeMinorVersion": true,',
      '\t\t"releaseTrain": "preview",',
      '\t\t"scope": {',
      '\t\t\t"cluster": {',
      '\t\t\t\t"releaseNamespace": "kuberay-system"',
      '\t\t\t}',
      '\t\t}',
      '\t}',
      '}',
    ],
    refersTo: [{ target: 'aksCluster', stop: 2, placeholder: 'aks-cluster' }],
    symbolic: { names: ['kuberayExtension'] },
  },
  {
    label: 'AKS cluster with OIDC issuer and workload identity',
    prefix: 'aks-cluster',
    description:
      'A managed identity AKS cluster with `oidcIssuerProfile.enabled` and `securityProfile.workloadIdentity.enabled`, which the Anyscale operator needs.',
    body: [
      '{',
      '\t"type": "Microsoft.ContainerService/managedClusters",',
      '\t"apiVersion": "2025-10-01",',
      '\t"name": "${1:aks-cluster}",',
      '\t"location": "${2:uksouth}",',
      '\t"identity": {',
      '\t\t"type": "SystemAssigned"',
      '\t},',
      '\t"properties": {',
      '\t\t"dnsPrefix": "${3:aks-cluster}",',
      `\t\t"kubernetesVersion": "\${4:${KUBERAY_KUBERNETES.major}.${KUBERAY_KUBERNETES.minor}}",`,
      '\t\t"agentPoolProfiles": [',
      '\t\t\t{',
      '\t\t\t\t"name": "system",',
      '\t\t\t\t"mode": "System",',
      '\t\t\t\t"count": ${5:3},',
      '\t\t\t\t"vmSize": "${6:Standard_D4s_v5}",',
      '\t\t\t\t"osType": "Linux"',
      '\t\t\t}',
      '\t\t],',
      '\t\t"oidcIssuerProfile": {',
      '\t\t\t"enabled": true',
      '\t\t},',
      '\t\t"securityProfile": {',
      '\t\t\t"workloadIdentity": {',
      '\t\t\t\t"enabled": true',
      '\t\t\t}',
      '\t\t}',
      '\t}',
      '}',
    ],
    symbolic: { names: ['aksCluster'] },
  },
  ...WORKLOAD_SNIPPETS,
];

/** A whole deployment template around a snippet's resources, for an empty document. */
export function templateAround(body: readonly string[]): string[] {
  return [
    '{',
    // `\$`: a bare `$schema` is a snippet variable, which the editor resolves to nothing (the key would be "").
    '\t"\\$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",',
    '\t"contentVersion": "1.0.0.0",',
    '\t"resources": [',
    ...body.map((line) => `\t\t${line}`),
    '\t]',
    '}',
  ];
}

/** Tab stop n becomes n + by. */
function shiftTabStops(line: string, by: number): string {
  return line.replace(/\$\{(\d+)/g, (_, n: string) => `\${${Number(n) + by}`);
}

/**
 * The snippet's resources as entries of a languageVersion 2.0 `resources` object: each under its symbolic name,
 * whose tab stops come first (`"${1:cloudResource}": { … }`), and a reference to another of them written as its
 * symbolic name, as dependsOn wants it there.
 */
export function symbolicEntries(snippet: TemplateSnippet): string[] {
  const { names, references = {} } = snippet.symbolic;
  const referenceTo = new Map(
    Object.entries(references).map(([text, index]) => [shiftTabStops(text, names.length), `\${${index + 1}}`]),
  );
  let resource = 0;
  return snippet.body.map((line) => {
    // Each resource object starts with a `{` line of its own.
    if (line === '{') return `"\${${resource + 1}:${names[resource++]}}": {`;
    const shifted = shiftTabStops(line, names.length);
    for (const [text, name] of referenceTo) if (shifted.includes(text)) return shifted.replace(text, name);
    return shifted;
  });
}

/** A text as a snippet writes it inside a JSON string: JSON's escapes, then the snippet's (`\\`, `$`, `}`). */
function snippetString(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[\\$}]/g, '\\$&');
}

/**
 * The snippet for this template: for each resource it refers to that the template declares (snippetTargets.ts), that
 * resource's name in place of the placeholder, its location as written in place of the location's (a cloud's, also
 * in the AKS cloud resource's own name: `aks<location>`) and a dependsOn on it (for a cloud, on its last cloud
 * resource), and, for a non-Azure cloud resource that would be its cloud's first, a description saying that this is
 * an error.
 */
export function snippetFor(snippet: TemplateSnippet, targets: SnippetTargets): TemplateSnippet {
  const declared = (snippet.refersTo ?? []).flatMap((refers) => {
    const target = targets[refers.target];
    return target ? [{ refers, target }] : [];
  });
  if (declared.length === 0) return snippet;
  const entries = declared.map(({ target }) => `\t\t"${snippetString(target.dependsOn)}"`);
  const dependsOn = [
    '\t"dependsOn": [',
    ...entries.map((entry, i) => (i < entries.length - 1 ? `${entry},` : entry)),
    '\t],',
  ];
  const body = snippet.body.flatMap((line) => {
    const written = declared.reduce((text, { refers, target }) => {
      const named = text.replace(tabStop(refers), tabStop({ ...refers, placeholder: snippetString(target.name) }));
      const location = refers.location;
      if (!location || target.location === undefined) return named;
      const located = named.replace(
        tabStop(location),
        tabStop({ ...location, placeholder: snippetString(target.location) }),
      );
      const own = refers.nameAfterLocation;
      if (!own) return located;
      // "East US" is written eastus in a name; a location no name can hold leaves the example.
      const ownName = `${own.prefix}${normalizeAzureLocation(target.location)}`;
      return NAMING.namePattern.test(ownName)
        ? located.replace(tabStop(own.tabStop), tabStop({ ...own.tabStop, placeholder: ownName }))
        : located;
    }, line);
    return line.startsWith('\t"properties": {') ? [...dependsOn, written] : [written];
  });
  const firstNotAzure = declared.find(
    ({ refers, target }) => target.first && refers.provider !== undefined && refers.provider !== 'Azure',
  );
  const description = firstNotAzure
    ? `${snippet.description} This template's cloud "${firstNotAzure.target.name}" has no cloud resource yet, and its first must use provider Azure (\`primary-resource-not-azure\`): insert \`anyscale-cloud-resource\` (named \`default\`) before this one.`
    : snippet.description;
  return { ...snippet, body, description };
}
