// parameter-file-missing-required: a template parameter without a defaultValue that the parameter file does not
// give. ARM fails the deployment unless the value is passed some other way; the fix adds it with a placeholder.
import { propertyValue, findProperty } from '../../../json/nodes';
import { appendProperty } from '../edits';
import type { Fix } from '../../rule';
import { declaredType, type ParameterFileContext, type ParameterFileRule } from './parameterFileRule';

/** A value of the declared type for the user to fill in. */
const PLACEHOLDERS: Readonly<Record<string, string>> = { int: '0', bool: 'false', object: '{}', secureobject: '{}', array: '[]' };

export const parameterFileMissingRequired: ParameterFileRule = {
  code: 'parameter-file-missing-required',
  title: 'A parameter file must give every template parameter that has no defaultValue',
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    const section = findProperty(context.file.root, 'parameters');
    const at = section?.children?.[0] ?? context.file.root;
    for (const [name, declaration] of context.declared) {
      if (context.file.parameters.has(name) || propertyValue(declaration.valueNode, 'defaultValue') !== undefined) continue;
      context.report({
        at,
        message: `Parameter '${declaration.name}' has no defaultValue in the template and this file does not give it, so the deployment fails unless it is passed on the command line.`,
        fixes: addParameter(context, declaration.name, PLACEHOLDERS[declaredType(declaration) ?? ''] ?? '""'),
      });
    }
  },
};

function addParameter(context: ParameterFileContext, name: string, placeholder: string): Fix[] | undefined {
  const parameters = propertyValue(context.file.root, 'parameters');
  if (parameters?.type !== 'object') return undefined;
  return [{ title: `Add '${name}' with a placeholder value`, edits: [appendProperty(context.text, parameters, name, `{ "value": ${placeholder} }`)] }];
}
