// bucket-endpoint-not-needed: providers other than Azure need no cloudStorageBucketEndpoint; a non-empty one is only
// for S3-compatible storage at a custom endpoint. The documented value for them is "" (which stays silent), and so
// is a custom endpoint: only a provider's own public storage host (an Azure one copied over, S3's, Cloud Storage's)
// is surely not one.
import type { TemplateRule } from '../../templateRule';
import { isPublicStorageHost } from '../../../catalog/storage';
import { valueFix } from '../../support/valueEdits';
import { labelWithValue, storageValuesOf } from '../../support/storageValues';

export const bucketEndpointNotNeeded: TemplateRule = {
  code: 'bucket-endpoint-not-needed',
  title: 'cloudStorageBucketEndpoint is only needed for Azure or S3-compatible storage at a custom endpoint',
  defaultSeverity: 'info',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, endpoint } of storageValuesOf(context.anyscale)) {
      if (!endpoint) continue;
      const provider = cloudResource.provider;
      if (!provider || provider.requiresBucketEndpoint || !endpoint.uri || !isPublicStorageHost(endpoint.uri.hostname))
        continue;
      const fix = valueFix(endpoint.value, '', 'Clear the endpoint');
      context.report({
        cloudResource,
        at: endpoint.value,
        message: `${labelWithValue('cloudStorageBucketEndpoint', endpoint)} is a cloud provider's own storage host, set for provider ${provider.name}, where the endpoint is only for S3-compatible storage at a custom endpoint: leave it empty ("") so the provider's own storage endpoint is used.`,
        fixes: fix && [fix],
      });
    }
  },
};
