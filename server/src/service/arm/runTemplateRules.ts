// One run of the template rules with one set of parameter values (an evaluator): the Anyscale view (copy loops
// expanded) and the rules, through the rule runner. checkTemplate runs it per parameter file, allowedValues per allowed
// value; each turns the rules' reports into findings its own way (its sink).
import type { ArmTemplate } from './template';
import { evaluatedView, type AnyscaleView } from './anyscaleView';
import type { Evaluator } from './expressions/evaluate';
import { resourceNameSegments } from './resourceNameSegments';
import { RULES } from '../rules/registry';
import type { Severity } from '../types';
import type { TemplateRule } from '../rules/templateRule';
import { runRules, type FindingSink, type RuleLevels } from '../rules/runner';
import type { TemplateContext } from '../rules/templateContext';
import type { DeployedIndex } from '../azure/deployed';

/**
 * Runs the template rules that are on and whose severity is `wanted`, each report going to `sink` (rules/runner.ts).
 * `deployed`: what Azure holds, for the rules that compare the template with it. `anyscale`: the evaluator's view,
 * when the caller keeps one (evaluators.ts viewFor).
 */
export function runTemplateRules(
  text: string,
  template: ArmTemplate,
  evaluator: Evaluator,
  levels: RuleLevels | undefined,
  wanted: (severity: Severity) => boolean,
  sink: FindingSink,
  deployed?: DeployedIndex,
  anyscale: AnyscaleView = evaluatedView(template, evaluator),
): AnyscaleView {
  const value: TemplateContext['value'] = (node, resource, copyIndex) => evaluator.value(node, resource, copyIndex);
  const resourceId: TemplateContext['resourceId'] = (node, resource, copyIndex) =>
    evaluator.resourceId(node, resource, copyIndex);
  const nameSegments: TemplateContext['nameSegments'] = (resource, copyIndex) =>
    resourceNameSegments(resource.nameNode, resource, evaluator, copyIndex);
  runRules(
    TEMPLATE_RULES,
    levels,
    (rule, report) => rule.check({ text, template, anyscale, value, resourceId, nameSegments, deployed, report }),
    sink,
    wanted,
  );
  return anyscale;
}

const TEMPLATE_RULES = RULES.filter((rule): rule is TemplateRule => rule.appliesTo === 'armTemplate');
