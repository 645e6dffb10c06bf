// cloud-resource-not-deployed: "Connect to Azure" listed the subscriptions, and the template's cloud resource is not
// there yet. Information, not a problem: deploying creates it, and from then on its properties are fixed. Said only
// when the listing could see: a cloud whose cloud resources could not be listed, or a subscription whose clouds could
// not, leaves the question open.
import type { TemplateRule } from '../templateRule';
import { placeOf } from '../../azure/deployed';
import { namesOf } from '../support/deployedTwins';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const cloudResourceNotDeployed: TemplateRule = {
  code: 'cloud-resource-not-deployed',
  title: 'A cloud resource not in Azure yet: deploying creates it, and its properties are fixed from then on',
  defaultSeverity: 'info',
  category: 'deployment',
  appliesTo: 'armTemplate',
  check({ anyscale, deployed, report }) {
    if (!deployed) return;
    for (const cloudResource of anyscale.cloudResources) {
      const names = namesOf(cloudResource);
      if (!names || deployed.twinsOf(names.cloud, names.name).length > 0) continue;
      const clouds = deployed.cloudsNamed(names.cloud);
      let where: string;
      if (clouds.length > 0) {
        if (clouds.some(({ cloud }) => cloud.problem)) continue;
        where = `cloud ${names.cloud} (${clouds.map(placeOf).join('; ')}) has no cloud resource of that name`;
      } else {
        if (!deployed.cloudsComplete) continue;
        where = `no cloud named ${names.cloud} is in the ${plural(deployed.subscriptionCount, 'subscription')} you are connected to`;
      }
      report({
        at: cloudResource.anchor,
        cloudResource,
        message: `Cloud resource ${names.name} is not in Azure yet: ${where}. Deploying creates it; from then on its properties can't be changed, only deleted and created again.`,
      });
    }
  },
};
