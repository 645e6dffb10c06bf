// textDocument/hover: the service's hover (YAML from the analysis's parse; ARM templates from the cached analysis, with the
// property docs, region names, expression values per parameter file and the rule docs of diagnostics there).
import type { Hover, HoverParams } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../service/yaml/analyzeYaml';
import type { ParameterFileInput } from '../service/arm/checkTemplate';
import { armHover } from '../service/features/armHover';
import type { HoverInfo } from '../service/features/editing';
import { yamlHover } from '../service/yaml/editing';
import type { LineIndex } from '../service/text/lineIndex';
import type { DocumentVersion } from './completion';

export function hover(params: HoverParams, document: DocumentVersion, analysis: DocumentAnalysis, lines: LineIndex, parameterFiles: readonly ParameterFileInput[], docsBaseUri: string): Hover | null {
  const offset = lines.offsetAt(params.position);
  const text = document.text;
  let info: HoverInfo | undefined;
  if (document.languageId === 'yaml') info = yamlHover(text, offset, analysis.yaml);
  else if (analysis.kind === 'armTemplate') info = armHover(text, analysis, offset, { parameterFiles, docsUrl: (code) => `${docsBaseUri}/${code}.md` });
  if (!info) return null;
  return { contents: { kind: 'markdown', value: info.markdown }, range: { start: lines.positionAt(info.range.start), end: lines.positionAt(info.range.end) } };
}
