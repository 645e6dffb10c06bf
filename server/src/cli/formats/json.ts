// `--format json`: one JSON array of findings with 1-based positions, for scripts and CI annotations.
import type { CliRun } from '../report';

export function formatJson(run: CliRun): string {
  const rows = run.findings.map(({ file, line, column, endLine, endColumn, severity, code, message }) => ({
    file,
    line,
    column,
    endLine,
    endColumn,
    severity,
    code,
    message,
  }));
  return JSON.stringify(rows, null, 2) + '\n';
}
