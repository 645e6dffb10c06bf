// Facts about AKS cluster extensions (Microsoft.KubernetesConfiguration/extensions) that the extension rules and the
// hover use: the version/auto-upgrade validation, the managed KubeRay extension (microsoft.kuberay) and the Anyscale
// operator extension's plan and namespace. Each fact names its source and grade (domain §1.8, §5.1, §6, §7).
import { Citations, cite, Source, SOURCES } from './source';
import { CHART_SOURCES, OPERATOR_EXTENSION } from './chart';

export const EXTENSION_SOURCES = {
  spec: CHART_SOURCES.extensionsSpec,
  templateReference: Source.parse({
    title: 'Microsoft.KubernetesConfiguration extensions: ARM template reference (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/templates/microsoft.kubernetesconfiguration/extensions',
  }),
  cliHistory: Source.parse({
    title: 'Azure CLI k8s-extension release notes, 1.5.0 (Azure/azure-cli-extensions HISTORY.rst)',
    url: 'https://github.com/Azure/azure-cli-extensions/blob/main/src/k8s-extension/HISTORY.rst',
  }),
  clusterExtensions: Source.parse({
    title: 'Deploy and manage cluster extensions for Azure Kubernetes Service (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/cluster-extensions',
  }),
  kuberay: Source.parse({
    title: 'Install the managed KubeRay extension on AKS (preview) (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/kuberay-overview',
  }),
  addCloudResource: SOURCES.addCloudResource,
  referenceDeployment: CHART_SOURCES.referenceDeployment,
} as const;

export const EXTENSION_RESOURCE_TYPE = 'Microsoft.KubernetesConfiguration/extensions';

/**
 * From this API version on, ARM rejects a PUT or PATCH that gives `version` while autoUpgradeMinorVersion is true
 * (its default): "Breaking change introduced with API version 2023-05-01 adds validation will begin rejecting calls
 * (PUT and PATCH) that provide a version for the extension and also set autoUpgradeMinorVersion to true" [DOC]
 * (cliHistory). The spec says of `version`: "To use 'version', autoUpgradeMinorVersion must be 'false'" [SPEC].
 */
export const VERSION_VALIDATION_API_VERSION = '2023-05-01';

/** The managed KubeRay extension (domain §6): every fact [DOC] from the kuberay article unless noted. */
export const KUBERAY_EXTENSION = {
  extensionType: 'microsoft.kuberay',
  /** "AKS cluster running Kubernetes 1.34 or later" [DOC]. */
  minimumKubernetes: { major: 1, minor: 34 },
  /** The article installs with `--scope cluster --release-namespace kuberay-system` and verifies there [DOC]. */
  releaseNamespace: 'kuberay-system',
  operatorDeployment: 'kuberay-operator',
  crdKinds: ['RayCluster', 'RayJob', 'RayCronJob', 'RayService'],
  crds: ['rayclusters.ray.io', 'rayjobs.ray.io', 'raycronjobs.ray.io', 'rayservices.ray.io'],
  /** The release train the article installs from (`RELEASE_TRAIN="preview"`) [DOC]. */
  previewReleaseTrain: 'preview',
  /** The article's "Important" box on AKS preview features [DOC]. */
  previewTerms:
    'AKS preview features are available on a self-service, opt-in basis. Previews are provided "as is" and "as available", ' +
    'and they are excluded from the service-level agreements and limited warranty; they are not meant for production use.',
  ...cite(EXTENSION_SOURCES.kuberay, 'documented'),
} as const;

/**
 * The Anyscale operator extension (domain §5.1). The plan is what `az k8s-extension create` passes as --plan-name,
 * --plan-publisher and --plan-product [DOC] (add-cloud-resource step 5); the extension REST spec's `plan` is required
 * for Marketplace extensions [SPEC]. The namespace `anyscale-operator` is the docs' operator namespace [DOC]; the
 * reference deployment notes its gateway config and TLS secret naming assume it [REF].
 */
export const ANYSCALE_OPERATOR_EXTENSION = {
  extensionType: OPERATOR_EXTENSION.extensionType,
  plan: { name: 'anyscale-operator', publisher: 'anyscale1750870039553', product: 'anyscale-operator-aks' },
  releaseNamespace: 'anyscale-operator',
  ...cite(EXTENSION_SOURCES.addCloudResource, 'documented'),
} as const;

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  EXTENSION_RESOURCE_TYPE: cite(EXTENSION_SOURCES.templateReference, 'documented'),
  VERSION_VALIDATION_API_VERSION: cite(EXTENSION_SOURCES.cliHistory, 'documented'),
});

/** A Kubernetes version as written in `kubernetesVersion` (`1.33`, `1.33.5`, `v1.34.1`); undefined when it is not one. */
export function parseKubernetesVersion(text: string): { major: number; minor: number } | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
}
