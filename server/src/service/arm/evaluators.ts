// One evaluator per template version and parameter file (none: the values the template itself writes): the rules,
// the index's outline and hover read the values it computed once, instead of each evaluating every parameter and
// variable again (on a 4 MB template, a few milliseconds per hover and per outline).
import { memoKey } from '../memo';
import type { ParameterFileInput } from '../types';
import { createEvaluator, type Evaluator } from './expressions/evaluate';
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
