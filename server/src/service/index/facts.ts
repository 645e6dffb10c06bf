// What each kind of file contributes to the workspace index: an ARM template its Anyscale.Platform resources
// (provider and operator identity as written), a values file its operator settings.
import { knownString } from '../arm/value';
import type { AnyscaleView } from '../arm/anyscale';
import type { OperatorValues } from '../values/model';
import { NO_FACTS, type FileFacts, type IndexedOperatorValues } from './workspaceIndex';

export function templateFacts(anyscale: AnyscaleView | undefined): FileFacts {
  if (!anyscale || anyscale.clouds.length + anyscale.cloudResources.length === 0) return NO_FACTS;
  return {
    ...NO_FACTS,
    anyscalePlatform: true,
    cloudResources: anyscale.cloudResources.map((cloudResource) => ({
      name: knownString(cloudResource.resource.leafName),
      provider: knownString(cloudResource.prop('provider').value),
      operatorIdentity: knownString(cloudResource.prop('anyscaleOperatorIamIdentity').value),
    })),
  };
}

function valuesFacts(values: OperatorValues): IndexedOperatorValues {
  return {
    cloudProvider: values.text('global.cloudProvider'),
    controlPlaneURL: values.text('global.controlPlaneURL'),
    gatewayEnabled: values.get('networking.gateway.enabled')?.value === true,
    gatewayName: values.text('networking.gateway.name'),
    gatewayNamespace: values.text('networking.gateway.namespace'),
  };
}

export function yamlFacts(values: readonly OperatorValues[]): FileFacts {
  const operatorValues = values.filter((v) => v.layout === '1.x').map(valuesFacts);
  return operatorValues.length === 0 ? NO_FACTS : { ...NO_FACTS, operatorValues };
}
