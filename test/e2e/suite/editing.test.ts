// Editing actions in a real VS Code: fix-all on save through `editor.codeActionsOnSave`, the "Disable <code> for
// this line" quick fix and its companions through VS Code's code-action API ("Show documentation" must leave the
// rule's page open in a Markdown preview, read from the screen; the comment turns the template into JSON with
// Comments, again after its tab is closed and it is opened again), and a `.anyscale-azure.json` that changes rule
// levels as soon as it is written or deleted (the server watches it through the client).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  activateExtension,
  describe,
  find,
  openEditor,
  ours,
  setFixAllOnSave,
  waitFor,
  workspaceFile,
} from './helpers';
import { texts } from './ui';

/** Replaces the first occurrence of `from` through the editor, as typing would. */
async function replaceInEditor(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const offset = editor.document.getText().indexOf(from);
  assert.ok(offset >= 0, `"${from}" not found in ${editor.document.uri.toString()}`);
  const range = new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + from.length));
  assert.ok(await editor.edit((edit) => edit.replace(range, to)), 'editor.edit was not applied');
}

/** Closes every Markdown preview, so that the next one found is the one a test opened. */
async function closeMarkdownPreviews(): Promise<void> {
  const previews = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('markdown.preview'));
  await vscode.window.tabGroups.close(previews);
}

const tabsSeen = () =>
  JSON.stringify(vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label)));

