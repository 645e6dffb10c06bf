// cloud-resource-drift: a cloud resource deployed in Azure (same cloud and resource name, "Connect to Azure") has a
// property the template gives another value. Every cloud-resource property is fixed at creation: the redeployment
// fails with "Cannot update fields in the existing cloud resource <name>"; the way out is to delete and recreate.
import type { TemplateRule } from '../templateRule';
import { placeOf } from '../../azure/deployed';
import { CLOUD_RESOURCE_LIFECYCLE, driftOf } from '../../azure/drift';
import { authoredValues, namesOf } from '../support/deployedTwins';

export const cloudResourceDrift: TemplateRule = {
  code: 'cloud-resource-drift',
  title: 'A cloud resource already deployed in Azure must keep the properties it was created with',
  defaultSeverity: 'warning',
  category: 'deployment',
  appliesTo: 'armTemplate',
  check({ anyscale, deployed, report }) {
    if (!deployed) return;
    for (const cloudResource of anyscale.cloudResources) {
      const names = namesOf(cloudResource);
      const twins = names ? deployed.twinsOf(names.cloud, names.name) : [];
      if (!names || twins.length === 0) continue;
      const authored = authoredValues(cloudResource);
      for (const twin of twins) {
        for (const drift of driftOf(authored, twin.cloudResource)) {
          report({
            at: drift.at,
            cloudResource,
            message:
              `${drift.property} is ${JSON.stringify(drift.authored)} here, but cloud resource ${names.cloud}/${twin.cloudResource.name} in Azure ` +
              `(${placeOf(twin)}) was created with ${JSON.stringify(drift.deployed)}. Its properties can't change after creation: redeploying fails with ` +
              `"${CLOUD_RESOURCE_LIFECYCLE.cannotUpdate} ${twin.cloudResource.name}". Keep the deployed value, or delete the cloud resource and ` +
              `create it again (the delete answers HTTP ${CLOUD_RESOURCE_LIFECYCLE.deleteBlockedStatus} while clusters run on it).`,
          });
        }
      }
    }
  },
};
