// The part of every hover that names the diagnostics under the cursor: each rule's code, title and docs link (a finding
// that is no rule's, json-too-deep, its message). One function for ARM templates, YAML values and Gateway manifests
// and parameter files, so that a diagnostic's hover reads the same in each.
import type { Finding } from '../types';
import { ruleByCode } from '../rules/registry';
import type { HoverInfo } from './editing';
import { escapeMarkdown } from '../../../../shared/markdownText';

/** What the diagnostic lines are made of: the document's findings and where a rule's docs page is. */
export interface HoverDiagnostics {
  readonly findings: readonly Finding[];
  /** The docs page of a rule code. */
  readonly docsUrl: (code: string) => string;
}

/** What separates a hover's sections. */
export const HOVER_SECTION_BREAK = '\n\n---\n\n';

/**
 * `hover` (what the position is, when anything says so) followed by one line per rule with a finding of this document
 * at `offset`; over the hover's range, else the first such finding's. Undefined when there is neither.
 */
export function withDiagnostics(
  hover: HoverInfo | undefined,
  offset: number,
  diagnostics: HoverDiagnostics,
): HoverInfo | undefined {
  const sections = hover ? [hover.markdown] : [];
  let range = hover?.range;
  const codes = new Set<string>();
  for (const finding of diagnostics.findings) {
    if (finding.uri !== undefined || finding.start > offset || offset > finding.end || codes.has(finding.code))
      continue;
    codes.add(finding.code);
    const rule = ruleByCode(finding.code);
    // A finding that is not a rule's (json-too-deep) has no docs page: its message says it all. Title and message are
    // text, not Markdown (`api://<application ID>/.default` would lose its `<…>` as HTML).
    sections.push(
      rule
        ? `\`${finding.code}\`: ${escapeMarkdown(rule.title)} — [documentation](${diagnostics.docsUrl(finding.code)})`
        : `\`${finding.code}\`: ${escapeMarkdown(finding.message)}`,
    );
    range ??= { start: finding.start, end: finding.end };
  }
  return range && { markdown: sections.join(HOVER_SECTION_BREAK), range };
}