suite('Editing actions in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('fix-all on save: a fixable mistake is corrected when the file is saved', async () => {
    const editor = await openEditor('fix-on-save.json');
    const uri = editor.document.uri;
    await setFixAllOnSave(editor.document, true);
    try {
      await replaceInEditor(editor, '"provider": "AWS"', '"provider": "aws"');
      await waitFor(`provider-invalid after the edit (have ${describe(uri)})`, () => find(uri, 'provider-invalid'));
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await waitFor(
        `the saved text to read "AWS" again (text: ${editor.document.getText().match(/"provider": "\w+"/)?.[0]})`,
        () => editor.document.getText().includes('"provider": "AWS"') && !editor.document.isDirty,
      );
      await waitFor(`provider-invalid to clear (have ${describe(uri)})`, () => !find(uri, 'provider-invalid'));
    } finally {
      await setFixAllOnSave(editor.document, false);
    }
  });

  test('"Disable provider-invalid for this line", applied through VS Code, silences exactly that diagnostic', async () => {
    const editor = await openEditor('disable-line.json');
    const uri = editor.document.uri;
    const diagnostic = await waitFor(`provider-invalid on disable-line.json (have ${describe(uri)})`, () =>
      find(uri, 'provider-invalid'),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const titles = actions.map((action) => action.title);
    for (const title of [
      'Disable provider-invalid for this line',
      'Disable provider-invalid for this file',
      'Show documentation for provider-invalid',
    ])
      assert.ok(titles.includes(title), `no "${title}" in ${JSON.stringify(titles)}`);
    const docs = actions.find((action) => action.title === 'Show documentation for provider-invalid')!;
    assert.equal(docs.command?.command, 'anyscaleAzure.showRuleDocumentation');
    assert.ok(
      String(docs.command?.arguments?.[0]).endsWith('docs/rules/provider-invalid.md'),
      JSON.stringify(docs.command?.arguments),
    );
    await closeMarkdownPreviews();
    await vscode.commands.executeCommand(docs.command!.command, ...(docs.command!.arguments ?? []));
    await waitFor(
      () => `the Markdown preview of provider-invalid.md to be the active tab (tabs: ${tabsSeen()})`,
      () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
        return (
          tab?.input instanceof vscode.TabInputWebview &&
          tab.input.viewType.endsWith('markdown.preview') &&
          tab.label === 'Preview provider-invalid.md'
        );
      },
    );
    const headings = await waitFor('the rule page rendered in the preview', async () => {
      const found = await texts('h1', true);
      return found.length > 0 && found;
    });
    assert.deepEqual(headings, ['provider-invalid'], 'the preview shows the provider-invalid page, and only it');

    const disable = actions.find((action) => action.title === 'Disable provider-invalid for this line')!;
    assert.ok(disable.edit && (await vscode.workspace.applyEdit(disable.edit)), 'the edit was not applied');
    const lines = editor.document.getText().split(/\r?\n/);
    const providerLine = lines.findIndex((line) => line.includes('"provider": "Aws"'));
    assert.equal(
      lines[providerLine - 1],
      '        // anyscale-azure-disable-next-line provider-invalid',
      "the comment goes above, with the line's indentation",
    );
    await waitFor(`provider-invalid to clear (have ${describe(uri)})`, () => !find(uri, 'provider-invalid'));
    assert.deepEqual(
      ours(uri).filter((d) => String(typeof d.code === 'object' ? d.code.value : d.code).startsWith('suppression-')),
      [],
      'the suppression is used',
    );
    // The comment is no error of VS Code's JSON language either: the template now holds one, so it is JSON with Comments.
    const documentOf = () => vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
    await waitFor(
      () => `disable-line.json to be opened as JSON with Comments (is ${documentOf()?.languageId})`,
      () => documentOf()?.languageId === 'jsonc',
    );
    await waitFor(
      () => `no "Comments are not permitted" diagnostic (have ${describe(uri)})`,
      () => !vscode.languages.getDiagnostics(uri).some((d) => /comments are not permitted/i.test(d.message)),
    );
  });

  test('a template switched to JSON with Comments is switched again when its tab is closed and it is opened again', async () => {
    // Written here and removed at the end: no Anyscale resource, so no other suite's counts see it.
    const uri = workspaceFile('reopened-with-comments.json');
    const template = [
      '{',
      '  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",',
      '  "contentVersion": "1.0.0.0",',
      '  // anyscale-azure-disable-next-line provider-invalid',
      '  "resources": []',
      '}',
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(template));
    const languageOf = () => vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
    try {
      for (const round of ['first opened', 'opened again']) {
        await vscode.window.showTextDocument(uri);
        await waitFor(
          () => `${round}, the template to be JSON with Comments (is ${languageOf()?.languageId}; tabs ${tabsSeen()})`,
          () => languageOf()?.languageId === 'jsonc',
        );
        // Closed as a user closes it: the tab goes, and with it VS Code's model of the file.
        await vscode.window.tabGroups.close(
          vscode.window.tabGroups.all
            .flatMap((group) => group.tabs)
            .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
        );
        await vscode.languages.setTextDocumentLanguage(
          languageOf() ?? (await vscode.workspace.openTextDocument(uri)),
          'json',
        );
      }
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });

  test('a .anyscale-azure.json written next to a template changes its levels; deleting it restores them', async () => {
    const editor = await openEditor('config-scope/template.json');
    const uri = editor.document.uri;
    const before = await waitFor(`provider-invalid (have ${describe(uri)})`, () => find(uri, 'provider-invalid'));
    assert.equal(before.severity, vscode.DiagnosticSeverity.Error);
    const config = workspaceFile('config-scope/.anyscale-azure.json');
    await vscode.workspace.fs.writeFile(
      config,
      Buffer.from('{\n  // the project\'s levels\n  "rules": { "provider-invalid": "warning" }\n}\n'),
    );
    try {
      await waitFor(
        `provider-invalid to become a warning (have ${describe(uri)})`,
        () => find(uri, 'provider-invalid')?.severity === vscode.DiagnosticSeverity.Warning,
        20000,
      );
    } finally {
      await vscode.workspace.fs.delete(config);
    }
    await waitFor(
      `provider-invalid to be an error again (have ${describe(uri)})`,
      () => find(uri, 'provider-invalid')?.severity === vscode.DiagnosticSeverity.Error,
      20000,
    );
  });
});
