// Problem counts by severity and the most severe problem, as the workspace index keeps them for each thing it shows
// (./outline counts a file's, ./cloudTree adds them up per cloud).
import type { IndexedProblem, SeverityCounts } from '../../../../shared/protocol';
import type { Severity } from '../types';

export const NO_PROBLEMS: SeverityCounts = Object.freeze({ error: 0, warning: 0, info: 0 });

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

/** The more severe of two problems; the first of two alike. */
function worse(a: IndexedProblem | undefined, b: IndexedProblem | undefined): IndexedProblem | undefined {
  return !a || (b && RANK[b.severity] > RANK[a.severity]) ? b : a;
}

/** Problem counts by severity, and the most severe problem (the first of those). */
export class Tally {
  readonly counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  worst?: IndexedProblem;

  add(problem: IndexedProblem): void {
    this.counts[problem.severity]++;
    this.worst = worse(this.worst, problem);
  }

  /** Adds another tally (a cloud adds its declarations'). */
  merge(counts: SeverityCounts, worst: IndexedProblem | undefined): void {
    this.counts.error += counts.error;
    this.counts.warning += counts.warning;
    this.counts.info += counts.info;
    this.worst = worse(this.worst, worst);
  }
}
