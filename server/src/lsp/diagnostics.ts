// Turns the service's findings (offsets) into LSP diagnostics (positions), with the rule's docs link.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { type Analysis, LineIndex, renderedLaterText, ruleByCode, type Severity } from '../service';
import type { UnreadPairedFile } from './parameterFiles';

export const SOURCE = 'anyscale-azure';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** `linesOf` gives the line index of another document that related information points into. */
export function toDiagnostics(
  analysis: Analysis,
  lines: LineIndex,
  uri: string,
  docsBaseUri: string,
  linesOf: (uri: string) => LineIndex | undefined = () => undefined,
): Diagnostic[] {
  const range = (start: number, end: number) => ({ start: lines.positionAt(start), end: lines.positionAt(end) });
  const later = analysis.renderedLater;
  // A template of ours, its YAML broken by its actions until rendered: one word instead of the parser's cascade.
  // Of a template that is none of ours once rendered (a chart's Deployment), nothing.
  if (later)
    return later.kind === 'other'
      ? []
      : [
          {
            range: range(later.start, later.end),
            severity: DiagnosticSeverity.Information,
            source: SOURCE,
            message: `Anyscale checks skipped: ${renderedLaterText(later)} (${later.syntax}), YAML only once rendered: check the file it renders.`,
          },
        ];
  if (analysis.syntaxErrors.length > 0 && analysis.kind !== 'other') {
    // The editor's JSON or YAML support already marks syntax errors; we only say why our checks are quiet. What only
    // Helm's reader rejects, nothing else marks: that is an error of ours.
    const first = analysis.syntaxErrors[0];
    if (first.onlyHelmRejects)
      return analysis.syntaxErrors.map((problem) => ({
        range: range(problem.start, problem.end),
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        code: 'invalid-yaml',
        codeDescription: { href: `${docsBaseUri}/invalid-yaml.md` },
        message: `${problem.message}; Anyscale checks are paused until this is fixed.`,
      }));
    // What only our parser does not read (nested too deep, an alias written as a key) is no fault of the file's.
    const paused = first.onlyThisParserRejects
      ? 'Anyscale checks skipped for this file'
      : 'Anyscale checks are paused until this is fixed';
    return [
      {
        range: range(first.start, first.end),
        severity: DiagnosticSeverity.Information,
        source: SOURCE,
        message: `${paused}: ${first.message}.`,
      },
    ];
  }
  const relatedRange = (related: { uri?: string; start: number; end: number }) => {
    const other = related.uri === undefined ? lines : linesOf(related.uri);
    return other && { start: other.positionAt(related.start), end: other.positionAt(related.end) };
  };
  return analysis.findings
    .filter((finding) => finding.uri === undefined)
    .map((finding) => ({
      range: range(finding.start, finding.end),
      severity: SEVERITY[finding.severity],
      source: SOURCE,
      code: finding.code,
      // Only a rule has a docs page (json-too-deep, say, is not one).
      codeDescription: ruleByCode(finding.code) ? { href: `${docsBaseUri}/${finding.code}.md` } : undefined,
      message: finding.message,
      relatedInformation: finding.related?.flatMap((related) => {
        const where = relatedRange(related);
        return where ? [{ message: related.message, location: { uri: related.uri ?? uri, range: where } }] : [];
      }),
    }));
}

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

/** A warning at the start of a document, pointing at the file it is checked without (`related`: what that file is). */
function unreadFileDiagnostic(message: string, uri: string, related: string): Diagnostic {
  return {
    range: START,
    severity: DiagnosticSeverity.Warning,
    source: SOURCE,
    message,
    relatedInformation: [{ message: related, location: { uri, range: START } }],
  };
}

/**
 * A warning at the start of a template for each parameter file it is checked without because the file cannot be read
 * (over the 16 MB `anyscale-azure check` reads to, or unreadable), in check's words, pointing at the file.
 */
export function unreadParameterFileDiagnostics(unread: readonly UnreadPairedFile[]): Diagnostic[] {
  return unread.map(({ uri, name, reason }) =>
    unreadFileDiagnostic(
      `Parameter file ${name} cannot be read: ${reason}; the template is checked without it.`,
      uri,
      'The parameter file.',
    ),
  );
}

/**
 * A warning at the start of a parameter file whose template cannot be read (over check's 16 MB, or unreadable), so
 * that what its values cause there is not checked, in check's words (*its template … cannot be read: …*).
 */
export function unreadTemplateDiagnostics(unread: UnreadPairedFile | undefined): Diagnostic[] {
  if (unread === undefined) return [];
  const { uri, name, reason } = unread;
  return [
    unreadFileDiagnostic(
      `Its template ${name} cannot be read: ${reason}; what the values cause in it is not checked.`,
      uri,
      'The template.',
    ),
  ];
}
