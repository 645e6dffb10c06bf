// variable-unused: a variable no expression uses (loops of `variables.copy` included). Harmless to ARM, but
// usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../templateRule';
import { unusedDeclarations } from '../../support/expressionUsage';

export const variableUnused: TemplateRule = {
  code: 'variable-unused',
  title: 'Variables should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const declaration of unusedDeclarations(context.template, 'variable'))
      context.report({
        at: declaration.nameNode,
        message: `Variable '${declaration.name}' is declared but never used.`,
      });
  },
};
