// `--format json`: one JSON array of findings with 1-based positions, for scripts and CI annotations; each with its
// related places (where a value is written, what else it concerns), as the text format lists them below the finding.
import type { CliRun } from '../report';

export function formatJson(run: CliRun): string {
  const rows = run.findings.map(({ file, line, column, endLine, endColumn, severity, code, message, related }) => ({
    file,
    line,
    column,
    endLine,
    endColumn,
    severity,
    code,
    message,
    related: related.map((place) => ({
      file: place.file,
      line: place.line,
      column: place.column,
      endLine: place.endLine,
      endColumn: place.endColumn,
      message: place.message,
    })),
  }));
  return JSON.stringify(rows, null, 2) + '\n';
}
