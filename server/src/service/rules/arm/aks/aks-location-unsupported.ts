// aks-location-unsupported: an AKS cluster deployed next to Anyscale runs Anyscale workloads only in a region where
// Anyscale on Azure is available. Documented (supported regions): clouds are region-specific, "a cloud created in eastus
// can only run workloads on AKS node pools in eastus", and the region chosen for the AKS cluster and the cloud resource
// sets the region of every resource in the cloud. Reuses the region catalog (the 12 supported locations).
import { propertyValue } from '../../../json/nodes';
import { knownString } from '../../../arm/value';
import { isSupportedLocation, notDocumentedLocation } from '../../../catalog/regions';
import type { TemplateRule } from '../../templateRule';
import { anyscaleClusters, isManagedCluster } from '../../support/aksClusters';

export const aksLocationUnsupported: TemplateRule = {
  code: 'aks-location-unsupported',
  title: 'An AKS cluster that runs Anyscale must be in one of the regions where Anyscale on Azure is available',
  defaultSeverity: 'warning',
  category: 'aks',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cluster of anyscaleClusters(context)) {
      if (!isManagedCluster(cluster)) continue;
      const value = context.value(propertyValue(cluster.resource.node, 'location'), cluster.resource);
      const location = knownString(value);
      if (location === undefined || !value.known || isSupportedLocation(location)) continue;
      context.report({
        at: value,
        message: `The AKS cluster's location "${location}" is ${notDocumentedLocation(location)} An Anyscale cloud runs workloads only on AKS node pools in its own region.`,
      });
    }
  },
};
