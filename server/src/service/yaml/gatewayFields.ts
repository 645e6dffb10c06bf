// The fields of the Gateway API manifests an Anyscale cloud resource needs, for completions and hover: where each
// goes (a path with `[]` for list items), what it means, and the values that fit an Anyscale on Azure gateway.
import { ANYSCALE_HOSTNAMES, GATEWAY_KINDS, GATEWAY_SOURCES, tlsSecretNameProblem } from '../catalog/gateway';
import { CHART_SOURCES, VALUE_SHAPES } from '../catalog/chart';
import type { Source } from '../catalog/source';

export interface FieldValue {
  readonly value: string;
  readonly description?: string;
  /** Inserted as an LSP snippet (with a placeholder to fill in) instead of the value. */
  readonly snippet?: string;
}

export interface GatewayField {
  /** Dotted path from the manifest's root; `[]` marks a list item: `spec.listeners[].hostname`. */
  readonly path: string;
  readonly type: 'string' | 'integer' | 'object' | 'array' | 'map';
  readonly description: string;
  readonly values?: readonly FieldValue[];
  /** Only in manifests of this kind. */
  readonly kind?: string;
  readonly source: Source;
  /** Why a value can't be right and what it should be, as Markdown; undefined for a value with no known problem. */
  readonly valueProblem?: (value: string) => string | undefined;
}

const api = GATEWAY_SOURCES.gatewayApi;
const code = (value: string) => `\`${value}\``;

/** A certificate secret name the operator never creates (gateway-tls-secret-invalid's check): why, and the name it creates. */
function certificateNameProblem(value: string): string | undefined {
  const problem = tlsSecretNameProblem(value);
  if (!problem) return undefined;
  const why =
    problem.kind === 'placeholder' ? `it still has the placeholder ${code(problem.placeholder)}` : problem.reason;
  const which = problem.service ? 'service' : 'head-node';
  return `no secret of this name will exist: ${why}. The operator names the ${which} certificate after the cloud resource ID with hyphens: ${code(problem.expected)}.`;
}
const quickstart = GATEWAY_SOURCES.quickstart;
const gateway = 'Gateway';

