// The outbound targets of Anyscale on Azure as typed data: the documented HTTPS 443 table, the start-up file storage,
// Microsoft Entra ID, the AKS baseline and cluster-extension endpoints, and the operator's image registries. Each entry
// names its flow, purpose, source and grade (domain facts §3.2); only documented or spec entries may be required. Hosts that depend on the deployment (storage accounts, ACR,
// cloud IDs, regions) are derived from the workspace in ./fromTemplate.ts; patterns here use `{region}` for those.
import { z } from 'zod';
import { Grade, Source } from '../catalog/source';
import { CHART_SOURCES } from '../catalog/chart';

export const Flow = z.enum([
  'client-control-plane',
  'client-aks',
  'client-storage',
  'aks-control-plane',
  'aks-storage-registry',
  'aks-azure-platform',
  'aks-listed',
]);

const CatalogTarget = z.object({
  /** An FQDN, a wildcard (`*.x`, `grafana-*.x`), or a template with `{region}`. */
  pattern: z.string().regex(/^[a-z0-9*{}.-]+$/),
  port: z.number().int().min(1).max(65535),
  flow: Flow,
  purpose: z.string(),
  required: z.boolean(),
  /** Which part of the deployment needs it; `aks-baseline` and `cluster-extensions` can be switched off. */
  group: z.enum(['anyscale', 'identity', 'aks-baseline', 'cluster-extensions', 'operator-images']),
  source: Source,
  /** How sure the entry is; only `documented` and `spec` entries may be `required`. */
  grade: Grade,
  /** An Azure Firewall FQDN tag that covers the host (see AKS_FQDN_TAG_SOURCES). */
  fqdnTag: z.literal('AzureKubernetesService').optional(),
});
export type CatalogTarget = z.infer<typeof CatalogTarget>;

export const EGRESS_SOURCES = {
  networking: {
    title: 'Anyscale on Azure networking — Required egress domains (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/networking',
  },
  /**
   * The June 2026 copy of the networking page read for the domain facts does not list the start-up storage; the page
   * as of 2026-11-11 does, as the networking guide of that date reports, and Anyscale's reference firewall list names it.
   */
  startupStorage: {
    title:
      "Anyscale on Azure networking — start-up file storage for every region (on the page as of 2026-11-11, per that date's networking guide; also in Anyscale's reference firewall list)",
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/networking',
  },
  privateLink: {
    title: 'Configure Private Link for Anyscale on Azure — Troubleshooting (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-private-link',
  },
  aksEgress: {
    title: 'Outbound network and FQDN rules for AKS clusters (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/outbound-rules-control-egress',
  },
  imageBuilds: {
    title: 'Configure container image builds — ACR (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-container-image-builds',
  },
  aksFirewall: {
    title: 'Limit network traffic with Azure Firewall in AKS — AzureKubernetesService FQDN tag (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/limit-egress-traffic',
  },
  cloudResources: {
    title: 'What is a cloud resource on Anyscale on Azure? — Object storage (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/cloud-resources-overview',
  },
  acrDataEndpoints: {
    title: 'Dedicated data endpoints in Azure Container Registry (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/container-registry/container-registry-dedicated-data-endpoints',
  },
  jobSubmit: {
    title:
      "Create and manage jobs — anyscale job submit --working-dir (Anyscale docs); the upload to the cloud's Azure Blob storage: Anyscale on Azure networking guide, FAQ",
    url: 'https://docs.anyscale.com/platform/jobs/manage-jobs/',
  },
} satisfies Record<string, Source>;

