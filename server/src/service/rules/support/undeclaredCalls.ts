// The parameters() and variables() calls whose literal name no declaration of their scope has, found once per
// expression table (kept with it over edits) for parameter-undefined and variable-undefined.
import type { ArmTemplate } from '../../arm/template';
import { fromTable, UNDECLARED } from '../../arm/expressions/references';
import { memoKey } from '../../memo';

interface UndeclaredCalls {
  /** The table's reference numbers, in order. */
  readonly parameter: readonly number[];
  readonly variable: readonly number[];
}

const UNDECLARED_CALLS = memoKey<UndeclaredCalls>('calls naming no declaration');

/** The reference numbers (in the template's expression table) of the `kind` calls that name no declaration. */
export function undeclaredCalls(template: ArmTemplate, kind: 'parameter' | 'variable'): readonly number[] {
  const calls = fromTable(template, UNDECLARED_CALLS, ({ references }) => {
    const parameter: number[] = [];
    const variable: number[] = [];
    for (let i = 0; i < references.count; i++) {
      if (references.target(i) !== UNDECLARED) continue;
      (references.kind(i) === 0 ? parameter : variable).push(i);
    }
    return { parameter, variable };
  });
  return calls[kind];
}