export const GATEWAY_FIELDS: readonly GatewayField[] = [
  {
    path: 'apiVersion',
    type: 'string',
    description: 'The API group and version of the manifest.',
    source: api,
    values: [...new Set(GATEWAY_KINDS.values())].map((group) => ({
      value: group === 'gateway.networking.k8s.io/' ? `${group}v1` : `${group}v1alpha1`,
    })),
  },
  {
    path: 'kind',
    type: 'string',
    description: 'The kind of manifest.',
    source: api,
    values: [...GATEWAY_KINDS.keys()].map((value) => ({ value })),
  },
  { path: 'metadata', type: 'object', description: 'Name, namespace, labels and annotations.', source: api },
  {
    path: 'metadata.name',
    type: 'string',
    description:
      'The name; for the Gateway it is what the operator values name in `networking.gateway.name` (`gateway` in the docs).',
    source: quickstart,
    values: [{ value: 'gateway', description: 'The name the Microsoft Learn quickstart uses' }],
  },
  {
    path: 'metadata.namespace',
    type: 'string',
    description:
      'The namespace; the Gateway goes where `networking.gateway.namespace` says (`anyscale-operator` in the docs).',
    source: quickstart,
    values: [{ value: VALUE_SHAPES.azureWorkloadServiceAccount, description: "The operator's namespace" }],
  },
  { path: 'metadata.labels', type: 'map', description: 'Labels.', source: api },
  { path: 'metadata.annotations', type: 'map', description: 'Annotations.', source: api },
  { path: 'spec', type: 'object', description: 'The specification.', source: api },
  {
    path: 'spec.gatewayClassName',
    type: 'string',
    kind: gateway,
    description: 'The GatewayClass that runs this Gateway (`eg` for Envoy Gateway, which Anyscale recommends).',
    source: quickstart,
    values: [{ value: 'eg', description: 'Envoy Gateway' }],
  },
  {
    path: 'spec.listeners',
    type: 'array',
    kind: gateway,
    description:
      'Where the Gateway accepts traffic. Anyscale on Azure needs an HTTPS listener for head nodes (`*.i.azure.anyscaleuserdata.com`) and one for services (`*.s.azure.anyscaleuserdata.com`).',
    source: quickstart,
  },
  {
    path: 'spec.listeners[].name',
    type: 'string',
    kind: gateway,
    description: 'A name unique among the listeners (`http`, `https`, `https-session` in the quickstart).',
    source: api,
  },
  {
    path: 'spec.listeners[].hostname',
    type: 'string',
    kind: gateway,
    description: `The hostnames the listener serves. For Anyscale on Azure: \`${ANYSCALE_HOSTNAMES.azure.session}\` (head nodes) and \`${ANYSCALE_HOSTNAMES.azure.service}\` (services); \`${ANYSCALE_HOSTNAMES.nonAzure.session}\` is only right for the non-Azure control plane. Quote it: a plain scalar cannot start with \`*\`.`,
    source: ANYSCALE_HOSTNAMES.source,
    values: [
      {
        value: ANYSCALE_HOSTNAMES.azure.session,
        description: 'Anyscale on Azure: head-node traffic (workspaces, dashboards)',
      },
      { value: ANYSCALE_HOSTNAMES.azure.service, description: 'Anyscale on Azure: service traffic' },
    ],
  },
  {
    path: 'spec.listeners[].port',
    type: 'integer',
    kind: gateway,
    description: 'The port: 443 for HTTPS, 80 for HTTP.',
    source: api,
    values: [{ value: '443' }, { value: '80' }],
  },
  {
    path: 'spec.listeners[].protocol',
    type: 'string',
    kind: gateway,
    description: 'The protocol; the Anyscale listeners are HTTPS, with an HTTP listener on port 80 beside them.',
    source: api,
    values: ['HTTPS', 'HTTP', 'TLS', 'TCP', 'UDP'].map((value) => ({ value })),
  },
  {
    path: 'spec.listeners[].tls',
    type: 'object',
    kind: gateway,
    description: 'TLS settings of an HTTPS or TLS listener.',
    source: api,
  },
  {
    path: 'spec.listeners[].tls.mode',
    type: 'string',
    kind: gateway,
    description:
      '`Terminate` (the default) ends TLS at the Gateway with the certificates in `certificateRefs`; `Passthrough` forwards it.',
    source: api,
    values: [{ value: 'Terminate', description: 'The Anyscale listeners terminate TLS' }, { value: 'Passthrough' }],
  },
  {
    path: 'spec.listeners[].tls.certificateRefs',
    type: 'array',
    kind: gateway,
    description: 'The certificates a terminating listener serves: the TLS secrets the operator creates.',
    source: quickstart,
  },
  {
    path: 'spec.listeners[].tls.certificateRefs[].kind',
    type: 'string',
    kind: gateway,
    description: 'The kind of the referenced object.',
    source: api,
    values: [{ value: 'Secret' }],
  },
  {
    path: 'spec.listeners[].tls.certificateRefs[].group',
    type: 'string',
    kind: gateway,
    description: 'The API group of the referenced object (empty for the core group).',
    source: api,
  },
  {
    path: 'spec.listeners[].tls.certificateRefs[].namespace',
    type: 'string',
    kind: gateway,
    description: "The namespace of the secret, when it is not the Gateway's (needs a ReferenceGrant).",
    source: api,
  },
  {
    path: 'spec.listeners[].tls.certificateRefs[].name',
    type: 'string',
    kind: gateway,
    description:
      "The TLS secret the operator creates: `anyscale-<cloud resource id>-certificate` for head nodes and `anyscale-svc-<cloud resource id>-certificate` for services, with the ID's underscores written as hyphens (`cldrsrc-…`).",
    source: quickstart,
    values: [
      {
        value: 'anyscale-<id>-certificate',
        snippet: 'anyscale-${1:cldrsrc-id}-certificate',
        description: 'Head-node certificate (the cloud resource ID with hyphens)',
      },
      {
        value: 'anyscale-svc-<id>-certificate',
        snippet: 'anyscale-svc-${1:cldrsrc-id}-certificate',
        description: 'Service certificate (the cloud resource ID with hyphens)',
      },
    ],
    valueProblem: certificateNameProblem,
  },
  {
    path: 'spec.listeners[].tls.options',
    type: 'map',
    kind: gateway,
    description: 'Implementation-specific TLS options.',
    source: api,
  },
  {
    path: 'spec.listeners[].allowedRoutes',
    type: 'object',
    kind: gateway,
    description: 'Which routes may attach to the listener.',
    source: api,
  },
  {
    path: 'spec.listeners[].allowedRoutes.namespaces',
    type: 'object',
    kind: gateway,
    description: 'The namespaces routes may come from.',
    source: api,
  },
  {
    path: 'spec.listeners[].allowedRoutes.namespaces.from',
    type: 'string',
    kind: gateway,
    description:
      "`All`, `Same` (the Gateway's namespace) or `Selector`. The quickstart uses `Same`; the add-cloud-resource article `All` for the HTTPS listeners.",
    source: CHART_SOURCES.quickstart,
    values: ['All', 'Same', 'Selector'].map((value) => ({ value })),
  },
  {
    path: 'spec.listeners[].allowedRoutes.namespaces.selector',
    type: 'map',
    kind: gateway,
    description: 'The label selector of `from: Selector`.',
    source: api,
  },
  {
    path: 'spec.listeners[].allowedRoutes.kinds',
    type: 'array',
    kind: gateway,
    description: 'The route kinds that may attach.',
    source: api,
  },
  {
    path: 'spec.addresses',
    type: 'array',
    kind: gateway,
    description: 'Addresses requested for the Gateway.',
    source: api,
  },
  {
    path: 'spec.infrastructure',
    type: 'object',
    kind: gateway,
    description: 'Labels, annotations and parameters of the infrastructure the Gateway runs on.',
    source: api,
  },
];

const BY_PATH = new Map(GATEWAY_FIELDS.map((field) => [field.path, field]));

/** A field's path from the segments a cursor or hover sees (`['spec', 'listeners', '[]', 'name']`). */
export function gatewayFieldPath(segments: readonly string[]): string {
  return segments.join('.').replace(/\.\[\]/g, '[]');
}

export function gatewayField(path: string, kind: string): GatewayField | undefined {
  const field = BY_PATH.get(path);
  return field && (!field.kind || field.kind === kind) ? field : undefined;
}

/** The fields directly inside the object at `path` (`''` for the root). */
export function gatewayChildren(path: string, kind: string): readonly GatewayField[] {
  return GATEWAY_FIELDS.filter((field) => {
    if (field.kind && field.kind !== kind) return false;
    const rest =
      path === '' ? field.path : field.path.startsWith(`${path}.`) ? field.path.slice(path.length + 1) : undefined;
    return rest !== undefined && rest !== '' && !rest.includes('.');
  });
}
