// Checks one deployment parameter file with the parameter-file rules. Against the template it deploys: names the
// template does not declare, required parameters left out, values of the wrong type, not allowed or out of range;
// those findings sit in the parameter file (`uri` is the file's), like the value findings the template's run places
// there. On its own: its shape (entries without a value, a template's $schema), found whenever the file itself is
// analysed, so that they are reported once whether or not its template is at hand.
import type { ArmTemplate } from './template';
import type { JsonNode } from '../json/nodes';
import { readParameterFile } from './parameterFile';
import type { ParameterFileInput } from './checkTemplate';
import { RULES } from '../rules/registry';
import { rangeOf, type Finding, type Report, type RuleLevel, type Severity } from '../rules/rule';

/** Turns a rule's reports into findings at `uri` (undefined: the document analysed) with the rule's level. */
function reporter(findings: Finding[], code: string, severity: Severity, uri: string | undefined): (report: Report) => void {
  return (r) => findings.push({ code, severity, message: r.message, ...rangeOf(r.at), uri, related: r.related, fixes: r.fixes });
}

export function checkParameterFile(template: ArmTemplate, parameterFile: ParameterFileInput, levels: Readonly<Record<string, RuleLevel>> | undefined): Finding[] {
  const findings: Finding[] = [];
  const file = readParameterFile(parameterFile.root);
  for (const rule of RULES) {
    if (rule.appliesTo !== 'armParameters' || rule.against === 'file') continue;
    const severity = levels?.[rule.code] ?? rule.defaultSeverity;
    if (severity === 'off') continue;
    rule.check({ uri: parameterFile.uri, text: parameterFile.text ?? '', file, declared: template.rootScope.parameters, report: reporter(findings, rule.code, severity, parameterFile.uri) });
  }
  return findings;
}

/** The findings of a parameter file on its own, in the file itself (no `uri`). */
export function checkParameterFileShape(root: JsonNode, text: string, levels: Readonly<Record<string, RuleLevel>> | undefined): Finding[] {
  const findings: Finding[] = [];
  const file = readParameterFile(root);
  for (const rule of RULES) {
    if (rule.appliesTo !== 'armParameters' || rule.against !== 'file') continue;
    const severity = levels?.[rule.code] ?? rule.defaultSeverity;
    if (severity === 'off') continue;
    rule.check({ text, file, report: reporter(findings, rule.code, severity, undefined) });
  }
  return findings.sort((a, b) => a.start - b.start);
}
