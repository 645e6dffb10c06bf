// The order in which the evaluator evaluates a template's parameters and variables: each after the declarations its
// value names (depth-first, post-order, with an explicit stack, so that a chain of thousands of variables needs no
// deep recursion), and the cycles among them. A declaration met again while it is on the stack closes a cycle: every
// declaration on it is reported with the path of the cycle, and the evaluator gives it an unknown value.
import type { JsonNode } from '../../json/nodes';
import { isExpression } from '../value';
import type { ArmTemplate } from '../template';
import { referencesIn, type TemplateExpressions } from './references';
import { locateScope } from './scopes';

export interface DeclarationOrder {
  /** Every declaration number of the expression table, leaves first. */
  readonly order: readonly number[];
  /** Why a declaration on a cycle has no value (`depends on itself: variable 'a' → variable 'b' → variable 'a'`), by its number. */
  readonly cycles: ReadonlyMap<number, string>;
}

/** A declaration on the ordering stack: the declarations it names, and the next of them to visit. */
interface Frame {
  readonly declaration: number;
  readonly dependencies: readonly number[];
  next: number;
}

/**
 * Orders the table's declarations. `sourceOf` gives the template node holding a declaration's value (a variable's
 * value, a parameter's default or the value a nested deployment passes), undefined when it is not in the template.
 */
export function declarationOrder(
  template: ArmTemplate,
  expressions: TemplateExpressions,
  sourceOf: (declaration: number) => JsonNode | undefined,
): DeclarationOrder {
  const { declarations } = expressions;
  const order: number[] = [];
  const cycles = new Map<number, string>();
  /** Per declaration: 0 not met, 1 on the stack, 2 ordered. */
  const state = new Uint8Array(declarations.length);
  const stack: Frame[] = [];
  const visit = (declaration: number) => {
    state[declaration] = 1;
    stack.push({ declaration, dependencies: dependencies(template, expressions, sourceOf(declaration)), next: 0 });
  };
  for (let root = 0; root < declarations.length; root++) {
    if (state[root] !== 0) continue;
    visit(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.next < top.dependencies.length) {
        const dependency = top.dependencies[top.next++];
        if (state[dependency] === 1) markCycle(expressions, stack, dependency, cycles);
        else if (state[dependency] === 0) visit(dependency);
        continue;
      }
      stack.pop();
      state[top.declaration] = 2;
      order.push(top.declaration);
    }
  }
  return { order, cycles };
}

/** The declarations that the expression strings under `source` name with a literal name. */
function dependencies(template: ArmTemplate, expressions: TemplateExpressions, source: JsonNode | undefined): number[] {
  const { references } = expressions;
  const out: number[] = [];
  const pending = source ? [source] : [];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.children) {
      pending.push(...node.children);
      continue;
    }
    if (node.type !== 'string') continue;
    const site = expressions.siteOf(node);
    if (site) {
      if (site.functionParameters) continue;
      for (let i = site.firstReference; i < site.endReference; i++)
        if (references.target(i) >= 0) out.push(references.target(i));
      continue;
    }
    // An expression the table leaves out (under `metadata`): its names resolved here.
    const located = isExpression(node.value as string) ? locateScope(template, node) : undefined;
    if (!located || located.functionParameters) continue;
    for (const reference of referencesIn(node)) {
      const target =
        reference.name === undefined ? -1 : expressions.resolve(located.scope, reference.kind, reference.name);
      if (target >= 0) out.push(target);
    }
  }
  return out;
}

/** Records the declarations on the stack from `first` to its top as a cycle, with the reason their value is unknown. */
function markCycle(
  expressions: TemplateExpressions,
  stack: readonly Frame[],
  first: number,
  cycles: Map<number, string>,
): void {
  const { declarations } = expressions;
  const members: number[] = [];
  for (let i = stack.length - 1; i >= 0; i--) {
    members.unshift(stack[i].declaration);
    if (stack[i].declaration === first) break;
  }
  const path = [...members, members[0]]
    .map((member) => `${declarations[member].kind} '${declarations[member].name}'`)
    .join(' → ');
  for (const member of members) cycles.set(member, `depends on itself: ${path}`);
}
