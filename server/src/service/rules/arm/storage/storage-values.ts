// Shared by the storage rules: each cloud resource's bucket and endpoint as known strings, split into URI parts
// once per analysis (cached on the analysis's AnyscaleView), so seven rules don't split the same URIs seven times.
import type { AnyscaleView, CloudResource } from '../../../arm/anyscale';
import { knownString, type KnownValue } from '../../../arm/value';
import { splitUri, type UriParts } from '../../../catalog/storage';
import { memoKey } from '../../../memo';

export interface UriValue {
  readonly value: KnownValue;
  readonly text: string;
  /** The split URI; undefined when the text has no `<scheme>://`. */
  readonly uri?: UriParts;
}

export interface StorageValues {
  readonly cloudResource: CloudResource;
  /** `cloudStorageBucketName` when it is a known string. */
  readonly bucket?: UriValue;
  /** `cloudStorageBucketEndpoint` when it is a known, non-empty string (empty is the documented "not set"). */
  readonly endpoint?: UriValue;
}

const STORAGE_VALUES = memoKey<readonly StorageValues[]>('storage values');

function read(cloudResource: CloudResource, property: string, emptyIsUnset: boolean): UriValue | undefined {
  const value = cloudResource.prop(property).value;
  const text = knownString(value);
  if (text === undefined || !value.known || (emptyIsUnset && text === '')) return undefined;
  return { value, text, uri: splitUri(text) };
}

/** One entry per cloud resource, in the order of `anyscale.cloudResources`. */
export function storageValuesOf(anyscale: AnyscaleView): readonly StorageValues[] {
  return anyscale.memo.get(STORAGE_VALUES, () =>
    anyscale.cloudResources.map((cloudResource) => ({
      cloudResource,
      bucket: read(cloudResource, 'cloudStorageBucketName', false),
      endpoint: read(cloudResource, 'cloudStorageBucketEndpoint', true),
    })),
  );
}
