// Copy loops as the evaluator sees them: a resource's `copy` loop with its fields evaluated, ARM's limit on a
// loop's count, the iteration (or chain of nested iterations) a node is evaluated in, and what `copyIndex()` gives
// in one.
import type { JsonNode } from '../../json/nodes';
import { equalsIgnoreCase, propertyValue, stringOf } from '../../json/nodes';
import type { ArmResource } from '../template';
import type { Value } from '../value';

/** A resource's `copy` loop, its fields evaluated. */
export interface CopyLoop {
  /** The `copy` object. */
  readonly node: JsonNode;
  readonly name?: string;
  readonly count: Value;
  /** `serial` or `parallel` (ARM's default) as written. */
  readonly mode: Value;
  readonly batchSize: Value;
}

/** ARM's limit on a copy loop's count. */
const MAX_COPY_COUNT = 800;

/** A copy loop's count when it is known and valid: an integer from 0 to ARM's limit of 800. */
export function knownCopyCount(count: Value): number | undefined {
  return count.known &&
    typeof count.value === 'number' &&
    Number.isInteger(count.value) &&
    count.value >= 0 &&
    count.value <= MAX_COPY_COUNT
    ? count.value
    : undefined;
}

/** One level of copy loop the evaluated node is inside. */
export interface Iteration {
  readonly loopName?: string;
  readonly index: number;
  /** The resource's own loop (what a `copyIndex()` without a name counts). */
  readonly resourceLoop: boolean;
  readonly outer?: Iteration;
  /** Identifies the iteration chain among the kept values. */
  readonly key: string;
}

/** Iteration `copyIndex` of the resource's own copy loop; undefined without one (or without an index). */
export function resourceIteration(
  resource: ArmResource | undefined,
  copyIndex: number | undefined,
): Iteration | undefined {
  if (!resource || copyIndex === undefined) return undefined;
  const loop = propertyValue(resource.node, 'copy');
  if (loop?.type !== 'object') return undefined;
  const loopName = stringOf(propertyValue(loop, 'name'));
  return { loopName, index: copyIndex, resourceLoop: true, key: `R${nameInKey(loopName)}#${copyIndex}` };
}

/** Iteration `index` of a property or variable loop named `loopName`, inside `outer`. */
export function loopIteration(loopName: string | undefined, index: number, outer: Iteration | undefined): Iteration {
  return { loopName, index, resourceLoop: false, outer, key: `${outer?.key ?? ''}/${nameInKey(loopName)}#${index}` };
}

/**
 * A loop's name in an iteration's key, so that no two chains share one: no name and `""` differ, and a name holding
 * `/` or `#` cannot pass for a loop inside another (a resource loop named "/rules" and a property loop "rules" did).
 */
function nameInKey(loopName: string | undefined): string {
  return loopName === undefined ? '-' : JSON.stringify(loopName);
}

/**
 * The index `copyIndex(loopName)` (the resource's own loop without a name) counts in `iteration`, or why it has none:
 * outside that loop, or outside any loop, where it differs for each copy of the resource.
 */
export function copyIndexIn(
  iteration: Iteration | undefined,
  loopName: string | undefined,
): number | { reason: string } {
  let current = iteration;
  while (
    current &&
    (loopName === undefined
      ? !current.resourceLoop
      : current.loopName === undefined || !equalsIgnoreCase(current.loopName, loopName))
  )
    current = current.outer;
  if (current) return current.index;
  const which = loopName === undefined ? 'copyIndex()' : `copyIndex('${loopName}')`;
  return {
    reason:
      iteration || loopName !== undefined
        ? `depends on ${which} outside that copy loop`
        : `depends on ${which}, which differs for each copy of the resource`,
  };
}
