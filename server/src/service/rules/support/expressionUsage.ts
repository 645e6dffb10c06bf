// Which parameters and variables the template's expressions use, from the sites naming each declaration
// (declarationReaders.ts, counted once per expression table and kept with it over edits): the unused rules'
// (unusedDeclarations); and every parameters() / variables() call with its site, for navigation.
import type { ArmTemplate } from '../../arm/template';
import {
  templateExpressions,
  type ExpressionReference,
  type ExpressionSite,
  type NamedDeclaration,
  type TemplateExpressions,
} from '../../arm/expressions/references';
import { memoKey } from '../../memo';
import { namingSites } from './declarationReaders';

export interface SiteReference {
  readonly site: ExpressionSite;
  readonly reference: ExpressionReference;
}

export interface ExpressionUsage {
  /** Every parameters() / variables() call outside user-defined functions, with its site (made on first use). */
  readonly references: readonly SiteReference[];
}

const EXPRESSION_USAGE = memoKey<ExpressionUsage>('expression usage');

export function expressionUsage(template: ArmTemplate): ExpressionUsage {
  return template.memo.get(EXPRESSION_USAGE, () => new Usage(templateExpressions(template)));
}

/**
 * The parameters (or variables) no expression uses, from anywhere but the declaration's own value: parameter-unused's
 * and variable-unused's. None of a scope where a call with a computed name, or an expression that does not parse, may
 * use any name of that kind (namingSites, as the readers of a shared literal are counted).
 */
export function unusedDeclarations(template: ArmTemplate, kind: NamedDeclaration['kind']): NamedDeclaration[] {
  const { naming, uncounted } = namingSites(template);
  return templateExpressions(template).declarations.filter(
    (declaration, number) => declaration.kind === kind && naming[number].length === 0 && uncounted[number] === 0,
  );
}

/**
 * A class, not an object literal with a getter: each evaluation of such a literal gives the object a new hidden
 * class (in the old generation) holding the getter's closure, which then kept the whole template alive through
 * every young-generation collection until the next full one — 6× the cost of the analysis on a small template.
 */
class Usage implements ExpressionUsage {
  private siteReferences: SiteReference[] | undefined;

  constructor(private readonly table: TemplateExpressions) {}

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
