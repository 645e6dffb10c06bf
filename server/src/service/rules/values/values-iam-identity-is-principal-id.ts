// values-iam-identity-is-principal-id: the cloud resource records the managed identity's principal ID, but the
// operator needs the same identity's client ID — a different GUID. The same GUID in both places means one of them
// is wrong. Which one cannot be told offline (both are GUIDs), so the message says so; the value to change is usually
// the operator's, since the cloud resource's is fixed at creation.
import { namesList } from '../../text/namesList';
import { providerOf, quoted, quotedCloudResource } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.auth.iamIdentity';

export const valuesIamIdentityIsPrincipalId = valuesRule({
  code: 'values-iam-identity-is-principal-id',
  title:
    "On Azure, global.auth.iamIdentity must be the identity's client ID, not the principal ID recorded on the cloud resource",
  defaultSeverity: 'warning',
  category: 'identity',
  checkValues({ values, workspace, report }) {
    const setting = values.get(PATH);
    const identity = values.text(PATH);
    if (!setting || identity === undefined) return;
    const provider = providerOf(values);
    if (provider !== undefined && provider.toLowerCase() !== 'azure') return;
    // Every cloud resource recording it is named (operator-identity-shared reports a GUID two of them record).
    const resources = workspace.cloudResources.filter(
      (r) => r.provider === 'Azure' && r.operatorIdentity?.toLowerCase() === identity.toLowerCase(),
    );
    if (resources.length === 0) return;
    const recordedBy =
      resources.length === 1
        ? `cloud resource ${quotedCloudResource(resources[0])} records`
        : `cloud resources ${namesList(resources.map(quotedCloudResource))} record`;
    report({
      at: setting.valueRange,
      message: `${PATH} ${quoted(identity)} is the GUID ${recordedBy} as anyscaleOperatorIamIdentity, which Anyscale takes as the managed identity's principal ID; the operator needs that identity's client ID, a different GUID (ARM: reference(<identity>).clientId). One of the two is wrong, and the cloud resource's value cannot be changed after creation.`,
    });
  },
});
