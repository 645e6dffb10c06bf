// expression-syntax: an ARM template expression ARM cannot parse (unbalanced brackets or quotes, a missing
// argument, text after the end), reported at the exact place inside the string.
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { templateExpressions } from '../../../arm/expressions/references';

export const expressionSyntax: TemplateRule = {
  code: 'expression-syntax',
  title: 'Template expressions must be valid ARM template language',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const site of templateExpressions(context.template).sites) {
      const error = site.error;
      if (!error) continue;
      context.report({
        at: documentRange(context.text, site.node, error.start, error.length),
        message: `${error.message}: ARM cannot parse this expression and rejects the template (start the string with '[[' if it is not meant as an expression).`,
      });
    }
  },
};
