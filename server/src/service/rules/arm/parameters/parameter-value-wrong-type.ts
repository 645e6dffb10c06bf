// parameter-value-wrong-type: a parameter file's value whose JSON type is not the parameter's declared type (a
// string for an int, "true" for a bool). ARM does not convert parameter values: the deployment fails validation.
import type { JsonNode } from '../../../json/nodes';
import { declaredType, declaredValues, type ParameterFileRule } from '../../parameterFileRule';

/** What each declared type (lower-cased) accepts, and how to name it. */
const TYPES: Readonly<Record<string, { readonly accepts: (node: JsonNode) => boolean; readonly shown: string }>> = {
  string: { accepts: (node) => node.type === 'string', shown: 'a string' },
  securestring: { accepts: (node) => node.type === 'string', shown: 'a string' },
  int: { accepts: (node) => node.type === 'number' && Number.isInteger(node.value), shown: 'an integer' },
  bool: { accepts: (node) => node.type === 'boolean', shown: 'true or false' },
  object: { accepts: (node) => node.type === 'object', shown: 'an object' },
  secureobject: { accepts: (node) => node.type === 'object', shown: 'an object' },
  array: { accepts: (node) => node.type === 'array', shown: 'an array' },
};

function describe(node: JsonNode): string {
  if (node.type === 'number') return Number.isInteger(node.value) ? 'an integer' : 'a decimal number';
  if (node.type === 'boolean') return 'a boolean';
  return node.type === 'array' || node.type === 'object' ? `an ${node.type}` : `a ${node.type}`;
}

export const parameterValueWrongType: ParameterFileRule = {
  code: 'parameter-value-wrong-type',
  title: "A parameter file's value must have the parameter's declared type",
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    for (const { declaration, valueNode } of declaredValues(context)) {
      const type = declaredType(declaration);
      const expected = type === undefined ? undefined : TYPES[type];
      // An unknown type name is ARM's to reject, not ours to guess.
      if (!expected || expected.accepts(valueNode)) continue;
      context.report({
        at: valueNode,
        message: `'${declaration.name}' is declared as '${type}' and needs ${expected.shown}, but the value is ${describe(valueNode)}: ARM does not convert parameter values.`,
      });
    }
  },
};
