// What a rule is: data (code, title, default severity, category) plus one check function that reports findings.
// Rules never touch LSP or the file system; severity overrides, suppression and presentation are generic.
import type { JsonNode } from '../json/nodes';
import type { TemplateContext } from './templateContext';
import type { KnownValue } from '../arm/value';
import type { ValuesRule } from './values/valuesRule';
import type { GatewayRule } from './gateway/gatewayRule';
import type { SuppressionRule } from '../suppression/rules/suppressionRule';
import type { ParameterFileRule, ParameterFileShapeRule } from './arm/parameters/parameterFileRule';

export type Severity = 'error' | 'warning' | 'info';
export type RuleLevel = Severity | 'off';

export type Category = 'syntax' | 'naming' | 'provider' | 'storage' | 'region' | 'identity' | 'ordering' | 'api-version' | 'egress' | 'expression' | 'operator' | 'gateway' | 'parameters' | 'suppression' | 'extension' | 'workload' | 'deployment' | 'aks' | 'limits';

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export interface TextEdit extends TextRange {
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** True only when applying the fix cannot change what the user meant. */
  readonly preferred?: boolean;
  /**
   * The document the edits are in when it is not the one the rules ran on: the parameter file a template's value is
   * written in. A fix is offered only on a finding in its own document.
   */
  readonly uri?: string;
}

export interface RelatedLocation extends TextRange {
  readonly message: string;
  /** Another document; absent means the same document. */
  readonly uri?: string;
}

export interface Finding extends TextRange {
  /** The document the finding is in, when it is not the one analysed (e.g. a parameter file). */
  readonly uri?: string;
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly Fix[];
}

/**
 * What a rule reports: where and what; the code and severity come from the rule. `at` is a node, a range, or a
 * known value — then the finding sits where the value is written and points at where it is used.
 */
export interface Report {
  readonly at: JsonNode | TextRange | KnownValue;
  readonly message: string;
  /**
   * This finding's severity when the rule grades its cases (region-missing: an error for AWS and GCP, a warning for
   * Azure); absent means the rule's default. A level the user sets for the rule's code applies to every case.
   */
  readonly severity?: Severity;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly Fix[];
}

export interface RuleInfo {
  /** Stable kebab-case code; the docs page is docs/rules/<code>.md. */
  readonly code: string;
  /** One line, shown in the README's rules table and in SARIF rule metadata. */
  readonly title: string;
  readonly defaultSeverity: Severity;
  readonly category: Category;
}

export interface TemplateRule extends RuleInfo {
  readonly appliesTo: 'armTemplate';
  check(context: TemplateContext): void;
}

export type Rule = TemplateRule | ValuesRule | GatewayRule | ParameterFileRule | ParameterFileShapeRule | SuppressionRule;

export function rangeOf(at: JsonNode | TextRange | KnownValue): TextRange {
  if ('known' in at) return rangeOf(at.origin);
  return 'offset' in at ? { start: at.offset, end: at.offset + at.length } : at;
}
