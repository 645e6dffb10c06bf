// The CLI's default output: `file:line:col severity code message`, one finding a line, colored on a terminal.
import type { CliRun } from '../report';

const COLORS = { error: '\x1b[31m', warning: '\x1b[33m', info: '\x1b[36m', dim: '\x1b[2m', reset: '\x1b[0m' };

export function formatText(run: CliRun, color: boolean): string {
  const paint = (text: string, code: string) => (color ? `${code}${text}${COLORS.reset}` : text);
  const lines: string[] = [];
  for (const f of run.findings) {
    lines.push(
      `${f.file}:${f.line}:${f.column} ${paint(f.severity, COLORS[f.severity])} ${paint(f.code, COLORS.dim)} ${f.message}`,
    );
    for (const r of f.related) lines.push(`  ${r.file}:${r.line}:${r.column} ${r.message}`);
  }
  const count = (s: string) => run.findings.filter((f) => f.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    `${plural(run.findings.length, 'problem')} (${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('info')} info) in ${plural(run.filesChecked, 'file')} checked.`,
  );
  return lines.join('\n') + '\n';
}
