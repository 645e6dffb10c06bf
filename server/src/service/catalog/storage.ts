// Facts about a cloud resource's object storage (Azure storage host names, endpoint schemes, the console's CORS
// rule) and the small, allocation-light URI splitter the storage rules share. Bucket schemes live in PROVIDERS.
import type { Provider, ProviderName } from './anyscale';
import { Citations, cite, SOURCES, type Grade } from './source';

/** The ADLS Gen2 scheme, whose bucket is written `abfss://<container>@<account>.dfs.core.windows.net`. */
export const ABFSS_SCHEME = 'abfss';
/** Host of a storage account's Data Lake (dfs) service: `<account>.dfs.core.windows.net`. */
export const AZURE_DFS_HOST_SUFFIX = '.dfs.core.windows.net';
/** Host of a storage account's Blob service: `<account>.blob.core.windows.net`, the documented endpoint host. */
export const AZURE_BLOB_HOST_SUFFIX = '.blob.core.windows.net';

/**
 * Schemes `cloudStorageBucketEndpoint` may use. Azure takes a bare `https://<host>` origin [DOC]; for the other
 * providers the docs only say a bare `<scheme>://<host>` origin, and that the endpoint (S3-compatible storage) is
 * served over http or https is inferred, so another scheme there is at most an info.
 */
const ENDPOINT_SCHEMES: Readonly<Record<ProviderName, { readonly schemes: readonly string[]; readonly grade: Grade }>> =
  {
    Azure: { schemes: ['https'], grade: 'documented' },
    AWS: { schemes: ['https', 'http'], grade: 'inferred' },
    GCP: { schemes: ['https', 'http'], grade: 'inferred' },
    Generic: { schemes: ['https', 'http'], grade: 'inferred' },
  };
const ANY_PROVIDER_ENDPOINT_SCHEMES: readonly string[] = ['https', 'http'];

/** The endpoint schemes accepted for a provider; with the provider unknown, those some provider accepts. */
export function endpointSchemes(provider: Provider | undefined): readonly string[] {
  return provider ? ENDPOINT_SCHEMES[provider.name].schemes : ANY_PROVIDER_ENDPOINT_SCHEMES;
}

/** How sure the endpoint schemes of a provider are; with the provider unknown, inferred. */
export function endpointSchemesGrade(provider: Provider | undefined): Grade {
  return provider ? ENDPOINT_SCHEMES[provider.name].grade : 'inferred';
}

/** Methods the documented CORS rule allows for the console origin (CONSOLE_ORIGIN in ./anyscale). */
export const CONSOLE_CORS_METHODS: readonly string[] = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];

/** A URI split the way the storage rules need it; every part is a slice of the text as written. */
export interface UriParts {
  /** The scheme as written, without `://`. */
  readonly scheme: string;
  /** Everything between `://` and the first `/`, `?` or `#`. */
  readonly authority: string;
  /** What comes before the last `@` of the authority: an abfss container, or credentials in an endpoint. */
  readonly userinfo?: string;
  /** The authority without userinfo: host and optional port. */
  readonly host: string;
  /** The host without its port. */
  readonly hostname: string;
  /** Everything after the authority (path, query and fragment); empty when there is none. */
  readonly rest: string;
}

const FIRST_PATH_SEGMENT = /^\/([^/?#]+)/;

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** RFC 3986: a letter, then letters, digits, `+`, `-` or `.`. Checked by hand: this runs for every bucket and endpoint. */
function isScheme(text: string, end: number): boolean {
  if (end <= 0 || !isAsciiLetter(text.charCodeAt(0))) return false;
  for (let i = 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isAsciiLetter(c) && !isDigit(c) && c !== 43 /* + */ && c !== 45 /* - */ && c !== 46 /* . */) return false;
  }
  return true;
}

/** Where the host ends: at a `:` followed only by digits (the port), else at the end. */
function hostnameEnd(host: string): number {
  const colon = host.lastIndexOf(':');
  if (colon < 0 || colon === host.length - 1) return host.length;
  for (let i = colon + 1; i < host.length; i++) if (!isDigit(host.charCodeAt(i))) return host.length;
  return colon;
}

/** Splits `<scheme>://<authority><rest>`; undefined when there is no `://` or the scheme isn't a valid URI scheme. */
export function splitUri(text: string): UriParts | undefined {
  const separator = text.indexOf('://');
  if (!isScheme(text, separator)) return undefined;
  const start = separator + 3;
  let end = start;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    end++;
  }
  const authority = text.slice(start, end);
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : authority.slice(at + 1);
  const hostEnd = hostnameEnd(host);
  return new SplitUri(
    text.slice(0, separator),
    authority,
    at < 0 ? undefined : authority.slice(0, at),
    host,
    hostEnd === host.length ? host : host.slice(0, hostEnd),
    end === text.length ? '' : text.slice(end),
  );
}

/** A class, not an object literal: analyses keep one per bucket and endpoint (docs/performance.md). */
class SplitUri implements UriParts {
  constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly userinfo: string | undefined,
    readonly host: string,
    readonly hostname: string,
    readonly rest: string,
  ) {}
}

export type AzureStorageService = 'blob' | 'dfs';

/**
 * A cloud provider's own public storage host: an Azure storage account's, Amazon S3's (`*.amazonaws.com`) or Google
 * Cloud Storage's (`storage.googleapis.com`). Not a custom endpoint, which is any other host (MinIO in a data centre).
 */