const S = EGRESS_SOURCES;
const anyscale = (pattern: string, flow: z.infer<typeof Flow>, purpose: string) => ({
  pattern,
  port: 443,
  flow,
  purpose,
  required: true,
  group: 'anyscale' as const,
  source: S.networking,
  grade: 'documented' as const,
});
/**
 * The AzureKubernetesService FQDN tag of Azure Firewall "simplifies" allowing the AKS required FQDNs (AKS docs, documented);
 * the hosts it covers are the AKS "Azure Global required FQDN / application rules" table — login.microsoftonline.com
 * included — as Microsoft's SQL Server BDC-on-AKS page states ("contains all the FQDNs listed in AKS official
 * documentation"; documented). Azure Firewall does not enumerate the tag, so the cluster-extension hosts, which the AKS
 * page lists elsewhere, are not counted as covered (not stated by any source).
 */
export const AKS_FQDN_TAG = 'AzureKubernetesService';
const aks = (pattern: string, purpose: string, group: 'aks-baseline' | 'cluster-extensions' = 'aks-baseline') => ({
  pattern,
  port: 443,
  flow: 'aks-azure-platform' as const,
  purpose,
  required: true,
  group,
  source: S.aksEgress,
  grade: 'documented' as const,
  ...(group === 'aks-baseline' ? { fqdnTag: AKS_FQDN_TAG } : {}),
});
/**
 * The operator's images (chart 1.8.0 values, spec): the AKS extension (global.azure.extension.enabled: true) pulls
 * anyscaleoperator.azurecr.io/anyscale/kubernetes_manager and …/vector; plain Helm pulls
 * us-docker.pkg.dev/anyscale-artifacts/public/kubernetes_manager and Docker Hub's timberio/vector. That a firewall must
 * allow these registries' FQDNs is inferred (no Anyscale or Microsoft page lists them), so they are optional and say so.
 */
const operatorImage = (pattern: string, purpose: string) => ({
  pattern,
  port: 443,
  flow: 'aks-storage-registry' as const,
  purpose: `${purpose} (inferred from the chart values: no egress page lists this host)`,
  required: false,
  group: 'operator-images' as const,
  source: CHART_SOURCES.values,
  grade: 'inferred' as const,
});
/** The Marketplace registry's regional data endpoints the AKS page lists for cluster extensions (documented). */
const MARKETPLACE_DATA_REGIONS = ['centralindia', 'japaneast', 'westus2', 'westeurope', 'eastus'];

