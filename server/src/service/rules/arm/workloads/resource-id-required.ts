// resource-id-required: at apiVersion 2026-09-01 three properties that keep "Name" in their names take full ARM
// resource IDs — a workload's computeConfigName, each cloudResourceNames[] item of a compute config spec, and a cloud's
// acrResourceId. A bare name is rejected with HTTP 400 "Object didn't pass validation for format arm-id".
// [DOC] create-workloads-arm ("reference by ARM resource ID"); [SPEC] @16306f9 `format: arm-id` (domain §1.6, §8).
import { arrayItems, isWorkload, nodeAtPath, type ProxiedResource } from '../../../arm/anyscaleView';
import type { ArmResource } from '../../../arm/template';
import { knownString, literalValue, type KnownValue, type Value } from '../../../arm/value';
import {
  ARM_ID_API_VERSION,
  ARM_ID_VALIDATION_MESSAGE,
  CLOUD_RESOURCE_TYPE,
  COMPUTE_CONFIG_TYPE,
  CONTAINER_REGISTRY_TYPE,
  NAMING,
} from '../../../catalog/anyscale';
import { propertyValue, type JsonNode } from '../../../json/nodes';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { expressionFix } from '../../support/valueEdits';
import { armStringLiteral } from '../../../arm/expressions/lexical';
import { cloudArgument, proxied, specOptions, takesArmIds } from '../../support/workloadReads';

/** A value that is a name, not an ID: ARM IDs start with `/`. Empty strings are left to ARM (no documented outcome). */
function isBareName(value: Value): value is KnownValue {
  const text = knownString(value);
  return text !== undefined && text.trim() !== '' && !text.startsWith('/');
}

function bareNameMessage(property: string, name: string, idShape: string): string {
  return (
    `${property} ${JSON.stringify(name)} is a bare name, but at apiVersion ${ARM_ID_API_VERSION} it takes a full ARM resource ID (${idShape}): ` +
    `ARM rejects the deployment with HTTP 400 "${ARM_ID_VALIDATION_MESSAGE}".`
  );
}

/** The fix writing `[resourceId('<type>', <cloud>, '<name>')]`, when the value is a literal name and the cloud's name is known. */
function resourceIdFix(value: KnownValue, type: string, cloud: ProxiedResource | undefined): Fix | undefined {
  const name = value.value as string;
  if (!NAMING.namePattern.test(name)) return undefined;
  const inPlace = value.usage === undefined || value.usage === value.origin;
  let args = armStringLiteral(name);
  if (cloud) {
    const cloudArg = inPlace
      ? cloudArgument(cloud)
      : cloud.cloudName !== undefined
        ? armStringLiteral(cloud.cloudName)
        : undefined;
    if (cloudArg === undefined) return undefined;
    args = `${cloudArg}, ${args}`;
  }
  return expressionFix(value, `resourceId('${type}', ${args})`, `Use the resource ID: resourceId('${type}', …)`);
}

function checkCloudResourceNames(context: TemplateContext, owner: ProxiedResource, config: JsonNode | undefined): void {
  for (const option of specOptions(config)) {
    const array = propertyValue(option, 'cloudResourceNames');
    for (const item of arrayItems(array, owner.declared, context.value)) {
      if (!isBareName(item)) continue;
      const fix = resourceIdFix(item, CLOUD_RESOURCE_TYPE, owner);
      context.report({
        at: item,
        message: bareNameMessage(
          'cloudResourceNames item',
          item.value as string,
          '/subscriptions/…/providers/Anyscale.Platform/clouds/<cloud>/cloudResources/<name>',
        ),
        fixes: fix && [fix],
      });
    }
  }
}

function checkAcr(context: TemplateContext, cloud: ArmResource): void {
  const apiVersion = knownString(literalValue(cloud.apiVersionNode));
  if (!takesArmIds(apiVersion)) return;
  const value = context.value(propertyValue(cloud.properties, 'acrResourceId'), cloud);
  if (!isBareName(value)) return;
  const fix = resourceIdFix(value, CONTAINER_REGISTRY_TYPE, undefined);
  context.report({
    at: value,
    message: `${bareNameMessage('acrResourceId', value.value as string, '/subscriptions/…/providers/Microsoft.ContainerRegistry/registries/<registry>')} Use the registry's resource ID.`,
    fixes: fix && [fix],
  });
}

export const resourceIdRequired: TemplateRule = {
  code: 'resource-id-required',
  title: `At apiVersion ${ARM_ID_API_VERSION}, computeConfigName, cloudResourceNames[] and acrResourceId take full ARM resource IDs, not names`,
  defaultSeverity: 'error',
  category: 'workload',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloud of context.anyscale.clouds) checkAcr(context, cloud);
    for (const resource of proxied(context)) {
      if (!takesArmIds(resource.apiVersion)) continue;
      const config = resource.computeConfig;
      if (isWorkload(resource.kind)) {
        const value = context.value(nodeAtPath(config, ['computeConfigName']), resource.declared);
        if (isBareName(value)) {
          const fix = resourceIdFix(value, COMPUTE_CONFIG_TYPE, resource);
          context.report({
            at: value,
            message: bareNameMessage(
              'computeConfigName',
              value.value as string,
              '/subscriptions/…/providers/Anyscale.Platform/clouds/<cloud>/computeConfigs/<name>',
            ),
            fixes: fix && [fix],
          });
        }
      }
      checkCloudResourceNames(context, resource, config);
    }
  },
};
