// Every rule the product ships, in one list (each category folder lists its own). The README's rules table,
// the SARIF rule metadata and the docs-page test all read this list.
import type { RuleInfo } from '../types';
import { resourceRules } from './arm/resource';
import { regionRules } from './arm/region';
import { storageRules } from './arm/storage';
import { egressRules } from './arm/egress';
import { expressionRules } from './arm/expressions';
import { valuesRules } from './values';
import { gatewayRules } from './gateway';
import { extensionRules } from './arm/extensions';
import { parameterFileRules } from './arm/parameters';
import { workloadRules } from './arm/workloads';
import { suppressionRules } from '../suppression/rules';
import { azureRules } from './azure';
import { aksRules } from './arm/aks';
import { limitRules } from './arm/limits';

import type { TemplateRule } from './templateRule';
import type { ValuesRule } from './valuesRule';
import type { GatewayRule } from './gatewayRule';
import type { ParameterFileRule, ParameterFileShapeRule } from './parameterFileRule';
import type { SuppressionRule } from './suppressionRule';

export type Rule =
  TemplateRule | ValuesRule | GatewayRule | ParameterFileRule | ParameterFileShapeRule | SuppressionRule;

export const RULES: readonly Rule[] = [
  ...resourceRules,
  ...regionRules,
  ...storageRules,
  ...expressionRules,
  ...parameterFileRules,
  ...egressRules,
  ...aksRules,
  ...limitRules,
  ...extensionRules,
  ...workloadRules,
  ...valuesRules,
  ...gatewayRules,
  ...azureRules,
  ...suppressionRules,
];

/**
 * What is reported of a file that cannot be parsed (or not all of it), as codes with docs pages of their own. Not
 * rules: nothing runs on a model, and they cannot be turned off. invalid-json and invalid-yaml are the CLI's (the
 * editor's JSON and YAML support marks syntax errors itself; our server only says that its checks wait for the fix),
 * except what only Helm's YAML reader rejects (yaml/anchors.ts), which the editor shows as invalid-yaml too;
 * json-too-deep is reported by both.
 */
export const SYNTAX_PROBLEMS: readonly RuleInfo[] = [
  {
    code: 'invalid-json',
    title: 'The file must be valid JSON (comments and trailing commas allowed), or ARM rejects it',
    defaultSeverity: 'error',
    category: 'syntax',
  },
  {
    code: 'invalid-yaml',
    title: 'Operator values and Gateway manifests must be valid YAML, or Helm and kubectl reject them',
    defaultSeverity: 'error',
    category: 'syntax',
  },
  {
    code: 'json-too-deep',
    title: 'Values nested more than 1,000 levels deep are not checked',
    defaultSeverity: 'warning',
    category: 'syntax',
  },
];

export function ruleByCode(code: string): Rule | undefined {
  return RULES.find((rule) => rule.code === code);
}
