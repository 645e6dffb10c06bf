// api-version-unknown: an Anyscale.Platform resource uses an API version the resource provider doesn't offer, so ARM
// rejects the deployment. Suggests the closest known version.
import { API_VERSIONS, GA_API_VERSION } from '../../../catalog/anyscale';
import { editDistance } from '../../../text/suggest';
import type { TemplateRule } from '../../templateRule';
import { anyscaleApiVersions } from '../../support/anyscaleApiVersions';
import { valueFix } from '../../support/valueEdits';

const KNOWN = API_VERSIONS.map((entry) => entry.version);
const PREVIEW_SUFFIX = /-preview$/i;
const NOT_ALPHANUMERIC = /[^a-z0-9]/g;

function compact(version: string): string {
  return version.toLowerCase().replace(NOT_ALPHANUMERIC, '');
}

/**
 * `2026-09-01-preview` most likely means the GA `2026-09-01`; `2026-9-01` one typo away from a known version means
 * that version. A date further off is a different version, not a typo, so nothing is suggested.
 */
function suggestion(version: string): string | undefined {
  const withoutPreview = version.replace(PREVIEW_SUFFIX, '').toLowerCase();
  const compacted = compact(version);
  return (
    KNOWN.find((known) => known === withoutPreview) ??
    KNOWN.find((known) => editDistance(compact(known), compacted) <= 1)
  );
}

export const apiVersionUnknown: TemplateRule = {
  code: 'api-version-unknown',
  title: 'An Anyscale.Platform resource uses an API version that is not known to exist',
  defaultSeverity: 'warning',
  category: 'api-version',
  appliesTo: 'armTemplate',
  check(context) {
    for (const read of anyscaleApiVersions(context)) {
      if (read.entry) continue;
      const suggested = typeof read.value.value === 'string' ? suggestion(read.version) : undefined;
      const fix =
        suggested === undefined ? undefined : valueFix(read.value, suggested, `Change apiVersion to "${suggested}"`);
      context.report({
        at: read.value,
        message: `apiVersion ${JSON.stringify(read.value.value)} is not a known Anyscale.Platform API version (known: ${KNOWN.join(', ')}); ARM rejects a version the resource provider doesn't offer.${suggested ? ` Did you mean "${suggested}"?` : ` The GA version is ${GA_API_VERSION}.`}`,
        fixes: fix && [fix],
      });
    }
  },
};
