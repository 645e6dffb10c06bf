// The built-in functions the evaluator does not compute from all their arguments' values (functions.ts computes
// those): if(), and(), or() and coalesce() evaluate an argument only when the result depends on it, as ARM does, so
// that an unknown or failing argument they skip does not make them unknown; copyIndex() counts in the copy loop
// iteration the expression is evaluated in; environment(), true(), false() and null() are constants.
import { unknown, withoutEnds, type UnknownValue, type Value } from '../value';
import { copyIndexIn } from './copyLoops';
import { AZURE_CLOUD_ENVIRONMENT } from './environment';
import { jsonTypeName, type Json } from './functions';
import { computed, type Context, type Result } from './results';
import type { NodeId, SyntaxTree } from './syntaxTree';

/** What these functions ask of the evaluator: one argument's result or value, or the values of all of them. */
export interface ArgumentEvaluator {
  /** The result of node `expression` of `tree`, an expression of the string `context.node`. */
  evaluate(tree: SyntaxTree, expression: NodeId, context: Context): Result;
  /** A result as a Value: a node as written is evaluated. */
  force(result: Result): Value;
  /** The values of the call's arguments, or the first unknown one. */
  forcedArguments(tree: SyntaxTree, call: NodeId, context: Context): Json[] | UnknownValue;
}

/**
 * The result of `call`, a call of the function `name` (as the documentation spells it) whose argument count is
 * valid; undefined when `name` is not one of these functions.
 */
export function lazyCall(
  name: string,
  evaluator: ArgumentEvaluator,
  tree: SyntaxTree,
  call: NodeId,
  context: Context,
): Result | undefined {
  switch (name) {
    case 'if': {
      const condition = evaluator.force(evaluator.evaluate(tree, tree.argument(call, 0), context));
      if (!condition.known) return withoutEnds(condition);
      if (typeof condition.value !== 'boolean')
        return unknown(`if() expects a boolean condition, not ${jsonTypeName(condition.value as Json)}`);
      return evaluator.evaluate(tree, tree.argument(call, condition.value ? 1 : 2), context);
    }
    case 'and':
    case 'or': {
      // The result is decided by the first false (and) or true (or) argument, even when others are unknown.
      const decisive = name === 'or';
      let firstUnknown: UnknownValue | undefined;
      for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
        const value = evaluator.force(evaluator.evaluate(tree, arg, context));
        if (!value.known) firstUnknown ??= withoutEnds(value);
        else if (typeof value.value !== 'boolean')
          return unknown(`${name}() expects booleans, not ${jsonTypeName(value.value as Json)}`);
        else if (value.value === decisive) return computed(decisive, context);
      }
      return firstUnknown ?? computed(!decisive, context);
    }
    case 'coalesce': {
      for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
        const value = evaluator.force(evaluator.evaluate(tree, arg, context));
        if (!value.known || value.value !== null) return value;
      }
      return computed(null, context);
    }
    case 'copyIndex': {
      const args = evaluator.forcedArguments(tree, call, context);
      if (!Array.isArray(args)) return args;
      const loopName = typeof args[0] === 'string' ? args[0] : undefined;
      const offset = args[loopName === undefined ? 0 : 1] ?? 0;
      if (typeof offset !== 'number')
        return unknown(`copyIndex() expects an integer offset, not ${jsonTypeName(offset)}`);
      const index = copyIndexIn(context.iteration, loopName);
      return typeof index === 'number' ? computed(index + offset, context) : unknown(index.reason);
    }
    case 'environment':
      return computed(AZURE_CLOUD_ENVIRONMENT, context);
    case 'true':
      return computed(true, context);
    case 'false':
      return computed(false, context);
    case 'null':
      return computed(null, context);
  }
  return undefined;
}
