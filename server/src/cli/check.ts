// `anyscale-azure check`: reads each target, runs the service, and turns findings into 1-based CLI findings.
// A file that cannot be read or parsed gets one clear message; the run goes on with the others.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  analyzeDocument,
  applySuppressions,
  atParameterFileLevels,
  classifyJson,
  type DocumentAnalysis,
  type Finding,
  LineIndex,
  type ParameterFileInput,
  parseJson,
  type RuleLevel,
  renderedLaterText,
  type RenderedLater,
  type SyntaxProblem,
  templateFindingsIn,
  WorkspaceIndex,
} from '../service';
import { conventionalParameterFiles, conventionalTemplate } from '../node/parameterFilePaths';
import { foldersOfNoneOfOurs, type Target } from './files';
import {
  fileText,
  looksBinary,
  NOT_CHECKED,
  notTextReason,
  readBounded,
  readBoundedText,
  utf16Decoded,
  utf16Text,
  type BoundedReadError,
} from '../node/boundedRead';
import { mayHoldFacts } from '../node/workspaceScan';
import type { CliFinding, CliRun } from './report';
import { findingsInParameterFile } from '../lsp/parameterFiles';

function place(lines: LineIndex, file: string, start: number, end: number) {
  const from = lines.positionAt(start);
  const to = lines.positionAt(end);
  return { file, line: from.line + 1, column: from.character + 1, endLine: to.line + 1, endColumn: to.character + 1 };
}

const isYamlFile = (file: string) => /\.ya?ml$/i.test(file);

export function siblingsOf(file: string): string[] {
  try {
    return fs.readdirSync(path.dirname(file));
  } catch {
    return [];
  }
}

/** The items, each kept where its key is first met; `merge` hands each later one to that first one. */
function firstOfEach<T>(items: readonly T[], keyOf: (item: T) => string, merge?: (first: T, later: T) => void): T[] {
  const firsts = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const first = firsts.get(key);
    if (first === undefined) firsts.set(key, item);
    else merge?.(first, item);
  }
  return [...firsts.values()];
}

/** The path with its symbolic links resolved, or as given when it cannot be. */
function realPathOf(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return file;
  }
}

const WITHOUT_IT = 'the template is checked without it';

/**
 * Parses the parameter files a template is checked with. One that cannot be read or parsed, or is a template, is a
 * problem; one nested deeper than we read is not checked (a warning). One found beside the template (not `given` with
 * --parameters) that holds no text to read — a folder, a FIFO, an empty or binary file — is passed over in silence, as
 * the same file found in a folder is; one in UTF-16 is named, as it is text written to be read. A file reached along a
 * second path (a symbolic link to another) is read once.
 */
export function readParameterFiles(
  files: readonly string[],
  run: Pick<CliRun, 'problems' | 'notChecked'>,
  displayOf: (file: string) => string,
  given = false,
): ParameterFileInput[] {
  const inputs: ParameterFileInput[] = [];
  const read = new Set<string>();
  for (const file of files) {
    const real = realPathOf(file);
    if (read.has(real)) continue;
    read.add(real);
    // Read as a target as well (a broken link in a folder checked, a file named): reported there already.
    const reported = () => run.problems.some((problem) => problem.file === displayOf(file));
    let bytes: Buffer;
    try {
      bytes = readBounded(file);
    } catch (error) {
      const { message, notAFile } = error as BoundedReadError;
      if ((given || !notAFile) && !reported())
        run.problems.push({ file: displayOf(file), message: `parameter file cannot be read: ${message}` });
      continue;
    }
    // A file in UTF-16 is text meant to be read, beside the template or given: it is named, with how to fix it.
    const notText = given ? notTextReason(bytes, WITHOUT_IT) : utf16Text(bytes, WITHOUT_IT);
    if (notText !== undefined) {
      if (!reported()) run.problems.push({ file: displayOf(file), message: `parameter file: ${notText}` });
      continue;
    }
    const text = fileText(bytes);
    if (!given && (text.trim() === '' || looksBinary(bytes))) continue;
    const { root, errors, tooDeep } = parseJson(text);
    // Nested deeper than we read, its values would be read with those containers emptied: not read, and said so.
    if (root && errors.length === 0 && tooDeep) {
      const at = new LineIndex(text).positionAt(tooDeep.tooDeep[0]);
      run.notChecked.push({
        file: `${displayOf(file)}:${at.line + 1}:${at.character + 1}`,
        message: `parameter file nested deeper than this extension reads; ${WITHOUT_IT}`,
      });
      continue;
    }
    if (!root || errors.length > 0) {
      const at = new LineIndex(text).positionAt(errors[0]?.offset ?? 0);
      run.problems.push({
        file: `${displayOf(file)}:${at.line + 1}:${at.character + 1}`,
        message: `parameter file is not valid JSON; ${WITHOUT_IT}`,
      });
      continue;
    }
    if (classifyJson(root) === 'armTemplate') {
      run.problems.push({
        file: displayOf(file),
        message: `an ARM template, not a parameter file; ${WITHOUT_IT}`,
      });
      continue;
    }
    inputs.push({ uri: file, root, text });
  }
  return inputs;
}

