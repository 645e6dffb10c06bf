// Issue #14 in a real VS Code: a template with strings broken over lines is checked (one multi-line-string warning,
// and the rules run through it), and fix-all on save corrects a literal but never rewrites an expression.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, codeOf, describe, find, openEditor, ours, setFixAllOnSave, waitFor } from './helpers';

suite('No false alarm, no damage: real templates in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('a template with an expression broken over lines is checked: one multi-line-string warning, and the other rules run', async () => {
    const editor = await openEditor('multi-line.json');
    const uri = editor.document.uri;
    const stack = await waitFor(`compute-stack-invalid on multi-line.json (have ${describe(uri)})`, () =>
      find(uri, 'compute-stack-invalid'),
    );
    assert.equal(stack.severity, vscode.DiagnosticSeverity.Error);
    const multiLine = find(uri, 'multi-line-string');
    assert.ok(multiLine, describe(uri));
    assert.equal(multiLine.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(multiLine.range.start.line, 8);
    assert.match(multiLine.message, /Azure CLI or Azure PowerShell/);
    // Our checks did not pause for a syntax error: every diagnostic of ours carries a rule code.
    assert.deepEqual(
      ours(uri)
        .filter((d) => codeOf(d) === undefined)
        .map((d) => d.message),
      [],
    );
  });

  test('fix-all on save fixes the literal "aws" and leaves the expression that computes "azure" as it is', async () => {
    const editor = await openEditor('fix-keeps-expressions.json');
    const uri = editor.document.uri;
    const before = editor.document.getText();
    await waitFor(
      `two provider-invalid findings (have ${describe(uri)})`,
      () => ours(uri).filter((d) => codeOf(d) === 'provider-invalid').length === 2,
    );
    await setFixAllOnSave(editor.document, true);
    try {
      await editor.edit((edit) => edit.insert(new vscode.Position(0, 1), ' '));
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await waitFor(
        `the saved text to read "AWS" (text: ${editor.document
          .getText()
          .match(/"provider": "\w+"/g)
          ?.join(', ')})`,
        () => editor.document.getText().includes('"provider": "AWS"') && !editor.document.isDirty,
      );
      const after = editor.document.getText();
      assert.ok(after.includes(`"primaryProvider": "[toLower('AZURE')]"`), 'the expression was rewritten');
      assert.ok(
        after.includes(`"provider": "[variables('primaryProvider')]"`),
        'the use of the variable was rewritten',
      );
      assert.equal(after.replace('{ ', '{').replace('"provider": "AWS"', '"provider": "aws"'), before);
      // The expression's value is still reported, with the value it computes.
      const left = await waitFor(`one provider-invalid left (have ${describe(uri)})`, () => {
        const found = ours(uri).filter((d) => codeOf(d) === 'provider-invalid');
        return found.length === 1 ? found[0] : undefined;
      });
      assert.match(left.message, /"azure"/);
    } finally {
      await setFixAllOnSave(editor.document, false);
    }
  });
});
