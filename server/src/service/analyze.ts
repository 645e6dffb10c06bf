// The service's front door: text in, findings out. Parses once, classifies, builds the model, runs the rules
// that apply, and applies the configured rule levels. The LSP server and the CLI both call only this.
import { parseJson, syntaxProblems, type SyntaxProblem } from './json/parseJson';
import { spliceable, spliceJson, type SpliceableParse } from './json/spliceJson';
import { changeBetween } from './text/change';
import { MAX_JSON_DEPTH, type Flattened } from './json/depth';
import type { ParseError } from 'jsonc-parser';
import type { LineIndex } from './text/lineIndex';
import { classifyJson, type DocumentKind } from './documents/classifyJson';
import { isYamlLanguage } from './documents/languages';
import { buildTemplate, carryTemplate } from './arm/template';
import { EditedRegion } from './json/editedRegion';
import { carryExpressions, keepExpressionStrings } from './arm/expressions/carryOver';
import { carryEvaluators } from './arm/evaluators';
import { anyscaleView } from './arm/anyscaleView';
import { literalValue } from './arm/value';
import { byPlace, checkTemplate } from './arm/checkTemplate';
import { checkParameterFileShape } from './arm/checkParameterFile';
import type { Analysis, AnalysisOptions, DocumentAnalysis, EditOptions, Finding, WorkspaceOptions } from './types';
import { analyzeYaml } from './yaml/analyzeYaml';
import { templateFacts } from './index/facts';
import { applySuppressions } from './suppression/suppress';
import { directivesAfterSplice } from './suppression/directives';

export { parseJson, wholeTree, type SyntaxProblem } from './json/parseJson';

/**
 * The JSON parse of a version: spliced from the previous version's (json/spliceJson.ts: a keystroke in a 4 MB
 * template parses one resource, not the document) when that can be done exactly, else parsed whole.
 */
function parseVersion(
  text: string,
  previous: SpliceableParse | undefined,
): ReturnType<typeof parseJson> & Pick<SpliceableParse, 'replaced'> {
  return (previous && spliceJson(previous, text, changeBetween(previous.text, text))) ?? parseJson(text);
}

/**
 * `options.workspace`: a template is compared with what Azure holds when the index has a listing ("Connect to Azure").
 * `options.previous`: see EditOptions.
 */
export function analyzeText(
  documentText: string,
  options: AnalysisOptions & WorkspaceOptions & EditOptions = {},
): Analysis {
  const started = performance.now();
  const parsed = parseVersion(documentText, options.previous?.parse);
  const { root, errors, tooDeep, multiLineStrings } = parsed;
  // The next version splices this tree (none when it went too deep: its tree is of a blanked-out text).
  const parse = spliceable(documentText, parsed);
  // Too deep: everything reads the text as parsed, the too-deep values blanked out (and the editing features too, through template.text).
  const text = tooDeep?.text ?? documentText;
  const kind = classifyJson(root);
  const syntaxErrors = jsonSyntaxProblems(text, errors, tooDeep, kind);
  const directives = directivesAfterSplice(text, options.previous?.directives, parsed.replaced);
  const findings: Finding[] = [];
  if (kind !== 'armTemplate' || !root) {
    // A parameter file's own shape; what its values do in its template is the template's run to say. Its suppression
    // comments apply to both at once, where they are merged (the language server, the CLI).
    if (kind === 'armParameters' && root && syntaxErrors.length === 0)
      findings.push(...checkParameterFileShape(root, text, options.ruleLevels));
    return {
      kind,
      parse,
      findings,
      syntaxErrors,
      anyscaleResourceCount: 0,
      directives,
      durationMs: performance.now() - started,
    };
  }
  // An edit keeps what it left standing of the previous version's model (its tree is this one's, spliced); one
  // outside expressions, the expression table and the values its evaluators computed that the edit did not touch.
  const previous = options.previous?.template;
  const edit = parsed.replaced && new EditedRegion(parsed.replaced);
  // Before anything reads the spliced tree: the previous table's sites are the old container's expression strings.
  const stringsKept = previous !== undefined && edit !== undefined && keepExpressionStrings(previous, edit.replaced);
  const template =
    previous && edit
      ? carryTemplate(previous, edit, root, text, multiLineStrings)
      : buildTemplate(root, text, multiLineStrings);
  if (previous && edit && stringsKept && carryExpressions(previous, template))
    carryEvaluators(previous, template, edit);
  // With a syntax error the tree is a guess; the model still serves the stats, but no rule runs on it.
  const checked =
    syntaxErrors.length === 0
      ? checkTemplate(text, template, options.parameterFiles ?? [], options.ruleLevels, options.workspace?.deployed)
      : undefined;
  const anyscale = checked?.anyscale ?? anyscaleView(template, (node) => literalValue(node));
  // Suppression comments apply once the rules ran; on a broken tree nothing ran, so nothing is reported unused.
  if (checked)
    findings.push(
      ...applySuppressions(text, checked.findings, { syntax: 'json', ruleLevels: options.ruleLevels, directives }),
    );
  if (tooDeep && checked) {
    findings.push(...tooDeep.tooDeep.map(tooDeepFinding));
    findings.sort(byPlace);
  }
  return {
    kind,
    parse,
    findings,
    foundOnlyWith: checked?.foundOnlyWith,
    foundOnlyInCopies: checked?.foundOnlyInCopies,
    syntaxErrors,
    template,
    anyscale,
    anyscaleResourceCount: anyscale.clouds.length + anyscale.cloudResources.length,
    directives,
    durationMs: performance.now() - started,
  };
}

