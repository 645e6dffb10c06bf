// operator-identity-shared: two cloud resources of one cloud with the same anyscaleOperatorIamIdentity. Each cloud
// resource has its own operator identity (documented: cloud-resources-overview); the identity is recorded at creation and
// can't be changed afterwards. Compared ignoring case and surrounding spaces: GUIDs and service-account emails are
// case-insensitive, and so are IAM role names. Empty values (Generic resources have none) are not compared.
import { knownString } from '../../../arm/value';
import type { TemplateRule } from '../../templateRule';
import { reportSharedValues } from '../../support/sharedValues';

export const operatorIdentityShared: TemplateRule = {
  code: 'operator-identity-shared',
  title: 'Each cloud resource of a cloud has its own operator identity (anyscaleOperatorIamIdentity)',
  defaultSeverity: 'warning',
  category: 'identity',
  appliesTo: 'armTemplate',
  check(context) {
    reportSharedValues(
      context,
      (cloudResource) => {
        const value = cloudResource.prop('anyscaleOperatorIamIdentity').value;
        const text = knownString(value)?.trim();
        return text && value.known ? { value, key: text.toLowerCase() } : undefined;
      },
      ({ value }, first) =>
        `anyscaleOperatorIamIdentity "${knownString(value)}" is already the operator identity of ${first} on the same cloud: each cloud resource has its own operator identity, recorded at creation and never changed. Create a separate identity for this cluster's operator.`,
      'First used by cloud resource',
    );
  },
};
