// variable-unused: a variable no expression uses (loops of `variables.copy` included). Harmless to ARM, but
// usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../rule';
import { allVariables, effectiveScope } from '../../../arm/expressions/scopes';
import { expressionUsage } from './usage';

export const variableUnused: TemplateRule = {
  code: 'variable-unused',
  title: 'Variables should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const usage = expressionUsage(context.template);
    for (const scope of context.template.scopes) {
      if (effectiveScope(scope) !== scope) continue;
      const used = usage.usageOf(scope);
      if (used.anyVariable) continue;
      for (const variable of allVariables(scope)) {
        const name = variable.kind === 'value' ? variable.declaration.name : variable.name;
        if (used.variables.has(name.toLowerCase())) continue;
        context.report({ at: variable.kind === 'value' ? variable.declaration.keyNode : variable.nameNode, message: `Variable '${name}' is declared but never used.` });
      }
    }
  },
};
