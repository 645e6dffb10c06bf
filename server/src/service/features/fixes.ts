// The fixes the rules attach to findings, offered as editor actions: the fixes of the findings under a range
// (quick fixes), and every preferred fix at once (fix-all, e.g. on save). Offsets only; the LSP layer maps them.
import type { Finding, Fix, TextEdit, TextRange } from '../rules/rule';

export interface OfferedFix {
  readonly finding: Finding;
  readonly fix: Fix;
}

function overlaps(a: TextRange, b: TextRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** Fixes of the findings that touch `range`, preferred ones first. */
export function fixesAt(findings: readonly Finding[], range: TextRange): OfferedFix[] {
  const offered: OfferedFix[] = [];
  for (const finding of findings) {
    if (!finding.fixes || !overlaps(finding, range)) continue;
    for (const fix of finding.fixes) offered.push({ finding, fix });
  }
  return offered.sort((a, b) => Number(!!b.fix.preferred) - Number(!!a.fix.preferred));
}

/**
 * Every preferred fix in the document whose edits don't overlap an earlier one's, as one list of edits in
 * document order. Only preferred fixes qualify: they cannot change what the user meant.
 */
export function fixAllEdits(findings: readonly Finding[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const finding of findings) {
    const fix = finding.fixes?.find((f) => f.preferred);
    if (!fix) continue;
    if (fix.edits.some((edit) => edits.some((taken) => overlaps(taken, edit)))) continue;
    edits.push(...fix.edits);
  }
  return edits.sort((a, b) => a.start - b.start);
}