export function isPublicStorageHost(hostname: string): boolean {
  const lower = hostname.toLowerCase();
  return (
    storageAccountOf(lower) !== undefined ||
    lower.endsWith('.amazonaws.com') ||
    lower === 'storage.googleapis.com' ||
    lower.endsWith('.storage.googleapis.com')
  );
}

/** The storage account a `<account>.blob.core.windows.net` or `<account>.dfs.core.windows.net` host names (lowercased). */
export function storageAccountOf(hostname: string): { account: string; service: AzureStorageService } | undefined {
  const lower = hostname.toLowerCase();
  const service: AzureStorageService | undefined = lower.endsWith(AZURE_DFS_HOST_SUFFIX)
    ? 'dfs'
    : lower.endsWith(AZURE_BLOB_HOST_SUFFIX)
      ? 'blob'
      : undefined;
  if (!service) return undefined;
  const account = lower.slice(
    0,
    lower.length - (service === 'dfs' ? AZURE_DFS_HOST_SUFFIX : AZURE_BLOB_HOST_SUFFIX).length,
  );
  return account.length > 0 && !account.includes('.') ? { account, service } : undefined;
}

/** How a bucket URI of each scheme is written, for messages; other schemes are `<scheme>://<bucket>`. */
const BUCKET_SHAPES: Readonly<Record<string, string>> = {
  [ABFSS_SCHEME]: `${ABFSS_SCHEME}://<container>@<account>${AZURE_DFS_HOST_SUFFIX}`,
  azure: 'azure://<container>',
};

/** How a bucket URI of a scheme is written, for messages: `s3://<bucket>`. */
export function bucketShape(scheme: string): string {
  return BUCKET_SHAPES[scheme] ?? `${scheme}://<bucket>`;
}

/** The accepted bucket shapes of a provider in words, or `any <scheme>://<bucket>` for Generic. */
export function bucketShapes(provider: Provider): string {
  return provider.bucketSchemes.length === 0
    ? 'any <scheme>://<bucket>'
    : provider.bucketSchemes.map(bucketShape).join(' or ');
}

export function abfssBucketUri(container: string, account: string): string {
  return `${ABFSS_SCHEME}://${container}@${account}${AZURE_DFS_HOST_SUFFIX}`;
}

export function blobEndpointOf(account: string): string {
  return `https://${account}${AZURE_BLOB_HOST_SUFFIX}`;
}

/**
 * What is wrong with an abfss bucket's authority, or undefined when it is `<container>@<account>.dfs.core.windows.net`:
 * `credentials` when what stands before `@` holds a `:` (`user:pass`), which no container name does.
 */
export function abfssProblem(uri: UriParts): 'missing-container' | 'credentials' | 'wrong-host' | undefined {
  if (!uri.userinfo) return 'missing-container';
  if (storageAccountOf(uri.hostname)?.service !== 'dfs') return 'wrong-host';
  return containerOf(uri) === undefined ? 'credentials' : undefined;
}

/**
 * The container an Azure storage URI's userinfo names (`abfss://<container>@<account>.dfs.core.windows.net`, also an
 * abfss URI on another host, which is written so whatever the host); undefined without userinfo, on a host that is no
 * storage account's under another scheme, or when it holds a `:` (credentials, not a container).
 */
export function containerOf(uri: UriParts): string | undefined {
  const userinfo = uri.userinfo;
  if (userinfo === undefined || userinfo.includes(':')) return undefined;
  return uri.scheme.toLowerCase() === ABFSS_SCHEME || storageAccountOf(uri.hostname) ? userinfo : undefined;
}

/**
 * A URI as a message shows it, with `rest` in place of its path, query and fragment: what stands before the host's
 * `@` written `***` unless it is an Azure storage container (containerOf), as it may be credentials (`user:pass`, a
 * token) and findings go to CI logs and SARIF. The `***` keeps the message true to what is written.
 */
export function shownUri(uri: UriParts, rest: string = uri.rest): string {
  const userinfo = uri.userinfo === undefined ? '' : `${containerOf(uri) ?? '***'}@`;
  return `${uri.scheme}://${userinfo}${uri.host}${rest}`;
}

/**
 * The abfss bucket an Azure storage URI most likely means (`wasbs://c@a.blob…`, `https://a.blob…/c`,
 * `abfss://c@a.blob…`), with `exact` true when the container came from the authority and nothing else was dropped.
 */
export function abfssEquivalent(uri: UriParts): { uri: string; exact: boolean } | undefined {
  const storage = storageAccountOf(uri.hostname);
  if (!storage) return undefined;
  if (uri.userinfo) {
    const container = containerOf(uri);
    return container === undefined
      ? undefined
      : { uri: abfssBucketUri(container, storage.account), exact: uri.rest === '' || uri.rest === '/' };
  }
  const firstSegment = FIRST_PATH_SEGMENT.exec(uri.rest);
  return firstSegment ? { uri: abfssBucketUri(firstSegment[1], storage.account), exact: false } : undefined;
}

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  ABFSS_SCHEME: cite(SOURCES.addCloudResource, 'documented'),
  AZURE_DFS_HOST_SUFFIX: cite(SOURCES.addCloudResource, 'documented'),
  AZURE_BLOB_HOST_SUFFIX: cite(SOURCES.addCloudResource, 'documented'),
  CONSOLE_CORS_METHODS: cite(SOURCES.addCloudResource, 'documented'),
});
