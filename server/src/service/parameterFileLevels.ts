// A finding shown in a file follows the rule levels of that file (docs/suppression.md, "Rule levels"): what a
// parameter file's value causes in its template is shown in the parameter file at the parameter file's levels, where
// the template's run found it at the template's. The editor, `anyscale-azure check`, the Cloud Resources tree and
// `anyscale-azure index` all take those findings from here.
import { analyzeDocument } from './analyze';
import { sameRuleLevels, type RuleLevels } from './rules/runner';
import type { AnalysisOptions, DocumentAnalysis, Finding, ParameterFileInput, WorkspaceOptions } from './types';

type TemplateRunOptions = Pick<AnalysisOptions, 'ruleLevels'> & Pick<WorkspaceOptions, 'workspace'>;

/**
 * What a parameter file's values cause in its template, at the rule levels given (the parameter file's own): the
 * findings of a run of the template with that file alone that sit in the file, as the template's run gives them
 * (their `uri` is the parameter file's).
 */
export function templateFindingsIn(
  templateText: string,
  templateFile: string,
  parameterFile: ParameterFileInput,
  options: TemplateRunOptions,
): Finding[] {
  const run = analyzeDocument(
    templateText,
    { fileName: templateFile },
    { ...options, parameterFiles: [parameterFile] },
  );
  return run.findings.filter((finding) => finding.uri === parameterFile.uri);
}

/**
 * A template's analysis (run at `options.ruleLevels` with `parameterFiles`) with what its values cause in each
 * parameter file at that file's levels (`parameterFileLevels`, by the file's `uri`): the findings the run places in a
 * parameter file whose levels are not the template's (by content, in any key order: sameRuleLevels) are those of a
 * run with that file alone, at its levels. The template's own findings, those at the line that uses a value
 * included, keep the template's levels.
 */
export function atParameterFileLevels(
  analysis: DocumentAnalysis,
  templateText: string,
  templateFile: string,
  parameterFiles: readonly ParameterFileInput[],
  options: TemplateRunOptions & { readonly parameterFileLevels: (uri: string) => RuleLevels | undefined },
): DocumentAnalysis {
  const { parameterFileLevels, ...templateRun } = options;
  const others = parameterFiles
    .map((file) => ({ file, ruleLevels: parameterFileLevels(file.uri) }))
    .filter(({ ruleLevels }) => !sameRuleLevels(ruleLevels, templateRun.ruleLevels));
  if (others.length === 0) return analysis;
  const rerun = new Set(others.map(({ file }) => file.uri));
  const placed = others.flatMap(({ file, ruleLevels }) =>
    templateFindingsIn(templateText, templateFile, file, { ...templateRun, ruleLevels }),
  );
  const kept = analysis.findings.filter((finding) => finding.uri === undefined || !rerun.has(finding.uri));
  return { ...analysis, findings: [...kept, ...placed] };
}
