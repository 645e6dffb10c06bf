// Runs the template rules over one ARM template: once with no parameter file, or once per parameter file (the
// docs ship one per provider), each run evaluating expressions with that file's values. Findings of all runs are
// merged; one that only some parameter files cause says which, in its message and in foundOnlyWith. A finding on a
// value written elsewhere (a parameter default, a variable, a parameter file) sits where the value is written and
// points at where it is used — and, when that is another document, the template also gets the finding at the use
// site, pointing back.
import { baseName } from '../text/baseName';
import type { JsonNode } from '../json/nodes';
import type { ArmTemplate } from './template';
import type { AnyscaleView } from './anyscaleView';
import { runTemplateRules } from './runTemplateRules';
import type { FindingSink } from '../rules/runner';
import { evaluatorFor, viewFor } from './evaluators';
import type { KnownValue } from './value';
import type {
  Finding,
  Fix,
  ParameterFileInput,
  RelatedLocation,
  Report,
  RuleLevel,
  Severity,
  TextRange,
} from '../types';
import { checkParameterFile } from './checkParameterFile';
import { checkAllowedValues } from './allowedValues';
import type { DeployedIndex } from '../azure/deployed';

export interface TemplateCheck {
  readonly findings: Finding[];
  /** The Anyscale resources as the first run evaluated them. */
  readonly anyscale: AnyscaleView;
  /**
   * The findings only some parameter files' runs found (a value written in one of them, a check one file's values
   * fail), with the URIs of those files; a finding not in it does not depend on which file the template is read with.
   */
  readonly foundOnlyWith: ReadonlyMap<Finding, readonly string[]>;
}

function isKnownValue(at: Report['at']): at is KnownValue {
  return 'known' in at;
}

function rangeOfNode(node: JsonNode): TextRange {
  return { start: node.offset, end: node.offset + node.length };
}

function rootOf(node: JsonNode): JsonNode {
  let current = node;
  while (current.parent) current = current.parent;
  return current;
}

interface Run {
  readonly parameterFile?: ParameterFileInput;
}

/**
 * A finding of a template run. A class, not an object literal: V8 may allocate a literal's objects straight into the
 * old generation once it sees them outlive a young collection, and then everything they point at is kept until the
 * next full collection (docs/performance.md, "Objects an analysis keeps").
 */
class TemplateFinding implements Finding {
  constructor(
    readonly code: string,
    readonly severity: Severity,
    readonly message: string,
    readonly start: number,
    readonly end: number,
    readonly uri: string | undefined,
    readonly related: readonly RelatedLocation[] | undefined,
    readonly fixes: readonly Fix[] | undefined,
  ) {}
}

/**
 * The fixes whose edits are in the document the finding sits in (`uri`, undefined for the template): a value written in
 * a parameter file is fixed there, and a fix that edits the template is never offered on a finding in another document.
 */
function fixesIn(fixes: readonly Fix[] | undefined, uri: string | undefined): readonly Fix[] | undefined {
  if (!fixes || fixes.every((fix) => fix.uri === uri)) return fixes;
  const kept = fixes.filter((fix) => fix.uri === uri);
  return kept.length > 0 ? kept : undefined;
}

/** A template read without parameter files: no finding depends on one. */
const FOUND_WHATEVER_THE_FILE: ReadonlyMap<Finding, readonly string[]> = new Map();

/** Copied by slice for each finding's own list: see TemplateFinding (no array literal). */
const NO_RELATED: readonly RelatedLocation[] = [];

function findingsOfRun(
  text: string,
  template: ArmTemplate,
  run: Run,
  levels: Readonly<Record<string, RuleLevel>> | undefined,
  out: Finding[],
  deployed: DeployedIndex | undefined,
): AnyscaleView {
  const firstOfRun = out.length;
  const uriOf = (node: JsonNode): string | undefined =>
    run.parameterFile && rootOf(node) === run.parameterFile.root ? run.parameterFile.uri : undefined;
  // Findings are built field by field, all of one shape: a large template can have thousands.
  const sink: FindingSink = (code, severity, r) => {
    const at = r.at;
    if (!isKnownValue(at)) {
      const isNode = 'offset' in at;
      const uri = isNode ? uriOf(at) : undefined;
      out.push(
        new TemplateFinding(
          code,
          severity,
          r.message,
          isNode ? at.offset : at.start,
          isNode ? at.offset + at.length : at.end,
          uri,
          r.related,
          fixesIn(r.fixes, uri),
        ),
      );
      return;
    }
    const origin = at.origin;
    const usage = at.usage && at.usage !== origin ? at.usage : undefined;
    const originUri = at.originUri;
    const related: RelatedLocation[] = (r.related ?? NO_RELATED).slice();
    if (usage)
      related.push({ start: usage.offset, end: usage.offset + usage.length, message: 'The value is used here.' });
    out.push(
      new TemplateFinding(
        code,
        severity,
        r.message,
        origin.offset,
        origin.offset + origin.length,
        originUri,
        related,
        fixesIn(r.fixes, originUri),
      ),
    );
    if (usage && originUri) {
      // The template's reader sees the problem where the value enters, with a link to where it is written.
      const source = baseName(originUri);
      out.push({
        code,
        severity,
        message: `${r.message} (value from ${source})`,
        ...rangeOfNode(usage),
        related: [{ ...rangeOfNode(origin), uri: originUri, message: `The value is written in ${source}.` }],
      });
    }
  };
  const evaluator = evaluatorFor(template, run.parameterFile);
  const view = viewFor(template, run.parameterFile);
  const anyscale = runTemplateRules(text, template, evaluator, levels, () => true, sink, deployed, view);
  if (anyscale.hasCopies) dropRepeats(out, firstOfRun);
  return anyscale;
}

