// The hover of a managed KubeRay extension resource (Microsoft.KubernetesConfiguration/extensions with extensionType
// microsoft.kuberay): what it installs, how to verify and remove it, and the two warnings of its docs — uninstall a
// self-hosted KubeRay operator first, and never delete the *.ray.io CRDs to clean up. Every line is from the KubeRay
// article (catalog/clusterExtensions.ts, domain §6). Shown on the resource's `type` value and on `extensionType`.
import type { JSONPath } from 'jsonc-parser';
import { type ArmResource, isResourceType } from '../template';
import { knownString, literalValue } from '../value';
import { EXTENSION_RESOURCE_TYPE, KUBERAY_EXTENSION } from '../../catalog/clusterExtensions';
import { equalsIgnoreCase, propertyValue } from '../../json/nodes';
import { isKey } from './completion/resources';

const K = KUBERAY_EXTENSION;
const code = (text: string) => `\`${text}\``;

export const KUBERAY_HOVER = [
  `**Managed KubeRay extension** (${code(K.extensionType)}, preview)`,
  `Installs and manages the KubeRay operator (deployment ${code(K.operatorDeployment)}) and the Ray custom resource definitions ` +
    `${K.crdKinds.join(', ')} (${K.crds.map(code).join(', ')}). Ray workloads and runtime images are managed separately.`,
  `**Before installing:** the cluster runs Kubernetes ${K.minimumKubernetes.major}.${K.minimumKubernetes.minor} or later and uses managed identity. ` +
    'Uninstall any self-hosted (OSS) KubeRay operator first (`helm uninstall <release> --namespace <namespace>`): a rejected install can still ' +
    'change the Ray CRD schemas and ownership, and deleting the failed extension does not undo that.',
  `**Verify** (installation can take up to 15 minutes): ${code('az k8s-extension show … --name kuberay')} shows provisioningState ${code('Succeeded')} ` +
    `and extensionState ${code('Available')} or ${code('Ready')}; then ` +
    `${code(`kubectl wait --for=condition=Available deployment/${K.operatorDeployment} --namespace ${K.releaseNamespace} --timeout=5m`)} and ` +
    `${code(`kubectl get crds ${K.crds.join(' ')}`)}.`,
  `**Remove:** review ${code('kubectl get rayclusters,raycronjobs,rayjobs,rayservices --all-namespaces')}; suspend RayCronJob schedules, let running jobs ` +
    `finish, keep the data and manifests you need, and delete Ray workloads while the operator still runs; then ${code('az k8s-extension delete … --name kuberay --yes')}. ` +
    `The CRDs and workloads stay in place, no longer managed.`,
  `**Never delete the ${code('*.ray.io')} CRDs to clean up:** deleting a CRD deletes every custom resource of it — every RayCluster, RayJob, RayCronJob and RayService.`,
  `[${K.source.title}](${K.source.url})`,
].join('\n\n');

/** True when the resource is a managed KubeRay extension whose extension type is written as a literal. */
function isKuberay(resource: ArmResource): boolean {
  if (!isResourceType(resource, EXTENSION_RESOURCE_TYPE)) return false;
  const extensionType = knownString(literalValue(propertyValue(resource.properties, 'extensionType')));
  return extensionType !== undefined && equalsIgnoreCase(extensionType, K.extensionType);
}

/** The KubeRay section for a position on the resource's `type` value or on `properties.extensionType`. */
export function extensionHover(resource: ArmResource, inResource: JSONPath, atKey: boolean): string | undefined {
  const onType = inResource.length === 1 && isKey(inResource[0], 'type') && !atKey;
  const onExtensionType =
    inResource.length === 2 && isKey(inResource[0], 'properties') && isKey(inResource[1], 'extensionType');
  return (onType || onExtensionType) && isKuberay(resource) ? KUBERAY_HOVER : undefined;
}
