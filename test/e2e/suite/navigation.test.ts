// Go to definition, find references and rename in a real VS Code, through its own commands, across a template and
// its parameter file, and for a YAML anchor in operator values: the language server's answers as the workbench sees
// them.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, openEditor, waitFor, workspaceFile } from './helpers';

/** The position `delta` characters into the first line holding `needle`. */
function positionOf(document: vscode.TextDocument, needle: string, delta: number): vscode.Position {
  const line = [...Array(document.lineCount).keys()].find((i) => document.lineAt(i).text.includes(needle));
  assert.ok(line !== undefined, `${needle} not in ${document.uri.fsPath}`);
  return new vscode.Position(line, document.lineAt(line).text.indexOf(needle) + delta);
}

const targetOf = (location: vscode.Location | vscode.LocationLink) =>
  'targetUri' in location ? { uri: location.targetUri, range: location.targetRange } : location;

suite('Navigation in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('definition of parameters() lands on the declaration; from the parameter file too', async () => {
    const template = await openEditor('navigation.json');
    const at = positionOf(template.document, "'STORAGENAME'", 3);
    // The language server may still be starting: ask until it answers.
    let definitions: (vscode.Location | vscode.LocationLink)[] = [];
    for (const deadline = Date.now() + 15000; definitions.length === 0 && Date.now() < deadline;) {
      definitions = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
        'vscode.executeDefinitionProvider',
        template.document.uri,
        at,
      );
      if (definitions.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(definitions.length > 0, 'a definition from the language server');
    const target = targetOf(definitions[0]);
    assert.strictEqual(target.uri.toString(), workspaceFile('navigation.json').toString());
    assert.strictEqual(template.document.getText(target.range), 'storageName');

    const parameters = await openEditor('navigation.parameters.dev.json');
    const fromFile = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      parameters.document.uri,
      positionOf(parameters.document, '"StorageName"', 3),
    );
    assert.strictEqual(targetOf(fromFile[0]).uri.toString(), workspaceFile('navigation.json').toString());
  });

  test('references include the parameter file', async () => {
    const template = await openEditor('navigation.json');
    const found = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider',
      template.document.uri,
      positionOf(template.document, '"storageName"', 3),
    );
    const files = found.map((l) => `${l.uri.path.split('/').pop()}:${l.range.start.line}`).sort();
    assert.deepStrictEqual(
      files,
      ['navigation.json:17', 'navigation.json:4', 'navigation.json:7', 'navigation.parameters.dev.json:4'].sort(),
    );
  });

  test('rename changes the template and the parameter file together', async () => {
    const template = await openEditor('navigation.json');
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      template.document.uri,
      positionOf(template.document, "'storageName'", 3),
      'accountPrefix',
    );
    const entries = edit
      .entries()
      .map(([uri, edits]) => [uri.path.split('/').pop(), edits.length, [...new Set(edits.map((e) => e.newText))]]);
    assert.deepStrictEqual(entries.sort(), [
      ['navigation.json', 3, ['accountPrefix']],
      ['navigation.parameters.dev.json', 1, ['accountPrefix']],
    ]);
  });

  test('rename of a YAML anchor in a values file changes it and its aliases, not a redefinition or a string', async () => {
    const values = (url: string) =>
      [
        'global:',
        '  cloudProvider: azure',
        `  controlPlaneURL: &${url} https://console.azure.anyscale.com`,
        `  note: "*url" # and *url`,
        'operator:',
        `  controlPlaneURL: *${url}`,
        `  copy: {url: *${url}}`,
        'workloads:',
        '  url: &url https://example.com',
        '  again: *url',
        '',
      ].join('\n');
    // Untitled: a values file in the workspace folder would be listed in the Cloud Resources view other suites read.
    const document = await vscode.workspace.openTextDocument({ language: 'yaml', content: values('url') });
    await vscode.window.showTextDocument(document);
    try {
      const position = positionOf(document, '&url', 2);
      let failure = '';
      // The language server may still be starting, or analysing the document: ask until it answers.
      const edit = await waitFor(
        () => `a rename from the language server (last: ${failure || 'no edit'})`,
        async () => {
          try {
            const answer = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>(
              'vscode.executeDocumentRenameProvider',
              document.uri,
              position,
              'console',
            );
            return answer && answer.size > 0 ? answer : undefined;
          } catch (error) {
            failure = String(error);
            return undefined;
          }
        },
      );
      assert.ok(await vscode.workspace.applyEdit(edit), 'the workbench applied the rename');
      assert.strictEqual(document.getText(), values('console'));
    } finally {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await waitFor('the untitled document closed', () => document.isClosed);
    }
  });
});
