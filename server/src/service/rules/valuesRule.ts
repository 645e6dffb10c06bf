// What a values rule is: a rule over operator values, wherever they are written. `checkValues` runs on each Helm
// values document; `check` (the TemplateRule side) runs the same check on every Anyscale.AKS.Operator extension
// of an ARM template, so one rule, one code and one docs page cover both.
import type { TemplateRule } from './templateRule';
import { forEachOperatorExtension } from './support/extensionValues';
import type { ValuesContext } from './templateContext';

export interface ValuesRule extends TemplateRule {
  /**
   * True for the rules that also read pre-1.0 (legacy layout) values, where the pre-1.0 chart read the same key
   * (support/valuesShared writtenPath); the others read 1.x values only.
   */
  readonly readsLegacyLayout?: boolean;
  checkValues(context: ValuesContext): void;
}

export function valuesRule(definition: Omit<ValuesRule, 'appliesTo' | 'check'>): ValuesRule {
  return {
    ...definition,
    appliesTo: 'armTemplate',
    check: (context) =>
      forEachOperatorExtension(context, (valuesContext) => {
        if (valuesContext.values.layout === '1.x' || definition.readsLegacyLayout)
          definition.checkValues(valuesContext);
      }),
  };
}

export function isValuesRule(rule: { appliesTo: string }): rule is ValuesRule {
  return 'checkValues' in rule;
}
