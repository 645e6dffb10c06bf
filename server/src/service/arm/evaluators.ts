// One evaluator per template version and parameter file (none: the values the template itself writes): the rules,
// the index's outline and hover read the values it computed once, instead of each evaluating every parameter and
// variable again (on a 4 MB template, a few milliseconds per hover and per outline). An edit outside expressions
// hands each one's values that still stand to the next version's (expressions/carryValues.ts).
import { memoKey } from '../memo';
import type { ReplacedContainer } from '../json/spliceJson';
import type { ParameterFileInput } from '../types';
import { computedValues, createEvaluator, evaluatorCarrying, type Evaluator } from './expressions/evaluate';
import { carryValues } from './expressions/carryValues';
import { parameterValuesOf } from './parameterFile';
import type { ArmTemplate } from './template';

const EVALUATORS = memoKey<Map<ParameterFileInput | undefined, Evaluator>>('evaluator per parameter file');

/** The template's evaluator with the parameter file's values (the same object the analysis was given). */
export function evaluatorFor(template: ArmTemplate, parameterFile?: ParameterFileInput): Evaluator {
  const evaluators = template.memo.get(EVALUATORS, () => new Map());
  let evaluator = evaluators.get(parameterFile);
  if (!evaluator) {
    const parameterValues = parameterValuesOf(parameterFile?.root, parameterFile?.uri ?? '');
    evaluator = createEvaluator(template, { parameterValues });
    evaluators.set(parameterFile, evaluator);
  }
  return evaluator;
}

/**
 * Gives `next` (spliced from `previous`, holding its carried expression table) evaluators starting from the values of
 * `previous`'s that the edit left standing. `previous`'s evaluators must not be asked again.
 */
export function carryEvaluators(previous: ArmTemplate, next: ArmTemplate, replaced: ReplacedContainer): void {
  const evaluators = previous.memo.peek(EVALUATORS);
  if (!evaluators) return;
  const carried = new Map<ParameterFileInput | undefined, Evaluator>();
  for (const [parameterFile, evaluator] of evaluators) {
    const computed = computedValues(evaluator);
    const standing = computed && carryValues(computed, next, replaced);
    if (standing) carried.set(parameterFile, evaluatorCarrying(next, standing));
  }
  next.memo.set(EVALUATORS, carried);
}
