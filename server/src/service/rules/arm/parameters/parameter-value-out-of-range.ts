// parameter-value-out-of-range: a parameter file's value outside the bounds its declaration sets — `minLength` /
// `maxLength` for a string or an array, `minValue` / `maxValue` for an int. ARM checks them before it deploys
// anything and rejects the deployment.
import { items, propertyValue, type JsonNode } from '../../../json/nodes';
import { declaredValues, type ParameterFileRule } from '../../parameterFileRule';

/** A declared bound, when it is written as an integer. */
function bound(declaration: JsonNode, name: string): number | undefined {
  const node = propertyValue(declaration, name);
  return node?.type === 'number' && Number.isInteger(node.value) ? (node.value as number) : undefined;
}

/** What is measured and how big it is: a string's characters, an array's items, an int's value. */
function measure(
  value: JsonNode,
): { readonly size: number; readonly bounds: readonly [string, string]; readonly unit: string } | undefined {
  if (value.type === 'string')
    return { size: (value.value as string).length, bounds: ['minLength', 'maxLength'], unit: 'characters long' };
  if (value.type === 'array')
    return { size: items(value).length, bounds: ['minLength', 'maxLength'], unit: 'items long' };
  if (value.type === 'number' && Number.isInteger(value.value))
    return { size: value.value as number, bounds: ['minValue', 'maxValue'], unit: '' };
  return undefined;
}

export const parameterValueOutOfRange: ParameterFileRule = {
  code: 'parameter-value-out-of-range',
  title: "A parameter file's value must be within the parameter's minLength/maxLength or minValue/maxValue",
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    for (const { declaration, valueNode } of declaredValues(context)) {
      const measured = measure(valueNode);
      if (!measured) continue;
      const [minName, maxName] = measured.bounds;
      const min = bound(declaration.valueNode, minName);
      const max = bound(declaration.valueNode, maxName);
      const shown = measured.unit ? `${measured.size} ${measured.unit}` : String(measured.size);
      if (min !== undefined && measured.size < min) {
        context.report({
          at: valueNode,
          message: `The value is ${shown}, but '${declaration.name}' declares ${minName} ${min}: ARM rejects the deployment.`,
        });
      } else if (max !== undefined && measured.size > max) {
        context.report({
          at: valueNode,
          message: `The value is ${shown}, but '${declaration.name}' declares ${maxName} ${max}: ARM rejects the deployment.`,
        });
      }
    }
  },
};
