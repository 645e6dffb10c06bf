// The fixes offered as editor actions: the rules' fixes of the findings under a range (quick fixes), every
// preferred fix at once (fix-all, e.g. on save), and the generic "disable <code>" fixes that insert a suppression
// comment. Offsets only; the LSP layer maps them. Findings and fixes of another document (finding.uri, fix.uri) are
// never offered: their offsets are not this document's.
import type { Finding, Fix, TextEdit, TextRange } from '../types';
import type { CommentSyntax } from '../suppression/comments';
import { disableForFileEdit, disableForLineEdit, type KnownOfText } from '../suppression/insertDirective';
import { suppressionRules } from '../suppression/rules';

export interface OfferedFix {
  readonly finding: Finding;
  readonly fix: Fix;
}

function overlaps(a: TextRange, b: TextRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

const isLocal = (at: Finding | Fix) => at.uri === undefined;

/** Fixes of the findings that touch `range`, preferred ones first. */
export function fixesAt(findings: readonly Finding[], range: TextRange): OfferedFix[] {
  const offered: OfferedFix[] = [];
  for (const finding of findings) {
    if (!finding.fixes || !isLocal(finding) || !overlaps(finding, range)) continue;
    for (const fix of finding.fixes) if (isLocal(fix)) offered.push({ finding, fix });
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
    const fix = isLocal(finding) ? finding.fixes?.find((f) => f.preferred && isLocal(f)) : undefined;
    if (!fix) continue;
    if (fix.edits.some((edit) => edits.some((taken) => overlaps(taken, edit)))) continue;
    edits.push(...fix.edits);
  }
  return edits.sort((a, b) => a.start - b.start);
}

const ABOUT_SUPPRESSIONS = new Set(suppressionRules.map((rule) => rule.code));

/** The findings under `range` a suppression comment can silence: one per code (the first), not the comments' own. */
export function suppressibleAt(findings: readonly Finding[], range: TextRange): Finding[] {
  const byCode = new Map<string, Finding>();
  for (const finding of findings) {
    if (
      isLocal(finding) &&
      !ABOUT_SUPPRESSIONS.has(finding.code) &&
      !byCode.has(finding.code) &&
      overlaps(finding, range)
    )
      byCode.set(finding.code, finding);
  }
  return [...byCode.values()];
}

/** "Disable <code> for this line" and "… for this file": they silence, so they are never preferred. */
export function disableFixes(text: string, syntax: CommentSyntax, finding: Finding, known: KnownOfText = {}): Fix[] {
  return [
    {
      title: `Disable ${finding.code} for this line`,
      edits: [disableForLineEdit(text, syntax, finding.start, finding.code, known)],
    },
    {
      title: `Disable ${finding.code} for this file`,
      edits: [disableForFileEdit(text, syntax, finding.code, known)],
    },
  ];
}
