// Runs the template rules over one ARM template: once with no parameter file, or once per parameter file (the
// docs ship one per provider), each run evaluating expressions with that file's values. Findings of all runs are
// merged; one that only some parameter files cause says which, in its message and in foundOnlyWith; one that only
// some copies of a copy loop lead to is recorded with their indexes in foundOnlyInCopies. A finding on a value written
// elsewhere (a parameter default, a variable, a parameter file) sits where the value is written and
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
import { parameterValuesOf } from './parameterFile';
import { guardSharedLiterals } from '../rules/support/sharedLiteralFixes';
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
  /**
   * The findings only some copies of one copy loop led to, with those copies' indexes by the parameter file whose run
   * found them ('' without parameter files); a run not in a finding's map found it whatever the copy, and a finding not
   * in it is not about one copy (or every copy led to it).
   */
  readonly foundOnlyInCopies: ReadonlyMap<Finding, ReadonlyMap<string, readonly number[]>>;
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

/** The copies of one loop's declaration whose reports led to a finding, in one run (the same copy may repeat). */
class FoundInCopies {
  constructor(
    readonly declaration: JsonNode,
    readonly indexes: number[],
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

/** The run of a template read without parameter files, in foundOnlyInCopies. */
export const NO_PARAMETER_FILE = '';

/** Copied by slice for each finding's own list: see TemplateFinding (no array literal). */
const NO_RELATED: readonly RelatedLocation[] = [];

/**
 * Runs the rules with one run's values, its findings added to `out`; those a copy of a loop led to are recorded in
 * `inCopies` with that copy (after dropRepeats, with every copy that led to them, or not at all when every copy did).
 */
function findingsOfRun(
  text: string,
  template: ArmTemplate,
  run: Run,
  levels: Readonly<Record<string, RuleLevel>> | undefined,
  out: Finding[],
  inCopies: Map<Finding, FoundInCopies>,
  deployed: DeployedIndex | undefined,
): AnyscaleView {
  const firstOfRun = out.length;
  const uriOf = (node: JsonNode): string | undefined =>
    run.parameterFile && rootOf(node) === run.parameterFile.root ? run.parameterFile.uri : undefined;
  // Findings are built field by field, all of one shape: a large template can have thousands.
  const sink: FindingSink = (code, severity, r) => {
    const at = r.at;
    const copy = r.cloudResource?.copyIndex === undefined ? undefined : r.cloudResource;
    const add = (finding: Finding) => {
      out.push(finding);
      if (copy) inCopies.set(finding, new FoundInCopies(copy.declared.node, [copy.copyIndex!]));
    };
    if (!isKnownValue(at)) {
      const isNode = 'offset' in at;
      const uri = isNode ? uriOf(at) : undefined;
      add(
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
    add(
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
      add({
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
  const guard = guardSharedLiterals(
    template,
    () => parameterValuesOf(run.parameterFile?.root, run.parameterFile?.uri ?? ''),
    sink,
  );
  const anyscale = runTemplateRules(text, template, evaluator, levels, () => true, guard.sink, deployed, view);
  guard.flush();
  if (anyscale.hasCopies) {
    dropRepeats(out, firstOfRun, inCopies);
    forgetEveryCopy(inCopies, anyscale);
  }
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

/**
 * Keeps one of identical findings: the copies of a loop report what is not about one copy once each. The one kept was
 * led to by the copies of all (`inCopies`): by whatever copy when one of them was not about a copy, or two loops' copies.
 */
function dropRepeats(findings: Finding[], from: number, inCopies: Map<Finding, FoundInCopies>): void {
  const seen = new Map<number, Finding[]>();
  let kept = from;
  for (let i = from; i < findings.length; i++) {
    const finding = findings[i];
    const same = sameSeen(seen, finding);
    if (!same) {
      findings[kept++] = finding;
      continue;
    }
    const keptIn = inCopies.get(same);
    const repeatIn = inCopies.get(finding);
    if (keptIn && repeatIn && keptIn.declaration === repeatIn.declaration) keptIn.indexes.push(...repeatIn.indexes);
    else inCopies.delete(same);
    inCopies.delete(finding);
  }
  findings.length = kept;
}

/** Forgets the findings every copy of their loop led to: those are the declaration's whatever the copy. */
function forgetEveryCopy(inCopies: Map<Finding, FoundInCopies>, view: AnyscaleView): void {
  if (inCopies.size === 0) return;
  const copies = new Map<JsonNode, number>();
  for (const { declared } of view.cloudResources) copies.set(declared.node, (copies.get(declared.node) ?? 0) + 1);
  for (const [finding, found] of inCopies)
    if (new Set(found.indexes).size === copies.get(found.declaration)) inCopies.delete(finding);
}

/** One run's copies of each finding, as foundOnlyInCopies gives them (each index once, in order). */
function copyIndexes(found: FoundInCopies): readonly number[] {
  return [...new Set(found.indexes)].sort((a, b) => a - b);
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
    const inCopies = new Map<Finding, FoundInCopies>();
    const anyscale = findingsOfRun(text, template, {}, levels, findings, inCopies, deployed);
    const foundOnlyInCopies = new Map<Finding, ReadonlyMap<string, readonly number[]>>();
    for (const [finding, found] of inCopies)
      foundOnlyInCopies.set(finding, new Map([[NO_PARAMETER_FILE, copyIndexes(found)]]));
    return { findings: findings.sort(byPlace), anyscale, foundOnlyWith: FOUND_WHATEVER_THE_FILE, foundOnlyInCopies };
  }
  let first: AnyscaleView | undefined;
  // Each finding once, in the order first found, with the parameter files whose runs found it, and the copies that
  // led to it in each run that only some copies led to it in (dropped when two runs name two loops' copies).
  const seen = new Map<number, Finding[]>();
  const foundWith = new Map<Finding, ParameterFileInput[]>();
  const copiesWith = new Map<Finding, { declaration: JsonNode; byRun: Map<string, readonly number[]> } | null>();
  for (const parameterFile of parameterFiles) {
    const findings: Finding[] = [];
    const inCopies = new Map<Finding, FoundInCopies>();
    const anyscale = findingsOfRun(text, template, { parameterFile }, levels, findings, inCopies, deployed);
    first ??= anyscale;
    for (const finding of findings) {
      const same = sameSeen(seen, finding);
      const files = same ? foundWith.get(same)! : [];
      if (!same) foundWith.set(finding, files);
      if (!files.includes(parameterFile)) files.push(parameterFile);
      const found = inCopies.get(finding);
      const earlier = copiesWith.get(same ?? finding);
      if (!found || earlier === null) continue;
      if (earlier && earlier.declaration !== found.declaration) copiesWith.set(same ?? finding, null);
      else if (earlier) earlier.byRun.set(parameterFile.uri, copyIndexes(found));
      else
        copiesWith.set(same ?? finding, {
          declaration: found.declaration,
          byRun: new Map([[parameterFile.uri, copyIndexes(found)]]),
        });
    }
  }
  const findings: Finding[] = [...declarationFindings];
  const foundOnlyWith = new Map<Finding, readonly string[]>();
  const foundOnlyInCopies = new Map<Finding, ReadonlyMap<string, readonly number[]>>();
  for (const [finding, files] of foundWith) {
    const copies = copiesWith.get(finding);
    if (files.length === parameterFiles.length) {
      findings.push(finding);
      if (copies) foundOnlyInCopies.set(finding, copies.byRun);
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
    if (copies) foundOnlyInCopies.set(shown, copies.byRun);
  }
  return { findings: findings.sort(byPlace), anyscale: first!, foundOnlyWith, foundOnlyInCopies };
}

/** Document, then position, then code: a stable order for editors and the CLI. */
export function byPlace(a: Finding, b: Finding): number {
  return (
    (a.uri ?? '').localeCompare(b.uri ?? '') || a.start - b.start || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}
