// textDocument/hover: the service's hover (YAML from the version's parse; ARM templates from the version's analysis or
// editing model, with the property docs, region names, expression values per parameter file and the rule docs of the
// diagnostics there).
import type { Hover, HoverParams } from 'vscode-languageserver/node';
import type { Analysis } from '../service/analyze';
import type { ParameterFileInput } from '../service/arm/checkTemplate';
import { armHover } from '../service/features/armHover';
import type { HoverInfo } from '../service/features/editing';
import type { Finding } from '../service/rules/rule';
import { yamlHover, type YamlVersion } from '../service/yaml/editing';
import type { LineIndex } from '../service/text/lineIndex';
import type { DocumentVersion } from './completion';

/** What hover reads of the version: an analysis or an editing model (whose Anyscale view is read only if needed). */
export interface HoverSources {
  readonly analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale' | 'syntaxErrors'>;
  /** The diagnostics at the position are named with their rule's title and docs link. */
  readonly findings: Finding[];
  readonly lines: LineIndex;
  readonly parameterFiles: readonly ParameterFileInput[];
  readonly yaml?: YamlVersion;
}

export function hover(params: HoverParams, document: DocumentVersion, sources: HoverSources, docsBaseUri: string): Hover | null {
  const { analysis, lines } = sources;
  const offset = lines.offsetAt(params.position);
  const text = document.text;
  let info: HoverInfo | undefined;
  if (document.languageId === 'yaml') info = yamlHover(text, offset, sources.yaml?.parsed);
  else if (analysis.kind === 'armTemplate') {
    const read = { template: analysis.template, syntaxErrors: analysis.syntaxErrors, findings: sources.findings, get anyscale() { return analysis.anyscale; } };
    info = armHover(text, read, offset, { parameterFiles: sources.parameterFiles, docsUrl: (code) => `${docsBaseUri}/${code}.md` });
  }
  if (!info) return null;
  return { contents: { kind: 'markdown', value: info.markdown }, range: { start: lines.positionAt(info.range.start), end: lines.positionAt(info.range.end) } };
}
