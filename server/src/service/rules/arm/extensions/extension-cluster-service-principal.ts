// extension-cluster-service-principal: a cluster extension whose target cluster (targetCluster.ts) authenticates
// with a service principal (servicePrincipalProfile, no `identity`). Cluster extensions need a cluster that uses
// managed identity [DOC] (AKS cluster extensions; the KubeRay article's prerequisites; domain §6, §7). A
// servicePrincipalProfile whose clientId is "msi" is the old way of saying managed identity and is not reported.
import { equalsIgnoreCase, findProperty } from '../../../json/nodes';
import { knownString } from '../../../arm/value';
import type { TemplateRule } from '../../templateRule';
import { clusterExtensions } from '../../support/extensionResources';
import { reportOnTarget } from '../../support/reportOnTarget';
import { targetCluster } from '../../support/targetCluster';

export const extensionClusterServicePrincipal: TemplateRule = {
  code: 'extension-cluster-service-principal',
  title: 'A cluster extension needs an AKS cluster that uses managed identity, not a service principal',
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      const target = targetCluster(extension.resource, context);
      const cluster = target?.cluster;
      if (!cluster || cluster.existing || findProperty(cluster.node, 'identity')) continue;
      const profile = findProperty(cluster.properties, 'servicePrincipalProfile');
      if (!profile) continue;
      const clientId = knownString(
        context.value(findProperty(profile.children?.[1], 'clientId')?.children?.[1], cluster),
      );
      if (clientId !== undefined && equalsIgnoreCase(clientId, 'msi')) continue;
      const type = extension.extensionType;
      reportOnTarget(context, extension, target, {
        message: `${type ? `The ${type} extension` : 'This cluster extension'} targets an AKS cluster that uses a service principal (servicePrincipalProfile, no identity): cluster extensions require a cluster with managed identity. Give the cluster "identity": { "type": "SystemAssigned" } (or UserAssigned).`,
        related: [
          {
            start: profile.offset,
            end: profile.offset + profile.length,
            message: 'The cluster authenticates with this service principal.',
          },
        ],
      });
    }
  },
};