/**
 * The syntax problems of a JSON parse (parseJson's) of `text`, a document of that kind: one per problem. `lines`: the
 * text's line index, when there is one already.
 */
export function jsonSyntaxProblems(
  text: string,
  errors: readonly ParseError[],
  tooDeep: Flattened | undefined,
  kind: DocumentKind,
  lines?: LineIndex,
): SyntaxProblem[] {
  // A template keeps its findings and says where it went too deep (json-too-deep). A template whose too-deep brackets
  // never close is not read at all: its other errors follow from the cut. Anything else too deep is not read either,
  // and the file may well be valid: not checked, a limit of ours, not an error of the file's.
  if (tooDeep && errors.length > 0)
    return [{ start: 0, end: 1, message: 'JSON syntax error: the document is nested too deeply to parse' }];
  if (tooDeep && kind !== 'armTemplate') {
    const at = tooDeep.tooDeep[0];
    const levels = MAX_JSON_DEPTH.toLocaleString('en-US');
    const message = `nested more than ${levels} levels deep, deeper than this extension reads`;
    return [{ start: at, end: at + 1, message, onlyThisParserRejects: true }];
  }
  return syntaxProblems(text, errors, lines);
}

function tooDeepFinding(offset: number): Finding {
  const message = `Nested more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep: Anyscale checks do not read this value (the rest of the template is checked).`;
  return { code: 'json-too-deep', severity: 'warning', message, start: offset, end: offset + 1 };
}

/** How a document is named to analyzeDocument: an editor's language ID, or a file name (the CLI). */
export interface DocumentIdentity {
  readonly languageId?: string;
  readonly fileName?: string;
}

/**
 * The dispatch: YAML documents (by language, `yaml` or `helm`, else by extension) go to the YAML analyzer, the rest to analyzeText.
 * The facts are what the cross-file checks read; what the document shows in the index is documentOutline's.
 */
export function analyzeDocument(
  text: string,
  document: DocumentIdentity,
  options: AnalysisOptions & WorkspaceOptions & EditOptions = {},
): DocumentAnalysis {
  const yaml =
    document.languageId !== undefined ? isYamlLanguage(document.languageId) : /\.ya?ml$/i.test(document.fileName ?? '');
  if (yaml) return analyzeYaml(text, options);
  const analysis = analyzeText(text, options);
  return { ...analysis, facts: templateFacts(analysis) };
}
