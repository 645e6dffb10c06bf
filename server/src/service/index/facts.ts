// What each kind of file contributes to the workspace index: an ARM template its Anyscale.Platform resources
// (provider and operator identity as written), a values file its operator settings; and each its outline (./outline),
// built apart, when the index's tree needs it.
import { LineIndex } from '../text/lineIndex';
import type { Analysis, DocumentAnalysis, ParameterFileInput } from '../types';
import type { OperatorValues } from '../values/model';
import type { RuleLevels } from '../rules/runner';
import { writtenPath } from '../rules/support/valuesShared';
import { templateOutline, yamlOutline } from './outline';
import {
  indexedCloudResource,
  NO_FACTS,
  type FileFacts,
  type FileOutline,
  type IndexedOperatorValues,
} from './workspaceIndex';

/** A template's facts, from its analysis. */
export function templateFacts(analysis: Analysis): FileFacts {
  const anyscale = analysis.anyscale;
  if (!anyscale || anyscale.clouds.length + anyscale.cloudResources.length === 0) return NO_FACTS;
  return {
    anyscalePlatform: true,
    cloudResources: anyscale.cloudResources.map(indexedCloudResource),
    operatorValues: [],
  };
}

export interface OutlineOptions {
  /** The text's line index, when the caller has one already. */
  readonly lines?: LineIndex;
  /**
   * The rule levels of a parameter file (by URI) for its own checks: those configured where it is, as when it is
   * analysed itself. Each rule's default level when not given.
   */
  readonly parameterFileLevels?: (uri: string) => RuleLevels | undefined;
}

/**
 * What a document shows in the index, from its analysis (of `text`, a template's with these parameter files, with what
 * their values cause in each at that file's levels: atParameterFileLevels); undefined when nothing.
 */
export function documentOutline(
  analysis: DocumentAnalysis,
  text: string,
  parameterFiles: readonly ParameterFileInput[] = [],
  options: OutlineOptions = {},
): FileOutline | undefined {
  const { lines } = options;
  if (analysis.yaml) return yamlOutline(analysis, text, lines ?? new LineIndex(text));
  // A template nested too deep was read with the too-deep values blanked out: its ranges are in that text.
  const read = analysis.template?.text ?? text;
  return templateOutline(
    analysis,
    read,
    parameterFiles,
    read === text && lines ? lines : new LineIndex(read),
    options.parameterFileLevels,
  );
}

/**
 * What a values document tells the other files, each key read where its chart reads it: in a pre-1.0 document the
 * flat key the old chart read in its place (`cloudDeploymentId`, `cloudProvider`, `controlPlaneURL`, `enableGateway`,
 * `gatewayName`), so that it pairs with a Gateway as a 1.x document does. The old chart has no key for the Gateway's
 * namespace (the migration table names none): a pre-1.0 document's is not known.
 */
function valuesFacts(values: OperatorValues): IndexedOperatorValues {
  const cloudDeploymentIdKey = writtenPath(values, 'global.cloudDeploymentId');
  const gatewayEnabledKey = writtenPath(values, 'networking.gateway.enabled');
  const gatewayNameKey = writtenPath(values, 'networking.gateway.name');
  const gatewayNamespaceKey = values.layout === 'legacy' ? undefined : 'networking.gateway.namespace';
  return {
    cloudProvider: values.text(writtenPath(values, 'global.cloudProvider')),
    controlPlaneURL: values.text(writtenPath(values, 'global.controlPlaneURL')),
    cloudDeploymentId: values.text(cloudDeploymentIdKey),
    cloudDeploymentIdKey,
    gatewayEnabled: values.isTrue(gatewayEnabledKey),
    gatewayDisabled: values.get(gatewayEnabledKey)?.value === false,
    gatewayEnabledKey,
    gatewayName: values.text(gatewayNameKey),
    gatewayNameKey,
    gatewayNamespace: gatewayNamespaceKey && values.text(gatewayNamespaceKey),
    gatewayNamespaceKey,
  };
}

/** The facts of a YAML file's values documents: one entry per document, in order (analyzeYaml reads them so). */
export function yamlFacts(values: readonly OperatorValues[]): FileFacts {
  const operatorValues = values.map(valuesFacts);
  return operatorValues.length === 0 ? NO_FACTS : { ...NO_FACTS, operatorValues };
}
