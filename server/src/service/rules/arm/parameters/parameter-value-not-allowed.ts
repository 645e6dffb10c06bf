// parameter-value-not-allowed: a parameter file's value that the parameter's `allowedValues` does not list (for an
// array parameter, each item must be listed). ARM rejects the deployment before anything is created.
import { items } from '../../../json/nodes';
import { known } from '../../../arm/value';
import { valueFix } from '../../support/valueEdits';
import { didYouMean } from '../../../text/suggest';
import { allowedValuesOf, declaredValues, type ParameterFileRule } from '../../parameterFileRule';
import { jsonValueOf, sameValue } from '../../support/parameterValues';

export const parameterValueNotAllowed: ParameterFileRule = {
  code: 'parameter-value-not-allowed',
  title: "A parameter file's value must be one of the parameter's allowedValues",
  defaultSeverity: 'error',
  category: 'parameters',
  appliesTo: 'armParameters',
  check(context) {
    for (const { declaration, valueNode } of declaredValues(context)) {
      const allowedNode = allowedValuesOf(declaration);
      if (!allowedNode) continue;
      const allowed = items(allowedNode).map(jsonValueOf);
      const isAllowed = (value: unknown) => allowed.some((candidate) => sameValue(candidate, value));
      // An array parameter's allowedValues lists the items it may hold, unless it lists whole arrays.
      const checked = valueNode.type === 'array' && !allowed.some(Array.isArray) ? items(valueNode) : [valueNode];
      for (const node of checked) {
        const value = jsonValueOf(node);
        if (isAllowed(value)) continue;
        const strings = allowed.filter((candidate): candidate is string => typeof candidate === 'string');
        const suggestion = typeof value === 'string' ? didYouMean(value, strings) : undefined;
        const fix =
          suggestion === undefined
            ? undefined
            : valueFix(known(value, node, context.uri), suggestion, `Change to "${suggestion}"`);
        context.report({
          at: node,
          message: `${JSON.stringify(value)} is not an allowed value of '${declaration.name}': use one of ${allowed.map((candidate) => JSON.stringify(candidate)).join(', ')}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
