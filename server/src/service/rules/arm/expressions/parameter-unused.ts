// parameter-unused: a parameter no expression uses. Harmless to ARM, but usually a leftover or a typo elsewhere.
import type { TemplateRule } from '../../rule';
import { effectiveScope } from '../../../arm/expressions/scopes';
import { expressionUsage } from './usage';

export const parameterUnused: TemplateRule = {
  code: 'parameter-unused',
  title: 'Parameters should be used',
  defaultSeverity: 'info',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const usage = expressionUsage(context.template);
    for (const scope of context.template.scopes) {
      if (effectiveScope(scope) !== scope) continue;
      const used = usage.usageOf(scope);
      if (used.anyParameter) continue;
      for (const [name, declaration] of scope.parameters) {
        if (used.parameters.has(name)) continue;
        context.report({ at: declaration.keyNode, message: `Parameter '${declaration.name}' is declared but never used.` });
      }
    }
  },
};
