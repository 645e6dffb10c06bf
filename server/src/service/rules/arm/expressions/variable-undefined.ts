// variable-undefined: variables('x') where the scope declares no variable x (loops of `variables.copy` count).
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { allVariables } from '../../../arm/expressions/scopes';
import { templateExpressions } from '../../../arm/expressions/references';
import { notDeclaredMessage, undeclaredCalls } from '../../support/undeclaredCalls';

export const variableUndefined: TemplateRule = {
  code: 'variable-undefined',
  title: 'variables() must name a variable declared in its scope',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const { sites, references } = templateExpressions(context.template);
    for (const i of undeclaredCalls(context.template, 'variable')) {
      const site = sites[references.site(i)];
      const at = documentRange(context.text, site.node, references.start(i), references.end(i) - references.start(i));
      if (site.functionParameters) {
        context.report({
          at,
          message: 'A user-defined function cannot use variables(): pass the value in as a parameter.',
        });
        continue;
      }
      const name = references.nameOf(i, sites)!;
      const declared = allVariables(site.scope).map((variable) =>
        variable.kind === 'value' ? variable.declaration.name : variable.name,
      );
      context.report({ at, message: notDeclaredMessage('Variable', name, declared, site.scope) });
    }
  },
};
