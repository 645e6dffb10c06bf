// Rules about the 2026-09-01 workloads of a cloud: compute configs, container images, jobs, services and workspaces
// (Anyscale.Platform proxied resources), and the ARM resource IDs that version requires.
import type { TemplateRule } from '../../templateRule';
import { resourceIdRequired } from './resource-id-required';
import { computeConfigOtherCloud } from './compute-config-other-cloud';
import { serviceNotOnPrimary } from './service-not-on-primary';
import { workspaceSeveralCloudResources } from './workspace-several-cloud-resources';
import { zonesAnyNotAlone } from './zones-any-not-alone';
import { containerImageSource } from './container-image-source';
import { proxiedLocationTags } from './proxied-location-tags';
import { workloadPropertyMissing } from './workload-property-missing';

export const workloadRules: readonly TemplateRule[] = [
  resourceIdRequired,
  computeConfigOtherCloud,
  serviceNotOnPrimary,
  workspaceSeveralCloudResources,
  zonesAnyNotAlone,
  containerImageSource,
  proxiedLocationTags,
  workloadPropertyMissing,
];
