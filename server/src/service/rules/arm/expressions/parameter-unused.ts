// parameter-unused: a parameter no expression uses. Harmless to ARM, but usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../templateRule';
import { templateExpressions } from '../../../arm/expressions/references';
import { expressionUsage } from '../../support/expressionUsage';

export const parameterUnused: TemplateRule = {
  code: 'parameter-unused',
  title: 'Parameters should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const usage = expressionUsage(context.template);
    templateExpressions(context.template).declarations.forEach((declaration, number) => {
      if (declaration.kind !== 'parameter' || usage.isUsed(number) || usage.usageOf(declaration.scope).anyParameter)
        return;
      context.report({
        at: declaration.nameNode,
        message: `Parameter '${declaration.name}' is declared but never used.`,
      });
    });
  },
};
