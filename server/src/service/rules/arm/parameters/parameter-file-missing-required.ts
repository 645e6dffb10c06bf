// parameter-file-missing-required: a template parameter without a defaultValue that the parameter file does not
// give, or gives as `null`. ARM fails the deployment unless the value is passed some other way; the fix adds a
// missing one with a placeholder. A languageVersion 2.0 parameter declared `nullable` may be null.
import { propertyValue, findProperty, type JsonNode } from '../../../json/nodes';
import { appendProperty } from '../../support/valueEdits';
import type { Fix } from '../../../types';
import { declaredType, type ParameterFileContext, type ParameterFileRule } from '../../parameterFileRule';

/** A value of the declared type for the user to fill in. */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  int: '0',
  bool: 'false',
  object: '{}',
  secureobject: '{}',
  array: '[]',
};

export const parameterFileMissingRequired: ParameterFileRule = {
  code: 'parameter-file-missing-required',
  title: 'A parameter file must give every template parameter that has no defaultValue, and not as null',
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    const section = findProperty(context.file.root, 'parameters');
    const at = section?.children?.[0] ?? context.file.root;
    for (const [name, declaration] of context.declared) {
      if (context.file.parameters.has(name) || !isRequired(declaration.valueNode)) continue;
      context.report({
        at,
        message: `Parameter '${declaration.name}' has no defaultValue in the template and this file does not give it, so the deployment fails unless it is passed on the command line.`,
        fixes: addParameter(context, declaration.name, PLACEHOLDERS[declaredType(declaration) ?? ''] ?? '""'),
      });
    }
    for (const [name, entry] of context.file.parameters) {
      const declaration = context.declared.get(name);
      if (!declaration || entry.valueNode?.type !== 'null' || !isRequired(declaration.valueNode)) continue;
      context.report({
        at: entry.valueNode,
        message: `Parameter '${declaration.name}' is null here and has no defaultValue in the template, so it has no value and the deployment fails.`,
      });
    }
  },
};

/** A parameter ARM needs a value for: no defaultValue, and not declared `nullable: true`. */
function isRequired(declaration: JsonNode): boolean {
  return (
    propertyValue(declaration, 'defaultValue') === undefined && propertyValue(declaration, 'nullable')?.value !== true
  );
}

function addParameter(context: ParameterFileContext, name: string, placeholder: string): Fix[] | undefined {
  const parameters = propertyValue(context.file.root, 'parameters');
  if (parameters?.type !== 'object') return undefined;
  return [
    {
      title: `Add '${name}' with a placeholder value`,
      edits: [appendProperty(context.text, parameters, name, `{ "value": ${placeholder} }`)],
    },
  ];
}
