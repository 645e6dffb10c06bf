// bucket-endpoint-trailing-slash: an endpoint that is a bare origin plus `/`. The log agent derives the storage
// account name by trimming `.blob.core.windows.net` from the endpoint, so with the slash logs never reach the bucket.
import { AZURE_BLOB_HOST_SUFFIX, endpointSchemes, storageAccountOf } from '../../../catalog/storage';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { storageValuesOf, tailOf } from '../../support/storageValues';

export const bucketEndpointTrailingSlash: TemplateRule = {
  code: 'bucket-endpoint-trailing-slash',
  title: 'cloudStorageBucketEndpoint must not end with a slash',
  defaultSeverity: 'warning',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, endpoint: read, endpointEnds } of storageValuesOf(context.anyscale)) {
      if (endpointEnds?.ends.end.endsWith('/')) {
        // Built around a part that is not known: whatever that part is, the endpoint ends with the slash.
        const { end, origin } = endpointEnds.ends;
        const blobHost = end.slice(0, -1).toLowerCase().endsWith(AZURE_BLOB_HOST_SUFFIX);
        context.report({
          cloudResource,
          at: origin,
          message: `cloudStorageBucketEndpoint is built to end with "${tailOf(end)}" whatever the part that is not known here (${endpointEnds.reason}): write the bare origin, without the final "/". ${consequenceOf(blobHost)}`,
        });
        continue;
      }
      const uri = read?.uri;
      // Anything else wrong with the endpoint is bucket-endpoint-invalid's finding, and its fix drops the slash too.
      if (!read || !uri || uri.rest !== '/' || uri.userinfo !== undefined || uri.hostname === '') continue;
      const { value, text: endpoint } = read;
      if (!endpointSchemes(cloudResource.provider).includes(uri.scheme.toLowerCase())) continue;
      const origin = endpoint.slice(0, -1);
      const consequence = consequenceOf(storageAccountOf(uri.hostname) !== undefined);
      const fix = valueFix(value, origin, 'Remove the trailing "/"', true);
      context.report({
        cloudResource,
        at: value,
        message: `cloudStorageBucketEndpoint "${endpoint}" ends with "/": write the bare origin "${origin}". ${consequence}`,
        fixes: fix && [fix],
      });
    }
  },
};

/** What the slash breaks: log shipping, for an Azure storage account's endpoint. */
function consequenceOf(storageAccount: boolean): string {
  return storageAccount
    ? `The log agent derives the storage account name by trimming "${AZURE_BLOB_HOST_SUFFIX}" from the endpoint, so with the slash logs never reach the bucket.`
    : 'Anyscale expects a bare origin with no path.';
}
