// `allowedValues` is checked like a value: a parameter that feeds an Anyscale resource property is evaluated with
// each of its allowed values in turn, and what the rules report on that value sits on the allowedValues entry (a
// `provider` parameter allowing `aws` is an error there, whatever the parameter files say). Cheap by construction:
// only root parameters that have allowedValues and that an Anyscale.Platform resource actually uses are tried.
import { items, type JsonNode } from '../json/nodes';
import { CLOUD_RESOURCE_TYPE, CLOUD_TYPE } from '../catalog/anyscale';
import { isResourceType, type ArmTemplate, type Declaration } from './template';
import { runTemplateRules } from './runTemplateRules';
import { createEvaluator } from './expressions/evaluate';
import { templateExpressions, type ExpressionSite } from './expressions/references';
import { allowedValuesOf } from '../rules/parameterFileRule';
import type { FindingSink } from '../rules/runner';
import { guardSharedLiterals } from '../rules/support/sharedLiteralFixes';
import type { Finding, RuleLevel, Severity } from '../types';

/** Lower-cased names of the root parameters that Anyscale.Platform resources use, directly or through variables. */
function parametersUsedByAnyscale(template: ArmTemplate): Set<string> {
  const root = template.rootScope;
  const anyscaleNodes = template.resources
    .filter(
      (resource) =>
        resource.scope === root &&
        !resource.existing &&
        (isResourceType(resource, CLOUD_TYPE) || isResourceType(resource, CLOUD_RESOURCE_TYPE)),
    )
    .map((resource) => resource.node);
  const table = templateExpressions(template);
  const sites = table.sites.filter((site) => site.scope === root && !site.functionParameters);
  const byVariable = new Map<string, ExpressionSite[]>();
  for (const site of sites) {
    if (site.owner?.kind !== 'variable') continue;
    const list = byVariable.get(site.owner.name) ?? [];
    list.push(site);
    byVariable.set(site.owner.name, list);
  }
  const parameters = new Set<string>();
  const variables = new Set<string>();
  const pending: ExpressionSite[] = sites.filter((site) =>
    anyscaleNodes.some((node) => node.offset <= site.node.offset && site.node.offset < node.offset + node.length),
  );
  while (pending.length > 0) {
    const site = pending.pop()!;
    // The table's own references of the site: no second parse.
    for (let i = site.firstReference; i < site.endReference; i++) {
      const reference = table.referenceAt(i);
      const name = reference.name?.toLowerCase();
      if (name === undefined) continue;
      if (reference.kind === 'parameter') parameters.add(name);
      else if (!variables.has(name)) {
        variables.add(name);
        pending.push(...(byVariable.get(name) ?? []));
      }
    }
  }
  return parameters;
}

/** The findings the template rules report on one allowed value, with the parameter set to it and all else as written. */
function findingsOnValue(
  text: string,
  template: ArmTemplate,
  declaration: Declaration,
  entry: JsonNode,
  levels: Readonly<Record<string, RuleLevel>> | undefined,
  out: Map<string, Finding>,
): void {
  // No URI: the value is a literal written in the template itself, so findings and fixes stay in the template.
  const parameterValues = new Map([[declaration.name.toLowerCase(), { valueNode: entry, uri: '' }]]);
  // Advice (info) is for a value in use, where the parameter file's run gives it; an allowed value is only a choice.
  const notAdvice = (severity: Severity) => severity !== 'info';
  const evaluator = createEvaluator(template, { parameterValues });
  const sink: FindingSink = (code, severity, r) => {
    if (!('known' in r.at) || r.at.origin !== entry) return;
    const finding: Finding = {
      code,
      severity,
      message: `${r.message} ('${declaration.name}' allows this value)`,
      start: entry.offset,
      end: entry.offset + entry.length,
      related: [
        ...(r.related ?? []),
        ...(r.at.usage
          ? [
              {
                start: r.at.usage.offset,
                end: r.at.usage.offset + r.at.usage.length,
                message: 'The value is used here.',
              },
            ]
          : []),
      ],
      fixes: r.fixes,
    };
    const key = `${finding.start}\u0000${finding.code}\u0000${finding.message}`;
    if (!out.has(key)) out.set(key, finding);
  };
  // A fix of the allowed value changes every expression that reads the parameter when it takes that value.
  const guard = guardSharedLiterals(template, () => parameterValues, sink);
  runTemplateRules(text, template, evaluator, levels, notAdvice, guard.sink);
  guard.flush();
}

/** What the rules report on each allowed value of the parameters that feed Anyscale resources. */
export function checkAllowedValues(
  text: string,
  template: ArmTemplate,
  levels: Readonly<Record<string, RuleLevel>> | undefined,
): Finding[] {
  const withAllowed = [...template.rootScope.parameters.values()].filter(
    (declaration) => allowedValuesOf(declaration) !== undefined,
  );
  if (withAllowed.length === 0) return [];
  const used = parametersUsedByAnyscale(template);
  const found = new Map<string, Finding>();
  for (const declaration of withAllowed) {
    if (!used.has(declaration.name.toLowerCase())) continue;
    for (const entry of items(allowedValuesOf(declaration)))
      findingsOnValue(text, template, declaration, entry, levels, found);
  }
  return [...found.values()];
}
