// textDocument/hover: the service's hover (YAML from the version's parse; ARM templates from the version's analysis or
// editing model, with the property docs, region names and expression values per parameter file), each with the rule
// docs of the diagnostics there; in any other document (a parameter file), those alone.
import type { Hover, HoverParams } from 'vscode-languageserver/node';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../../shared/protocol';
import {
  type Analysis,
  armHover,
  type Finding,
  type HoverInfo,
  type LineIndex,
  type ParameterFileInput,
  withDiagnostics,
  yamlHover,
  type WorkspaceView,
  type YamlVersion,
  isYamlLanguage,
} from '../service';
import type { DocumentVersion } from './completion';

/** What hover reads of the version: an analysis or an editing model (whose Anyscale view is read only if needed). */
export interface HoverSources {
  readonly analysis: Pick<Analysis, 'kind' | 'template' | 'anyscale' | 'syntaxErrors'>;
  /** The diagnostics at the position are named with their rule's title and docs link. */
  readonly findings: Finding[];
  readonly lines: LineIndex;
  readonly parameterFiles: readonly ParameterFileInput[];
  readonly yaml?: YamlVersion;
  /** YAML: the workspace as its checks see it, this file's facts included (a Gateway's TLS secret names are checked against it). */
  readonly workspace?: WorkspaceView;
}

/**
 * What armHover reads: the analysis's model with the findings given. A class, not a literal with a getter (that
 * literal's hidden class would keep the template alive: docs/performance.md), so that the Anyscale view is still read
 * only when the hover needs it.
 */
class HoverAnalysis {
  constructor(
    private readonly analysis: HoverSources['analysis'],
    readonly findings: Finding[],
  ) {}

  get template(): Analysis['template'] {
    return this.analysis.template;
  }

  get syntaxErrors(): Analysis['syntaxErrors'] {
    return this.analysis.syntaxErrors;
  }

  get anyscale(): Analysis['anyscale'] {
    return this.analysis.anyscale;
  }
}

/** Where a hover's links go: a rule's page, and the other docs pages (docs/rbac.md, docs/regions.md). */
export interface DocsLinks {
  rule(code: string): string;
  page(page: string): string;
}

/**
 * The hover's docs links: through the client's "Show documentation" command when it declared it (VS Code then opens the
 * rendered Markdown preview, as the quick fix does, not the raw file), else the page itself. `docsBaseUri` is the rules
 * folder of the docs: the other pages are one level up.
 */
export function docsLinks(docsBaseUri: string, clientCommands: readonly string[]): DocsLinks {
  const throughCommand = clientCommands.includes(SHOW_RULE_DOCUMENTATION_COMMAND);
  // A command URI's argument is its JSON, URI-encoded; parentheses too, so that the Markdown link does not end early.
  const link = (url: string) =>
    throughCommand
      ? `command:${SHOW_RULE_DOCUMENTATION_COMMAND}?${encodeURIComponent(JSON.stringify([url]))
          .replace(/\(/g, '%28')
          .replace(/\)/g, '%29')}`
      : url;
  return {
    rule: (code) => link(`${docsBaseUri}/${code}.md`),
    page: (page) => link(new URL(`../${page}`, `${docsBaseUri}/`).toString()),
  };
}

export function hover(
  params: HoverParams,
  document: DocumentVersion,
  sources: HoverSources,
  links: DocsLinks,
): Hover | null {
  const { analysis, lines } = sources;
  const offset = lines.offsetAt(params.position);
  const text = document.text;
  const diagnostics = { findings: sources.findings, docsUrl: links.rule };
  let info: HoverInfo | undefined;
  if (isYamlLanguage(document.languageId))
    info = yamlHover(text, offset, {
      parsed: sources.yaml?.parsed,
      diagnostics,
      uri: params.textDocument.uri,
      workspace: sources.workspace,
    });
  else if (analysis.kind === 'armTemplate') {
    info = armHover(text, new HoverAnalysis(analysis, sources.findings), offset, {
      parameterFiles: sources.parameterFiles,
      docsUrl: links.rule,
      docsPageUrl: links.page,
    });
  } else info = withDiagnostics(undefined, offset, diagnostics);
  if (!info) return null;
  return {
    contents: { kind: 'markdown', value: info.markdown },
    range: { start: lines.positionAt(info.range.start), end: lines.positionAt(info.range.end) },
  };
}
