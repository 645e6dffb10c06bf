// function-arguments: a built-in template function called with a number of arguments it does not accept.
import type { TemplateRule } from '../../rule';
import { documentRange, parsedExpressionOf } from '../../../arm/expressions/parse';
import { callsIn, templateExpressions } from '../../../arm/expressions/references';
import { argumentCountProblem, builtInFunction } from '../../../arm/expressions/functions';

export const functionArguments: TemplateRule = {
  code: 'function-arguments',
  title: 'Template functions must be called with the number of arguments they take',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const site of templateExpressions(context.template).sites) {
      const parsed = parsedExpressionOf(site.node);
      if (!parsed?.ok) continue;
      for (const call of callsIn(parsed.expression)) {
        if (call.namespace !== undefined) continue;
        const fn = builtInFunction(call.name);
        const problem = fn && argumentCountProblem(fn, call.args.length);
        if (!problem) continue;
        context.report({ at: documentRange(context.text, site.node, call.nameSpan.start, call.nameSpan.end - call.nameSpan.start), message: `${problem}.` });
      }
    }
  },
};
