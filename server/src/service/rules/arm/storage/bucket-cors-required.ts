// bucket-cors-required: for AWS, GCP and Generic cloud resources Anyscale does not configure the bucket's CORS rule;
// the console reads logs from the bucket in the browser, so without a rule for its origin the Logs tab stays empty.
import { CONSOLE_ORIGIN } from '../../../catalog/anyscale';
import { CONSOLE_CORS_METHODS } from '../../../catalog/storage';
import type { TemplateRule } from '../../templateRule';
import { storageValuesOf } from '../../support/storageValues';

const CORS_RULE = `a CORS rule allowing the origin ${CONSOLE_ORIGIN} (methods ${CONSOLE_CORS_METHODS.join(', ')})`;

export const bucketCorsRequired: TemplateRule = {
  code: 'bucket-cors-required',
  title: 'AWS, GCP and Generic buckets need a CORS rule for the Anyscale console, which Anyscale does not configure',
  defaultSeverity: 'info',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, bucket } of storageValuesOf(context.anyscale)) {
      const provider = cloudResource.provider;
      if (!provider || provider.corsConfiguredByAnyscale) continue;
      const providerValue = cloudResource.prop('provider').value;
      if (!providerValue.known) continue;
      const target = bucket ? `bucket "${bucket.text}"` : 'bucket';
      context.report({
        at: providerValue,
        message: `Anyscale does not configure CORS for ${provider.name} buckets: give the ${target} ${CORS_RULE}, or the console's Logs tab stays empty.`,
      });
    }
  },
};
