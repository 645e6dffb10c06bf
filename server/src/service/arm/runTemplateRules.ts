// One run of the template rules with one set of parameter values: the evaluator, the Anyscale view (copy loops
// expanded) and the rule loop. checkTemplate runs it per parameter file, allowedValues per allowed value; each turns
// the rules' reports into findings its own way.
import type { ArmTemplate } from './template';
import { anyscaleView, type AnyscaleView } from './anyscale';
import { createEvaluator, type ParameterValue } from './expressions/evaluate';
import { RULES } from '../rules/registry';
import type { Report, RuleLevel, Severity } from '../rules/rule';
import type { TemplateContext } from '../rules/templateContext';
import type { DeployedIndex } from '../azure/deployed';

/**
 * Runs the template rules whose level is on and `wanted`; `reporterFor` gives each rule its report function. `deployed`:
 * what Azure holds, for the rules that compare the template with it.
 */
export function runTemplateRules(
  text: string,
  template: ArmTemplate,
  parameterValues: ReadonlyMap<string, ParameterValue>,
  levels: Readonly<Record<string, RuleLevel>> | undefined,
  wanted: (severity: Severity) => boolean,
  reporterFor: (code: string, severity: Severity) => (report: Report) => void,
  deployed?: DeployedIndex,
): AnyscaleView {
  const evaluator = createEvaluator(template, { parameterValues });
  const value: TemplateContext['value'] = (node, resource, copyIndex) => evaluator.value(node, resource, copyIndex);
  const resourceId: TemplateContext['resourceId'] = (node, resource, copyIndex) => evaluator.resourceId(node, resource, copyIndex);
  const anyscale = anyscaleView(template, value, (resource) => evaluator.copyLoop(resource));
  for (const rule of RULES) {
    if (rule.appliesTo !== 'armTemplate') continue;
    const level = levels?.[rule.code] ?? rule.defaultSeverity;
    if (level === 'off' || !wanted(level)) continue;
    rule.check({ text, template, anyscale, value, resourceId, deployed, report: reporterFor(rule.code, level) });
  }
  return anyscale;
}
