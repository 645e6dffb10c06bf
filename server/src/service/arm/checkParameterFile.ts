// Checks one deployment parameter file with the parameter-file rules. Against the template it deploys: names the
// template does not declare, required parameters left out, values of the wrong type, not allowed or out of range;
// those findings sit in the parameter file (`uri` is the file's), like the value findings the template's run places
// there. On its own: its shape (entries without a value, a template's $schema), found whenever the file itself is
// analysed, so that they are reported once whether or not its template is at hand.
import type { ArmTemplate } from './template';
import type { JsonNode } from '../json/nodes';
import { readParameterFile } from './parameterFile';
import type { Finding, ParameterFileInput } from '../types';
import { RULES } from '../rules/registry';
import { collectFindings, runRules, type RuleLevels } from '../rules/runner';
import type { ParameterFileRule, ParameterFileShapeRule } from '../rules/parameterFileRule';

const PARAMETER_FILE_RULES = RULES.filter(
  (rule): rule is ParameterFileRule => rule.appliesTo === 'armParameters' && rule.against !== 'file',
);
const SHAPE_RULES = RULES.filter(
  (rule): rule is ParameterFileShapeRule => rule.appliesTo === 'armParameters' && rule.against === 'file',
);

export function checkParameterFile(
  template: ArmTemplate,
  parameterFile: ParameterFileInput,
  levels: RuleLevels | undefined,
): Finding[] {
  const findings: Finding[] = [];
  const file = readParameterFile(parameterFile.root);
  const context = {
    uri: parameterFile.uri,
    text: parameterFile.text ?? '',
    file,
    declared: template.rootScope.parameters,
  };
  runRules(
    PARAMETER_FILE_RULES,
    levels,
    (rule, report) => rule.check({ ...context, report }),
    collectFindings(findings, parameterFile.uri),
  );
  return findings;
}

/** The findings of a parameter file on its own, in the file itself (no `uri`). */
export function checkParameterFileShape(root: JsonNode, text: string, levels: RuleLevels | undefined): Finding[] {
  const findings: Finding[] = [];
  const file = readParameterFile(root);
  runRules(SHAPE_RULES, levels, (rule, report) => rule.check({ text, file, report }), collectFindings(findings));
  return findings.sort((a, b) => a.start - b.start);
}
