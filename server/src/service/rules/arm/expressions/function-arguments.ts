// function-arguments: a built-in template function called with a number of arguments it does not accept.
import type { TemplateRule } from '../../rule';
import { documentRange } from '../../../arm/expressions/parse';
import { callsIn, hasNestedCall, templateExpressions } from '../../../arm/expressions/references';
import { argumentCountProblem, builtInFunction } from '../../../arm/expressions/functions';

export const functionArguments: TemplateRule = {
  code: 'function-arguments',
  title: 'Template functions must be called with the number of arguments they take',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const site of templateExpressions(context.template).sites) {
      const parsed = site.parsed;
      if (!parsed.ok) continue;
      // Most expressions are one call with literal arguments: nothing to walk.
      const expression = parsed.expression;
      for (const call of expression.kind === 'call' && !hasNestedCall(expression) ? [expression] : callsIn(expression)) {
        if (call.namespace !== undefined) continue;
        const fn = builtInFunction(call.name);
        const problem = fn && argumentCountProblem(fn, call.args.length);
        if (!problem) continue;
        context.report({ at: documentRange(context.text, site.node, call.nameSpan.start, call.nameSpan.end - call.nameSpan.start), message: `${problem}.` });
      }
    }
  },
};