/**
 * The finding seen before that says the same thing at the same place (document, range, code, message) as this one;
 * else undefined, and this one is seen from now on. `seen` holds the findings by start offset: few share one.
 */
function sameSeen(seen: Map<number, Finding[]>, finding: Finding): Finding | undefined {
  const atStart = seen.get(finding.start);
  const same = atStart?.find(
    (other) =>
      other.end === finding.end &&
      other.code === finding.code &&
      (other.uri ?? '') === (finding.uri ?? '') &&
      other.message === finding.message,
  );
  if (!same) {
    if (atStart) atStart.push(finding);
    else seen.set(finding.start, [finding]);
  }
  return same;
}

/** Keeps one of identical findings: the copies of a loop report what is not about one copy once each. */
function dropRepeats(findings: Finding[], from: number): void {
  const seen = new Map<number, Finding[]>();
  let kept = from;
  for (let i = from; i < findings.length; i++) {
    const finding = findings[i];
    if (!sameSeen(seen, finding)) findings[kept++] = finding;
  }
  findings.length = kept;
}

/** `deployed`: what Azure holds ("Connect to Azure"), for the rules that compare the template with it. */
export function checkTemplate(
  text: string,
  template: ArmTemplate,
  parameterFiles: readonly ParameterFileInput[],
  levels: Readonly<Record<string, RuleLevel>> | undefined,
  deployed?: DeployedIndex,
): TemplateCheck {
  // Checked once, not per run: allowedValues against the rules, each parameter file against the declarations.
  const declarationFindings = [
    ...checkAllowedValues(text, template, levels),
    ...parameterFiles.flatMap((file) => checkParameterFile(template, file, levels)),
  ];
  if (parameterFiles.length === 0) {
    const findings: Finding[] = [...declarationFindings];
    const anyscale = findingsOfRun(text, template, {}, levels, findings, deployed);
    return { findings: findings.sort(byPlace), anyscale, foundOnlyWith: FOUND_WHATEVER_THE_FILE };
  }
  let first: AnyscaleView | undefined;
  // Each finding once, in the order first found, with the parameter files whose runs found it.
  const seen = new Map<number, Finding[]>();
  const foundWith = new Map<Finding, ParameterFileInput[]>();
  for (const parameterFile of parameterFiles) {
    const findings: Finding[] = [];
    const anyscale = findingsOfRun(text, template, { parameterFile }, levels, findings, deployed);
    first ??= anyscale;
    for (const finding of findings) {
      const same = sameSeen(seen, finding);
      const files = same ? foundWith.get(same)! : [];
      if (!same) foundWith.set(finding, files);
      if (!files.includes(parameterFile)) files.push(parameterFile);
    }
  }
  const findings: Finding[] = [...declarationFindings];
  const foundOnlyWith = new Map<Finding, readonly string[]>();
  for (const [finding, files] of foundWith) {
    if (files.length === parameterFiles.length) {
      findings.push(finding);
      continue;
    }
    // A finding that already names the parameter file its value comes from needs no "(with …)".
    const namesItsFile = finding.related?.some((related) => related.uri !== undefined) ?? false;
    const labels = [...new Set(files.map((file) => baseName(file.uri)))];
    const shown =
      finding.uri === undefined && !namesItsFile
        ? { ...finding, message: `${finding.message} (with ${labels.join(', ')})` }
        : finding;
    findings.push(shown);
    foundOnlyWith.set(
      shown,
      files.map((file) => file.uri),
    );
  }
  return { findings: findings.sort(byPlace), anyscale: first!, foundOnlyWith };
}

/** Document, then position, then code: a stable order for editors and the CLI. */
export function byPlace(a: Finding, b: Finding): number {
  return (
    (a.uri ?? '').localeCompare(b.uri ?? '') || a.start - b.start || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}
