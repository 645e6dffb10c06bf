// textDocument/codeAction: the rules' fixes as quick fixes on their diagnostics, and all preferred fixes together
// as the `source.fixAll.anyscale-azure` action so `editor.codeActionsOnSave` can apply them.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type TextEdit as LspTextEdit } from 'vscode-languageserver/node';
import type { Analysis } from '../service/analyze';
import { fixAllEdits, fixesAt } from '../service/features/fixes';
import type { TextEdit } from '../service/rules/rule';
import type { LineIndex } from '../service/text/lineIndex';
import { SOURCE } from './diagnostics';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.${SOURCE}`;

function toLspEdits(edits: readonly TextEdit[], lines: LineIndex): LspTextEdit[] {
  return edits.map((edit) => ({ range: { start: lines.positionAt(edit.start), end: lines.positionAt(edit.end) }, newText: edit.newText }));
}

function wanted(params: CodeActionParams, kind: string): boolean {
  const only = params.context.only;
  return !only || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

export function codeActions(params: CodeActionParams, analysis: Analysis, lines: LineIndex): CodeAction[] {
  const uri = params.textDocument.uri;
  const actions: CodeAction[] = [];
  if (wanted(params, CodeActionKind.QuickFix)) {
    const range = { start: lines.offsetAt(params.range.start), end: lines.offsetAt(params.range.end) };
    for (const { finding, fix } of fixesAt(analysis.findings, range)) {
      const diagnostic: Diagnostic | undefined = params.context.diagnostics.find(
        (d) => d.source === SOURCE && d.code === finding.code && lines.offsetAt(d.range.start) === finding.start && lines.offsetAt(d.range.end) === finding.end,
      );
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: diagnostic ? [diagnostic] : undefined,
        isPreferred: fix.preferred === true,
        edit: { changes: { [uri]: toLspEdits(fix.edits, lines) } },
      });
    }
  }
  if (wanted(params, FIX_ALL_KIND) && params.context.only) {
    const edits = fixAllEdits(analysis.findings);
    if (edits.length > 0) actions.push({ title: 'Fix all safe Anyscale problems', kind: FIX_ALL_KIND, edit: { changes: { [uri]: toLspEdits(edits, lines) } } });
  }
  return actions;
}
