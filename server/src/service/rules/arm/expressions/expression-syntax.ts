// expression-syntax: an ARM template expression ARM cannot parse (unbalanced brackets or quotes, a missing
// argument, text after the end), reported at the exact place inside the string.
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { fromTable, type ExpressionSite } from '../../../arm/expressions/references';
import { memoKey } from '../../../memo';

/** The sites whose expression does not parse, found once per expression table (kept with it over edits). */
const SITES_WITH_ERRORS = memoKey<readonly ExpressionSite[]>('sites whose expression does not parse');

export const expressionSyntax: TemplateRule = {
  code: 'expression-syntax',
  title: 'Template expressions must be valid ARM template language',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const sites = fromTable(context.template, SITES_WITH_ERRORS, (table) => table.sites.filter((site) => site.error));
    for (const site of sites) {
      const error = site.error!;
      context.report({
        at: documentRange(context.text, site.node, error.start, error.length),
        message: `${error.message}: ARM cannot parse this expression and rejects the template (start the string with '[[' if it is not meant as an expression).`,
      });
    }
  },
};
