// bucket-scheme-mismatch: cloudStorageBucketName must be a fully qualified `<scheme>://<bucket>` URI with a scheme
// the provider accepts; an abfss bucket must also name `<container>@<account>.dfs.core.windows.net`.
import {
  ABFSS_SCHEME,
  abfssEquivalent,
  abfssProblem,
  bucketShape,
  bucketShapes,
  splitUri,
  type UriParts,
} from '../../../catalog/storage';
import type { Provider } from '../../../catalog/anyscale';
import type { KnownValue } from '../../../arm/value';
import { didYouMean } from '../../../text/suggest';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { labelWithValue, quotedUri, storageValuesOf, whiteSpaceIn } from '../../support/storageValues';

/** `s3:my-bucket` or `s3:/my-bucket`: a scheme written without both slashes. */
const SCHEME_WITHOUT_SLASHES = /^([A-Za-z][A-Za-z0-9+.-]*):\/?([^/].*)$/;
/** A bucket or container name written alone, without a scheme. */
const BARE_BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const REJECTED = 'Anyscale rejects the cloud resource, and its properties cannot be changed after creation.';

interface Suggestion {
  readonly text: string;
  readonly preferred: boolean;
  /** What the suggestion leaves out of the written URI (a sub-path, query or fragment Anyscale rejects too). */
  readonly dropped?: string;
}

/**
 * The did-you-mean sentence and, when the value is a plain literal, the fix that writes the suggestion: the fix keeps
 * what stands before the host as written, the sentence and the fix's title mask it (quotedUri).
 */
function suggestionFor(value: KnownValue, suggestion: Suggestion | undefined): { hint: string; fixes?: Fix[] } {
  const shown = suggestion && quotedUri(suggestion.text, splitUri(suggestion.text));
  if (!suggestion || shown === undefined) return { hint: '' };
  const fix = valueFix(value, suggestion.text, `Change the bucket to ${shown}`, suggestion.preferred);
  const dropped = suggestion.dropped ? ` (without "${suggestion.dropped}": the bucket must be named alone)` : '';
  return { hint: ` Did you mean ${shown}${dropped}?`, fixes: fix && [fix] };
}

/** The URI a value without `://` most likely means, when the provider makes it obvious. */
function qualified(bucket: string, provider: Provider | undefined): Suggestion | undefined {
  if (!provider) return undefined;
  const schemes = provider.bucketSchemes;
  const written = SCHEME_WITHOUT_SLASHES.exec(bucket);
  if (written && schemes.includes(written[1].toLowerCase()))
    return { text: `${written[1].toLowerCase()}://${written[2]}`, preferred: true };
  if (schemes.length === 1 && BARE_BUCKET_NAME.test(bucket))
    return { text: `${schemes[0]}://${bucket}`, preferred: true };
  return undefined;
}

/** A bucket written with white space, without it: when that is a URI the provider accepts, it is surely what was meant. */
function withoutWhiteSpace(bucket: string, provider: Provider | undefined): Suggestion | undefined {
  const uri = splitUri(bucket);
  if (!uri || uri.authority === '') return undefined;
  const accepted = !provider || provider.bucketSchemes.length === 0 || provider.bucketSchemes.includes(uri.scheme);
  return accepted ? { text: bucket, preferred: true } : undefined;
}

/** The URI a bucket with a scheme the provider doesn't accept most likely means. */
function rescheme(uri: UriParts, schemes: readonly string[]): Suggestion | undefined {
  if (schemes.includes(ABFSS_SCHEME)) {
    const azure = abfssEquivalent(uri);
    if (azure) return { text: azure.uri, preferred: azure.exact };
  }
  const scheme = didYouMean(uri.scheme, schemes);
  if (scheme === undefined) return undefined;
  // The bucket alone: a sub-path would be the next error (bucket-subpath) once the scheme is right.
  return {
    text: `${scheme}://${uri.authority}`,
    preferred: scheme.toLowerCase() === uri.scheme.toLowerCase() && (uri.rest === '' || uri.rest === '/'),
    dropped: uri.rest === '' ? undefined : uri.rest,
  };
}

export const bucketSchemeMismatch: TemplateRule = {
  code: 'bucket-scheme-mismatch',
  title: 'cloudStorageBucketName must be a fully qualified URI whose scheme matches the provider',
  defaultSeverity: 'error',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, bucket: read } of storageValuesOf(context.anyscale)) {
      if (!read) continue;
      const { value, text: bucket, uri } = read;
      const provider = cloudResource.provider;
      if (!uri) {
        // Wrong for every provider, so it is reported even when the provider isn't known.
        const accepted = provider ? `${bucketShapes(provider)} for provider ${provider.name}` : '<scheme>://<bucket>';
        const spaced = whiteSpaceIn(bucket);
        const { hint, fixes } = suggestionFor(
          value,
          spaced ? withoutWhiteSpace(spaced.without, provider) : qualified(bucket, provider),
        );
        const fault = spaced ? `holds ${spaced.what}, which no URI does` : 'is not a fully qualified URI';
        context.report({
          cloudResource,
          at: value,
          message: `${labelWithValue('cloudStorageBucketName', read)} ${fault}: write it as ${accepted}. ${REJECTED}${hint}`,
          fixes,
        });
        continue;
      }
      if (!provider) continue;
      const schemes = provider.bucketSchemes;
      if (schemes.length > 0 && !schemes.includes(uri.scheme)) {
        const { hint, fixes } = suggestionFor(value, rescheme(uri, schemes));
        context.report({
          cloudResource,
          at: value,
          message: `${labelWithValue('cloudStorageBucketName', read)} uses the scheme "${uri.scheme}", which provider ${provider.name} does not accept: use ${bucketShapes(provider)}. ${REJECTED}${hint}`,
          fixes,
        });
        continue;
      }
      if (uri.authority === '') {
        context.report({
          cloudResource,
          at: value,
          message: `${labelWithValue('cloudStorageBucketName', read)} names no bucket after "${uri.scheme}://": use ${bucketShapes(provider)}. ${REJECTED}`,
        });
        continue;
      }
      if (uri.scheme !== ABFSS_SCHEME) continue;
      const problem = abfssProblem(uri);
      if (!problem) continue;
      const fault =
        problem === 'missing-container'
          ? 'names no container before "@"'
          : problem === 'credentials'
            ? 'holds a user name and password before "@", where the container goes'
            : `has the host "${uri.hostname}", which is not a storage account's Data Lake host`;
      const equivalent = abfssEquivalent(uri);
      const { hint, fixes } = suggestionFor(value, equivalent && { text: equivalent.uri, preferred: equivalent.exact });
      context.report({
        cloudResource,
        at: value,
        message: `${labelWithValue('cloudStorageBucketName', read)} ${fault}: an abfss bucket is written ${bucketShape(ABFSS_SCHEME)}. ${REJECTED}${hint}`,
        fixes,
      });
    }
  },
};
