// `anyscale-azure check`: reads each target, runs the service, and turns findings into 1-based CLI findings.
// A file that cannot be read or parsed gets one clear message; the run goes on with the others.
import * as fs from 'node:fs';
import { analyzeDocument } from '../service/analyze';
import { WorkspaceIndex } from '../service/index/workspaceIndex';
import type { DocumentAnalysis } from '../service/yaml/analyzeYaml';
import { LineIndex } from '../service/text/lineIndex';
import type { Target } from './files';
import type { CliFinding, CliRun } from './report';
import type { RuleLevel } from '../service/rules/rule';

const BINARY_SNIFF_BYTES = 8000;

function place(lines: LineIndex, file: string, start: number, end: number) {
  const from = lines.positionAt(start);
  const to = lines.positionAt(end);
  return { file, line: from.line + 1, column: from.character + 1, endLine: to.line + 1, endColumn: to.character + 1 };
}

const isYamlFile = (file: string) => /\.ya?ml$/i.test(file);

export function checkTargets(targets: Target[], ruleLevels: Record<string, RuleLevel>): CliRun {
  const run: CliRun = { findings: [], problems: [], filesChecked: 0 };
  // Two passes: every file first adds its facts to the workspace index; then each is reported in order, the YAML
  // files checked again against the whole index (a values file names the identity of a cloud resource in a template).
  const texts = new Map<Target, string>();
  const workspace = new WorkspaceIndex();
  for (const target of targets) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(target.absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      run.problems.push({ file: target.display, message: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : `cannot read: ${(error as Error).message}` });
      continue;
    }
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      if (target.explicit) run.problems.push({ file: target.display, message: 'binary file, not checked' });
      continue;
    }
    texts.set(target, bytes.toString('utf8').replace(/^\uFEFF/, ''));
  }
  const templates = new Map<Target, DocumentAnalysis>();
  for (const [target, text] of texts) {
    const analysis = analyzeDocument(text, { fileName: target.absolute }, { ruleLevels });
    workspace.set(target.absolute, analysis.facts);
    if (!isYamlFile(target.absolute)) templates.set(target, analysis);
  }
  for (const [target, text] of texts) {
    const yaml = isYamlFile(target.absolute);
    const analysis = templates.get(target) ?? analyzeDocument(text, { fileName: target.absolute }, { ruleLevels, uri: target.absolute, workspace });
    if (analysis.kind === 'other') {
      if (target.explicit && analysis.syntaxErrors.length > 0) {
        const lines = new LineIndex(text);
        const where = place(lines, target.display, analysis.syntaxErrors[0].start, analysis.syntaxErrors[0].end);
        run.problems.push({ file: `${target.display}:${where.line}:${where.column}`, message: `cannot parse: ${analysis.syntaxErrors[0].message}` });
      }
      continue;
    }
    run.filesChecked++;
    const lines = new LineIndex(text);
    if (analysis.syntaxErrors.length > 0) {
      // An ARM template that ARM itself would reject as malformed JSON, or operator values Helm cannot read.
      for (const syntax of analysis.syntaxErrors) {
        run.findings.push({ ...place(lines, target.display, syntax.start, syntax.end), severity: 'error', code: yaml ? 'invalid-yaml' : 'invalid-json', message: `${syntax.message}; Anyscale checks skipped for this file.`, related: [] });
      }
      continue;
    }
    for (const finding of analysis.findings) {
      const cliFinding: CliFinding = {
        ...place(lines, target.display, finding.start, finding.end),
        severity: finding.severity,
        code: finding.code,
        message: finding.message,
        related: (finding.related ?? []).filter((r) => r.uri === undefined).map((r) => ({ ...place(lines, target.display, r.start, r.end), message: r.message })),
      };
      run.findings.push(cliFinding);
    }
  }
  return run;
}
