// Shared by the storage rules: each cloud resource's bucket and endpoint as known strings, split into URI parts
// once per analysis (cached on the analysis's AnyscaleView), so seven rules don't split the same URIs seven times.
import type { AnyscaleView, CloudResource } from '../../arm/anyscaleView';
import { knownString, type KnownValue } from '../../arm/value';
import { splitUri, type UriParts } from '../../catalog/storage';
import { memoKey } from '../../memo';

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

// Classes, not object literals, like every object an analysis keeps per resource (docs/performance.md).
class UriRead implements UriValue {
  constructor(
    readonly value: KnownValue,
    readonly text: string,
    readonly uri: UriParts | undefined,
  ) {}
}

class ResourceStorage implements StorageValues {
  constructor(
    readonly cloudResource: CloudResource,
    readonly bucket: UriValue | undefined,
    readonly endpoint: UriValue | undefined,
  ) {}
}

const STORAGE_VALUES = memoKey<readonly StorageValues[]>('storage values');

function read(cloudResource: CloudResource, property: string, emptyIsUnset: boolean): UriValue | undefined {
  const value = cloudResource.prop(property).value;
  const text = knownString(value);
  if (text === undefined || !value.known || (emptyIsUnset && text === '')) return undefined;
  return new UriRead(value, text, splitUri(text));
}

/** An endpoint as a message may show it: never echo credentials back into the editor or a CI log. */
export function shownEndpoint(endpoint: UriValue): string {
  const uri = endpoint.uri;
  return uri?.userinfo === undefined ? endpoint.text : `${uri.scheme}://***@${uri.host}${uri.rest}`;
}

/** One entry per cloud resource, in the order of `anyscale.cloudResources`. */
export function storageValuesOf(anyscale: AnyscaleView): readonly StorageValues[] {
  return anyscale.memo.get(STORAGE_VALUES, () =>
    anyscale.cloudResources.map(
      (cloudResource) =>
        new ResourceStorage(
          cloudResource,
          read(cloudResource, 'cloudStorageBucketName', false),
          read(cloudResource, 'cloudStorageBucketEndpoint', true),
        ),
    ),
  );
}
