// Parameter files in a real VS Code: with a template and its parameter file open, a value's mistake shows in the
// parameter file where it is written and in the template where it is used; fixing the value clears both.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, describe, find, openEditor, waitFor, workspaceFile } from './helpers';

suite('Parameter files in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('hovering an expression in the template shows its value from the parameter file', async () => {
    const editor = await openEditor('cloudresource.json');
    const line = [...Array(editor.document.lineCount).keys()].find((i) =>
      editor.document.lineAt(i).text.includes("[parameters('region')]"),
    )!;
    const character = editor.document.lineAt(line).text.indexOf("[parameters('region')]") + 3;
    let hovers: vscode.Hover[] = [];
    for (const deadline = Date.now() + 15000; hovers.length === 0 && Date.now() < deadline;) {
      hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        new vscode.Position(line, character),
      );
      if (hovers.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(hovers.length > 0, 'a hover from the language server');
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /Evaluates with cloudresource\.parameters\.aws\.json to `"us-west-2"`/);
  });

  test('the parameter file shows the error on its value line, the template on the line that uses it', async () => {
    await openEditor('cloudresource.json');
    const editor = await openEditor('cloudresource.parameters.aws.json');
    const parameters = workspaceFile('cloudresource.parameters.aws.json');
    const template = workspaceFile('cloudresource.json');
    const inParameters = await waitFor(`bucket-subpath in the parameter file (${describe(parameters)})`, () =>
      find(parameters, 'bucket-subpath'),
    );
    assert.strictEqual(inParameters.range.start.line, 9);
    assert.ok(
      inParameters.relatedInformation?.some((r) => r.location.uri.toString() === template.toString()),
      'points at the template',
    );
    const inTemplate = await waitFor(`bucket-subpath in the template (${describe(template)})`, () =>
      find(template, 'bucket-subpath'),
    );
    assert.strictEqual(inTemplate.range.start.line, 24);
    assert.match(inTemplate.message, /value from cloudresource\.parameters\.aws\.json/);

    const line = editor.document.lineAt(9).text;
    const start = line.indexOf('/prefix');
    assert.ok(start > 0, line);
    await editor.edit((edit) => edit.delete(new vscode.Range(9, start, 9, start + '/prefix'.length)));
    await waitFor('the parameter file to be clean of bucket-subpath', () => !find(parameters, 'bucket-subpath'));
    await waitFor('the template to be clean of bucket-subpath', () => !find(template, 'bucket-subpath'));
  });
});
