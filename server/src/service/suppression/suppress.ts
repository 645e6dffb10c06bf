// The generic suppression step, run after the rules over one document's findings: drops the findings a
// suppression comment names (on the comment's next line, or anywhere in the file), then reports the comments'
// own problems — a code that silenced nothing (suppression-unused) or that no rule has (suppression-unknown-code).
// Findings that belong to another document (finding.uri set) are left alone: comments silence only their own file.
import type { Finding, Fix, Report, RuleLevel, TextEdit, TextRange } from '../types';
import { RULES, ruleByCode } from '../rules/registry';
import { collectFindings, levelOf, runRules } from '../rules/runner';
import { byPlace } from '../arm/checkTemplate';
import { LineIndex } from '../text/lineIndex';
import { didYouMean } from '../text/suggest';
import type { CommentSyntax, SourceComment } from './comments';
import { directivesIn, NEXT_LINE, type Directive, type DirectiveCode } from './directives';
import { suppressionUnused } from './rules/suppression-unused';
import { suppressionUnknownCode } from './rules/suppression-unknown-code';
import type { SuppressionRule } from '../rules/suppressionRule';
import { suppressionRules } from './rules';

export interface SuppressionOptions {
  readonly syntax: CommentSyntax;
  readonly ruleLevels?: Readonly<Record<string, RuleLevel>>;
  /** False: only drop the silenced findings, without reporting the comments' own problems (see docs/suppression.md). */
  readonly reportProblems?: boolean;
  /** The text's directives when the caller has them (an analysis of the text); else they are read from the text. */
  readonly directives?: readonly Directive[];
}

/** Removes a whole comment: its line too when nothing else is on it. */
function removeComment(text: string, comment: SourceComment): TextEdit {
  const lineStart = text.lastIndexOf('\n', comment.start - 1) + 1;
  const newline = text.indexOf('\n', comment.end);
  const lineEnd = newline < 0 ? text.length : newline;
  const alone =
    /^[ \t]*$/.test(text.slice(lineStart, comment.start)) && /^[ \t]*\r?$/.test(text.slice(comment.end, lineEnd));
  if (alone)
    return newline < 0
      ? { start: Math.max(0, lineStart - 1), end: text.length, newText: '' }
      : { start: lineStart, end: newline + 1, newText: '' };
  let start = comment.start;
  while (start > lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { start, end: comment.end, newText: '' };
}

/** Removes one code from a directive's list, with the separator before it (or after it, for the first). */
function removeCode(directive: Directive, index: number): TextEdit {
  const codes = directive.codes;
  return index > 0
    ? { start: codes[index - 1].end, end: codes[index].end, newText: '' }
    : { start: codes[0].start, end: codes[1].start, newText: '' };
}

export function applySuppressions(text: string, findings: readonly Finding[], options: SuppressionOptions): Finding[] {
  const directives = options.directives ?? directivesIn(text, options.syntax);
  if (directives.length === 0) return [...findings].sort(byPlace);
  const lines = new LineIndex(text);
  const used = new Set<DirectiveCode>();
  const fileCodes = new Map<string, DirectiveCode[]>();
  const lineCodes = new Map<string, DirectiveCode[]>();
  const add = (map: Map<string, DirectiveCode[]>, key: string, code: DirectiveCode) =>
    map.set(key, [...(map.get(key) ?? []), code]);
  for (const directive of directives) {
    const target = lines.positionAt(directive.comment.end).line + 1;
    for (const code of directive.codes) {
      if (directive.kind === 'file') add(fileCodes, code.code, code);
      else add(lineCodes, `${target}\u0000${code.code}`, code);
    }
  }
  const kept: Finding[] = [];
  for (const finding of findings) {
    if (finding.uri !== undefined) {
      kept.push(finding);
      continue;
    }
    const silencers = [
      ...(fileCodes.get(finding.code) ?? []),
      ...(lineCodes.get(`${lines.positionAt(finding.start).line}\u0000${finding.code}`) ?? []),
    ];
    for (const code of silencers) used.add(code);
    if (silencers.length === 0) kept.push(finding);
  }

  const reporters = new Map<SuppressionRule, (report: Report) => void>();
  if (options.reportProblems !== false)
    runRules(
      suppressionRules,
      options.ruleLevels,
      (rule, report) => reporters.set(rule, report),
      collectFindings(kept),
    );
  const report = (rule: SuppressionRule, at: TextRange, message: string, fixes?: Fix[]) =>
    reporters.get(rule)?.({ at: { start: at.start, end: at.end }, message, fixes });
  const allCodes = RULES.map((rule) => rule.code);
  for (const directive of directives) {
    const where = directive.kind === 'file' ? 'in this file' : 'on the next line';
    if (directive.codes.length === 0) {
      report(
        suppressionUnknownCode,
        directive.comment,
        `This suppression names no rule code, so it silences nothing: write the codes to silence, e.g. "${NEXT_LINE} provider-invalid -- reason".`,
      );
      continue;
    }
    const unused = directive.codes.filter((code) => {
      const rule = ruleByCode(code.code);
      return !used.has(code) && rule !== undefined && levelOf(rule, options.ruleLevels) !== 'off';
    });
    // A guess the comment already names would only repeat it (`provider-invalid, provider-invlid`).
    const unlisted = allCodes.filter((candidate) => !directive.codes.some((code) => code.code === candidate));
    for (const code of directive.codes) {
      if (ruleByCode(code.code)) continue;
      const guess = didYouMean(code.code, unlisted);
      report(
        suppressionUnknownCode,
        code,
        `"${code.code}" is not an Anyscale rule code, so this suppression silences nothing${guess ? `: did you mean "${guess}"?` : '.'}`,
        guess ? [{ title: `Change to ${guess}`, edits: [{ ...code, newText: guess }] }] : undefined,
      );
    }
    if (unused.length === 0) continue;
    if (unused.length === directive.codes.length) {
      const names = unused.map((code) => code.code).join(', ');
      report(
        suppressionUnused,
        directive.comment,
        `This suppression silences nothing: there is no ${names} finding ${where}.`,
        [{ title: 'Remove the unused suppression', edits: [removeComment(text, directive.comment)] }],
      );
      continue;
    }
    for (const code of unused) {
      report(
        suppressionUnused,
        code,
        `"${code.code}" in this suppression silences nothing: there is no ${code.code} finding ${where}.`,
        [
          {
            title: `Remove ${code.code} from the suppression`,
            edits: [removeCode(directive, directive.codes.indexOf(code))],
          },
        ],
      );
    }
  }
  return kept.sort(byPlace);
}
