// Which parameters and variables the template's expressions use, computed once per template from the expression
// table's resolved references and shared by the unused rules and navigation.
import type { ArmTemplate, TemplateScope } from '../../arm/template';
import {
  COMPUTED_NAME,
  templateExpressions,
  type ExpressionReference,
  type ExpressionSite,
  type TemplateExpressions,
} from '../../arm/expressions/references';
import { memoKey } from '../../memo';

export interface ScopeUsage {
  /** A parameters() / variables() call with a computed name, or an expression that does not parse: any name may be used. */
  readonly anyParameter: boolean;
  readonly anyVariable: boolean;
}

export interface SiteReference {
  readonly site: ExpressionSite;
  readonly reference: ExpressionReference;
}

export interface ExpressionUsage {
  /** True when an expression uses the declaration (by its number), from anywhere but the declaration's own value. */
  isUsed(declaration: number): boolean;
  /** Per scope that owns declarations (the root, inner-scoped nested templates). */
  usageOf(scope: TemplateScope): ScopeUsage;
  /** Every parameters() / variables() call outside user-defined functions, with its site (made on first use). */
  readonly references: readonly SiteReference[];
}

const NO_USE: ScopeUsage = { anyParameter: false, anyVariable: false };
const EXPRESSION_USAGE = memoKey<ExpressionUsage>('expression usage');

export function expressionUsage(template: ArmTemplate): ExpressionUsage {
  return template.memo.get(EXPRESSION_USAGE, () => computeUsage(template));
}

function computeUsage(template: ArmTemplate): ExpressionUsage {
  const table = templateExpressions(template);
  const { sites, declarations, references } = table;
  const used = new Uint8Array(declarations.length);
  const scopes = new Map<TemplateScope, { anyParameter: boolean; anyVariable: boolean }>();
  const usageOf = (scope: TemplateScope) => {
    let usage = scopes.get(scope);
    if (!usage) scopes.set(scope, (usage = { anyParameter: false, anyVariable: false }));
    return usage;
  };
  for (const site of sites) {
    if (site.functionParameters) continue;
    if (site.error) {
      const usage = usageOf(site.scope);
      usage.anyParameter = usage.anyVariable = true;
      continue;
    }
    for (let i = site.firstReference; i < site.endReference; i++) {
      const target = references.target(i);
      if (target === COMPUTED_NAME) {
        if (references.kind(i) === 0) usageOf(site.scope).anyParameter = true;
        else usageOf(site.scope).anyVariable = true;
      } else if (target >= 0 && target !== site.ownerNumber) {
        // A declaration that only names itself is still unused.
        used[target] = 1;
      }
    }
  }
  return new Usage(table, used, scopes);
}

/**
 * A class, not an object literal with a getter: each evaluation of such a literal gives the object a new hidden
 * class (in the old generation) holding the getter's closure, which then kept the whole template alive through
 * every young-generation collection until the next full one — 6× the cost of the analysis on a small template.
 */
class Usage implements ExpressionUsage {
  private siteReferences: SiteReference[] | undefined;

  constructor(
    private readonly table: TemplateExpressions,
    private readonly used: Uint8Array,
    private readonly scopes: ReadonlyMap<TemplateScope, ScopeUsage>,
  ) {}

  isUsed(declaration: number): boolean {
    return this.used[declaration] === 1;
  }

  usageOf(scope: TemplateScope): ScopeUsage {
    return this.scopes.get(scope) ?? NO_USE;
  }

  get references(): readonly SiteReference[] {
    if (!this.siteReferences) {
      const { sites, references } = this.table;
      this.siteReferences = [];
      for (let i = 0; i < references.count; i++) {
        const site = sites[references.site(i)];
        if (!site.functionParameters) this.siteReferences.push({ site, reference: this.table.referenceAt(i) });
      }
    }
    return this.siteReferences;
  }
}
