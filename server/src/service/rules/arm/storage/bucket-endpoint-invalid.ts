// bucket-endpoint-invalid: a non-empty cloudStorageBucketEndpoint must be a bare origin (https://<host>; http is
// also accepted for S3-compatible storage of non-Azure providers): no credentials, path, query or fragment. Only
// Azure's https is documented: another scheme alone on another provider's endpoint is an info that says it is inferred.
import { endpointSchemes, endpointSchemesGrade, splitUri } from '../../../catalog/storage';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';
import { labelWithValue, storageValuesOf, whiteSpaceIn } from '../../support/storageValues';
import { namesList } from '../../../text/namesList';

/** A host name, optionally with a port, written without a scheme. */
const BARE_HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d+)?$/;
const QUERY_OR_FRAGMENT = /[?#]/;
const UNCHANGEABLE =
  'Anyscale requires a bare origin, and the value cannot be changed after the cloud resource is created.';

/** What follows the host other than a lone `/` (that is bucket-endpoint-trailing-slash's finding). */
function extraParts(rest: string): string[] {
  if (rest === '' || rest === '/') return [];
  const parts: string[] = [];
  const queryAt = rest.search(QUERY_OR_FRAGMENT);
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  if (path.length > 1) parts.push(`a path ("${path}")`);
  if (rest.includes('?')) parts.push('a query');
  if (rest.includes('#')) parts.push('a fragment');
  return parts;
}

export const bucketEndpointInvalid: TemplateRule = {
  code: 'bucket-endpoint-invalid',
  title: 'cloudStorageBucketEndpoint must be a bare https origin, without path, query or credentials',
  defaultSeverity: 'error',
  category: 'storage',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { cloudResource, endpoint: read } of storageValuesOf(context.anyscale)) {
      if (!read) continue;
      const { value, text: endpoint, uri } = read;
      const schemes = endpointSchemes(cloudResource.provider);
      if (!uri) {
        const spaced = whiteSpaceIn(endpoint);
        const origin = spaced
          ? bareOrigin(spaced.without, schemes)
          : BARE_HOST.test(endpoint)
            ? `${schemes[0]}://${endpoint}`
            : undefined;
        // Adding the scheme is safe only when the provider leaves one choice; dropping white space always is.
        const fix =
          origin === undefined
            ? undefined
            : valueFix(
                value,
                origin,
                `Change the endpoint to "${origin}"`,
                spaced !== undefined || schemes.length === 1,
              );
        const fault = spaced ? `holds ${spaced.what}, which no URL does` : 'is not a URL';
        context.report({
          cloudResource,
          at: value,
          message: `${labelWithValue('cloudStorageBucketEndpoint', read)} ${fault}: write a bare ${originShape(schemes)} origin. ${UNCHANGEABLE}${origin ? ` Did you mean "${origin}"?` : ''}`,
          fixes: fix && [fix],
        });
        continue;
      }
      const scheme = uri.scheme.toLowerCase();
      const schemeAccepted = schemes.includes(scheme);
      const problems = extraParts(uri.rest);
      if (!schemeAccepted) problems.unshift(`the scheme "${uri.scheme}"`);
      if (uri.userinfo !== undefined) problems.push('credentials, which do not belong in a template');
      if (uri.hostname === '') problems.push('no host');
      if (problems.length === 0) continue;
      const origin = uri.hostname === '' ? undefined : `${schemeAccepted ? scheme : schemes[0]}://${uri.host}`;
      const fix = origin === undefined ? undefined : valueFix(value, origin, `Change the endpoint to "${origin}"`);
      if (!schemeAccepted && problems.length === 1 && endpointSchemesGrade(cloudResource.provider) === 'inferred') {
        context.report({
          cloudResource,
          at: value,
          message: `${labelWithValue('cloudStorageBucketEndpoint', read)} uses the scheme "${uri.scheme}"; an S3-compatible endpoint is usually ${originShape(schemes)} (inferred: the docs only ask for a bare <scheme>://<host> origin).${origin ? ` Did you mean "${origin}"?` : ''}`,
          severity: 'info',
          fixes: fix && [fix],
        });
        continue;
      }
      context.report({
        cloudResource,
        at: value,
        message: `${labelWithValue('cloudStorageBucketEndpoint', read)} must be a bare ${originShape(schemes)} origin, but it has ${namesList(problems)}. ${UNCHANGEABLE}${origin ? ` Did you mean "${origin}"?` : ''}`,
        fixes: fix && [fix],
      });
    }
  },
};

/** `text` as a bare origin of one of the schemes (a lone trailing `/` dropped), or undefined when it is not one. */
function bareOrigin(text: string, schemes: readonly string[]): string | undefined {
  const uri = splitUri(text);
  if (!uri || uri.userinfo !== undefined || uri.hostname === '' || (uri.rest !== '' && uri.rest !== '/'))
    return undefined;
  const scheme = uri.scheme.toLowerCase();
  return schemes.includes(scheme) ? `${scheme}://${uri.host}` : undefined;
}

function originShape(schemes: readonly string[]): string {
  return schemes.map((scheme) => `${scheme}://<host>`).join(' or ');
}
