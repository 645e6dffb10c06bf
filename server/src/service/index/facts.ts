// What each kind of file contributes to the workspace index: an ARM template its Anyscale.Platform resources
// (provider and operator identity as written), a values file its operator settings; and each its outline (./outline).
import { knownString } from '../arm/value';
import type { Analysis, DocumentAnalysis, ParameterFileInput } from '../types';
import type { OperatorValues } from '../values/model';
import { templateOutline, yamlOutline } from './outline';
import { NO_FACTS, type FileFacts, type IndexedOperatorValues } from './workspaceIndex';

/** A template's facts, from its analysis (of `text`, with these parameter files). */
export function templateFacts(
  analysis: Analysis,
  text: string,
  parameterFiles: readonly ParameterFileInput[] = [],
): FileFacts {
  const anyscale = analysis.anyscale;
  const outline = templateOutline(analysis, text, parameterFiles);
  if (!anyscale || anyscale.clouds.length + anyscale.cloudResources.length === 0)
    return outline ? { ...NO_FACTS, outline } : NO_FACTS;
  return {
    anyscalePlatform: true,
    cloudResources: anyscale.cloudResources.map((cloudResource) => ({
      name: knownString(cloudResource.resource.leafName),
      provider: knownString(cloudResource.prop('provider').value),
      operatorIdentity: knownString(cloudResource.prop('anyscaleOperatorIamIdentity').value),
    })),
    operatorValues: [],
    outline,
  };
}

/** A YAML file's facts with its outline added (analyzeYaml gives the facts the cross-file checks read). */
export function withYamlOutline(analysis: DocumentAnalysis, text: string): DocumentAnalysis {
  const outline = yamlOutline(analysis, text);
  return outline ? { ...analysis, facts: { ...analysis.facts, outline } } : analysis;
}

function valuesFacts(values: OperatorValues): IndexedOperatorValues {
  return {
    cloudProvider: values.text('global.cloudProvider'),
    controlPlaneURL: values.text('global.controlPlaneURL'),
    gatewayEnabled: values.get('networking.gateway.enabled')?.value === true,
    gatewayDisabled: values.get('networking.gateway.enabled')?.value === false,
    gatewayName: values.text('networking.gateway.name'),
    gatewayNamespace: values.text('networking.gateway.namespace'),
    cloudDeploymentId: values.text('global.cloudDeploymentId') ?? values.text('cloudDeploymentId'),
  };
}

export function yamlFacts(values: readonly OperatorValues[]): FileFacts {
  const operatorValues = values.filter((v) => v.layout === '1.x').map(valuesFacts);
  return operatorValues.length === 0 ? NO_FACTS : { ...NO_FACTS, operatorValues };
}
