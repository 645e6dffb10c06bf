// A value in an ARM template is either known (a literal, or an expression we could evaluate) or unknown.
// Rules check known values only: a false error costs more trust than a missed one.
import type { JsonNode } from '../json/nodes';
import { getNodeValue } from 'jsonc-parser';

export interface KnownValue {
  readonly known: true;
  readonly value: unknown;
  /** Where the value is written. For a literal, the node itself; for `[parameters('x')]`, the parameter's value. */
  readonly origin: JsonNode;
  /** The document `origin` belongs to, when it is not the template (a parameter file). */
  readonly originUri?: string;
  /** The expression that produced the value, when it is not written in place (its use site in the template). */
  readonly usage?: JsonNode;
}

export interface UnknownValue {
  readonly known: false;
  /** Why we cannot know it, e.g. "depends on an ARM expression" or "depends on reference(…)". */
  readonly reason: string;
  /** For a string built around a part that is not known (expressions/stringEnds.ts): what it surely starts and ends with. */
  readonly ends?: StringEnds;
}

/** The text a string surely starts and ends with (either may be empty), and the expression string that builds it. */
export interface StringEnds {
  readonly start: string;
  readonly end: string;
  readonly origin: JsonNode;
}

export type Value = KnownValue | UnknownValue;

// Values are class instances, not object literals, like every object an analysis keeps (docs/performance.md): V8
// may allocate an object literal's objects straight into the old generation, where a value would keep the JSON
// tree it points at alive through every young-generation collection.
class Known implements KnownValue {
  readonly known = true;

  constructor(
    readonly value: unknown,
    readonly origin: JsonNode,
    readonly originUri: string | undefined,
    readonly usage: JsonNode | undefined,
  ) {}
}

class Unknown implements UnknownValue {
  readonly known = false;

  constructor(
    readonly reason: string,
    readonly ends?: StringEnds,
  ) {}
}

export const ABSENT: UnknownValue = new Unknown('absent');

/** A known value written at `origin` (in the document `originUri` when that is not the template), used at `usage`. */
export function known(value: unknown, origin: JsonNode, originUri?: string, usage?: JsonNode): KnownValue {
  return new Known(value, origin, originUri, usage);
}

export function unknown(reason: string, ends?: StringEnds): UnknownValue {
  return new Unknown(reason, ends);
}

/**
 * An unknown value handed on as another value's (a function's result from its argument, `.key` of it): what is known
 * of its ends is not the other value's.
 */
export function withoutEnds(value: UnknownValue): UnknownValue {
  return value.ends ? unknown(value.reason) : value;
}

/** The value as a string when it is known and a string; otherwise undefined. */
export function knownString(value: Value): string | undefined {
  return value.known && typeof value.value === 'string' ? value.value : undefined;
}

/** True when a JSON string is an ARM template expression: starts with `[` (but not `[[`) and ends with `]`. */
export function isExpression(text: string): boolean {
  return (
    text.length >= 2 &&
    text.charCodeAt(0) === 91 /* [ */ &&
    text.charCodeAt(1) !== 91 &&
    text.charCodeAt(text.length - 1) === 93
  ); /* ] */
}

/**
 * Reads a node the way ARM does, without evaluating expressions: literals are known, an expression string
 * is unknown, and `[[` escapes a literal `[`. The expression evaluator replaces this for expression strings.
 */
export function literalValue(node: JsonNode | undefined): Value {
  if (!node) return ABSENT;
  if (node.type === 'string') {
    const text = node.value as string;
    if (isExpression(text)) return unknown('depends on an ARM expression');
    if (text.startsWith('[[')) return known(text.slice(1), node);
    return known(text, node);
  }
  if (node.type === 'object' || node.type === 'array') return known(getNodeValue(node), node);
  return known(node.value, node);
}