/**
 * A template's findings in other documents (its parameter files), minus those a suppression comment in that
 * document names. The comments' own problems there are the editor's to report (docs/suppression.md).
 */
function suppressedInTheirFiles(findings: readonly Finding[], textOf: (file: string) => string): Finding[] {
  const elsewhere = new Map<string, Finding[]>();
  for (const finding of findings)
    if (finding.uri !== undefined) elsewhere.set(finding.uri, [...(elsewhere.get(finding.uri) ?? []), finding]);
  if (elsewhere.size === 0) return [...findings];
  const kept = findings.filter((finding) => finding.uri === undefined);
  for (const [uri, group] of elsewhere) {
    const local = applySuppressions(
      textOf(uri),
      group.map((finding) => ({ ...finding, uri: undefined })),
      { syntax: 'json', reportProblems: false },
    );
    kept.push(...local.map((finding) => ({ ...finding, uri })));
  }
  return kept;
}

/**
 * A file named on the command line that is none of the files checked and cannot be parsed (notes.txt, a truncated
 * JSON file): the problem check and index name it with, at its first syntax error. A Helm chart's template is not
 * one (it is YAML once rendered: no syntax error, `renderedLater`), nor is a file found in a folder, passed over in
 * silence.
 */
export function namedFileNotParsed(
  target: Target,
  text: string,
  analysis: Pick<DocumentAnalysis, 'kind' | 'syntaxErrors'>,
): { file: string; message: string } | undefined {
  const [first] = analysis.syntaxErrors;
  if (!target.explicit || analysis.kind !== 'other' || first === undefined || first.onlyThisParserRejects)
    return undefined;
  const where = place(new LineIndex(text), target.display, first.start, first.end);
  return { file: `${target.display}:${where.line}:${where.column}`, message: `cannot parse: ${first.message}` };
}

/**
 * What check and index say of a file that is YAML only once rendered, when it is named or, found in a folder, one of
 * ours once rendered (a chart's Gateway): not checked, and why.
 */
export function renderedLaterMessage(text: string, later: RenderedLater): string {
  const line = new LineIndex(text).positionAt(later.start).line + 1;
  return `${renderedLaterText(later)} (${later.syntax} on line ${line}), not checked: it is YAML only once rendered`;
}

/**
 * What check and index say of a file our parser does not read that its reader may (an alias written as a key, `*a: b`,
 * which Helm reads; a file nested deeper than we read): not checked, where and why; a warning, as the file is not at
 * fault.
 */
export function notReadByOurParser(
  target: Target,
  text: string,
  unread: SyntaxProblem,
): { file: string; message: string } {
  const at = place(new LineIndex(text), target.display, unread.start, unread.end);
  return { file: `${at.file}:${at.line}:${at.column}`, message: `${unread.message}; not checked` };
}

