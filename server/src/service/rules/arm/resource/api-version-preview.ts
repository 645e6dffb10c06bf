// api-version-preview: an Anyscale.Platform resource uses a preview API version. Preview versions can change or be
// retired; the GA version is the documented, stable one.
import { GA_API_VERSION } from '../../../catalog/anyscale';
import type { TemplateRule } from '../../templateRule';
import { anyscaleApiVersions } from '../../support/anyscaleApiVersions';
import { valueFix } from '../../support/valueEdits';

export const apiVersionPreview: TemplateRule = {
  code: 'api-version-preview',
  title: `An Anyscale.Platform resource uses a preview API version; the GA version is ${GA_API_VERSION}`,
  defaultSeverity: 'info',
  category: 'api-version',
  appliesTo: 'armTemplate',
  check(context) {
    for (const read of anyscaleApiVersions(context)) {
      if (read.entry?.status !== 'preview') continue;
      const fix = valueFix(read.value, GA_API_VERSION, `Use the GA version ${GA_API_VERSION}`);
      context.report({
        at: read.value,
        message: `apiVersion "${read.version}" is a preview version of Anyscale.Platform, which can change or be retired; the GA version is ${GA_API_VERSION}. Check before moving: at ${GA_API_VERSION}, computeConfigName, cloudResourceNames and acrResourceId take full resource IDs.`,
        fixes: fix && [fix],
      });
    }
  },
};
