// values-iam-identity-format: global.auth.iamIdentity has its provider's shape — on Azure the managed identity's
// client ID (a GUID), on AWS an IAM role ARN, on GCP a service-account email. Anything else (a placeholder, a
// resource ID, another provider's identity) leaves the operator without a usable identity.
import { IDENTITY_SHAPES, matchesIdentityShape, type IdentityKind } from '../../catalog/identity';
import { isPlaceholder, providerOf, quoted } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.auth.iamIdentity';

const KIND_BY_PROVIDER: Readonly<Record<string, { kind: IdentityKind; description: string }>> = {
  azure: { kind: 'azurePrincipalId', description: "the managed identity's client ID, a GUID" },
  aws: { kind: 'awsRoleArn', description: IDENTITY_SHAPES.awsRoleArn.description },
  gcp: { kind: 'gcpServiceAccount', description: IDENTITY_SHAPES.gcpServiceAccount.description },
};

export const valuesIamIdentityFormat = valuesRule({
  code: 'values-iam-identity-format',
  title:
    "global.auth.iamIdentity must match the provider: Azure the identity's client ID (GUID), AWS an IAM role ARN, GCP a service-account email",
  defaultSeverity: 'warning',
  category: 'identity',
  checkValues({ values, report }) {
    const expected = KIND_BY_PROVIDER[providerOf(values) ?? ''];
    const setting = values.get(PATH);
    const identity = values.text(PATH);
    if (!expected || !setting || identity === undefined || matchesIdentityShape(expected.kind, identity)) return;
    const example =
      expected.kind === 'azurePrincipalId'
        ? '00000000-0000-0000-0000-000000000000'
        : IDENTITY_SHAPES[expected.kind].example;
    const what = isPlaceholder(identity)
      ? `is still the placeholder ${quoted(identity)}`
      : `${quoted(identity)} is not ${expected.description}`;
    report({
      at: setting.valueRange,
      message: `${PATH} ${what}: for provider ${providerOf(values)} write ${expected.description}, such as ${quoted(example)}.`,
    });
  },
});
