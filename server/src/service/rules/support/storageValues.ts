// Shared by the storage rules: each cloud resource's bucket and endpoint as known strings, split into URI parts
// once per analysis (cached on the analysis's AnyscaleView), so seven rules don't split the same URIs seven times.
import type { AnyscaleView, CloudResource } from '../../arm/anyscaleView';
import { knownString, type KnownValue, type StringEnds, type UnknownValue } from '../../arm/value';
import { shownUri, splitUri, type UriParts } from '../../catalog/storage';
import { memoKey } from '../../memo';

export interface UriValue {
  readonly value: KnownValue;
  readonly text: string;
  /** The split URI; undefined when the text has no `<scheme>://` or holds white space. */
  readonly uri?: UriParts;
}

export interface StorageValues {
  readonly cloudResource: CloudResource;
  /** `cloudStorageBucketName` when it is a known string. */
  readonly bucket?: UriValue;
  /** `cloudStorageBucketEndpoint` when it is a known, non-empty string (empty is the documented "not set"). */
  readonly endpoint?: UriValue;
  /** The bucket and the endpoint when they are not known whole but their start or end is (expressions/stringEnds.ts). */
  readonly bucketEnds?: PartlyKnown;
  readonly endpointEnds?: PartlyKnown;
}

/** A string not known whole, of which the start or the end is. */
export type PartlyKnown = UnknownValue & { readonly ends: StringEnds };

// Classes, not object literals, like every object an analysis keeps per resource (docs/performance.md).
class UriRead implements UriValue {
  constructor(
    readonly value: KnownValue,
    readonly text: string,
    readonly uri: UriParts | undefined,
  ) {}
}

class ResourceStorage implements StorageValues {
  readonly bucket: UriValue | undefined;
  readonly endpoint: UriValue | undefined;
  readonly bucketEnds: PartlyKnown | undefined;
  readonly endpointEnds: PartlyKnown | undefined;

  constructor(readonly cloudResource: CloudResource) {
    this.bucket = read(cloudResource, 'cloudStorageBucketName', false);
    this.endpoint = read(cloudResource, 'cloudStorageBucketEndpoint', true);
    this.bucketEnds = endsOf(cloudResource, 'cloudStorageBucketName');
    this.endpointEnds = endsOf(cloudResource, 'cloudStorageBucketEndpoint');
  }
}

const STORAGE_VALUES = memoKey<readonly StorageValues[]>('storage values');

/** A space, tab or line break: no URI holds one (RFC 3986), and the spec types both properties `format: uri`. */
const WHITE_SPACE = /\s/;
const WHITE_SPACE_NAMES: Readonly<Record<string, string>> = {
  ' ': 'a space',
  '\t': 'a tab',
  '\n': 'a line break',
  '\r': 'a line break',
};

/**
 * A URI spoilt only by white space: what it holds (`a line break`) and the URI without it; undefined when the value
 * holds none, or is no URI even without it (then that is what to say).
 */
export function whiteSpaceIn(text: string): { what: string; without: string } | undefined {
  const found = WHITE_SPACE.exec(text);
  const without = found ? text.replace(/\s+/g, '') : '';
  if (!found || !splitUri(without)) return undefined;
  return { what: WHITE_SPACE_NAMES[found[0]] ?? 'white space', without };
}

function read(cloudResource: CloudResource, property: string, emptyIsUnset: boolean): UriValue | undefined {
  const value = cloudResource.prop(property).value;
  const text = knownString(value);
  if (text === undefined || !value.known || (emptyIsUnset && text === '')) return undefined;
  // With white space it is no URI at all: the rules that read its parts stay silent, the two that check its form say so.
  return new UriRead(value, text, WHITE_SPACE.test(text) ? undefined : splitUri(text));
}

function endsOf(cloudResource: CloudResource, property: string): PartlyKnown | undefined {
  const value = cloudResource.prop(property).value;
  return !value.known && value.ends ? (value as PartlyKnown) : undefined;
}

/**
 * The end of a string built around a part not known, as a message shows it: at most its last 60 characters, and only
 * what follows its last `@` (what stands before one may be credentials, shownUri); the string still ends with it.
 */
export function tailOf(end: string): string {
  const shown = end.slice(end.lastIndexOf('@') + 1);
  return shown.length <= 60 ? shown : `…${shown.slice(-59)}`;
}

/**
 * A bucket or endpoint quoted as a message may show it, or undefined when it may not be: a URI with what may be
 * credentials masked (shownUri); a text that is no URI as JSON writes it (white space visible) when it holds no `@`,
 * since what stands before one cannot be told from credentials there.
 */
export function quotedUri(text: string, uri: UriParts | undefined): string | undefined {
  if (uri) return `"${shownUri(uri)}"`;
  return text.includes('@') ? undefined : JSON.stringify(text);
}

/** `label` followed by the value quoted (quotedUri): `cloudStorageBucketName "s3://***@my-bucket/logs"`, or `label` alone. */
export function labelWithValue(label: string, read: UriValue): string {
  const quoted = quotedUri(read.text, read.uri);
  return quoted === undefined ? label : `${label} ${quoted}`;
}

/** One entry per cloud resource, in the order of `anyscale.cloudResources`. */
export function storageValuesOf(anyscale: AnyscaleView): readonly StorageValues[] {
  return anyscale.memo.get(STORAGE_VALUES, () =>
    anyscale.cloudResources.map((cloudResource) => new ResourceStorage(cloudResource)),
  );
}
