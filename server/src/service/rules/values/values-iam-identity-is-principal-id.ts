// values-iam-identity-is-principal-id: the cloud resource records the managed identity's principal ID, but the
// operator needs the same identity's client ID — a different GUID. The same GUID in both places means one of them
// is wrong; since the cloud resource can't change, it is almost always the operator's value.
import { providerOf, quoted } from '../support/valuesShared';
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
    const resource = workspace.cloudResources.find(
      (r) => r.provider === 'Azure' && r.operatorIdentity?.toLowerCase() === identity.toLowerCase(),
    );
    if (!resource) return;
    report({
      at: setting.valueRange,
      message: `${PATH} ${quoted(identity)} is the principal ID recorded on cloud resource ${quoted(resource.name ?? '')}: the operator needs the client ID of that managed identity, a different GUID (ARM: reference(<identity>).clientId).`,
    });
  },
});
