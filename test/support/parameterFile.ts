// A parameter file for the tests that analyse a template with one: the input the language server gives the
// analysis, made once, so that every version of the template is analysed with the same object (as the server does
// while the file's text stays the same).
import { parseJson } from '../../server/src/service/analyze';
import type { ParameterFileInput } from '../../server/src/service/types';

export function parameterFileInput(
  parameters: Record<string, unknown>,
  uri = 'file:///test/main.parameters.json',
): ParameterFileInput {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    contentVersion: '1.0.0.0',
    parameters,
  });
  return { uri, root: parseJson(text).root!, text };
}
