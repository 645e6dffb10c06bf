// The service's front door: text in, findings out. Parses once, classifies, builds the model, runs the rules
// that apply, and applies the configured rule levels. The LSP server and the CLI both call only this.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { JsonNode } from './json/nodes';
import { classifyJson, type DocumentKind } from './documents/classify';
import { buildTemplate, type ArmTemplate } from './arm/template';
import { anyscaleView, type AnyscaleView } from './arm/anyscale';
import { literalValue } from './arm/value';
import { RULES } from './rules/registry';
import { rangeOf, type Finding, type RuleLevel, type Rule, type TextRange } from './rules/rule';
import type { TemplateContext } from './rules/templateContext';

export interface AnalysisOptions {
  /** Severity per rule code; overrides each rule's default. */
  readonly ruleLevels?: Readonly<Record<string, RuleLevel>>;
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

export function parseJson(text: string): { root: JsonNode | undefined; errors: ParseError[]; tooDeep?: boolean } {
  const errors: ParseError[] = [];
  try {
    return { root: parseTree(text, errors, PARSE_OPTIONS), errors };
  } catch (error) {
    // jsonc-parser recurses once per nesting level; thousands of unclosed brackets exhaust the stack.
    if (error instanceof RangeError) return { root: undefined, errors: [], tooDeep: true };
    throw error;
  }
}

function levelFor(rule: Rule, options: AnalysisOptions): RuleLevel {
  return options.ruleLevels?.[rule.code] ?? rule.defaultSeverity;
}

export function analyzeText(text: string, options: AnalysisOptions = {}): Analysis {
  const started = performance.now();
  const { root, errors, tooDeep } = parseJson(text);
  const kind = classifyJson(root);
  const syntaxErrors = errors.map((e) => ({ start: e.offset, end: e.offset + Math.max(e.length, 1), message: `JSON syntax error: ${describeParseError(printParseErrorCode(e.error))}` }));
  if (tooDeep) syntaxErrors.push({ start: 0, end: 1, message: 'JSON syntax error: the document is nested too deeply to parse' });
  const findings: Finding[] = [];
  if (kind !== 'armTemplate' || !root) {
    return { kind, findings, syntaxErrors, anyscaleResourceCount: 0, durationMs: performance.now() - started };
  }
  const template = buildTemplate(root);
  const value = (node: JsonNode | undefined) => literalValue(node);
  const anyscale = anyscaleView(template, value);
  if (syntaxErrors.length === 0) {
    for (const rule of RULES) {
      if (rule.appliesTo !== 'armTemplate') continue;
      const level = levelFor(rule, options);
      if (level === 'off') continue;
      const context: TemplateContext = {
        text,
        template,
        anyscale,
        value,
        report: (report) => findings.push({ code: rule.code, severity: level, message: report.message, ...rangeOf(report.at), related: report.related, fixes: report.fixes }),
      };
      rule.check(context);
    }
    findings.sort((a, b) => a.start - b.start || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
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

function describeParseError(code: string): string {
  // jsonc-parser's codes are identifiers such as "CloseBraceExpected"; make them read as words.
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
