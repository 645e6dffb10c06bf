// Every rule the product ships, in one list (each category folder lists its own). The README's rules table,
// the SARIF rule metadata and the docs-page test all read this list.
import type { Rule } from './rule';
import { resourceRules } from './arm/resource';
import { regionRules } from './arm/region';
import { storageRules } from './arm/storage';
import { egressRules } from './arm/egress';
import { expressionRules } from './arm/expressions';
import { valuesRules } from './values';
import { gatewayRules } from './gateway';
import { parameterFileRules } from './arm/parameters';
import { suppressionRules } from '../suppression/rules';

export const RULES: readonly Rule[] = [...resourceRules, ...regionRules, ...storageRules, ...expressionRules, ...parameterFileRules, ...egressRules, ...valuesRules, ...gatewayRules, ...suppressionRules];

export function ruleByCode(code: string): Rule | undefined {
  return RULES.find((rule) => rule.code === code);
}
