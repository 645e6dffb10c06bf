// location-unsupported: an Anyscale cloud and its cloud resources belong in one of the Azure regions where Anyscale on
// Azure is documented as available (supported regions page, dated). Messages say that, not that ARM rejects the
// location: no source documents a rejection. ARM compares locations ignoring case and spaces, so "UK South" is uksouth.
import { propertyValue } from '../../../json/nodes';
import { knownString, type Value } from '../../../arm/value';
import type { CloudResource } from '../../../arm/anyscaleView';
import { SUPPORTED_LOCATIONS } from '../../../catalog/anyscale';
import {
  DOCUMENTED_LOCATIONS,
  isAzureRegion,
  notDocumentedLocation,
  isSupportedLocation,
  providersKnowingRegion,
  suggestSupportedLocation,
} from '../../../catalog/regions';
import { sameLettersAndDigits } from '../../../text/suggest';
import type { TemplateContext } from '../../templateContext';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

const SUPPORTED_LIST = SUPPORTED_LOCATIONS.map((l) => l.name).join(', ');

/** A cloud's location, or a cloud resource's (`cloudResource`, whose copy a report is about). */
function checkLocation(context: TemplateContext, value: Value, cloudResource?: CloudResource): void {
  const location = knownString(value);
  if (location === undefined || !value.known || isSupportedLocation(location)) return;
  const shown = `location "${location}"`;
  if (isAzureRegion(location)) {
    context.report({
      at: value,
      cloudResource,
      message: `${shown} is an Azure region, but ${notDocumentedLocation(location)}`,
    });
    return;
  }
  const suggestion = suggestSupportedLocation(location);
  const otherProviders = providersKnowingRegion(location);
  const problem =
    otherProviders.length > 0 && cloudResource !== undefined
      ? `${shown} is ${otherProviders.join(' and ')}'s spelling of a region, not an Azure one: location is the Azure region that keeps the cloud resource's record, one of ${DOCUMENTED_LOCATIONS}, and the compute region belongs in properties.region.`
      : `${shown} is not an Azure region name, so it is not one of ${DOCUMENTED_LOCATIONS}.`;
  const fix =
    suggestion === undefined
      ? undefined
      : valueFix(value, suggestion, `Change location to "${suggestion}"`, sameLettersAndDigits(location, suggestion));
  context.report({
    at: value,
    cloudResource,
    message: suggestion ? `${problem} Did you mean "${suggestion}"?` : `${problem} Use one of ${SUPPORTED_LIST}.`,
    fixes: fix && [fix],
  });
}

export const locationUnsupported: TemplateRule = {
  code: 'location-unsupported',
  title: 'location must be one of the Azure regions where Anyscale on Azure is available',
  defaultSeverity: 'warning',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloud of context.anyscale.clouds) {
      checkLocation(context, context.value(propertyValue(cloud.node, 'location'), cloud));
    }
    for (const cloudResource of context.anyscale.cloudResources) {
      checkLocation(context, cloudResource.top('location').value, cloudResource);
    }
  },
};
