// Which parameters and variables each scope's expressions use, computed once per template from the expression
// index and shared by the undefined / unused / cycle rules.
import type { ArmTemplate, TemplateScope } from '../../../arm/template';
import { templateExpressions, type ExpressionReference, type ExpressionSite } from '../../../arm/expressions/references';

export interface ScopeUsage {
  /** Lower-cased names of the parameters the scope's expressions use, from anywhere but their own declaration. */
  readonly parameters: Set<string>;
  readonly variables: Set<string>;
  /** A parameters() / variables() call with a computed name, or an expression that does not parse: any name may be used. */
  readonly anyParameter: boolean;
  readonly anyVariable: boolean;
}

export interface SiteReference {
  readonly site: ExpressionSite;
  readonly reference: ExpressionReference;
}

export interface ExpressionUsage {
  /** Every parameters() / variables() call outside user-defined functions, with its site. */
  readonly references: readonly SiteReference[];
  /** Per scope that owns declarations (the root, inner-scoped nested templates). */
  usageOf(scope: TemplateScope): ScopeUsage;
}

const cache = new WeakMap<ArmTemplate, ExpressionUsage>();

export function expressionUsage(template: ArmTemplate): ExpressionUsage {
  const cached = cache.get(template);
  if (cached) return cached;
  const usages = new Map<TemplateScope, { parameters: Set<string>; variables: Set<string>; anyParameter: boolean; anyVariable: boolean }>();
  const usageOf = (scope: TemplateScope) => {
    let usage = usages.get(scope);
    if (!usage) usages.set(scope, (usage = { parameters: new Set(), variables: new Set(), anyParameter: false, anyVariable: false }));
    return usage;
  };
  const references: SiteReference[] = [];
  for (const site of templateExpressions(template).sites) {
    if (site.functionParameters) continue;
    const usage = usageOf(site.scope);
    if (!site.parsed.ok) {
      usage.anyParameter = usage.anyVariable = true;
      continue;
    }
    for (const reference of site.references) {
      references.push({ site, reference });
      const isParameter = reference.kind === 'parameter';
      if (reference.name === undefined) {
        if (isParameter) usage.anyParameter = true;
        else usage.anyVariable = true;
        continue;
      }
      const name = reference.name.toLowerCase();
      // A declaration that only names itself is still unused.
      if (site.owner?.kind === reference.kind && site.owner.name === name) continue;
      (isParameter ? usage.parameters : usage.variables).add(name);
    }
  }
  const result: ExpressionUsage = { references, usageOf };
  cache.set(template, result);
  return result;
}
