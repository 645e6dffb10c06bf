// Which expressions read a parameter's or a variable's value: the expression strings that name it, and, when one of
// them is part of another parameter's or variable's value, the expressions that read that one in turn. A fix that
// rewrites the literal such a value is written in changes what each of them evaluates to (sharedLiteralFixes.ts).
import type { ArmTemplate, TemplateScope } from '../../arm/template';
import {
  COMPUTED_NAME,
  fromTable,
  templateExpressions,
  type ExpressionSite,
  type TemplateExpressions,
} from '../../arm/expressions/references';
import { memoKey } from '../../memo';

export interface DeclarationReaders {
  /** The expression strings that read the value, each once, outside any parameter's or variable's value. */
  readonly sites: readonly ExpressionSite[];
  /**
   * True when a scope on the way holds a parameters() / variables() call with a computed name, or an expression that
   * does not parse: other expressions may read the value too, and which cannot be known.
   */
  readonly uncounted: boolean;
}

/**
 * Per declaration number: the sites naming it (by number, each once; not its own value's), and 1 when its scope may
 * name it unseen (a call with a computed name, an expression that does not parse).
 */
export interface NamingSites {
  readonly naming: readonly (readonly number[])[];
  readonly uncounted: Uint8Array;
}

const NAMING_SITES = memoKey<NamingSites>('sites naming each declaration');

/** The sites naming each declaration of the template's expression table, counted once per table. */
export function namingSites(template: ArmTemplate): NamingSites {
  return fromTable(template, NAMING_SITES, countNamingSites);
}

function countNamingSites({ sites, declarations, references }: TemplateExpressions): NamingSites {
  const naming = declarations.map((): number[] => []);
  // Scopes only while counting: the memo keeps numbers, which stand for the next versions the table is carried to.
  const unseen = new Map<TemplateScope, { parameter: boolean; variable: boolean }>();
  const unseenIn = (scope: TemplateScope) => {
    let flags = unseen.get(scope);
    if (!flags) unseen.set(scope, (flags = { parameter: false, variable: false }));
    return flags;
  };
  for (const site of sites) {
    if (site.functionParameters) continue;
    if (site.error) {
      const flags = unseenIn(site.scope);
      flags.parameter = flags.variable = true;
      continue;
    }
    for (let i = site.firstReference; i < site.endReference; i++) {
      const target = references.target(i);
      if (target === COMPUTED_NAME) unseenIn(site.scope)[references.kindOf(i)] = true;
      if (target < 0 || target === site.ownerNumber) continue;
      const list = naming[target];
      // A site's references are consecutive: a site naming it twice is listed once.
      if (list[list.length - 1] !== site.index) list.push(site.index);
    }
  }
  const uncounted = new Uint8Array(declarations.length);
  declarations.forEach((declaration, number) => {
    if (unseen.get(declaration.scope)?.[declaration.kind]) uncounted[number] = 1;
  });
  return { naming, uncounted };
}

/** The expressions that read declaration `number`'s value (its number in the template's expression table). */
export function readersOf(template: ArmTemplate, number: number): DeclarationReaders {
  const { sites } = templateExpressions(template);
  const { naming, uncounted } = namingSites(template);
  const found = new Set<ExpressionSite>();
  let unseen = false;
  const visited = new Set([number]);
  const pending = [number];
  while (pending.length > 0) {
    const declaration = pending.pop()!;
    if (uncounted[declaration] === 1) unseen = true;
    for (const id of naming[declaration]) {
      const site = sites[id];
      const owner = site.ownerNumber;
      // Part of another parameter's or variable's value: what reads that one reads this value.
      if (owner < 0) found.add(site);
      else if (!visited.has(owner)) {
        visited.add(owner);
        pending.push(owner);
      }
    }
  }
  return { sites: [...found], uncounted: unseen };
}
