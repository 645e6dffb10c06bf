// Protocol tests of typing: an open document edited by incremental didChange notifications, as an editor sends
// keystrokes, each version's diagnostics compared with those of the same text analysed from scratch (by a server
// the caller starts, which sees the text whole), so that whatever an analysis keeps from the version before it
// (the spliced tree, the expression table, the evaluated values) is checked against a fresh one.
import * as assert from 'node:assert/strict';
import {
  DidChangeTextDocumentNotification,
  type Position,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import type { LspServer } from './lspServer';

/** What a reader of the Problems panel sees of a publish: each diagnostic's code, start and message. */
function shown(published: PublishDiagnosticsParams): unknown[] {
  return published.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]);
}

function positionOf(text: string, offset: number): Position {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

/**
 * Replaces each `from` (its first occurrence) with `to` in the document `uri`, open in `server` with `text` at
 * `version`, one didChange each, and asserts that the diagnostics of each version are those `fresh` gives for the
 * same text. Returns the last version sent.
 */
export async function typeAndCompareWithFresh(
  server: LspServer,
  document: { readonly uri: string; readonly text: string; readonly version: number },
  edits: ReadonlyArray<readonly [from: string, to: string]>,
  fresh: (text: string) => Promise<PublishDiagnosticsParams>,
): Promise<number> {
  let { text, version } = document;
  for (const [from, to] of edits) {
    const at = text.indexOf(from);
    assert.ok(at >= 0, from);
    const range = { start: positionOf(text, at), end: positionOf(text, at + from.length) };
    text = text.slice(0, at) + to + text.slice(at + from.length);
    version++;
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: document.uri, version },
      contentChanges: [{ range, text: to }],
    });
    const edited = await server.diagnosticsFor(document.uri, (d) => d.version === version);
    assert.deepEqual(shown(edited), shown(await fresh(text)), `after ${to}`);
  }
  return version;
}
