// The service's front door: text in, findings out. Parses once, classifies, builds the model, runs the rules
// that apply, and applies the configured rule levels. The LSP server and the CLI both call only this.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { JsonNode } from './json/nodes';
import { parseWellFormed } from './json/fastParse';
import { flattenTooDeep, MAX_JSON_DEPTH, type Flattened } from './json/depth';
import { classifyJson, type DocumentKind } from './documents/classify';
import { buildTemplate, type ArmTemplate } from './arm/template';
import { anyscaleView, type AnyscaleView } from './arm/anyscale';
import { literalValue } from './arm/value';
import { byPlace, checkTemplate, type ParameterFileInput } from './arm/checkTemplate';
import type { Finding, RuleLevel, TextRange } from './rules/rule';
import { analyzeYaml, type DocumentAnalysis, type WorkspaceOptions } from './yaml/analyzeYaml';
import { templateFacts } from './index/facts';
import { applySuppressions } from './suppression/suppress';

export interface AnalysisOptions {
  /** Severity per rule code; overrides each rule's default. */
  readonly ruleLevels?: Readonly<Record<string, RuleLevel>>;
  /** The template's parameter files: the template is checked once per file. */
  readonly parameterFiles?: readonly ParameterFileInput[];
}

export interface SyntaxProblem extends TextRange {
  readonly message: string;
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

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** `tooDeep`: where containers nest deeper than MAX_JSON_DEPTH, and the text `root` was parsed from, without their contents (json/depth.ts). */
export function parseJson(text: string): { root: JsonNode | undefined; errors: ParseError[]; tooDeep?: Flattened } {
  const fast = parseWellFormed(text);
  if (fast) return { root: fast.root, errors: [] };
  // Not plain well-formed JSONC: jsonc-parser's error recovery and messages, on no more levels than it can recurse.
  const flattened = flattenTooDeep(text);
  const errors: ParseError[] = [];
  try {
    const root = parseTree(flattened?.text ?? text, errors, PARSE_OPTIONS);
    // Brackets that never close below the cut: "too deep" is the one error, not one per level.
    if (flattened && errors.length > 0) return { root: undefined, errors: [], tooDeep: flattened };
    return { root, errors, tooDeep: flattened };
  } catch (error) {
    if (error instanceof RangeError) return { root: undefined, errors: [], tooDeep: { text, tooDeep: [0] } };
    throw error;
  }
}

export function analyzeText(documentText: string, options: AnalysisOptions = {}): Analysis {
  const started = performance.now();
  const { root, errors, tooDeep } = parseJson(documentText);
  // Too deep: everything reads the text as parsed, the too-deep values blanked out (and the editing features too, through template.text).
  const text = tooDeep?.text ?? documentText;
  const kind = classifyJson(root);
  const syntaxErrors = jsonSyntaxProblems(errors, tooDeep, kind);
  const findings: Finding[] = [];
  if (kind !== 'armTemplate' || !root) {
    return { kind, findings, syntaxErrors, anyscaleResourceCount: 0, durationMs: performance.now() - started };
  }
  const template = buildTemplate(root, text);
  // With a syntax error the tree is a guess; the model still serves the stats, but no rule runs on it.
  const checked = syntaxErrors.length === 0 ? checkTemplate(text, template, options.parameterFiles ?? [], options.ruleLevels) : undefined;
  const anyscale = checked?.anyscale ?? anyscaleView(template, (node) => literalValue(node));
  // Suppression comments apply once the rules ran; on a broken tree nothing ran, so nothing is reported unused.
  if (checked) findings.push(...applySuppressions(text, checked.findings, { syntax: 'json', ruleLevels: options.ruleLevels }));
  if (tooDeep) {
    findings.push(...tooDeep.tooDeep.map(tooDeepFinding));
    findings.sort(byPlace);
  }
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

/** The syntax problems of a JSON parse (parseJson's) of a document of that kind. */
export function jsonSyntaxProblems(errors: readonly ParseError[], tooDeep: Flattened | undefined, kind: DocumentKind): SyntaxProblem[] {
  const problems = errors.map((e) => ({ start: e.offset, end: e.offset + Math.max(e.length, 1), message: `JSON syntax error: ${describeParseError(printParseErrorCode(e.error))}` }));
  // A template keeps its findings and says where it went too deep; anything else too deep is not read at all.
  if (tooDeep && kind !== 'armTemplate') problems.push({ start: 0, end: 1, message: 'JSON syntax error: the document is nested too deeply to parse' });
  return problems;
}

function tooDeepFinding(offset: number): Finding {
  const message = `Nested more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep: Anyscale checks do not read this value (the rest of the template is checked).`;
  return { code: 'json-too-deep', severity: 'error', message, start: offset, end: offset + 1 };
}

function describeParseError(code: string): string {
  // jsonc-parser's codes are identifiers such as "CloseBraceExpected"; make them read as words.
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
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
