// `anyscale-azure check --fix` and `--fix-dry-run`: the editor's fix-all (fixAllEdits: preferred fixes of the
// file's own findings, never overlapping) applied to each checked file, with a line per change or a unified diff.
// Fixes whose edits are in another document (a template finding's value fix in its parameter file) are not applied:
// fixAllEdits keeps only a file's own findings and fixes, so the files are changed exactly as the editor would. A fix
// left because the literal it rewrites is read by other expressions too gets a line saying so (not in a dry run).
import { type Finding, fixAllEdits, LineIndex, type TextEdit, withDocumentLineBreaks } from '../service';
import { ioReason, readBounded } from '../node/boundedRead';
import type { Target } from './files';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A checked file, the text its findings were computed on, and those findings (its own, after suppressions). */
export interface FixableFile {
  readonly target: Target;
  readonly text: string;
  readonly findings: readonly Finding[];
}

export interface FixOutcome {
  /** What was changed (or, in a dry run, the diff), for the user. */
  readonly report: string;
  readonly problems: Array<{ file: string; message: string }>;
  readonly filesFixed: number;
}

const CONTEXT_LINES = 3;

/** The edits of the file's fix-all with the rule each comes from, in document order. */
function fixesOf(findings: readonly Finding[]): Array<{ edit: TextEdit; code: string }> {
  const codeOf = new Map<TextEdit, string>();
  for (const finding of findings)
    for (const fix of finding.fixes ?? [])
      for (const edit of fix.edits) if (!codeOf.has(edit)) codeOf.set(edit, finding.code);
  return fixAllEdits(findings).map((edit) => ({ edit, code: codeOf.get(edit) ?? '' }));
}

/**
 * The fixes fix-all leaves because the literal they rewrite is read by other expressions too (fix.sharedLiteral), one
 * per finding (the one fix-all would have applied), with where its finding is: the user applies it, if at all, in the
 * editor. Alternatives fix-all never applies get no line.
 */
function heldBack(findings: readonly Finding[]): Array<{ start: number; code: string; title: string }> {
  const held = new Map<string, { start: number; code: string; title: string }>();
  for (const finding of findings) {
    if (finding.uri !== undefined) continue;
    const fix = finding.fixes?.find((candidate) => candidate.sharedLiteral && candidate.uri === undefined);
    if (fix)
      held.set(`${finding.start}\u0000${finding.code}`, { start: finding.start, code: finding.code, title: fix.title });
  }
  return [...held.values()];
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = '';
  let at = 0;
  for (const edit of edits) {
    result += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return result + text.slice(at);
}

/** Text on one line of the change list: line breaks shown as \n. */
const oneLine = (text: string) => text.replace(/\r?\n/g, '\\n');

/** The lines of a text, each keeping a \r before its \n: a diff of a file written with \r\n applies to it only so. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `-`/` `/`+` lines turning `before` into `after` (a longest common subsequence of lines; hunks are small). */
function lineDiff(before: string[], after: string[]): string[] {
  const n = before.length;
  const m = after.length;
  if (n * m > 1_000_000) return [...before.map((line) => `-${line}`), ...after.map((line) => `+${line}`)];
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      common[i][j] = before[i] === after[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push(` ${before[i++]}`);
      j++;
    } else if (i < n && (j === m || common[i + 1][j] >= common[i][j + 1])) out.push(`-${before[i++]}`);
    else out.push(`+${after[j++]}`);
  }
  return out;
}

/** The unified diff (as `git diff` prints it) of applying `edits` to `text`, `display` naming the file. */
export function unifiedDiff(display: string, text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const lineCount = linesOf(text).length;
  const lineStart = (line: number) => (line >= lines.lineCount ? text.length : lines.offsetAt({ line, character: 0 }));
  // Edits whose context lines touch share a hunk.
  const hunks: Array<{ first: number; last: number; edits: TextEdit[] }> = [];
  for (const edit of edits) {
    const first = Math.max(0, lines.positionAt(edit.start).line - CONTEXT_LINES);
    const last = Math.min(lineCount - 1, lines.positionAt(edit.end).line + CONTEXT_LINES);
    const previous = hunks.at(-1);
    if (previous && first <= previous.last + 1) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else hunks.push({ first, last, edits: [edit] });
  }
  let out = `--- a/${display}\n+++ b/${display}\n`;
  let shift = 0;
  for (const hunk of hunks) {
    const from = lineStart(hunk.first);
    const region = text.slice(from, lineStart(hunk.last + 1));
    const before = linesOf(region);
    const after = linesOf(
      applyEdits(
        region,
        hunk.edits.map((edit) => ({ ...edit, start: edit.start - from, end: edit.end - from })),
      ),
    );
    out += `@@ -${hunk.first + 1},${before.length} +${hunk.first + 1 + shift},${after.length} @@\n${lineDiff(before, after).join('\n')}\n`;
    shift += after.length - before.length;
  }
  return out;
}

