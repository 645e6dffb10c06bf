// Which of a declaration's findings a copy of its `copy` loop may show in the workspace index (./outline): those some
// run found whatever the copy, and those that copy led to in some run (Analysis.foundOnlyInCopies), each list found
// once per declaration, so that a loop of 800 copies with a finding of its own each does not read 800 × 800 findings.
import type { Finding } from '../types';

export class FindingsByCopy {
  /** Positions in `findings` of those some run found whatever the copy. */
  private readonly everyCopy: number[] = [];
  /** Positions in `findings` of those only some copies led to, by copy. */
  private readonly byCopy = new Map<number, number[]>();

  /**
   * `findings`: the declaration's, in their order; `runsFinding`: how many runs (parameter files, or the one run
   * without any) found a finding.
   */
  constructor(
    private readonly findings: readonly Finding[],
    foundOnlyInCopies: ReadonlyMap<Finding, ReadonlyMap<string, readonly number[]>>,
    runsFinding: (finding: Finding) => number,
  ) {
    findings.forEach((finding, position) => {
      const copies = foundOnlyInCopies.get(finding);
      if (!copies || copies.size < runsFinding(finding)) {
        this.everyCopy.push(position);
        return;
      }
      for (const indexes of copies.values())
        for (const index of indexes) {
          const positions = this.byCopy.get(index);
          if (!positions) this.byCopy.set(index, [position]);
          else if (positions[positions.length - 1] !== position) positions.push(position);
        }
    });
  }

  /** The findings copy `copyIndex` may show, in their order: which runs found them is for the caller to read. */
  of(copyIndex: number): Finding[] {
    const own = this.byCopy.get(copyIndex) ?? [];
    const merged: Finding[] = [];
    let a = 0;
    let b = 0;
    while (a < this.everyCopy.length || b < own.length) {
      const next =
        b >= own.length || (a < this.everyCopy.length && this.everyCopy[a] < own[b]) ? this.everyCopy[a++] : own[b++];
      merged.push(this.findings[next]);
    }
    return merged;
  }
}
