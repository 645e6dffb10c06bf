// bucket-subpath: cloudStorageBucketName must name the bucket only. Anyscale rejects `s3://my-bucket/prefix`;
// a lone trailing `/` is reported too, with a safe fix, since the URI then carries an (empty) path.
import { ABFSS_SCHEME, abfssProblem, shownUri } from '../../../catalog/storage';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { labelWithValue, storageValuesOf, tailOf } from '../../support/storageValues';
import type { StringEnds } from '../../../arm/value';

/** Names what follows the bucket: `/prefix` is a sub-path, `?…` a query, `#…` a fragment. */
function describeExtra(rest: string): string {
  if (rest.charCodeAt(0) === 63 /* ? */) return `a query ("${rest}")`;
  if (rest.charCodeAt(0) === 35 /* # */) return `a fragment ("${rest}")`;
  return `a sub-path ("${rest}")`;
}

/**
 * The known part of the path of a URI built around a part not known: a `/` after the start's `://` begins it, or,
 * when the start holds the `://`, any `/` in the end is in it. Undefined when neither says so.
 */
function knownPath({ start, end }: StringEnds): string | undefined {
  const separator = start.indexOf('://');
  if (separator < 0) return undefined;
  const inStart = start.indexOf('/', separator + 3);
  if (inStart >= 0) return `${start.slice(inStart)}…`;
  const inEnd = end.indexOf('/');
  return inEnd < 0 ? undefined : `…${tailOf(end.slice(inEnd))}`;
}

export const bucketSubpath: TemplateRule = {
  code: 'bucket-subpath',
  title: 'cloudStorageBucketName must name the bucket only, without a sub-path or trailing slash',
  defaultSeverity: 'error',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, bucket: read, bucketEnds } of storageValuesOf(context.anyscale)) {
      const path = bucketEnds && knownPath(bucketEnds.ends);
      if (bucketEnds && path !== undefined) {
        context.report({
          cloudResource,
          at: bucketEnds.ends.origin,
          message: `cloudStorageBucketName is built with "${path}" after its bucket, whatever the part that is not known here (${bucketEnds.reason}): it must name the bucket only. Anyscale rejects bucket URIs that carry a path, and the value cannot be changed after creation.`,
        });
        continue;
      }
      const uri = read?.uri;
      if (!read || !uri || uri.authority === '' || uri.rest === '') continue;
      const { value } = read;
      // In a URI of the wrong shape the path may hold the container (`https://<account>.blob.core.windows.net/<c>`,
      // `abfss://<account>.dfs.core.windows.net/<c>`): bucket-scheme-mismatch reports that and suggests the right URI.
      const schemes = cloudResource.provider?.bucketSchemes;
      if (schemes && schemes.length > 0 && !schemes.includes(uri.scheme)) continue;
      if (uri.scheme === ABFSS_SCHEME && abfssProblem(uri)) continue;
      // The fix keeps what the user wrote before the host; the messages and titles mask it (shownUri).
      const bare = `${uri.scheme}://${uri.authority}`;
      const shownBare = shownUri(uri, '');
      const written = labelWithValue('cloudStorageBucketName', read);
      if (uri.rest === '/') {
        const fix = valueFix(value, bare, 'Remove the trailing "/"', true);
        context.report({
          cloudResource,
          at: value,
          message: `${written} ends with "/": write the bucket alone, "${shownBare}". Anyscale rejects bucket URIs that carry a path, and the value cannot be changed after creation.`,
          fixes: fix && [fix],
        });
        continue;
      }
      const fix = valueFix(value, bare, `Keep only the bucket, "${shownBare}"`);
      context.report({
        cloudResource,
        at: value,
        message: `${written} has ${describeExtra(uri.rest)}, but it must name the bucket only, e.g. "${shownBare}". Anyscale rejects the cloud resource; use a separate bucket or container for this resource instead of a prefix.`,
        fixes: fix && [fix],
      });
    }
  },
};
