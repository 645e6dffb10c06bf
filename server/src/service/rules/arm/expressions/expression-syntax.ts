// expression-syntax: an ARM template expression ARM cannot parse (unbalanced brackets or quotes, a missing
// argument, text after the end), reported at the exact place inside the string.
import type { TemplateRule } from '../../rule';
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
      const parsed = site.parsed;
      if (parsed.ok) continue;
      context.report({
        at: documentRange(context.text, site.node, parsed.error.start, parsed.error.length),
        message: `${parsed.error.message}: ARM cannot parse this expression and rejects the template (start the string with '[[' if it is not meant as an expression).`,
      });
    }
  },
};
