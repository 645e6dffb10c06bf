// Completions and hover for operator values and Gateway manifests in a real VS Code, through VS Code's own
// provider commands: chart keys with their documentation in a values file, the enum values of a key, the Azure
// HTTPS hostnames in a Gateway listener, and the catalog's meaning of a key on hover.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, openEditor, waitFor } from './helpers';

const documentation = (item: vscode.CompletionItem) =>
  typeof item.documentation === 'string' ? item.documentation : (item.documentation?.value ?? '');
const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

/** The completion list at a position, once the language server answers with entries. */
async function completionsAt(
  document: vscode.TextDocument,
  position: vscode.Position,
  what: string,
): Promise<vscode.CompletionItem[]> {
  let items: vscode.CompletionItem[] = [];
  await waitFor(what, async () => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
    );
    items = list.items;
    return items.length > 0;
  });
  return items;
}

function lineOf(document: vscode.TextDocument, text: string): number {
  for (let line = 0; line < document.lineCount; line++) if (document.lineAt(line).text.includes(text)) return line;
  assert.fail(`no line with ${text} in ${document.uri.toString()}`);
}

suite('YAML editing in a real VS Code: completions and hover', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('in a values file, the keys of global come with their docs; keys already written are left out', async () => {
    const editor = await openEditor('editing-values.yaml', 'yaml');
    const document = editor.document;
    const blank = lineOf(document, 'cloudProvider') + 1;
    assert.equal(document.lineAt(blank).text, '  ', 'the fixture has an indented blank line under global');
    const items = await completionsAt(document, new vscode.Position(blank, 2), 'completions under global');
    const labels = items.map(labelOf);
    const url = items.find((item) => labelOf(item) === 'controlPlaneURL');
    assert.ok(url, `no controlPlaneURL among ${JSON.stringify(labels)}`);
    assert.equal(url.kind, vscode.CompletionItemKind.Property);
    assert.match(documentation(url), /https:\/\/console\.azure\.anyscale\.com/);
    assert.ok(labels.includes('auth'), JSON.stringify(labels));
    assert.ok(
      !labels.includes('cloudProvider') && !labels.includes('cloudDeploymentId'),
      `written keys offered: ${JSON.stringify(labels)}`,
    );
  });

  test('the value of global.cloudProvider: the four lowercase providers', async () => {
    const editor = await openEditor('editing-values.yaml', 'yaml');
    const line = lineOf(editor.document, 'cloudProvider');
    const items = await completionsAt(
      editor.document,
      new vscode.Position(line, editor.document.lineAt(line).text.length),
      'cloudProvider values',
    );
    assert.deepEqual(items.map(labelOf).sort(), ['aws', 'azure', 'gcp', 'generic']);
  });

  test('a Gateway listener hostname offers the two Anyscale on Azure hostnames', async () => {
    const editor = await openEditor('gateway.yaml', 'yaml');
    const line = lineOf(editor.document, 'hostname:');
    const character = editor.document.lineAt(line).text.indexOf("'") + 1;
    const items = await completionsAt(editor.document, new vscode.Position(line, character), 'hostname values');
    assert.deepEqual(items.map(labelOf), ['*.i.azure.anyscaleuserdata.com', '*.s.azure.anyscaleuserdata.com']);
  });

  test("hovering a key shows the chart catalog's meaning, allowed values and source", async () => {
    const editor = await openEditor('editing-values.yaml', 'yaml');
    const line = lineOf(editor.document, 'cloudProvider');
    const position = new vscode.Position(line, editor.document.lineAt(line).text.indexOf('cloudProvider') + 3);
    const markdown = await waitFor('a hover on cloudProvider', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        position,
      );
      const text = hovers
        .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
        .join('\n');
      return text.includes('global.cloudProvider') ? text : undefined;
    });
    assert.match(markdown, /drives the workload identity annotations/);
    assert.match(markdown, /Allowed: `aws`, `gcp`, `azure`, `generic`/);
    assert.match(markdown, /helm-charts/);
  });
});