/**
 * The file's path in a diff's `--- a/` and `+++ b/` lines: as `git apply` in the current folder reads it, relative to
 * that folder with `/`, also when named by its absolute path (`a//tmp/x.json` is an invalid path to git). One outside
 * the folder is `../`…: `patch -p1` applies it there, `git apply` with `--unsafe-paths`.
 */
function diffPath(target: Target): string {
  return path.relative(process.cwd(), target.absolute).split(path.sep).join('/');
}

/**
 * Applies (or, with `dryRun`, only shows) each file's fix-all. A file whose bytes changed on disk since it was read is
 * left alone and is a problem; so is one that cannot be written.
 */
export function fixFiles(files: readonly FixableFile[], dryRun: boolean): FixOutcome {
  const report: string[] = [];
  const problems: FixOutcome['problems'] = [];
  let filesFixed = 0;
  let heldInDryRun = 0;
  for (const { target, text, findings } of files) {
    const fixes = fixesOf(findings);
    // Written after the file's changes, in --fix only: a dry run's output is a diff for `git apply`.
    if (dryRun) heldInDryRun += heldBack(findings).length;
    const held = dryRun ? [] : heldBack(findings);
    const heldLines = held.length > 0 ? new LineIndex(text) : undefined;
    const notApplied = held.map(({ start, code, title }) => {
      const { line, character } = heldLines!.positionAt(start);
      return `${target.display}:${line + 1}:${character + 1} ${code} not applied: ${title}\n`;
    });
    if (fixes.length === 0) {
      report.push(...notApplied);
      continue;
    }
    const edits = withDocumentLineBreaks(
      fixes.map(({ edit }) => edit),
      text,
    );
    let onDisk: Buffer;
    try {
      onDisk = readBounded(target.absolute);
    } catch {
      problems.push({ file: target.display, message: 'changed on disk while being checked; not fixed' });
      continue;
    }
    const bom = onDisk.toString('utf8').startsWith('\uFEFF') ? '\uFEFF' : '';
    if (onDisk.toString('utf8') !== bom + text) {
      problems.push({ file: target.display, message: 'changed on disk while being checked; not fixed' });
      continue;
    }
    if (dryRun) {
      // The diff is of the bytes on disk, byte-order mark and all: `git apply` matches the first line with it.
      const shifted = edits.map((edit) => ({ ...edit, start: edit.start + bom.length, end: edit.end + bom.length }));
      report.push(unifiedDiff(diffPath(target), bom + text, shifted));
      filesFixed++;
      continue;
    }
    try {
      fs.writeFileSync(target.absolute, bom + applyEdits(text, edits));
    } catch (error) {
      problems.push({ file: target.display, message: `cannot be written, not fixed: ${ioReason(error)}` });
      continue;
    }
    filesFixed++;
    const lines = new LineIndex(text);
    for (const { edit, code } of fixes) {
      const { line, character } = lines.positionAt(edit.start);
      report.push(
        `${target.display}:${line + 1}:${character + 1} ${code} ${oneLine(text.slice(edit.start, edit.end))} → ${oneLine(edit.newText)}\n`,
      );
    }
    report.push(...notApplied);
  }
  const count = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  if (!dryRun && filesFixed > 0) report.push(`Fixed ${count(filesFixed)}.\n`);
  if (dryRun && filesFixed === 0)
    report.push(
      heldInDryRun === 0
        ? 'Nothing to fix.\n'
        : `Nothing fix-all applies; ${heldInDryRun} fix${heldInDryRun === 1 ? '' : 'es'} held back, as ${heldInDryRun === 1 ? 'it rewrites a literal' : 'they rewrite literals'} other expressions read too (--fix lists ${heldInDryRun === 1 ? 'it' : 'them'}).\n`,
    );
  return { report: report.join(''), problems, filesFixed };
}
