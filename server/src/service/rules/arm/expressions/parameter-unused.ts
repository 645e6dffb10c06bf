// parameter-unused: a parameter no expression uses. Harmless to ARM, but usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../templateRule';
import { unusedDeclarations } from '../../support/expressionUsage';

export const parameterUnused: TemplateRule = {
  code: 'parameter-unused',
  title: 'Parameters should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const declaration of unusedDeclarations(context.template, 'parameter'))
      context.report({
        at: declaration.nameNode,
        message: `Parameter '${declaration.name}' is declared but never used.`,
      });
  },
};
