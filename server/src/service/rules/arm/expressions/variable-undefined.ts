// variable-undefined: variables('x') where the scope declares no variable x (loops of `variables.copy` count).
import type { TemplateRule } from '../../rule';
import { documentRange } from '../../../arm/expressions/parse';
import { allVariables, findVariable } from '../../../arm/expressions/scopes';
import { didYouMean } from '../../../text/suggest';
import { templateExpressions } from '../../../arm/expressions/references';
import { expressionUsage } from './usage';

export const variableUndefined: TemplateRule = {
  code: 'variable-undefined',
  title: 'variables() must name a variable declared in its scope',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    for (const { site, reference } of expressionUsage(context.template).references) {
      if (reference.kind !== 'variable' || reference.name === undefined) continue;
      if (findVariable(site.scope, reference.name)) continue;
      const declared = allVariables(site.scope).map((variable) => (variable.kind === 'value' ? variable.declaration.name : variable.name));
      const suggestion = didYouMean(reference.name, declared);
      const where = site.scope.deployment ? 'this nested template (its expressions are evaluated in the inner scope)' : 'the template';
      context.report({
        at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
        message: `Variable '${reference.name}' is not declared in ${where}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
      });
    }
    for (const site of templateExpressions(context.template).sites) {
      if (!site.functionParameters) continue;
      for (const reference of site.references) {
        if (reference.kind !== 'variable' || reference.name === undefined) continue;
        context.report({
          at: documentRange(context.text, site.node, reference.argument.start, reference.argument.end - reference.argument.start),
          message: 'A user-defined function cannot use variables(): pass the value in as a parameter.',
        });
      }
    }
  },
};
