// Facts about the Gateway API manifests an Anyscale cloud resource needs (domain §3.3, §5.3): which kinds we read,
// the listener hostnames of each control plane, and the names of the TLS secrets the operator creates.
import { Citations, cite, Source, SOURCES } from './source';
import { CHART_SOURCES } from './chart';

export const GATEWAY_SOURCES = {
  gatewayApi: Source.parse({
    title: 'Gateway API reference: Listener and GatewayTLSConfig (Kubernetes SIG Network)',
    url: 'https://gateway-api.sigs.k8s.io/reference/spec/',
  }),
  quickstart: CHART_SOURCES.quickstart,
  addCloudResource: SOURCES.addCloudResource,
  objectNames: Source.parse({
    title: 'Object Names and IDs: DNS subdomain names (Kubernetes documentation)',
    url: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-subdomain-names',
  }),
  ingressNginxQuickstart: Source.parse({
    title: 'Deploy Anyscale on Azure to AKS with Ingress-NGINX (Microsoft Learn quickstart, 2026-06-22)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/quickstart-azure-cli-ingress-nginx',
  }),
};

/** The manifests we check: Gateway API kinds, and Envoy Gateway's EnvoyProxy. */
export const GATEWAY_KINDS: ReadonlyMap<string, string> = new Map([
  ['Gateway', 'gateway.networking.k8s.io/'],
  ['GatewayClass', 'gateway.networking.k8s.io/'],
  ['HTTPRoute', 'gateway.networking.k8s.io/'],
  ['EnvoyProxy', 'gateway.envoyproxy.io/'],
]);

/** Listener hostnames per control plane: head-node (`i`) and service (`s`) traffic. */
export const ANYSCALE_HOSTNAMES = {
  azure: { session: '*.i.azure.anyscaleuserdata.com', service: '*.s.azure.anyscaleuserdata.com' },
  /** Right only for the non-Azure control plane (console.anyscale.com); older docs showed them for Azure too. */
  nonAzure: { session: '*.i.anyscaleuserdata.com', service: '*.s.anyscaleuserdata.com' },
  /** Documented: "On Azure, the gateway's HTTPS listeners must use …" (the overview's Networking section). */
  ...cite(SOURCES.cloudResourcesOverviewNetworking, 'documented'),
} as const;

/**
 * TLS secrets the operator creates: `anyscale-<id>-certificate` and `anyscale-svc-<id>-certificate`, where `<id>` is
 * the cloud resource ID with hyphens instead of underscores (`cldrsrc_abc` → `cldrsrc-abc`).
 */
export const TLS_SECRET = {
  pattern: /^anyscale-(svc-)?(.+)-certificate$/,
  ...cite(GATEWAY_SOURCES.quickstart, 'documented'),
} as const;

/**
 * Kubernetes object names, Secrets' included, are DNS subdomain names (RFC 1123): lowercase letters, digits, `-` and
 * `.`. A name with an uppercase letter or an underscore names a Secret that cannot exist.
 */
export const KUBERNETES_NAMES = {
  uppercase: /[A-Z]/,
  underscore: /_/,
  ...cite(GATEWAY_SOURCES.objectNames, 'spec'),
} as const;

/** Why no secret of a TLS secret name will exist, and the name the operator creates instead. */
export type TlsSecretNameProblem =
  /** `expected` has `cldrsrc-…` where the ID is still to be filled in. */
  | { readonly kind: 'placeholder'; readonly placeholder: string; readonly service: boolean; readonly expected: string }
  /** `reason`: which characters no Kubernetes name holds (uppercase letters, underscores), as a sentence. */
  | { readonly kind: 'characters'; readonly reason: string; readonly service: boolean; readonly expected: string };

/** A `<…>` placeholder anywhere in the secret name's ID part. */
const PLACEHOLDER_IN = /<[^<>]+>/;

/** TLS_SECRET's shape in any case: an uppercase name imitates it, but no secret of that name can exist. */
const TLS_SECRET_ANY_CASE = new RegExp(TLS_SECRET.pattern.source, 'i');

/**
 * What is wrong with a name of the shape `anyscale-[svc-]<id>-certificate` (in any case): a placeholder left in the ID
 * (the docs' `<cloud-resource-id>`, or a part of it like our snippet's `cldrsrc-<id>`), or uppercase letters or
 * underscores, which Kubernetes names can't hold. Undefined for a name of another shape or one the operator can create.
 */
export function tlsSecretNameProblem(name: string): TlsSecretNameProblem | undefined {
  const match = TLS_SECRET_ANY_CASE.exec(name);
  if (!match) return undefined;
  const [, svc, id] = match;
  const service = svc !== undefined;
  const placeholder = PLACEHOLDER_IN.exec(id)?.[0];
  if (placeholder)
    return { kind: 'placeholder', placeholder, service, expected: name.replace(id, 'cldrsrc-…').toLowerCase() };
  const uppercase = KUBERNETES_NAMES.uppercase.test(name);
  const underscore = KUBERNETES_NAMES.underscore.test(name);
  if (!uppercase && !underscore) return undefined;
  const reason =
    uppercase && underscore
      ? 'Kubernetes names are lowercase and have no underscores'
      : uppercase
        ? 'Kubernetes names are lowercase'
        : 'Kubernetes names have no underscores';
  return { kind: 'characters', reason, service, expected: name.toLowerCase().replace(/_/g, '-') };
}

/**
 * Ingress-NGINX, the controller of the chart's bundled `ingress-nginx` subchart, reached end of life in March 2026,
 * and Anyscale recommends Envoy Gateway for each cloud resource. Documented: the caution box of the Ingress-NGINX
 * quickstart (domain §3.3).
 */
export const INGRESS_NGINX_END_OF_LIFE = {
  since: 'March 2026',
  ...cite(GATEWAY_SOURCES.ingressNginxQuickstart, 'documented'),
} as const;

/** TLS modes of a listener; Terminate is the default when `tls.mode` is absent. */
export const TERMINATE_MODE = 'Terminate';

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  GATEWAY_KINDS: cite(GATEWAY_SOURCES.gatewayApi, 'spec'),
  TERMINATE_MODE: cite(GATEWAY_SOURCES.gatewayApi, 'spec'),
});
