// Completions and hover in a real VS Code: the completion provider answers inside "provider": "" of a template
// with the four providers, a property name with its documentation, and hover shows a property's docs.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, find, openEditor, waitFor, workspaceFile } from './helpers';

const FILE = 'completion-template.json';

/** The position `into` characters into the first line of the document that contains `needle`. */
function positionOf(document: vscode.TextDocument, needle: string, into: number): vscode.Position {
  const line = [...Array(document.lineCount).keys()].find((i) => document.lineAt(i).text.includes(needle));
  assert.ok(line !== undefined, `${needle} is in ${FILE}`);
  return new vscode.Position(line, document.lineAt(line).text.indexOf(needle) + into);
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

suite('Completions and hover in a real VS Code', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('inside "provider": "" the completion list offers the four providers', async () => {
    const editor = await openEditor(FILE, 'json');
    // Our server has seen the document once it published its diagnostics.
    await waitFor('diagnostics of the template', () => find(workspaceFile(FILE), 'compute-stack-invalid'));
    const position = positionOf(editor.document, '"provider": ""', 13);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position, '"');
    const labels = list.items.map(labelOf);
    for (const provider of ['Azure', 'AWS', 'GCP', 'Generic']) assert.ok(labels.includes(provider), `${provider} in ${JSON.stringify(labels.slice(0, 20))}`);
    const azure = list.items.find((item) => labelOf(item) === 'Azure')!;
    assert.strictEqual(azure.detail, 'AKS');
    assert.strictEqual(azure.kind, vscode.CompletionItemKind.Value);
    const range = azure.range as vscode.Range | { inserting: vscode.Range; replacing: vscode.Range };
    const replacing = 'replacing' in range ? range.replacing : range;
    assert.strictEqual(editor.document.getText(replacing), '""', 'the entry replaces the empty string, quotes included');
  });

  test('a new property name in properties comes with its documentation', async () => {
    const editor = await openEditor(FILE, 'json');
    const position = positionOf(editor.document, '"properties": {', '"properties": {'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position);
    const ours = list.items.filter((item) => labelOf(item) === 'cloudStorageBucketRegion');
    assert.strictEqual(ours.length, 1, JSON.stringify(list.items.map(labelOf).slice(0, 30)));
    const documentation = ours[0].documentation;
    const text = typeof documentation === 'string' ? documentation : documentation?.value ?? '';
    assert.match(text, /Defaults to `region`/);
  });

  test('hovering a property name shows its documentation', async () => {
    const editor = await openEditor(FILE, 'json');
    const position = positionOf(editor.document, '"anyscaleOperatorIamIdentity"', 4);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /properties\.anyscaleOperatorIamIdentity/);
    assert.match(text, /\*\*principal ID\*\*/);
    assert.match(text, /\*\*client ID\*\*/);
  });
});