/** The text of each target that can be read; one that cannot is a problem when named on the command line or unreadable. */
export function readTargets(targets: readonly Target[], run: Pick<CliRun, 'problems'>): Map<Target, string> {
  const texts = new Map<Target, string>();
  for (const target of targets) {
    let bytes: Buffer;
    try {
      bytes = readBounded(target.absolute);
    } catch (error) {
      const { message, notAFile } = error as BoundedReadError;
      if (target.explicit || !notAFile) run.problems.push({ file: target.display, message });
      continue;
    }
    const notText = notTextReason(bytes, NOT_CHECKED);
    if (notText !== undefined) {
      // Found under a folder, a file in UTF-16 that is one of ours once decoded (a template PowerShell 5 saved) is
      // named too, as the Cloud Resources tree names it: a CI run must not pass a template over in silence.
      if (target.explicit || mayHoldFacts(target.absolute, utf16Decoded(bytes) ?? ''))
        run.problems.push({ file: target.display, message: notText });
      continue;
    }
    texts.set(target, fileText(bytes));
  }
  return texts;
}

export interface CheckOptions {
  /** `--rule` levels; they override the file's `configLevels`. */
  readonly ruleLevels: Record<string, RuleLevel>;
  /** The rule levels of a file's `.anyscale-azure.json`. */
  readonly configLevels?: (file: string) => Readonly<Record<string, RuleLevel>>;
  /** `--parameters`: parameter files for every template checked, instead of the ones beside each template. */
  readonly parameters?: readonly Pick<Target, 'display' | 'absolute'>[];
  readonly cwd: string;
  /**
   * Called with each checked file's text and its findings as reported, restated as the editor shows them in that file
   * (for `--fix`): its own, and those a template's run places in it when it is checked too. Called more than once for
   * a parameter file checked with its template.
   */
  readonly onFindings?: (target: Target, text: string, findings: readonly Finding[]) => void;
}

