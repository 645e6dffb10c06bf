// values-cloud-deployment-id-not-deployed: "Connect to Azure" listed every cloud resource of the subscriptions the
// user can see, and none has the ID global.cloudDeploymentId names. Information only: the ID may belong to a
// subscription or tenant the sign-in does not reach; if not, the operator cannot register with it.
import { VALUE_SHAPES } from '../../catalog/chart';
import { quoted } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.cloudDeploymentId';

export const valuesCloudDeploymentIdNotDeployed = valuesRule({
  code: 'values-cloud-deployment-id-not-deployed',
  title:
    'global.cloudDeploymentId should name a cloud resource deployed in the Azure subscriptions you are connected to',
  defaultSeverity: 'info',
  category: 'deployment',
  checkValues({ values, workspace, report }) {
    const deployed = workspace.deployed;
    const setting = values.get(PATH);
    const id = values.text(PATH);
    // Not connected, or some list could not be read; a malformed ID is values-cloud-deployment-id-invalid's.
    if (!deployed?.complete || !setting || id === undefined || !VALUE_SHAPES.cloudResourceId.test(id)) return;
    if (deployed.withCloudResourceId(id)) return;
    const subscriptions = `${deployed.subscriptionCount} subscription${deployed.subscriptionCount === 1 ? '' : 's'}`;
    report({
      at: setting.valueRange,
      message:
        `No cloud resource in the ${subscriptions} you are connected to has the ID ${quoted(id)}. If it is deployed in another ` +
        'subscription or tenant, nothing is wrong; otherwise the operator cannot register with it: set the cloudResourceId of the ' +
        'cloud resource it serves (the Deployed in Azure view lists them).',
    });
  },
});
