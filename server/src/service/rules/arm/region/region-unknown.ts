// region-unknown: for Azure, AWS and GCP, Anyscale validates `region` against that provider's known regions.
// A well-formed name missing from the provider's list is most often a region of another provider or a typo.
import { knownString } from '../../../arm/value';
import {
  isKnownRegion,
  isValidRegionSyntax,
  providersKnowingRegion,
  regionListFor,
  suggestRegion,
} from '../../../catalog/regions';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

/** `an AWS`, `an Azure`, `a GCP`. */
function withArticle(word: string): string {
  return `${'AEIOU'.includes(word[0]) ? 'an' : 'a'} ${word}`;
}

export const regionUnknown: TemplateRule = {
  code: 'region-unknown',
  title: "region should be one of the provider's known regions (Azure, AWS and GCP)",
  defaultSeverity: 'warning',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const provider = cloudResource.provider;
      const list = provider && regionListFor(provider.regionList);
      if (!provider || !list) continue;
      const { value } = cloudResource.prop('region');
      const region = knownString(value);
      // Malformed names are region-invalid's; well-formed names of the list are fine.
      if (region === undefined || !value.known || !isValidRegionSyntax(region) || isKnownRegion(list, region)) continue;
      const owners = providersKnowingRegion(region);
      const suggestion = suggestRegion(region, list);
      const what =
        owners.length > 0
          ? `${withArticle(owners.join(' and '))} region name, not ${withArticle(list.provider)} one`
          : `not in this extension's list of ${list.provider}'s public regions`;
      const fix =
        suggestion === undefined ? undefined : valueFix(value, suggestion, `Change region to "${suggestion}"`);
      const hint = suggestion
        ? ` Did you mean "${suggestion}"?`
        : ` ${list.provider} regions look like "${provider.regionExample}".`;
      context.report({
        cloudResource,
        at: value,
        message: `region "${region}" is ${what}; Anyscale validates region against ${list.provider}'s known regions and rejects other names.${hint}`,
        fixes: fix && [fix],
      });
    }
  },
};
