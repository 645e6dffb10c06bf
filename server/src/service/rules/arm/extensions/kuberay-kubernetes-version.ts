// kuberay-kubernetes-version: a managed KubeRay extension (microsoft.kuberay) on a cluster whose kubernetesVersion is
// older than 1.34 (`1.33`, `1.33.5` alike). The extension needs "an AKS cluster running Kubernetes 1.34 or later"
// [DOC] (the KubeRay article's prerequisites; domain §6). A version that is not written or cannot be known is not
// guessed (AKS picks its default), so nothing is reported then.
import { knownString } from '../../../arm/value';
import { findProperty } from '../../../json/nodes';
import { KUBERAY_EXTENSION, parseKubernetesVersion } from '../../../catalog/clusterExtensions';
import type { TemplateRule } from '../../templateRule';
import { clusterExtensions } from '../../support/extensionResources';
import { targetCluster } from '../../support/targetCluster';

const MINIMUM = KUBERAY_EXTENSION.minimumKubernetes;

export const kuberayKubernetesVersion: TemplateRule = {
  code: 'kuberay-kubernetes-version',
  title: `The managed KubeRay extension needs a cluster running Kubernetes ${MINIMUM.major}.${MINIMUM.minor} or later`,
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      if (!extension.is(KUBERAY_EXTENSION.extensionType)) continue;
      const cluster = targetCluster(extension.resource, context)?.cluster;
      if (!cluster || cluster.existing) continue;
      const value = context.value(findProperty(cluster.properties, 'kubernetesVersion')?.children?.[1], cluster);
      const text = knownString(value);
      const version = text === undefined ? undefined : parseKubernetesVersion(text);
      if (
        !value.known ||
        !version ||
        version.major > MINIMUM.major ||
        (version.major === MINIMUM.major && version.minor >= MINIMUM.minor)
      )
        continue;
      const anchor = extension.anchor;
      context.report({
        at: value,
        message: `kubernetesVersion "${text}" is older than ${MINIMUM.major}.${MINIMUM.minor}: the managed KubeRay extension installed on this cluster needs Kubernetes ${MINIMUM.major}.${MINIMUM.minor} or later. Upgrade the cluster (one minor version at a time) before installing the extension.`,
        related: [
          {
            start: anchor.offset,
            end: anchor.offset + anchor.length,
            message: 'The managed KubeRay extension targets this cluster.',
          },
        ],
      });
    }
  },
};
