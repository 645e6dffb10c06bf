// Records a document in a WorkspaceIndex as the language server and the CLI do: its analysis's facts and its outline.
import { analyzeDocument, type DocumentIdentity } from '../../server/src/service/analyze';
import { documentOutline, type OutlineOptions } from '../../server/src/service/index/facts';
import type { FileOutline, WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import type { AnalysisOptions, WorkspaceOptions } from '../../server/src/service/types';

/** What the document shows in the index (its outline), analysed alone. */
export function outlineOf(text: string, document: DocumentIdentity): FileOutline | undefined {
  return documentOutline(analyzeDocument(text, document), text);
}

/** Analyses the document and records its facts and outline under `uri`; true when the checked facts changed. */
export function indexDocument(
  index: WorkspaceIndex,
  uri: string,
  text: string,
  document: DocumentIdentity,
  options: AnalysisOptions & WorkspaceOptions & Pick<OutlineOptions, 'parameterFileLevels'> = {},
): boolean {
  const analysis = analyzeDocument(text, document, options);
  const outline = documentOutline(analysis, text, options.parameterFiles, {
    parameterFileLevels: options.parameterFileLevels,
  });
  return index.record(uri, analysis.facts, outline);
}
