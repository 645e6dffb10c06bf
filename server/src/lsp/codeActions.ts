// textDocument/codeAction: the rules' fixes as quick fixes on their diagnostics; for each diagnostic, "Disable
// <code> for this line / file" (a suppression comment) and "Show documentation for <code>" (when the client has
// the command); and all preferred fixes together as the `source.fixAll.anyscale-azure` action so
// `editor.codeActionsOnSave` can apply them.
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit as LspTextEdit,
} from 'vscode-languageserver/node';
import {
  type Analysis,
  disableFixes,
  type Finding,
  type Fix,
  fixAllEdits,
  fixesAt,
  type LineIndex,
  suppressibleAt,
  type TextEdit,
  withDocumentLineBreaks,
} from '../service';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../../shared/protocol';
import { SOURCE } from './diagnostics';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.${SOURCE}`;

export interface CodeActionOptions {
  /** The document's text, for the suppression comments' edits. */
  readonly text: string;
  /** Client-side commands the client declared (initializationOptions.commands). */
  readonly clientCommands: readonly string[];
}

/** The edits as LSP gives them, their line breaks the document's own. */
function toLspEdits(edits: readonly TextEdit[], lines: LineIndex, text: string): LspTextEdit[] {
  return withDocumentLineBreaks(edits, text).map((edit) => ({
    range: { start: lines.positionAt(edit.start), end: lines.positionAt(edit.end) },
    newText: edit.newText,
  }));
}

function wanted(params: CodeActionParams, kind: string): boolean {
  const only = params.context.only;
  return !only || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

export function codeActions(
  params: CodeActionParams,
  analysis: Analysis,
  lines: LineIndex,
  options: CodeActionOptions,
): CodeAction[] {
  const uri = params.textDocument.uri;
  const actions: CodeAction[] = [];
  const diagnosticOf = (finding: Finding): Diagnostic | undefined =>
    params.context.diagnostics.find(
      (d) =>
        d.source === SOURCE &&
        d.code === finding.code &&
        lines.offsetAt(d.range.start) === finding.start &&
        lines.offsetAt(d.range.end) === finding.end,
    );
  const quickFix = (finding: Finding, fix: Fix): CodeAction => {
    const diagnostic = diagnosticOf(finding);
    return {
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: diagnostic ? [diagnostic] : undefined,
      isPreferred: fix.preferred === true,
      edit: { changes: { [uri]: toLspEdits(fix.edits, lines, options.text) } },
    };
  };
  if (wanted(params, CodeActionKind.QuickFix)) {
    const range = { start: lines.offsetAt(params.range.start), end: lines.offsetAt(params.range.end) };
    for (const { finding, fix } of fixesAt(analysis.findings, range)) actions.push(quickFix(finding, fix));
    const syntax = analysis.kind === 'armTemplate' || analysis.kind === 'armParameters' ? 'json' : 'yaml';
    const canShowDocs = options.clientCommands.includes(SHOW_RULE_DOCUMENTATION_COMMAND);
    for (const finding of suppressibleAt(analysis.findings, range)) {
      const known = { lines, directives: analysis.directives };
      for (const fix of disableFixes(options.text, syntax, finding, known)) actions.push(quickFix(finding, fix));
      const diagnostic = diagnosticOf(finding);
      if (!canShowDocs || !diagnostic?.codeDescription) continue;
      const title = `Show documentation for ${finding.code}`;
      actions.push({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        command: { title, command: SHOW_RULE_DOCUMENTATION_COMMAND, arguments: [diagnostic.codeDescription.href] },
      });
    }
  }
  if (wanted(params, FIX_ALL_KIND) && params.context.only) {
    const edits = fixAllEdits(analysis.findings);
    if (edits.length > 0)
      actions.push({
        title: 'Fix all safe Anyscale problems',
        kind: FIX_ALL_KIND,
        edit: { changes: { [uri]: toLspEdits(edits, lines, options.text) } },
      });
  }
  return actions;
}
