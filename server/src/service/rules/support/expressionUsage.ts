// Which parameters and variables the template's expressions use, counted once per expression table from its resolved
// references (kept with the table over edits) and shared by the unused rules (unusedDeclarations) and navigation.
import type { ArmTemplate, TemplateScope } from '../../arm/template';
import {
  COMPUTED_NAME,
  fromTable,
  templateExpressions,
  type ExpressionReference,
  type ExpressionSite,
  type NamedDeclaration,
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

/** What is counted from the table alone. */
interface CountedUsage {
  /** 1 for each declaration used (by its number). */
  readonly used: Uint8Array;
  /** By the scope's place in `template.scopes`: the same place in each version the table is carried to (carryOver.ts). */
  readonly byScope: ReadonlyMap<number, ScopeUsage>;
}

const COUNTED_USAGE = memoKey<CountedUsage>('declarations used');

export function expressionUsage(template: ArmTemplate): ExpressionUsage {
  return template.memo.get(EXPRESSION_USAGE, () => {
    const counted = fromTable(template, COUNTED_USAGE, (table) => countUsage(table, template.scopes));
    return new Usage(templateExpressions(template), counted, template.scopes);
  });
}

/**
 * The parameters (or variables) no expression uses: parameter-unused's and variable-unused's. None of a scope where a
 * call with a computed name, or an expression that does not parse, may use any name of that kind.
 */
export function unusedDeclarations(template: ArmTemplate, kind: NamedDeclaration['kind']): NamedDeclaration[] {
  const usage = expressionUsage(template);
  return templateExpressions(template).declarations.filter((declaration, number) => {
    if (declaration.kind !== kind || usage.isUsed(number)) return false;
    const scope = usage.usageOf(declaration.scope);
    return !(kind === 'parameter' ? scope.anyParameter : scope.anyVariable);
  });
}

function countUsage(
  { sites, declarations, references }: TemplateExpressions,
  scopes: readonly TemplateScope[],
): CountedUsage {
  const used = new Uint8Array(declarations.length);
  const byScope = new Map<number, { anyParameter: boolean; anyVariable: boolean }>();
  const usageOf = (scope: TemplateScope) => {
    const place = scopes.indexOf(scope);
    let usage = byScope.get(place);
    if (!usage) byScope.set(place, (usage = { anyParameter: false, anyVariable: false }));
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
  return { used, byScope };
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
    private readonly counted: CountedUsage,
    private readonly scopes: readonly TemplateScope[],
  ) {}

  isUsed(declaration: number): boolean {
    return this.counted.used[declaration] === 1;
  }

  usageOf(scope: TemplateScope): ScopeUsage {
    return this.counted.byScope.get(this.scopes.indexOf(scope)) ?? NO_USE;
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
