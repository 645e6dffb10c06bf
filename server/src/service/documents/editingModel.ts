// What completion and hover read of a document version, built without running the rules (the expensive part of an
// analysis): a JSON document's tree (from the previous version's tree where the edit allows: ../json/spliceJson), syntax
// errors, template model (the previous version's while the edit leaves it standing: ../arm/template carryTemplate) and
// Anyscale resources — the same as an analysis of the version gives (analyzeText), so
// the answers are a fresh server's — and a YAML document's text with what its completions compute (YamlVersion).
// One model per open document, for its latest version; the analysis with findings still comes after the debounce.
import { parseJson, jsonSyntaxProblems } from '../analyze';
import type { Analysis, Finding, ParameterFileInput } from '../types';
import { classifyJson } from './classifyJson';
import { isYamlLanguage } from './languages';
import { buildTemplate, carryTemplate } from '../arm/template';
import { anyscaleView, type AnyscaleView } from '../arm/anyscaleView';
import { runTemplateRules } from '../arm/runTemplateRules';
import { evaluatorFor } from '../arm/evaluators';
import { literalValue } from '../arm/value';
import type { LineIndex } from '../text/lineIndex';
import { YamlVersion } from '../yaml/features/yamlEditing';
import { spliceable, spliceJson, type SpliceableParse } from '../json/spliceJson';
import { EditedRegion } from '../json/editedRegion';
import { changeBetween } from '../text/change';

/** A version of a document as the editor sent it, with the line index of its text. */
export interface DocumentVersion {
  readonly version: number;
  readonly languageId: string;
  readonly text: string;
  readonly lines: LineIndex;
}

/** What completion and hover read of an analysis; no findings, as no rule ran. */
export type EditingAnalysis = Pick<Analysis, 'kind' | 'template' | 'anyscale' | 'syntaxErrors'>;

/** A JSON document's editing analysis; its Anyscale view is evaluated only when something reads it. */
class JsonEditing implements EditingAnalysis {
  private view?: AnyscaleView;

  constructor(
    readonly kind: Analysis['kind'],
    readonly template: Analysis['template'],
    readonly syntaxErrors: Analysis['syntaxErrors'],
    private readonly firstParameterFile: ParameterFileInput | undefined,
  ) {}

  /** As analyzeText has it: the rules' first run's view (with the first parameter file), or the literal one when the JSON has errors. */
  get anyscale(): AnyscaleView | undefined {
    const template = this.template;
    if (!template || this.view) return this.view;
    if (this.syntaxErrors.length > 0) return (this.view = anyscaleView(template, (node) => literalValue(node)));
    const file = this.firstParameterFile;
    return (this.view = runTemplateRules(
      template.text,
      template,
      evaluatorFor(template, file),
      undefined,
      () => false,
      () => undefined,
    ));
  }
}

const NOT_JSON: EditingAnalysis = { kind: 'other', syntaxErrors: [] };

export class EditingModel {
  /** Set when the next version's model took this one's tree over: its tree is no longer this version's. */
  superseded = false;

  private constructor(
    readonly version: number,
    readonly text: string,
    readonly lines: LineIndex,
    readonly analysis: EditingAnalysis,
    readonly parameterFiles: readonly ParameterFileInput[],
    /** A JSON text's parse, for the next version to splice into (none when it nests too deep: see json/depth.ts). */
    private readonly parsed: SpliceableParse | undefined,
    /** A YAML text's. */
    readonly yaml: YamlVersion | undefined,
    /**
     * How it was made, for the trace: a JSON tree spliced (the previous template model kept) or parsed whole, or a
     * YAML text's.
     */
    readonly how: 'tree spliced, model kept' | 'tree spliced' | 'tree parsed' | 'YAML',
  ) {}

  /**
   * The model of a version (with the line index of its text), from the previous version's when there is one (whose
   * tree it takes over when it can).
   */
  static build(
    { version, languageId, text, lines }: DocumentVersion,
    previous: EditingModel | undefined,
    parameterFiles: readonly ParameterFileInput[],
  ): EditingModel {
    const change = previous && changeBetween(previous.text, text);
    if (isYamlLanguage(languageId))
      return new EditingModel(version, text, lines, NOT_JSON, [], undefined, new YamlVersion(text), 'YAML');
    const spliced = previous?.parsed && !previous.superseded ? spliceJson(previous.parsed, text, change) : undefined;
    if (spliced && previous) previous.superseded = true;
    const full = spliced ? undefined : parseJson(text);
    const root = spliced?.root ?? full?.root;
    const kind = classifyJson(root);
    const syntaxErrors = jsonSyntaxProblems(text, spliced?.errors ?? full!.errors, full?.tooDeep, kind, lines);
    // As in analyzeText: the previous version's model stands when the splice left standing every node it was built
    // from (a keystroke in a literal); too deep, the tree is of the text with the too-deep values blanked out.
    const previousTemplate = previous?.analysis.template;
    const edit = spliced?.replaced && new EditedRegion(spliced.replaced);
    const template =
      kind !== 'armTemplate' || !root
        ? undefined
        : previousTemplate && edit
          ? carryTemplate(previousTemplate, edit, root, text)
          : buildTemplate(root, full?.tooDeep?.text ?? text);
    const parsed = spliced ?? spliceable(text, full!);
    const analysis = new JsonEditing(kind, template, syntaxErrors, parameterFiles[0]);
    return new EditingModel(
      version,
      text,
      lines,
      analysis,
      parameterFiles,
      parsed,
      undefined,
      !spliced
        ? 'tree parsed'
        : template && template.modelNodes === previousTemplate?.modelNodes
          ? 'tree spliced, model kept'
          : 'tree spliced',
    );
  }
}

/**
 * Where the findings of an earlier version's analysis are after the edits made since: the diagnostics the editor
 * shows until the next analysis is published, for hover (code and place only: related locations and fixes are
 * dropped). Findings the edits touched are left out, and so are those in other documents.
 */
export function findingsAfterEdits(findings: readonly Finding[], before: string, after: string): Finding[] {
  const change = changeBetween(before, after) ?? { start: 0, oldEnd: 0, newEnd: 0 };
  const delta = change.newEnd - change.oldEnd;
  return findings.flatMap(({ code, severity, message, start, end, uri }) => {
    if (uri !== undefined || (end > change.start && start < change.oldEnd)) return [];
    const moved = start >= change.oldEnd && delta !== 0;
    return [{ code, severity, message, start: moved ? start + delta : start, end: moved ? end + delta : end }];
  });
}
