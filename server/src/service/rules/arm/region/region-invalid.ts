// region-invalid: `region` and `cloudStorageBucketRegion` must match ^[a-z0-9]+(-[a-z0-9]+)*$ and be at most
// 35 characters. Anyscale doesn't convert casing, so `WestUS2` is rejected rather than read as `westus2`.
import { NAMING } from '../../../catalog/anyscale';
import { isValidRegionSyntax, regionListFor, regionSyntaxFor, suggestRegion } from '../../../catalog/regions';
import type { CloudResource } from '../../../arm/anyscaleView';
import { sameLettersAndDigits } from '../../../text/suggest';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

const REGION_PROPERTIES = ['region', 'cloudStorageBucketRegion'] as const;

/** The valid spelling the value most likely means: a region of the provider's list, else the value made valid. */
function validSpellingOf(text: string, cloudResource: CloudResource): string | undefined {
  const provider = cloudResource.provider;
  const list = provider ? regionListFor(provider.regionList) : undefined;
  const fromList = list ? suggestRegion(text, list) : undefined;
  return fromList ?? regionSyntaxFor(text);
}

export const regionInvalid: TemplateRule = {
  code: 'region-invalid',
  title: 'region and cloudStorageBucketRegion must be lowercase letters, digits and hyphens, at most 35 characters',
  defaultSeverity: 'error',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      for (const property of REGION_PROPERTIES) {
        const { value } = cloudResource.prop(property);
        // Unknown values are not checked; null and "" mean "not set" (region-missing covers an unset region).
        if (!value.known || value.value === null || value.value === '') continue;
        if (typeof value.value !== 'string') {
          const example = cloudResource.provider ? ` such as "${cloudResource.provider.regionExample}"` : '';
          context.report({
            cloudResource,
            at: value,
            message: `${property} must be a string region name${example}; ${JSON.stringify(value.value)} is rejected when the template is deployed.`,
          });
          continue;
        }
        const text = value.value;
        if (isValidRegionSyntax(text)) continue;
        const suggestion = validSpellingOf(text, cloudResource);
        const hint = suggestion ? ` Did you mean "${suggestion}"?` : '';
        const problem = NAMING.regionPattern.test(text)
          ? `is ${text.length} characters long, but at most ${NAMING.regionMaxLength} are accepted`
          : isValidRegionSyntax(text.toLowerCase())
            ? 'has uppercase letters, but only lowercase is accepted and Anyscale does not convert casing'
            : 'is not made of lowercase letters and digits in groups joined by single hyphens';
        const fix =
          suggestion === undefined
            ? undefined
            : valueFix(
                value,
                suggestion,
                `Change ${property} to "${suggestion}"`,
                sameLettersAndDigits(text, suggestion),
              );
        context.report({
          cloudResource,
          at: value,
          message: `${property} "${text}" ${problem}, so the deployment is rejected.${hint}`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
