// bucket-shared: two cloud resources of one cloud with the same cloudStorageBucketName. Each cloud resource has its own
// bucket (documented: cloud-resources-overview), and the value can't be changed after creation. URIs are compared
// normalised with the storage rules' URI splitter: scheme and host ignoring case (as URIs and DNS do), without
// trailing slashes (bucket-subpath reports those), and without credentials before the host (an Azure container there
// is kept: it names the bucket).
import { containerOf, type UriParts } from '../../../catalog/storage';
import type { TemplateRule } from '../../templateRule';
import { reportSharedValues } from '../../support/sharedValues';
import { labelWithValue, storageValuesOf } from '../../support/storageValues';

/** The bucket a URI names, as a comparable key. */
function bucketKey(uri: UriParts): string {
  const container = containerOf(uri);
  const authority = container === undefined ? uri.host.toLowerCase() : `${container}@${uri.host.toLowerCase()}`;
  return `${uri.scheme.toLowerCase()}://${authority}${uri.rest.replace(/\/+$/, '')}`;
}

export const bucketShared: TemplateRule = {
  code: 'bucket-shared',
  title: 'Each cloud resource of a cloud has its own bucket (cloudStorageBucketName, compared as normalised URIs)',
  defaultSeverity: 'warning',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    const buckets = new Map(
      storageValuesOf(context.anyscale).map((storage) => [storage.cloudResource, storage.bucket]),
    );
    reportSharedValues(
      context,
      (cloudResource) => {
        const bucket = buckets.get(cloudResource);
        return bucket?.uri && bucket.uri.authority !== ''
          ? { value: bucket.value, key: bucketKey(bucket.uri), bucket }
          : undefined;
      },
      ({ bucket }, first) =>
        `${labelWithValue('cloudStorageBucketName', bucket)} is already the bucket of ${first} on the same cloud: each cloud resource has its own bucket, and the value can't be changed after creation. Use a separate bucket (or container) for this cluster.`,
      'First used by cloud resource',
    );
  },
};
