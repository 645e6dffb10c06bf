// The parameters() and variables() calls whose literal name no declaration of their scope has, found once per
// expression table (kept with it over edits) for parameter-undefined and variable-undefined, and the message both
// give for a name their scope does not declare.
import type { ArmTemplate, TemplateScope } from '../../arm/template';
import { fromTable, UNDECLARED } from '../../arm/expressions/references';
import { memoKey } from '../../memo';
import { didYouMean } from '../../text/suggest';

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

/** "Parameter 'x' is not declared in the template. Did you mean 'y'?", naming a nested template's inner scope. */
export function notDeclaredMessage(
  what: 'Parameter' | 'Variable',
  name: string,
  declared: readonly string[],
  scope: TemplateScope,
): string {
  const suggestion = didYouMean(name, declared);
  const where = scope.deployment
    ? 'this nested template (its expressions are evaluated in the inner scope)'
    : 'the template';
  return `${what} '${name}' is not declared in ${where}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`;
}
