// Helpers shared by the real-VS-Code suites: the extension's API, the workspace's files, and waiting on diagnostics.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocumentStats } from '../../../shared/protocol';
import type { CloudTreeProvider } from '../../../client/src/features/cloudTree/provider';

export const EXTENSION_ID = 'anyscale-azure-tools.anyscale-azure-tools';
export const SOURCE = 'anyscale-azure';

/** What the extension's activate() returns (client/src/extension.ts). */
export interface ExtensionApi {
  documentStats(uri: vscode.Uri): DocumentStats | undefined;
  /** The Cloud Resources view's data provider. */
  cloudTree: CloudTreeProvider;
}

/** Activates the extension (it must be loaded) and returns its API. */
export async function activateExtension(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls probe (sync or async) until it returns something other than undefined/false, or fails with what it waited
 * for (`what` may be a function, to describe the state at the time of failure).
 */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Turns fix-all on save on (or off, with `undefined`) in the workspace settings for `document`, and waits until the
 * extension host reads it back: the workbench pushes a settings change to the extension host, so from then on a save
 * runs with it (CI U saved before the workbench had it, once, under a load of 8–10).
 */
export async function setFixAllOnSave(document: vscode.TextDocument, on: boolean): Promise<void> {
  const value = on ? { 'source.fixAll.anyscale-azure': 'explicit' } : undefined;
  const settings = () => vscode.workspace.getConfiguration('editor', document);
  await settings().update('codeActionsOnSave', value, vscode.ConfigurationTarget.Workspace);
  await waitFor(
    `editor.codeActionsOnSave to read ${JSON.stringify(value)}`,
    () => JSON.stringify(settings().inspect('codeActionsOnSave')?.workspaceValue) === JSON.stringify(value),
  );
}

/** The diagnostics of `uri` that come from our language server. */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** Our first diagnostic of `uri` with the rule code `code`. */
export function find(uri: vscode.Uri, code: string): vscode.Diagnostic | undefined {
  return ours(uri).find((d) => codeOf(d) === code);
}

/** All diagnostics of `uri`, for failure messages. */
export function describe(uri: vscode.Uri): string {
  return JSON.stringify(
    vscode.languages
      .getDiagnostics(uri)
      .map((d) => ({ source: d.source, code: codeOf(d), line: d.range.start.line, message: d.message })),
  );
}

export function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return folder;
}

export function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceFolder().uri, name);
}

/** Opens a workspace file in an editor, checking the language VS Code gave it when `languageId` is set. */
export async function openEditor(name: string, languageId?: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  if (languageId !== undefined)
    assert.equal(document.languageId, languageId, `${name} opened as ${document.languageId}`);
  return vscode.window.showTextDocument(document);
}
