// Facts about the AKS clusters Anyscale runs on and the Azure resources next to them that the AKS rules read: resource
// types, the OIDC issuer default, the vCPUs a Ray worker node needs and a small table of VM sizes below that.
// Each fact names its source and grade (documented / spec / reference deployment / inferred).
import { Citations, cite, SOURCES, type Source } from './source';

export const MANAGED_CLUSTER_TYPE = 'Microsoft.ContainerService/managedClusters';
export const AGENT_POOL_TYPE = 'Microsoft.ContainerService/managedClusters/agentPools';
export const APPLICATION_GATEWAY_TYPE = 'Microsoft.Network/applicationGateways';
/** Every Anyscale.Platform resource type starts with this. */
export const ANYSCALE_PROVIDER_PREFIX = 'Anyscale.Platform/';

/**
 * Documented (AKS "Create an OpenID Connect provider"): the OIDC issuer is on by default for new clusters on Kubernetes
 * 1.34 and later; older versions (and existing clusters) need it enabled.
 */
export const OIDC_ISSUER_DEFAULT_FROM = { major: 1, minor: 34, ...cite(SOURCES.aksOidcIssuer, 'documented') } as const;

/** Documented (the same page): once a cluster's OIDC issuer is enabled, it can't be disabled. */
export const OIDC_ISSUER_IRREVERSIBLE = {
  sentence: "AKS can't disable a cluster's OIDC issuer once it is enabled.",
  ...cite(SOURCES.aksOidcIssuer, 'documented'),
} as const;

/**
 * Documented (Anyscale on Azure quickstart, "Create the AKS cluster"): "Ray workloads require at least 4 vCPUs per
 * worker node. `Standard_D4s_v5` or equivalent is a good starting point." The same page: "By default, Ray head nodes
 * and worker nodes share the default node pool."
 */
export const RAY_WORKER_MIN_VCPUS = {
  value: 4,
  suggestedSize: 'Standard_D4s_v5',
  ...cite(SOURCES.anyscaleQuickstart, 'documented'),
} as const;

/**
 * Documented (Microsoft Learn, the size tables of each VM series, cross-checked against the Azure Resource SKUs list):
 * vCPUs of common VM sizes with fewer than 4, the ones AKS node pools are often created with. Keys are lower-cased
 * (ARM compares size names ignoring case). A size not listed is not judged: the check stays silent.
 */
const SMALL_VM_SIZES: Readonly<Record<string, number>> = {
  // General purpose, D-series v2 to v6 (Intel, AMD `a`, Arm `p`; `d` local disk, `s` premium storage).
  standard_d1_v2: 1,
  standard_d2_v2: 2,
  standard_ds1_v2: 1,
  standard_ds2_v2: 2,
  standard_d11_v2: 2,
  standard_ds11_v2: 2,
  standard_d2_v3: 2,
  standard_d2s_v3: 2,
  standard_d2a_v4: 2,
  standard_d2as_v4: 2,
  standard_d2_v4: 2,
  standard_d2s_v4: 2,
  standard_d2d_v4: 2,
  standard_d2ds_v4: 2,
  standard_d2_v5: 2,
  standard_d2s_v5: 2,
  standard_d2d_v5: 2,
  standard_d2ds_v5: 2,
  standard_d2as_v5: 2,
  standard_d2ads_v5: 2,
  standard_d2ps_v5: 2,
  standard_d2pds_v5: 2,
  standard_d2pls_v5: 2,
  standard_d2plds_v5: 2,
  standard_d2_v6: 2,
  standard_d2s_v6: 2,
  standard_d2d_v6: 2,
  standard_d2ds_v6: 2,
  standard_d2as_v6: 2,
  standard_d2ads_v6: 2,
  // Burstable B-series.
  standard_b1ls: 1,
  standard_b1s: 1,
  standard_b1ms: 1,
  standard_b2s: 2,
  standard_b2ms: 2,
  standard_b2ts_v2: 2,
  standard_b2ls_v2: 2,
  standard_b2s_v2: 2,
  standard_b2ats_v2: 2,
  standard_b2als_v2: 2,
  standard_b2as_v2: 2,
  // Memory optimized E-series.
  standard_e2_v3: 2,
  standard_e2s_v3: 2,
  standard_e2a_v4: 2,
  standard_e2as_v4: 2,
  standard_e2_v4: 2,
  standard_e2s_v4: 2,
  standard_e2d_v4: 2,
  standard_e2ds_v4: 2,
  standard_e2_v5: 2,
  standard_e2s_v5: 2,
  standard_e2d_v5: 2,
  standard_e2ds_v5: 2,
  standard_e2as_v5: 2,
  standard_e2ads_v5: 2,
  // Compute optimized F-series and the entry-level Av2-series.
  standard_f1: 1,
  standard_f2: 2,
  standard_f1s: 1,
  standard_f2s: 2,
  standard_f2s_v2: 2,
  standard_a1_v2: 1,
  standard_a2_v2: 2,
  standard_a2m_v2: 2,
};
export const VM_SIZES_SOURCE: Source = SOURCES.vmSizes;

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  MANAGED_CLUSTER_TYPE: cite(SOURCES.aksTemplateReference, 'documented'),
  AGENT_POOL_TYPE: cite(SOURCES.aksTemplateReference, 'documented'),
  APPLICATION_GATEWAY_TYPE: cite(SOURCES.applicationGatewayTemplateReference, 'documented'),
  ANYSCALE_PROVIDER_PREFIX: cite(SOURCES.restSpec, 'spec'),
  /** The vCPU counts are the size tables' [DOC]; which sizes are listed is a choice, and an unlisted size is not judged. */
  SMALL_VM_SIZES: cite(SOURCES.vmSizes, 'documented'),
});

/** The vCPUs of a VM size when the table knows it (only sizes below the Ray worker minimum are listed). */
export function smallVmSizeVcpus(size: string): number | undefined {
  return SMALL_VM_SIZES[size.toLowerCase()];
}
