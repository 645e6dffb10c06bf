// bucket-cors-required: for AWS, GCP and Generic cloud resources Anyscale does not configure the bucket's CORS rule;
// the console reads logs from the bucket in the browser, so without a rule for its origin the Logs tab stays empty.
import { CONSOLE_ORIGIN } from '../../../catalog/anyscale';
import { CONSOLE_CORS_METHODS, shownUri, storageAccountOf } from '../../../catalog/storage';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import { labelWithValue, storageValuesOf, type UriValue } from '../../support/storageValues';

const CORS_RULE = `a CORS rule allowing the origin ${CONSOLE_ORIGIN} (methods ${CONSOLE_CORS_METHODS.join(', ')})`;

/**
 * What the CORS rule is set on, as the message names it: the bucket without a sub-path, query or fragment
 * (`s3://my-bucket`); on an Azure storage host, its storage account, whose Blob service holds the CORS rules (the
 * portal-style template sets them on `blobServices`, domain §1.4). Never credentials (a `user:pass@` before the host),
 * which the message would carry into CI logs and SARIF: they are masked (shownUri), and a bucket that is no URI is
 * named only when it holds no `@` (labelWithValue).
 */
function corsTarget(bucket: UriValue | undefined): string {
  if (!bucket) return 'bucket';
  const uri = bucket.uri;
  if (!uri) return labelWithValue('bucket', bucket);
  const named = shownUri(uri, '');
  const storage = storageAccountOf(uri.hostname);
  return storage ? `storage account "${storage.account}" (bucket "${named}")` : `bucket "${named}"`;
}

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
      const message = `Anyscale does not configure CORS for ${provider.name} buckets: give the ${corsTarget(bucket)} ${CORS_RULE}, or the console's Logs tab stays empty.`;
      // On the bucket the rule is for, with the provider that makes it needed; on the provider when no bucket is known.
      if (!bucket) {
        context.report({ at: providerValue, message, cloudResource });
        continue;
      }
      context.report({
        cloudResource,
        at: bucket.value,
        message,
        related: [
          {
            ...rangeOf(providerValue.origin),
            uri: providerValue.originUri,
            message: `The provider is ${provider.name}: Anyscale configures CORS only for Azure (AKS-backed) buckets.`,
          },
        ],
      });
    }
  },
};
