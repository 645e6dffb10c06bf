// The service's front door: text in, findings out. Parses once, classifies, builds the model, runs the rules
// that apply, and applies the configured rule levels. The LSP server and the CLI both call only this.
import { describeSyntaxErrors, parseJson, type SyntaxProblem } from './json/parse';
import { classifyJson, type DocumentKind } from './documents/classify';
import { buildTemplate, type ArmTemplate } from './arm/template';
import { anyscaleView, type AnyscaleView } from './arm/anyscale';
import { literalValue } from './arm/value';
import { checkTemplate, type ParameterFileInput } from './arm/checkTemplate';
import { checkParameterFileShape } from './arm/checkParameterFile';
import type { Finding, RuleLevel } from './rules/rule';
import { analyzeYaml, type DocumentAnalysis, type WorkspaceOptions } from './yaml/analyzeYaml';
import { templateFacts } from './index/facts';
import { applySuppressions } from './suppression/suppress';

export { parseJson, type SyntaxProblem } from './json/parse';

export interface AnalysisOptions {
  /** Severity per rule code; overrides each rule's default. */
  readonly ruleLevels?: Readonly<Record<string, RuleLevel>>;
  /** The template's parameter files: the template is checked once per file. */
  readonly parameterFiles?: readonly ParameterFileInput[];
}

export interface Analysis {
  readonly kind: DocumentKind;
  readonly findings: Finding[];
  /** JSON syntax errors. When there are any, rules do not run: a broken tree would give false findings. */
  readonly syntaxErrors: SyntaxProblem[];
  readonly template?: ArmTemplate;
  readonly anyscale?: AnyscaleView;
  /** Number of Anyscale.Platform resources (clouds and cloud resources) in the document. */
  readonly anyscaleResourceCount: number;
  readonly durationMs: number;
}

export function analyzeText(text: string, options: AnalysisOptions = {}): Analysis {
  const started = performance.now();
  const { root, errors, tooDeep, multiLineStrings } = parseJson(text);
  const kind = classifyJson(root);
  const syntaxErrors = describeSyntaxErrors(errors, tooDeep);
  const findings: Finding[] = [];
  if (kind !== 'armTemplate' || !root) {
    // A parameter file's own shape; what its values do in its template is the template's run to say. Its suppression
    // comments apply to both at once, where they are merged (the language server, the CLI).
    if (kind === 'armParameters' && root && syntaxErrors.length === 0) findings.push(...checkParameterFileShape(root, text, options.ruleLevels));
    return { kind, findings, syntaxErrors, anyscaleResourceCount: 0, durationMs: performance.now() - started };
  }
  const template = buildTemplate(root, text, multiLineStrings);
  // With a syntax error the tree is a guess; the model still serves the stats, but no rule runs on it.
  const checked = syntaxErrors.length === 0 ? checkTemplate(text, template, options.parameterFiles ?? [], options.ruleLevels) : undefined;
  const anyscale = checked?.anyscale ?? anyscaleView(template, (node) => literalValue(node));
  // Suppression comments apply once the rules ran; on a broken tree nothing ran, so nothing is reported unused.
  if (checked) findings.push(...applySuppressions(text, checked.findings, { syntax: 'json', ruleLevels: options.ruleLevels }));
  return {
    kind,
    findings,
    syntaxErrors,
    template,
    anyscale,
    anyscaleResourceCount: anyscale.clouds.length + anyscale.cloudResources.length,
    durationMs: performance.now() - started,
  };
}

/** How a document is named to analyzeDocument: an editor's language ID, or a file name (the CLI). */
export interface DocumentIdentity {
  readonly languageId?: string;
  readonly fileName?: string;
}

/** The dispatch: YAML documents (by language, else by extension) go to the YAML analyzer, the rest to analyzeText. */
export function analyzeDocument(text: string, document: DocumentIdentity, options: AnalysisOptions & WorkspaceOptions = {}): DocumentAnalysis {
  const yaml = document.languageId !== undefined ? document.languageId === 'yaml' : /\.ya?ml$/i.test(document.fileName ?? '');
  if (yaml) return analyzeYaml(text, options);
  const analysis = analyzeText(text, options);
  return { ...analysis, facts: templateFacts(analysis.anyscale) };
}
