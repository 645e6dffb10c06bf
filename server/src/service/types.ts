// The service's shared data types: what a rule reports, what an analysis returns, what a caller passes in. Plain data,
// no behaviour. Everything in the service imports them from here (the parsers below it take TextRange from
// text/range.ts); lsp/, cli/ and node/ see them through ./index.ts.
import type { JsonNode } from './json/nodes';
import type { KnownValue } from './arm/value';
import type { TextRange, TextEdit } from './text/range';
import type { DocumentKind } from './documents/classifyJson';
import type { ArmTemplate } from './arm/template';
import type { AnyscaleView, CloudResource } from './arm/anyscaleView';
import type { FileFacts, WorkspaceIndex } from './index/workspaceIndex';
import type { ParsedYaml } from './yaml/document';
import type { RenderedLater } from './yaml/templateActions';
import type { SyntaxProblem } from './json/parseJson';
import type { SpliceableParse } from './json/spliceJson';
import type { Directive } from './suppression/directives';

export type { TextRange, TextEdit } from './text/range';
export type { SyntaxProblem } from './json/parseJson';
export type { DocumentKind } from './documents/classifyJson';

export type Severity = 'error' | 'warning' | 'info';
export type RuleLevel = Severity | 'off';

export type Category =
  | 'syntax'
  | 'naming'
  | 'provider'
  | 'storage'
  | 'region'
  | 'identity'
  | 'ordering'
  | 'api-version'
  | 'egress'
  | 'expression'
  | 'operator'
  | 'gateway'
  | 'parameters'
  | 'suppression'
  | 'extension'
  | 'workload'
  | 'deployment'
  | 'aks'
  | 'limits';

export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** True only when applying the fix cannot change what the user meant. */
  readonly preferred?: boolean;
  /**
   * True when the fix would be preferred but is held back because the literal it rewrites (a parameter's default or
   * file value, a variable) is read by other expressions too, which the title names: it would change their values as
   * well. An alternative fix (never preferred) on such a literal has the same title but not this mark.
   */
  readonly sharedLiteral?: boolean;
  /**
   * The document the edits are in when it is not the one the rules ran on: the parameter file a template's value is
   * written in. A fix is offered only on a finding in its own document.
   */
  readonly uri?: string;
}

export interface RelatedLocation extends TextRange {
  readonly message: string;
  /** Another document; absent means the same document. */
  readonly uri?: string;
}

export interface Finding extends TextRange {
  /** The document the finding is in, when it is not the one analysed (e.g. a parameter file). */
  readonly uri?: string;
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly Fix[];
}

/**
 * What a rule reports: where and what; the code and severity come from the rule. `at` is a node, a range, or a
 * known value — then the finding sits where the value is written and points at where it is used.
 */
export interface Report {
  readonly at: JsonNode | TextRange | KnownValue;
  readonly message: string;
  /**
   * This finding's severity when the rule grades its cases (region-missing: an error for AWS and GCP, a warning for
   * Azure); absent means the rule's default. A level the user sets for the rule's code applies to every case.
   */
  readonly severity?: Severity;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly Fix[];
  /**
   * The cloud resource the report is about, as the rule was handed it: for one copy of a `copy` loop, that copy. The
   * workspace index counts a finding only some copies lead to on those copies' rows (TemplateCheck.foundOnlyInCopies).
   */
  readonly cloudResource?: CloudResource;
}

export interface RuleInfo {
  /** Stable kebab-case code; the docs page is docs/rules/<code>.md. */
  readonly code: string;
  /** One line, shown in the README's rules table and in SARIF rule metadata. */
  readonly title: string;
  readonly defaultSeverity: Severity;
  readonly category: Category;
}

/** A parameter file a template is checked with. */
export interface ParameterFileInput {
  readonly uri: string;
  /** The parsed parameter file; its syntax errors are the parameter file's own business. */
  readonly root: JsonNode;
  /** Its text, for quick fixes that keep its layout. */
  readonly text?: string;
}

export interface AnalysisOptions {
  /** Severity per rule code; overrides each rule's default. */
  readonly ruleLevels?: Readonly<Record<string, RuleLevel>>;
  /** The template's parameter files: the template is checked once per file. */
  readonly parameterFiles?: readonly ParameterFileInput[];
}

/** An editor's next version of a document it analysed before. */
export interface EditOptions {
  /**
   * The analysis of the document's previous version: only the part of its tree the edit touched is parsed again, and
   * that tree is changed in place, so the previous analysis must not be read once this one has started.
   */
  readonly previous?: Analysis;
}

export interface WorkspaceOptions {
  /** The document's URI (or path): its own entry in the workspace index is not "another file". */
  readonly uri?: string;
  readonly workspace?: WorkspaceIndex;
}

export interface Analysis {
  readonly kind: DocumentKind;
  /**
   * The JSON parse of this version, for the next version's analysis to take over (analyzeText's `previous`): absent
   * for YAML and for JSON nested too deep.
   */
  readonly parse?: SpliceableParse;
  readonly findings: Finding[];
  /**
   * A template's findings that only some of its parameter files' runs found, with those files' URIs (checkTemplate):
   * what the index counts on the cloud resource row of each. Absent, or a finding not in it: found whatever the file.
   */
  readonly foundOnlyWith?: ReadonlyMap<Finding, readonly string[]>;
  /**
   * A template's findings that only some copies of a `copy` loop led to (a value that depends on copyIndex()), with
   * those copies' indexes by the parameter file whose run found them ('' without one; checkTemplate): what the index
   * counts on each copy's row. Absent, or a run not in its map: found whatever the copy.
   */
  readonly foundOnlyInCopies?: ReadonlyMap<Finding, ReadonlyMap<string, readonly number[]>>;
  /** JSON syntax errors. When there are any, rules do not run: a broken tree would give false findings. */
  readonly syntaxErrors: SyntaxProblem[];
  /**
   * YAML that does not parse because of its template actions (`{{ … }}`, `%{ … }`): the first of them. The file is
   * `other`, with no syntax error and no finding: it is YAML only once rendered, and checked then.
   */
  readonly renderedLater?: RenderedLater;
  readonly template?: ArmTemplate;
  readonly anyscale?: AnyscaleView;
  /** Number of Anyscale.Platform resources (clouds and cloud resources) in the document. */
  readonly anyscaleResourceCount: number;
  /** The suppression directives in the text's comments (suppression/directives.ts), for code actions that add one. */
  readonly directives: readonly Directive[];
  readonly durationMs: number;
}

export interface DocumentAnalysis extends Analysis {
  /** What this file contributes to the workspace index. */
  readonly facts: FileFacts;
  /** A YAML file's parse, kept for hover on the same version. */
  readonly yaml?: ParsedYaml;
}
