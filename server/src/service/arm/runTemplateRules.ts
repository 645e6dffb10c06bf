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
    const configured = levels?.[rule.code];
    const level = configured ?? rule.defaultSeverity;
    if (level === 'off' || !wanted(level)) continue;
    const report = reporterFor(rule.code, level);
    rule.check({ text, template, anyscale, value, resourceId, deployed, report: configured === undefined ? graded(rule.code, level, report, wanted, reporterFor) : report });
  }
  return anyscale;
}

/** A rule's report function that gives a finding its own severity (Report.severity) when it has one. */
function graded(code: string, level: Severity, report: (report: Report) => void, wanted: (severity: Severity) => boolean, reporterFor: (code: string, severity: Severity) => (report: Report) => void): (report: Report) => void {
  const bySeverity = new Map<Severity, (report: Report) => void>([[level, report]]);
  return (r) => {
    const severity = r.severity ?? level;
    if (!wanted(severity)) return;
    let reporter = bySeverity.get(severity);
    if (!reporter) bySeverity.set(severity, (reporter = reporterFor(code, severity)));
    reporter(r);
  };
}
