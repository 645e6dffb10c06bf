// An edit that kept the expression table (carryOver.ts) also keeps most of what the evaluator computed. A node's
// value is read from the JSON under it, from the declarations its expressions name and, in a copy of a loop, from
// the iteration it is asked in (whose key names each loop: copyLoops.ts) — nothing else. So after an edit of one
// container (json/spliceJson.ts), every value stands but those of the container's old nodes and of the nodes holding
// it, as long as no declaration's value is written in or around the container. When one is (a keystroke in a
// variable, a parameter's default, a value a nested deployment passes), the next version evaluates afresh.
// Two unknowns depend on the order values are asked in, in a fresh evaluator as in a carried one: a value nested
// past the evaluator's depth limit, and a name computed to refer back to itself (evaluate.ts). There a carried
// evaluator may know what a fresh one leaves unknown, or the reverse; a known value is the same in both.
import type { JsonNode } from '../../json/nodes';
import type { EditedRegion } from '../../json/editedRegion';
import type { ArmTemplate } from '../template';
import type { UnknownValue } from '../value';
import type { ComputedValues, Values } from './evaluate';
import { parameterWrittenAt, type WrittenAt } from './parameterSources';
import { templateExpressions } from './references';
import { Written, type Result } from './results';

/** True when the parameter's value, kept as `source`, is still read where `at` (its lookup in the new version) says. */
function sameSource(source: Result, at: WrittenAt | UnknownValue): boolean {
  if (source instanceof Written) return 'node' in at && at.node === source.node && at.uri === source.uri;
  if (source.known) return 'node' in at && at.node === source.origin && at.uri === source.originUri;
  return !('node' in at) && at.reason === source.reason;
}

/**
 * `computed` (the previous version's, which it changes) with the values the edit made stale taken out; undefined when
 * the edit touched where a declaration's value is written. `next` must hold the carried expression table.
 */
export function carryValues(
  computed: ComputedValues,
  next: ArmTemplate,
  edit: EditedRegion,
): ComputedValues | undefined {
  if (edit.unchanged) return computed;
  if (!edit.replaced.old || !edit.replaced.fresh) return undefined;
  // A node of the new tree in the container or holding it: its value may differ from the previous version's.
  const touched = (node: JsonNode) => edit.holds(node) || edit.added(node);
  const { declarations } = templateExpressions(next);
  for (const declaration of declarations)
    if (declaration.kind === 'variable' && touched(declaration.node)) return undefined;
  // Every parameter's source was looked up when the declarations were evaluated: each must be read where it was.
  for (const [number, source] of computed.parameterSources) {
    const at = parameterWrittenAt(next, declarations[number], computed.parameterValues);
    if (!sameSource(source, at) || ('node' in at && at.uri === undefined && touched(at.node))) return undefined;
  }
  // A kept value's node: one the splice took out of the tree, or one holding the container. Looked up, not searched
  // for: a keystroke in one resource makes a few hundred of the 50,000 values of a 4 MB template stale.
  const stale = edit.staleNodes();
  forgetStale(computed.values, stale);
  for (const values of computed.iterationValues.values()) forgetStale(values, stale);
  return computed;
}

function forgetStale(values: Values, stale: readonly JsonNode[]): void {
  for (const node of stale) values.delete(node);
}
