// operator-identity-format: anyscaleOperatorIamIdentity must have its provider's shape — Azure the managed identity's
// principal ID (a GUID), AWS an IAM role ARN, GCP a service-account email. Generic needs none and isn't checked.
import { knownString } from '../../../arm/value';
import { PROVIDERS } from '../../../catalog/anyscale';
import {
  IDENTITY_KINDS,
  IDENTITY_MISTAKES,
  IDENTITY_SHAPES,
  matchesIdentityShape,
  type IdentityKind,
} from '../../../catalog/identity';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { quotedName } from '../../support/labels';

/** A hint when the value has another provider's shape: the provider may be the mistake, not the identity. */
function otherProviderHint(kind: IdentityKind, value: string): string {
  const other = IDENTITY_KINDS.find((candidate) => candidate !== kind && matchesIdentityShape(candidate, value));
  const provider = other && PROVIDERS.find((p) => p.identity === other);
  return other && provider
    ? ` It looks like ${IDENTITY_SHAPES[other].description}, the identity of provider ${provider.name}: check provider.`
    : '';
}

export const operatorIdentityFormat: TemplateRule = {
  code: 'operator-identity-format',
  title:
    'anyscaleOperatorIamIdentity must match its provider: Azure principal ID (GUID), AWS IAM role ARN, GCP service-account email',
  defaultSeverity: 'warning',
  category: 'identity',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const provider = cloudResource.provider;
      if (!provider || provider.identity === 'none') continue;
      const { value } = cloudResource.prop('anyscaleOperatorIamIdentity');
      const identity = knownString(value);
      // A missing or empty identity is required-property-missing's finding.
      if (identity === undefined || !value.known || identity.trim() === '') continue;
      const kind = provider.identity;
      if (matchesIdentityShape(kind, identity)) continue;
      const shape = IDENTITY_SHAPES[kind];
      const trimmed = identity.trim();
      if (trimmed !== identity && matchesIdentityShape(kind, trimmed)) {
        const fix = valueFix(value, trimmed, 'Remove the surrounding spaces', true);
        context.report({
          cloudResource,
          at: value,
          message: `anyscaleOperatorIamIdentity ${JSON.stringify(identity)} has spaces around it: Anyscale records the value as written, so the operator's identity won't match it.`,
          fixes: fix && [fix],
        });
        continue;
      }
      const mistake = IDENTITY_MISTAKES.find(
        (candidate) => candidate.kind === kind && candidate.pattern.test(identity),
      );
      const hint = mistake ? ` ${mistake.hint}` : otherProviderHint(kind, identity);
      const azureNote =
        kind === 'azurePrincipalId'
          ? " Note that the operator itself is configured with the identity's client ID instead, a different GUID."
          : '';
      context.report({
        cloudResource,
        at: value,
        message:
          `anyscaleOperatorIamIdentity ${quotedName(identity)} is not what provider ${provider.name} expects: ${shape.description} such as ${JSON.stringify(shape.example)}. ` +
          `The value can't be changed after creation, and the operator can't connect with a different identity.${hint}${azureNote}`,
      });
    }
  },
};
