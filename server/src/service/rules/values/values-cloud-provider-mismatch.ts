// values-cloud-provider-mismatch: the operator values name the identity of a cloud resource in the workspace (the
// same role ARN, service-account email or managed identity), but global.cloudProvider says another provider.
// The chart then sets up the wrong workload identity, market types and accelerator defaults.
import { quoted, quotedCloudResource } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesCloudProviderMismatch = valuesRule({
  code: 'values-cloud-provider-mismatch',
  title: 'global.cloudProvider must match the provider of the cloud resource whose operator identity the values use',
  defaultSeverity: 'warning',
  category: 'provider',
  checkValues({ values, workspace, report }) {
    const provider = values.get('global.cloudProvider');
    const cloudProvider = values.text('global.cloudProvider');
    const identity = values.text('global.auth.iamIdentity');
    if (!provider || cloudProvider === undefined || identity === undefined) return;
    const resource = workspace.cloudResources.find(
      (r) => r.provider !== undefined && r.operatorIdentity?.toLowerCase() === identity.toLowerCase(),
    );
    if (!resource?.provider || resource.provider.toLowerCase() === cloudProvider.toLowerCase()) return;
    report({
      at: provider.valueRange,
      message: `global.cloudProvider is ${quoted(cloudProvider)}, but the operator identity belongs to cloud resource ${quotedCloudResource(resource)} with provider ${resource.provider}: set ${quoted(resource.provider.toLowerCase())}.`,
    });
  },
});
