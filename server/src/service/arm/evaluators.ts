// One evaluator per template version and parameter file (none: the values the template itself writes): the rules,
// the index's outline and hover read the values it computed once, instead of each evaluating every parameter and
// variable again (on a 4 MB template, a few milliseconds per hover and per outline). With it, the Anyscale view the
// rules read through it. An edit outside expressions hands each one's values that still stand to the next version's
// (expressions/carryValues.ts), and, when the model stands too, the cloud resources the edit did not touch.
import { memoKey } from '../memo';
import type { EditedRegion } from '../json/editedRegion';
import type { ParameterFileInput } from '../types';
import { evaluatedView, type AnyscaleView } from './anyscaleView';
import { computedValues, createEvaluator, evaluatorCarrying, type Evaluator } from './expressions/evaluate';
import { carryValues } from './expressions/carryValues';
import { parameterValuesOf } from './parameterFile';
import type { ArmTemplate } from './template';

/** An evaluator, and the view of the template through it once the rules asked for one. */
interface Run {
  readonly evaluator: Evaluator;
  view?: AnyscaleView;
}

const RUNS = memoKey<Map<ParameterFileInput | undefined, Run>>('evaluator and view per parameter file');

function runFor(template: ArmTemplate, parameterFile: ParameterFileInput | undefined): Run {
  const runs = template.memo.get(RUNS, () => new Map());
  let run = runs.get(parameterFile);
  if (!run) {
    const parameterValues = parameterValuesOf(parameterFile?.root, parameterFile?.uri ?? '');
    run = { evaluator: createEvaluator(template, { parameterValues }) };
    runs.set(parameterFile, run);
  }
  return run;
}

/** The template's evaluator with the parameter file's values (the same object the analysis was given). */
export function evaluatorFor(template: ArmTemplate, parameterFile?: ParameterFileInput): Evaluator {
  return runFor(template, parameterFile).evaluator;
}

/** The template's Anyscale view through that evaluator. */
export function viewFor(template: ArmTemplate, parameterFile?: ParameterFileInput): AnyscaleView {
  const run = runFor(template, parameterFile);
  return (run.view ??= evaluatedView(template, run.evaluator));
}

/**
 * Gives `next` (spliced from `previous`, holding its carried expression table) evaluators starting from the values of
 * `previous`'s that the edit left standing, and — when `next` kept `previous`'s model (carryTemplate) — views keeping
 * the cloud resources the edit did not touch. `previous`'s evaluators and views must not be asked again.
 */
export function carryEvaluators(previous: ArmTemplate, next: ArmTemplate, edit: EditedRegion): void {
  const runs = previous.memo.peek(RUNS);
  if (!runs) return;
  const sameModel = previous.resources === next.resources;
  const carried = new Map<ParameterFileInput | undefined, Run>();
  for (const [parameterFile, run] of runs) {
    const computed = computedValues(run.evaluator);
    const standing = computed && carryValues(computed, next, edit);
    if (!standing) continue;
    const evaluator = evaluatorCarrying(next, standing);
    const view = sameModel && run.view ? evaluatedView(next, evaluator, { view: run.view, edit }) : undefined;
    carried.set(parameterFile, { evaluator, view });
  }
  next.memo.set(RUNS, carried);
}