export function checkTargets(targets: Target[], options: CheckOptions): CliRun {
  const { cwd } = options;
  const levelsOf = (file: string) => ({ ...options.configLevels?.(file), ...options.ruleLevels });
  const run: CliRun = { findings: [], problems: [], notChecked: [], filesChecked: 0 };
  const checkedPaths = new Set(targets.map((t) => t.absolute));
  const checkedRealPaths = new Set(targets.map((t) => realPathOf(t.absolute)));
  /**
   * How the output names each file: as given on the command line or found under a folder given; a parameter file
   * beside its template (or a template beside its parameter file) in the same form as that file, prefix and all.
   */
  const displays = new Map<string, string>(
    [...(options.parameters ?? []), ...targets].map((file) => [file.absolute, file.display]),
  );
  const displayOf = (file: string) => displays.get(file) ?? path.relative(cwd, file);
  const nameBeside = (neighbour: Target, file: string) => {
    if (!displays.has(file))
      displays.set(
        file,
        neighbour.display.slice(0, neighbour.display.length - path.basename(neighbour.display).length) +
          path.basename(file),
      );
  };
  /** Text and line index of the documents findings point into, read once. */
  const documents = new Map<string, { display: string; lines: LineIndex; text: string }>();
  const documentOf = (file: string) => {
    let document = documents.get(file);
    if (!document) {
      let text = '';
      try {
        text = readBoundedText(file);
      } catch {
        // Read moments ago by the service; if it vanished since, positions fall back to the start.
      }
      document = { display: displayOf(file), lines: new LineIndex(text), text };
      documents.set(file, document);
    }
    return document;
  };
  // Two passes: every file first adds its facts to the workspace index; then each is reported in order, the YAML
  // files checked again against the whole index (a values file names the identity of a cloud resource in a template).
  const texts = readTargets(targets, run);
  const workspace = new WorkspaceIndex();
  const templates = new Map<Target, DocumentAnalysis>();
  /** A parameter file checked on its own: the template it belongs to is analysed with it alone. */
  const ownTemplate = new Map<Target, string>();
  /** The parameter files the templates are checked with that are not checked themselves, with their texts. */
  const usedParameterFiles = new Map<string, string>();
  /** `first`: the file's analysis on its own, when the caller has it already. */
  const readFacts = (target: Target, text: string, first?: DocumentAnalysis) => {
    const ruleLevels = levelsOf(target.absolute);
    first ??= analyzeDocument(text, { fileName: target.absolute }, { ruleLevels });
    let analysis = first;
    if (first.kind === 'armTemplate') {
      const files =
        options.parameters?.map((file) => file.absolute) ??
        conventionalParameterFiles(target.absolute, siblingsOf(target.absolute));
      for (const file of files) nameBeside(target, file);
      const parameterFiles = readParameterFiles(files, run, displayOf, options.parameters !== undefined);
      for (const { uri, text: parameters } of parameterFiles)
        if (!checkedRealPaths.has(realPathOf(uri)) && parameters !== undefined) usedParameterFiles.set(uri, parameters);
      if (files.length > 0)
        analysis = atParameterFileLevels(
          analyzeDocument(text, { fileName: target.absolute }, { ruleLevels, parameterFiles }),
          text,
          target.absolute,
          parameterFiles,
          { ruleLevels, parameterFileLevels: levelsOf },
        );
    } else if (first.kind === 'armParameters') {
      const template = conventionalTemplate(target.absolute, siblingsOf(target.absolute));
      // When its template is checked too, with it, the template's run reports this file's findings; not when
      // --parameters gave the template others.
      const checkedWithIt =
        template !== undefined &&
        checkedPaths.has(template) &&
        (options.parameters?.some((file) => file.absolute === target.absolute) ?? true);
      if (template && !checkedWithIt) {
        ownTemplate.set(target, template);
        nameBeside(target, template);
      }
    }
    workspace.set(target.absolute, analysis.facts);
    if (!isYamlFile(target.absolute)) templates.set(target, analysis);
  };
  for (const [target, text] of texts) readFacts(target, text);
  // A parameter file a template is checked with is checked too: its own problems (a parameter without a value, a
  // template's $schema) fail the deployment as surely as the template's do.
  for (const [file, text] of usedParameterFiles) {
    const target: Target = { absolute: file, display: displayOf(file), explicit: false };
    const first = analyzeDocument(text, { fileName: file }, { ruleLevels: levelsOf(file) });
    // A file the template reads by its name that is not one by its content is the template's finding to make.
    if (first.kind !== 'armParameters') continue;
    checkedPaths.add(file);
    texts.set(target, text);
    readFacts(target, text, first);
  }
  const report = (finding: Finding, display: string, lines: LineIndex): CliFinding => {
    const home = finding.uri ? documentOf(finding.uri) : { display, lines };
    return {
      ...place(home.lines, home.display, finding.start, finding.end),
      severity: finding.severity,
      code: finding.code,
      message: finding.message,
      related: (finding.related ?? []).map((r) => {
        const where = r.uri ? documentOf(r.uri) : { display, lines };
        return { ...place(where.lines, where.display, r.start, r.end), message: r.message };
      }),
    };
  };
  /** The files found in folders passed over as none of ours, without a word. */
  const passedOver: Target[] = [];
  for (const [target, text] of texts) {
    const ruleLevels = levelsOf(target.absolute);
    const yaml = isYamlFile(target.absolute);
    const analysis =
      templates.get(target) ??
      analyzeDocument(text, { fileName: target.absolute }, { ruleLevels, uri: target.absolute, workspace });
    const [unread] = analysis.syntaxErrors;
    if (analysis.kind === 'other') {
      const unparsable = namedFileNotParsed(target, text, analysis);
      const later = analysis.renderedLater;
      if (unparsable) run.problems.push(unparsable);
      // Found in a folder, a file our parser stops short of is named when it looks like one of ours, as index names it.
      else if (unread?.onlyThisParserRejects && (target.explicit || mayHoldFacts(target.absolute, text)))
        run.notChecked.push(notReadByOurParser(target, text, unread));
      else if (later && (target.explicit || later.kind !== 'other')) {
        run.notChecked.push({ file: target.display, message: renderedLaterMessage(text, later) });
      } else if (target.explicit) {
        run.notChecked.push({
          file: target.display,
          message:
            text.trim() === ''
              ? 'empty file, not checked'
              : 'not checked: not an ARM template, a parameter file, Anyscale operator values or a Gateway manifest',
        });
      } else {
        passedOver.push(target);
      }
      continue;
    }
    const lines = new LineIndex(text);
    if (unread?.onlyThisParserRejects) {
      run.notChecked.push(notReadByOurParser(target, text, unread));
      continue;
    }
    run.filesChecked++;
    if (analysis.syntaxErrors.length > 0) {
      // An ARM template that ARM itself would reject as malformed JSON, or operator values Helm cannot read. Once per
      // file, where there was something to check: that our checks did not run.
      const skipped = yaml || analysis.anyscaleResourceCount > 0 ? '; Anyscale checks skipped for this file' : '';
      analysis.syntaxErrors.forEach((syntax, i) => {
        const message = `${syntax.message}${i === 0 ? skipped : ''}.`;
        run.findings.push({
          ...place(lines, target.display, syntax.start, syntax.end),
          severity: 'error',
          code: yaml ? 'invalid-yaml' : 'invalid-json',
          message,
          related: [],
        });
      });
      continue;
    }
    const template = ownTemplate.get(target);
    if (!template) {
      // A parameter file's own findings come unsilenced from the service (the editor merges them with its template's).
      const own =
        analysis.kind === 'armParameters'
          ? applySuppressions(text, analysis.findings, {
              syntax: 'json',
              reportProblems: false,
              directives: analysis.directives,
            })
          : analysis.findings;
      const reported = suppressedInTheirFiles(own, (file) => documentOf(file).text);
      if (options.onFindings) {
        options.onFindings(
          target,
          text,
          reported.filter((finding) => finding.uri === undefined),
        );
        for (const [other, otherText] of texts) {
          if (other !== target && reported.some((finding) => finding.uri === other.absolute))
            options.onFindings(other, otherText, findingsInParameterFile(reported, other.absolute, target.absolute));
        }
      }
      for (const finding of reported) run.findings.push(report(finding, target.display, lines));
      continue;
    }
    let templateText: string | undefined;
    try {
      templateText = readBoundedText(template);
    } catch (error) {
      run.problems.push({
        file: target.display,
        message: `its template ${displayOf(template)} cannot be read: ${(error as BoundedReadError).message}`,
      });
    }
    // The parameter file's own findings and those its template's run places in it (at its levels), silenced by its
    // comments at once. The latter are reported from the template (their related places are there).
    const fromTemplate = new Map<Finding, Finding>();
    if (templateText !== undefined)
      for (const input of readParameterFiles([target.absolute], run, displayOf))
        for (const finding of templateFindingsIn(templateText, template, input, { ruleLevels }))
          fromTemplate.set({ ...finding, uri: undefined }, finding);
    const reported = applySuppressions(text, [...analysis.findings, ...fromTemplate.keys()], {
      syntax: 'json',
      reportProblems: false,
      directives: analysis.directives,
    });
    options.onFindings?.(
      target,
      text,
      findingsInParameterFile(
        reported.map((finding) => fromTemplate.get(finding) ?? finding),
        target.absolute,
        template,
      ).concat(reported.filter((finding) => !fromTemplate.has(finding))),
    );
    for (const finding of reported) {
      const placed = fromTemplate.get(finding);
      run.findings.push(
        placed
          ? report(placed, displayOf(template), documentOf(template).lines)
          : report(finding, target.display, lines),
      );
    }
  }
  // A folder named whose every file was passed over: said, as a file named would be.
  run.notChecked.push(...foldersOfNoneOfOurs(targets, passedOver));
  // A parameter file two templates are checked with gets the same finding from each run: it is reported once, with
  // the places of both; so is a problem met twice.
  run.findings = firstOfEach(
    run.findings,
    ({ related: _related, ...place }) => JSON.stringify(place),
    (first, later) => {
      const known = new Set(first.related.map((place) => JSON.stringify(place)));
      first.related.push(...later.related.filter((place) => !known.has(JSON.stringify(place))));
    },
  );
  run.problems = firstOfEach(run.problems, (problem) => JSON.stringify(problem));
  return run;
}