export const REQUIRED_TARGETS: readonly CatalogTarget[] = z.array(CatalogTarget).parse([
  // Documented twice: the networking table (console and API) and add-cloud-resource step 5, which installs the operator with
  // global.controlPlaneURL=https://console.azure.anyscale.com — so the operator in AKS dials it too (grade: documented).
  anyscale(
    'console.azure.anyscale.com',
    'aks-control-plane',
    "Anyscale console and API endpoint for clients, and the operator's control plane (global.controlPlaneURL): AKS must reach it too",
  ),
  anyscale(
    '*.azure.anyscale-cloud.dev',
    'aks-control-plane',
    'Operator polling, health checks, operational reporting (per cloud cld-<id>.azure.anyscale-cloud.dev, a host form inferred from the Private Link page)',
  ),
  anyscale('grafana-*.azure.anyscale-cloud.dev', 'aks-control-plane', 'Metrics collection and visualization'),
  anyscale('registry-*.azure.anyscale-cloud.dev', 'aks-control-plane', 'Anyscale container image distribution'),
  anyscale('*.i.azure.anyscaleuserdata.com', 'client-aks', 'Ray dashboard, terminal, Jupyter access'),
  anyscale('vscode-*.i.azure.anyscaleuserdata.com', 'client-aks', 'VS Code access'),
  anyscale('*.s.azure.anyscaleuserdata.com', 'client-aks', 'Anyscale Services request routing'),
  {
    ...anyscale(
      'anyscaleazwestus2prod.blob.core.windows.net',
      'aks-storage-registry',
      'Start-up file storage owned by Anyscale, fetched by nodes in every region',
    ),
    source: S.startupStorage,
  },
  {
    pattern: 'login.microsoftonline.com',
    port: 443,
    flow: 'aks-azure-platform',
    required: true,
    group: 'identity',
    purpose: 'Microsoft Entra ID token retrieval for the operator (workload identity); not covered by Private Link',
    source: S.privateLink,
    grade: 'documented',
    fqdnTag: AKS_FQDN_TAG,
  },
  aks('*.hcp.{region}.azmk8s.io', 'AKS API server (not needed for private clusters)'),
  aks('mcr.microsoft.com', 'Microsoft Container Registry images'),
  aks('*.data.mcr.microsoft.com', 'Microsoft Container Registry data (CDN)'),
  aks('mcr-0001.mcr-msedge.net', 'Microsoft Container Registry data'),
  aks('management.azure.com', 'Azure Resource Manager (Kubernetes operations against the Azure API)'),
  aks('packages.microsoft.com', 'Microsoft packages (apt, moby)'),
  aks('acs-mirror.azureedge.net', 'Binaries such as kubenet and Azure CNI'),
  aks('packages.aks.azure.com', 'AKS binaries'),
  aks(
    '{region}.dp.kubernetesconfiguration.azure.com',
    'Cluster extensions data plane (operator extension, microsoft.kuberay)',
    'cluster-extensions',
  ),
  aks(
    'arcmktplaceprod.azurecr.io',
    'Marketplace extension images (the Anyscale operator extension)',
    'cluster-extensions',
  ),
  ...MARKETPLACE_DATA_REGIONS.map((region) =>
    aks(
      `arcmktplaceprod.${region}.data.azurecr.io`,
      `Marketplace extension images: the registry's ${region} data endpoint`,
      'cluster-extensions',
    ),
  ),
  aks('*.ingestion.msftcloudes.com', 'Cluster extension telemetry', 'cluster-extensions'),
  aks('*.microsoftmetrics.com', 'Cluster extension metrics', 'cluster-extensions'),
  aks('marketplaceapi.microsoft.com', 'Marketplace metering of the operator extension', 'cluster-extensions'),
  operatorImage(
    'anyscaleoperator.azurecr.io',
    "Operator images when installed as the AKS extension (kubernetes_manager, vector); layers may come from the registry's data endpoints or Blob storage",
  ),
  operatorImage(
    'us-docker.pkg.dev',
    'Operator image kubernetes_manager when installed with plain Helm (Google Artifact Registry)',
  ),
  operatorImage(
    'registry-1.docker.io',
    'Vector log-shipping image (timberio/vector) from Docker Hub when installed with plain Helm',
  ),
  operatorImage('auth.docker.io', 'Docker Hub token service for the plain-Helm vector image'),
  operatorImage('production.cloudflare.docker.com', 'Docker Hub image layers (CDN) for the plain-Helm vector image'),
]);

/**
 * Purpose texts of targets derived from the workspace (storage accounts, ACR, cloud IDs, Private Link), each graded like
 * the static entries; only documented or spec ones may be required.
 * - blob, dfs, acr: documented. The networking guide says the cluster must reach its own Azure storage and container
 *   registry (the AKS ↔ storage/registry flow); the hosts are the ones the cloud resource itself names —
 *   cloudStorageBucketEndpoint `https://<account>.blob.core.windows.net` and cloudStorageBucketName
 *   `abfss://<container>@<account>.dfs.core.windows.net` (add-cloud-resource), the registry's login server
 *   `<acr>.azurecr.io` (configure-container-image-builds; AcrPull for the kubelet) — Azure's documented endpoints.
 * - acrData: documented by ACR, and the template enables dedicated data endpoints (Premium, dataEndpointEnabled).
 * - acrDataMaybe: inferred — the template does not show dedicated data endpoints, so whether pulls use the data endpoint
 *   or are redirected to Azure Blob storage depends on the registry's configuration: optional.
 */
