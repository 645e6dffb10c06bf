// What evaluating part of an expression gives, and the context an expression string is evaluated in. A result is a
// Value (known, or unknown with the reason) or a node as Written and not yet evaluated, so that property access into
// it keeps the exact origin: `parameters('p').a.b` is the node `b` where it is written, not a copy of its value.
import type { JsonNode } from '../../json/nodes';
import { propertyValue } from '../../json/nodes';
import { isExpression, known, unknown, withoutEnds, type Value } from '../value';
import type { Iteration } from './copyLoops';
import { isJsonObject, jsonTypeName, propertyOf, type Json } from './functions';
import type { ExpressionScope } from './scopes';

/** The expression string `node`, evaluated in its scope and, inside a copy loop, in one iteration of it. */
export interface Context extends ExpressionScope {
  readonly node: JsonNode;
  readonly iteration?: Iteration;
}

/** A node as written somewhere, not yet evaluated. */
export class Written {
  constructor(
    readonly node: JsonNode,
    /** Set for a parameter file's node: its text is a literal, never an expression. */
    readonly uri?: string,
  ) {}
}

export type Result = Written | Value;

/** A value the expression string `context.node` computes (rather than passes through from where it is written). */
export function computed(value: Json, context: Context): Value {
  return known(value, context.node, undefined, context.node);
}

/** The value an expression string `node` gives: used there. */
export function usedAt(value: Value, node: JsonNode): Value {
  return !value.known || value.usage === node ? value : known(value.value, value.origin, value.originUri, node);
}

/**
 * `.key` or `[key]` on a node as written, read where it is written when that can be done without evaluating the node
 * (an object without a `copy` loop or a property name written as an expression, or an array); undefined otherwise.
 */
export function writtenChild(target: Written, key: Json): Result | undefined {
  const node = target.node;
  if (node.type === 'object' && typeof key === 'string' && !propertyValue(node, 'copy') && !hasComputedNames(node)) {
    const child = propertyValue(node, key);
    return child ? new Written(child, target.uri) : unknown(`${describeKey(key)} does not exist`);
  }
  if (node.type === 'array' && typeof key === 'number') {
    const child = node.children?.[key];
    return child ? new Written(child, target.uri) : unknown(`index ${key} is out of range`);
  }
  return undefined;
}

/** `.key` or `[key]` on a value, as ARM reads it (a property's name case-insensitively); it keeps the value's origin. */
export function valueChild(target: Value, key: Json): Value {
  if (!target.known) return withoutEnds(target);
  const value = target.value as Json;
  let found: Json | undefined;
  if (isJsonObject(value) && typeof key === 'string') found = propertyOf(value, key);
  else if (Array.isArray(value) && typeof key === 'number') found = value[key];
  else return unknown(`cannot read ${describeKey(key)} of ${jsonTypeName(value)}`);
  if (found === undefined) return unknown(`${describeKey(key)} does not exist`);
  return known(found, target.origin, target.originUri, target.usage);
}

/** True when a property name of the object is an expression: its properties are known only once evaluated. */
function hasComputedNames(object: JsonNode): boolean {
  return (
    object.children?.some(
      (property) => typeof property.children?.[0]?.value === 'string' && isExpression(property.children[0].value),
    ) ?? false
  );
}

function describeKey(key: Json): string {
  return typeof key === 'string' ? `property '${key}'` : `index ${JSON.stringify(key)}`;
}
