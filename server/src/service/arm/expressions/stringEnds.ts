// What is known of a string that concat() or format() builds when a part of it is not: the text it surely starts and
// ends with. A rule about a string's ends (a trailing `/`, a sub-path after the host) can then speak although a
// parameter without a value sits in the middle: concat('https://', parameters('account'), '.blob.core.windows.net/')
// ends with `.blob.core.windows.net/` whatever the account is.
import type { JsonNode } from '../../json/nodes';
import { unknown, type UnknownValue, type Value } from '../value';
import { NotEvaluable, type Json } from './functions';

/** The functions whose result holds each argument's text unchanged, in the order the call gives. */
export const KEEPS_ARGUMENT_TEXT: ReadonlySet<string> = new Set(['concat', 'format']);

/** Stands for a part not known while the function runs; a known part holding it gets no ends (it cannot be told apart). */
const HOLE = '\u0000';

/**
 * `notKnown` (the first unknown part's value) with the ends of the string `evaluate` builds from `parts`, when it
 * surely builds a string and something of its start or end is known; else `notKnown` as it is. The function runs on
 * the parts with each unknown one replaced by a hole (by its own ends around a hole, when it has them), so the ends
 * are exactly what it would write around the holes; a function that fails on that (an array among strings, a format
 * specifier on a hole) gives no ends.
 */
export function withStringEnds(
  evaluate: (args: readonly Json[]) => Json,
  parts: readonly Value[],
  notKnown: UnknownValue,
  origin: JsonNode,
): UnknownValue {
  const args: Json[] = [];
  for (const part of parts) {
    if (!part.known) args.push(part.ends ? `${part.ends.start}${HOLE}${part.ends.end}` : HOLE);
    else if (typeof part.value === 'string' && part.value.includes(HOLE)) return notKnown;
    else args.push(part.value as Json);
  }
  let built: Json;
  try {
    built = evaluate(args);
  } catch (error) {
    if (error instanceof NotEvaluable) return notKnown;
    throw error;
  }
  if (typeof built !== 'string') return notKnown;
  const first = built.indexOf(HOLE);
  if (first < 0) return notKnown;
  const start = built.slice(0, first);
  const end = built.slice(built.lastIndexOf(HOLE) + 1);
  return start === '' && end === '' ? notKnown : unknown(notKnown.reason, { start, end, origin });
}
