// parameter-undefined: parameters('x') where the scope declares no parameter x (a nested template with inner scope
// has its own parameters; one with outer scope uses its parent's; a user-defined function only its own).
import type { TemplateRule } from '../../templateRule';
import { documentRange } from '../../../arm/expressions/parse';
import { templateExpressions } from '../../../arm/expressions/references';
import { notDeclaredMessage, undeclaredCalls } from '../../support/undeclaredCalls';

export const parameterUndefined: TemplateRule = {
  code: 'parameter-undefined',
  title: 'parameters() must name a parameter declared in its scope',
  defaultSeverity: 'error',
  category: 'expression',
  appliesTo: 'armTemplate',
  check(context) {
    const { sites, references } = templateExpressions(context.template);
    for (const i of undeclaredCalls(context.template, 'parameter')) {
      const site = sites[references.site(i)];
      const name = references.nameOf(i, sites)!;
      const at = documentRange(context.text, site.node, references.start(i), references.end(i) - references.start(i));
      if (site.functionParameters) {
        if (site.functionParameters.has(name.toLowerCase())) continue;
        context.report({
          at,
          message: `Parameter '${name}' is not a parameter of this user-defined function: a function body sees only its own parameters.`,
        });
        continue;
      }
      const declared = [...site.scope.parameters.values()].map((declaration) => declaration.name);
      context.report({ at, message: notDeclaredMessage('Parameter', name, declared, site.scope) });
    }
  },
};
