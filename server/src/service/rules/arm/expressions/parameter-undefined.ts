// parameter-undefined: parameters('x') where the scope declares no parameter x (a nested template with inner scope
// has its own parameters; one with outer scope uses its parent's; a user-defined function only its own).
import type { TemplateRule } from '../../rule';
import { documentRange } from '../../../arm/expressions/parse';
import { didYouMean } from '../../../text/suggest';
import { templateExpressions } from '../../../arm/expressions/references';
import { expressionUsage } from './usage';

export const parameterUndefined: TemplateRule = {
  code: 'parameter-undefined',
  title: 'parameters() must name a parameter declared in its scope',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { site, reference } of expressionUsage(context.template).references) {
      if (reference.kind !== 'parameter' || reference.name === undefined) continue;
      if (site.scope.parameters.has(reference.name.toLowerCase())) continue;
      const declared = [...site.scope.parameters.values()].map((declaration) => declaration.name);
      const suggestion = didYouMean(reference.name, declared);
      const where = site.scope.deployment ? 'this nested template (its expressions are evaluated in the inner scope)' : 'the template';
      context.report({
        at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
        message: `Parameter '${reference.name}' is not declared in ${where}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
      });
    }
    for (const site of templateExpressions(context.template).sites) {
      if (!site.functionParameters) continue;
      for (const reference of site.references) {
        if (reference.kind !== 'parameter' || reference.name === undefined || site.functionParameters.has(reference.name.toLowerCase())) continue;
        context.report({
          at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
          message: `Parameter '${reference.name}' is not a parameter of this user-defined function: a function body sees only its own parameters.`,
        });
      }
    }
  },
};