export const DERIVED = {
  blob: {
    purpose: 'Cloud storage bucket of cloud resource {name} (Blob service)',
    flow: 'aks-storage-registry',
    source: S.cloudResources,
    grade: 'documented',
    required: true,
  },
  dfs: {
    purpose: 'Cloud storage bucket of cloud resource {name} (Data Lake service)',
    flow: 'aks-storage-registry',
    source: S.cloudResources,
    grade: 'documented',
    required: true,
  },
  acr: {
    purpose: 'Container registry of cloud {name}: login server (image builds and pulls)',
    flow: 'aks-storage-registry',
    source: S.imageBuilds,
    grade: 'documented',
    required: true,
  },
  acrData: {
    purpose:
      'Container registry data endpoint of cloud {name} (the template makes it Premium with dataEndpointEnabled: image layers come from here)',
    flow: 'aks-storage-registry',
    source: S.acrDataEndpoints,
    grade: 'documented',
    required: true,
  },
  acrDataMaybe: {
    purpose:
      "Container registry data endpoint of cloud {name}: depends on the registry's configuration (inferred) — used only with dedicated data endpoints (Premium, dataEndpointEnabled); otherwise layers come from Azure Blob storage (*.blob.core.windows.net)",
    flow: 'aks-storage-registry',
    source: S.acrDataEndpoints,
    grade: 'inferred',
    required: false,
  },
  /**
   * Inferred: the networking page documents only `*.azure.anyscale-cloud.dev`; the cld-<id> form is the host the Private
   * Link page tests. So a cloud ID's host (cloudIds setting, --cloud-id) is optional: a failed probe of it is reported,
   * never an exit 1; the allow-list allows the documented wildcard for it (see ./allowList.ts).
   */
  cloud: {
    purpose: 'Operator polling for cloud {name} (the cld-<id> host form is inferred from the Private Link page)',
    flow: 'aks-control-plane',
    source: S.networking,
    grade: 'inferred',
    required: false,
  },
  /**
   * Documented (networking guide, FAQ): `anyscale job submit` uploads the local working_dir to the cloud's Azure Blob
   * storage, so the client running the CLI must reach the storage account too. Appended to a Blob target probed from this
   * machine (see fromThisMachine in ./workspace.ts).
   */
  clientUpload: {
    purpose:
      'from this machine, the upload path of anyscale job submit: the local working_dir goes to this Blob storage, so a storage account restricted to VNets must also admit the client running the CLI (nodes reaching it prove nothing about this path)',
    flow: 'client-storage',
    source: S.jobSubmit,
    grade: 'documented',
    required: true,
  },
  /** Documented: the operator dials its global.controlPlaneURL (add-cloud-resource step 5, the Private Link page); the user's values file names it. */
  controlPlaneUrl: {
    purpose: 'Control-plane URL from the operator values (global.controlPlaneURL)',
    flow: 'aks-control-plane',
    source: S.privateLink,
    grade: 'documented',
    required: true,
  },
} as const;

/**
 * The source of a host the user listed that no catalog entry matches: the user, not the docs (whose list of required
 * domains the link opens, to compare with). `where`: where it was listed, e.g. "the targets file".
 */
export function listedByUser(where: string): { title: string; url: string } {
  return { title: `Listed in ${where}: a host the Anyscale on Azure docs do not list`, url: S.networking.url };
}

/**
 * The cloud-ID host: `cld_abc` → `cld-abc.azure.anyscale-cloud.dev`. Grade: inferred — the networking page documents only
 * `*.azure.anyscale-cloud.dev`; this form is the host the Private Link page tests (and its controlPlaneURL).
 */
/** An Anyscale cloud ID as the console shows it: `cld_` and letters and digits. */
export function isCloudId(text: string): boolean {
  return /^cld_[a-z0-9]+$/i.test(text.trim());
}

export function cloudHost(cloudId: string): string {
  return `${cloudId.trim().toLowerCase().replace(/_/g, '-')}.azure.anyscale-cloud.dev`;
}
