// provider-invalid: `provider` must be exactly Azure, AWS, GCP or Generic. The API is case-sensitive:
// `aws` or `Aws` is rejected, even though some published spec examples spell it that way. On the primary cloud resource,
// which must be Azure whatever the casing (primary-resource-not-azure), correcting `aws` to `AWS` would only trade one
// error for another: there `Azure` is offered first and neither fix is preferred (each changes what was meant).
import { PROVIDERS, type ProviderName } from '../../../catalog/anyscale';
import { didYouMean } from '../../../text/suggest';
import type { TemplateRule } from '../../templateRule';
import { knownString } from '../../../arm/value';
import { valueFix } from '../../support/valueEdits';
import { isPrimaryCloudResource } from './primary-resource-not-azure';

const NAMES = PROVIDERS.map((p) => p.name);
const AZURE: ProviderName = 'Azure';

export const providerInvalid: TemplateRule = {
  code: 'provider-invalid',
  title: 'provider must be exactly Azure, AWS, GCP or Generic (case-sensitive)',
  defaultSeverity: 'error',
  category: 'provider',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const read = cloudResource.prop('provider');
      // null is a missing value: required-property-missing reports it.
      if (!read.value.known || !read.valueNode || read.value.value === null) continue;
      const provider = knownString(read.value);
      if (provider !== undefined && NAMES.includes(provider as (typeof NAMES)[number])) continue;
      const shown = provider === undefined ? JSON.stringify(read.value.value) : `"${provider}"`;
      const suggestion = provider === undefined ? undefined : didYouMean(provider, NAMES);
      const hint = suggestion ? ` Did you mean "${suggestion}"?` : '';
      const onPrimary =
        suggestion !== undefined && suggestion !== AZURE && isPrimaryCloudResource(cloudResource, context);
      const fix =
        suggestion === undefined
          ? undefined
          : valueFix(read.value, suggestion, `Change provider to "${suggestion}"`, !onPrimary);
      const azureFix = onPrimary ? valueFix(read.value, AZURE, `Change provider to "${AZURE}"`) : undefined;
      const fixes = [azureFix, fix].filter((f) => f !== undefined);
      context.report({
        cloudResource,
        at: read.value,
        message:
          `provider ${shown} is not accepted: use exactly one of ${NAMES.join(', ')} (the value is case-sensitive).${hint}` +
          (onPrimary ? ` The primary cloud resource must use ${AZURE} in any case.` : ''),
        fixes: fixes.length > 0 ? fixes : undefined,
      });
    }
  },
};
