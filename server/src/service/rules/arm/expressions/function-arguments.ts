// function-arguments: a built-in template function called with a number of arguments it does not accept.
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { templateExpressions } from '../../../arm/expressions/references';

export const functionArguments: TemplateRule = {
  code: 'function-arguments',
  title: 'Template functions must be called with the number of arguments they take',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    // The expression table finds these calls as it reads each expression.
    for (const problem of templateExpressions(context.template).argumentProblems) {
      context.report({
        at: documentRange(context.text, problem.site.node, problem.start, problem.end - problem.start),
        message: `${problem.message}.`,
      });
    }
  },
};
