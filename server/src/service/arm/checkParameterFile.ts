// Checks one deployment parameter file against the template it deploys with the parameter-file rules: names the
// template does not declare, required parameters left out, values of the wrong type or not allowed. The findings
// sit in the parameter file (`uri` is the file's), like the value findings the template's run places there.
import type { ArmTemplate } from './template';
import { readParameterFile } from './parameterFile';
import type { ParameterFileInput } from './checkTemplate';
import { RULES } from '../rules/registry';
import { rangeOf, type Finding, type RuleLevel } from '../rules/rule';

export function checkParameterFile(template: ArmTemplate, parameterFile: ParameterFileInput, levels: Readonly<Record<string, RuleLevel>> | undefined): Finding[] {
  const findings: Finding[] = [];
  const file = readParameterFile(parameterFile.root);
  for (const rule of RULES) {
    if (rule.appliesTo !== 'armParameters') continue;
    const severity = levels?.[rule.code] ?? rule.defaultSeverity;
    if (severity === 'off') continue;
    rule.check({
      uri: parameterFile.uri,
      text: parameterFile.text ?? '',
      file,
      declared: template.rootScope.parameters,
      report: (r) => findings.push({ code: rule.code, severity, message: r.message, ...rangeOf(r.at), uri: parameterFile.uri, related: r.related, fixes: r.fixes }),
    });
  }
  return findings;
}
