// The one rule runner: the level a rule runs at (the user's level for its code, else its default), the severity of
// each report (a rule may grade its cases when the user set no level), and the finding a report becomes. Template,
// parameter-file, values, gateway and suppression rules all run through it; what differs is only what each rule
// is handed to check (`run`) and where its findings go (`sink`).
import type { Finding, Report, RuleInfo, RuleLevel, Severity, TextRange } from '../types';

export type RuleLevels = Readonly<Record<string, RuleLevel>>;

/**
 * Whether two sets of rule levels set the same level for the same codes, in whatever order they were written (none
 * set is the same as an empty set). A code set to its rule's default is not the same as a code left unset: a graded
 * rule's reports keep their own severity only when its level is not set.
 */
export function sameRuleLevels(a: RuleLevels | undefined, b: RuleLevels | undefined): boolean {
  const levels = Object.entries(a ?? {});
  return levels.length === Object.keys(b ?? {}).length && levels.every(([code, level]) => b?.[code] === level);
}

/** Takes one report of a rule, with the severity it resolved to. */
export type FindingSink = (code: string, severity: Severity, report: Report) => void;

/** The level a rule runs at: the one set for its code, else its default. */
export function levelOf(rule: RuleInfo, levels: RuleLevels | undefined): RuleLevel {
  return levels?.[rule.code] ?? rule.defaultSeverity;
}

/**
 * A rule's report function, or undefined when the rule is off or its level is not `wanted`. A report's own severity
 * (a graded case) counts only when the user set no level for the code; a report whose severity is not wanted is dropped.
 */
export function ruleReporter(
  rule: RuleInfo,
  levels: RuleLevels | undefined,
  sink: FindingSink,
  wanted: (severity: Severity) => boolean = always,
): ((report: Report) => void) | undefined {
  const configured = levels?.[rule.code];
  const level = configured ?? rule.defaultSeverity;
  if (level === 'off' || !wanted(level)) return undefined;
  const code = rule.code;
  if (configured !== undefined) return (report) => sink(code, level, report);
  return (report) => {
    const severity = report.severity ?? level;
    if (wanted(severity)) sink(code, severity, report);
  };
}

/** Runs each rule that is on: `run` hands the rule what it checks, with its report function. */
export function runRules<R extends RuleInfo>(
  rules: readonly R[],
  levels: RuleLevels | undefined,
  run: (rule: R, report: (report: Report) => void) => void,
  sink: FindingSink,
  wanted?: (severity: Severity) => boolean,
): void {
  for (const rule of rules) {
    const report = ruleReporter(rule, levels, sink, wanted);
    if (report) run(rule, report);
  }
}

/** A sink that turns each report into a finding at its range, in `uri` (undefined: the document analysed). */
export function collectFindings(findings: Finding[], uri?: string): FindingSink {
  return (code, severity, report) => {
    const finding: Finding = {
      code,
      severity,
      message: report.message,
      ...rangeOf(report.at),
      related: report.related,
      fixes: report.fixes,
    };
    findings.push(uri === undefined ? finding : { ...finding, uri });
  };
}

/**
 * The report function passing each report on once: the same message at the same place again (a value that two
 * Gateway listeners read through one anchor, written once) is the same finding.
 */
export function reportingOnce(report: (report: Report) => void): (report: Report) => void {
  const seen = new Set<string>();
  return (next) => {
    const { start, end } = rangeOf(next.at);
    const key = `${start}:${end}:${next.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    report(next);
  };
}

/** Where a report's `at` is in the text: a node's span, a range, or where a known value is written. */
export function rangeOf(at: Report['at']): TextRange {
  if ('known' in at) return rangeOf(at.origin);
  return 'offset' in at ? { start: at.offset, end: at.offset + at.length } : at;
}

const always = () => true;
