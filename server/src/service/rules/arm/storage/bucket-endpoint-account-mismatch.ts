// bucket-endpoint-account-mismatch: for an Azure abfss bucket, the endpoint's storage account (the first label of a
// *.blob/*.dfs.core.windows.net host) must be the bucket's account. azure:// buckets and custom domains stay silent.
import { ABFSS_SCHEME, blobEndpointOf, storageAccountOf } from '../../../catalog/storage';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { labelWithValue, storageValuesOf } from '../../support/storageValues';

export const bucketEndpointAccountMismatch: TemplateRule = {
  code: 'bucket-endpoint-account-mismatch',
  title: 'cloudStorageBucketEndpoint must point to the same storage account as the abfss bucket',
  defaultSeverity: 'warning',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, bucket, endpoint } of storageValuesOf(context.anyscale)) {
      if (!bucket?.uri || !endpoint?.uri || bucket.uri.scheme !== ABFSS_SCHEME || !bucket.uri.userinfo) continue;
      if (!cloudResource.provider?.bucketSchemes.includes(ABFSS_SCHEME)) continue;
      const bucketAccount = storageAccountOf(bucket.uri.hostname);
      const endpointAccount = storageAccountOf(endpoint.uri.hostname);
      if (!bucketAccount || !endpointAccount || bucketAccount.account === endpointAccount.account) continue;
      const expected = blobEndpointOf(bucketAccount.account);
      const fix = valueFix(endpoint.value, expected, `Change the endpoint to "${expected}"`);
      context.report({
        cloudResource,
        at: endpoint.value,
        message: `${labelWithValue('cloudStorageBucketEndpoint', endpoint)} names the storage account "${endpointAccount.account}", but ${labelWithValue('the bucket', bucket)} is in "${bucketAccount.account}": both must point to the same account, or logs and files are looked for in the wrong place. Did you mean "${expected}"?`,
        related: [
          {
            ...rangeOf(bucket.value.origin),
            uri: bucket.value.originUri,
            message: `The bucket's storage account is "${bucketAccount.account}".`,
          },
        ],
        fixes: fix && [fix],
      });
    }
  },
};
