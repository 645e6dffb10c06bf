// variable-unused: a variable no expression uses (loops of `variables.copy` included). Harmless to ARM, but
// usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../templateRule';
import { templateExpressions } from '../../../arm/expressions/references';
import { expressionUsage } from '../../support/expressionUsage';

export const variableUnused: TemplateRule = {
  code: 'variable-unused',
  title: 'Variables should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const usage = expressionUsage(context.template);
    templateExpressions(context.template).declarations.forEach((declaration, number) => {
      if (declaration.kind !== 'variable' || usage.isUsed(number) || usage.usageOf(declaration.scope).anyVariable)
        return;
      context.report({
        at: declaration.nameNode,
        message: `Variable '${declaration.name}' is declared but never used.`,
      });
    });
  },
};
