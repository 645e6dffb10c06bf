// Completions and hover in a real VS Code: the completion provider answers inside "provider": "" of a template
// with the four providers, a property name with its documentation, and hover shows a property's docs. A snippet is
// found by typing its prefix, and names the cloud the template creates; no resource key shows twice beside VS
// Code's JSON list, and a key typed above a written one does not offer that one.
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

const DEPLOYMENT_TEMPLATE = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json';

/**
 * The part of Azure's deploymentTemplate schema VS Code's JSON list completes a resource's keys from (its
 * ARMResourceBase and resourceBase definitions, as published), given inline: the test machine has no network.
 */
const RESOURCE_BASE_SCHEMA = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    contentVersion: { type: 'string' },
    resources: {
      type: 'array',
      items: { allOf: [{ $ref: '#/definitions/ARMResourceBase' }, { $ref: '#/definitions/resourceBase' }] },
    },
  },
  definitions: {
    ARMResourceBase: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        type: { type: 'string' },
        condition: { type: 'boolean' },
        apiVersion: { type: 'string' },
        dependsOn: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'type'],
    },
    resourceBase: {
      properties: {
        location: { type: 'string' },
        tags: { type: 'object' },
        copy: { type: 'object' },
        comments: { type: 'string' },
      },
    },
  },
};

/**
 * A new untitled JSON document holding `content`, in the active editor. VS Code names untitled documents Untitled-1,
 * Untitled-2, … and reuses a name once its document is closed: a document opened before the extension host has heard
 * of the last one's closing may come back as that one, old text and all (CI Z, under load). closeUntitled waits for
 * the closing; the check here says so plainly if it happens anyway.
 */
async function openUntitled(content: string): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(
    await vscode.workspace.openTextDocument({ language: 'json', content }),
  );
  assert.strictEqual(editor.document.getText(), content, 'the new untitled document holds what it was opened with');
  return editor;
}

/** Closes an untitled editor of openUntitled without saving, and waits until the extension host knows it closed. */
async function closeUntitled(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await waitFor('the untitled document closed', () => editor.document.isClosed);
}

/**
 * At the end of the first line holding `marker`, types Enter and then `"` as a user types them (through the editor's
 * own `type`, so VS Code may close the quote); returns that line's number.
 */
async function typeNewKeyAfter(editor: vscode.TextEditor, marker: string): Promise<number> {
  const line = editor.document
    .getText()
    .split(/\r?\n/)
    .findIndex((l) => l.includes(marker));
  assert.ok(line >= 0, `"${marker}" not found`);
  // `type` types into the focused editor: wait until it is this one.
  await waitFor(
    'the template in the active editor',
    () => vscode.window.activeTextEditor?.document === editor.document,
  );
  const end = editor.document.lineAt(line).range.end;
  editor.selection = new vscode.Selection(end, end);
  await vscode.commands.executeCommand('type', { text: '\n' });
  await vscode.commands.executeCommand('type', { text: '"' });
  return line;
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
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
      '"',
    );
    const labels = list.items.map(labelOf);
    for (const provider of ['Azure', 'AWS', 'GCP', 'Generic'])
      assert.ok(labels.includes(provider), `${provider} in ${JSON.stringify(labels.slice(0, 20))}`);
    const azure = list.items.find((item) => labelOf(item) === 'Azure')!;
    assert.strictEqual(azure.detail, 'AKS');
    assert.strictEqual(azure.kind, vscode.CompletionItemKind.Value);
    const range = azure.range as vscode.Range | { inserting: vscode.Range; replacing: vscode.Range };
    const replacing = 'replacing' in range ? range.replacing : range;
    assert.strictEqual(
      editor.document.getText(replacing),
      '""',
      'the entry replaces the empty string, quotes included',
    );
  });

  test('a new property name in properties comes with its documentation', async () => {
    const editor = await openEditor(FILE, 'json');
    const position = positionOf(editor.document, '"properties": {', '"properties": {'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
    );
    const ours = list.items.filter((item) => labelOf(item) === 'cloudStorageBucketRegion');
    assert.strictEqual(ours.length, 1, JSON.stringify(list.items.map(labelOf).slice(0, 30)));
    const documentation = ours[0].documentation;
    const text = typeof documentation === 'string' ? documentation : (documentation?.value ?? '');
    assert.match(text, /Defaults to `region`/);
  });

  test('a snippet is found by typing its prefix: accepting the suggestion inserts it', async () => {
    const editor = await openUntitled('kuber');
    try {
      editor.selection = new vscode.Selection(0, 5, 0, 5);
      // The list as the user opens it after typing: VS Code filters it on the word typed, and Enter takes the first.
      await waitFor(
        () => `the KubeRay snippet inserted (have ${JSON.stringify(editor.document.getText().slice(0, 80))})`,
        async () => {
          await vscode.commands.executeCommand('editor.action.triggerSuggest');
          await new Promise((resolve) => setTimeout(resolve, 500));
          await vscode.commands.executeCommand('acceptSelectedSuggestion');
          return editor.document.getText().includes('"extensionType": "microsoft.kuberay"');
        },
      );
      assert.doesNotMatch(editor.document.getText(), /kuber\{|^kuber/, 'the typed prefix is replaced');
    } finally {
      await closeUntitled(editor);
    }
  });

  test("a cloud resource snippet in a template that creates a cloud names it and depends on the cloud's default", async () => {
    const cloud = {
      type: 'Anyscale.Platform/clouds',
      apiVersion: '2026-09-01',
      name: 'prod-cloud',
      location: 'uksouth',
    };
    const primary = {
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: 'prod-cloud/default',
      location: 'uksouth',
      dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'prod-cloud')]"],
      properties: { provider: 'Azure' },
    };
    const typed = 'anyscale-cloud-resource-aws';
    const text = JSON.stringify(
      { $schema: `${DEPLOYMENT_TEMPLATE}#`, contentVersion: '1.0.0.0', resources: [cloud, primary] },
      null,
      2,
    ).replace(/\}\n {2}\]\n\}$/, `},\n    ${typed}\n  ]\n}`);
    const editor = await openUntitled(text);
    try {
      const line = text.split('\n').findIndex((l) => l.trim() === typed);
      editor.selection = new vscode.Selection(line, 4 + typed.length, line, 4 + typed.length);
      await waitFor(
        () => `the AWS cloud resource snippet inserted (have ${JSON.stringify(editor.document.getText().slice(-400))})`,
        async () => {
          await vscode.commands.executeCommand('editor.action.triggerSuggest');
          await new Promise((resolve) => setTimeout(resolve, 500));
          await vscode.commands.executeCommand('acceptSelectedSuggestion');
          return editor.document.getText().includes('"provider": "AWS"');
        },
      );
      const inserted = editor.document.getText();
      assert.match(inserted, /"name": "prod-cloud\/eksuswest2"/);
      assert.match(
        inserted,
        /"dependsOn": \[\s*"\[resourceId\('Anyscale\.Platform\/clouds\/cloudResources', 'prod-cloud', 'default'\)\]"\s*\]/,
      );
    } finally {
      await closeUntitled(editor);
    }
  });

  test("no resource key shows twice beside VS Code's JSON list of the deploymentTemplate schema", async () => {
    const json = vscode.workspace.getConfiguration('json');
    await json.update(
      'schemas',
      [{ url: DEPLOYMENT_TEMPLATE, schema: RESOURCE_BASE_SCHEMA }],
      vscode.ConfigurationTarget.Workspace,
    );
    const template = {
      $schema: `${DEPLOYMENT_TEMPLATE}#`,
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'my-cloud/default',
          properties: { provider: 'Azure' },
        },
      ],
    };
    const text = JSON.stringify(template, null, 2).replace(
      '"name": "my-cloud/default",',
      '"name": "my-cloud/default",\n      ',
    );
    const editor = await openUntitled(text);
    try {
      const line = text.split('\n').findIndex((l) => l.includes('"name": "my-cloud/default"')) + 1;
      const position = new vscode.Position(line, 6);
      // Once the JSON list offers the schema's keys, each label must be there once.
      const labels = await waitFor('the JSON list offering location', async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          editor.document.uri,
          position,
        );
        const all = list.items.map(labelOf);
        return all.includes('location') && all;
      });
      for (const key of ['location', 'tags', 'dependsOn'])
        assert.strictEqual(labels.filter((l) => l === key).length, 1, `${key} once in ${JSON.stringify(labels)}`);
    } finally {
      await closeUntitled(editor);
      await json.update('schemas', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a key typed on a new line above a written one: that one is not offered again', async () => {
    const identity = '"anyscaleOperatorIamIdentity": "arn:aws:iam::123456789012:role/anyscale-operator-role"';
    const template = {
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'my-cloud/eks',
          location: 'uksouth',
          properties: { provider: 'AWS', computeStack: 'K8S', region: 'us-west-2', anyscaleOperatorIamIdentity: 'x' },
        },
      ],
    };
    const text = JSON.stringify(template, null, 2).replace('"anyscaleOperatorIamIdentity": "x"', identity);
    const editor = await openUntitled(text);
    try {
      // At the end of the line above the identity (VS Code closes the quote).
      const line = await typeNewKeyAfter(editor, '"region": "us-west-2"');
      const typed = editor.document.lineAt(line + 1).text;
      assert.match(typed, /^ +""?$/, `the typed line: ${JSON.stringify(typed)}`);
      assert.ok(editor.document.lineAt(line + 2).text.includes(identity));
      const labels = await waitFor('our property names at the typed key', async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          editor.document.uri,
          editor.selection.active,
          '"',
        );
        const all = list.items.map(labelOf);
        return all.includes('cloudStorageBucketName') && all;
      });
      assert.ok(!labels.includes('anyscaleOperatorIamIdentity'), JSON.stringify(labels));
    } finally {
      await closeUntitled(editor);
    }
  });

  test("a key typed above the provider gets that provider's requirements, not every provider's", async () => {
    const template = {
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'my-cloud/gke',
          location: 'uksouth',
          properties: { provider: 'GCP', computeStack: 'K8S' },
        },
      ],
    };
    const text = JSON.stringify(template, null, 2);
    const editor = await openUntitled(text);
    try {
      // At the end of the line that opens `properties`.
      const line = await typeNewKeyAfter(editor, '"properties": {');
      assert.ok(
        editor.document.lineAt(line + 2).text.includes('"provider": "GCP"'),
        editor.document
          .getText()
          .split('\n')
          .slice(line, line + 4)
          .join('\n'),
      );
      const region = await waitFor('region among the property names at the typed key', async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          editor.document.uri,
          editor.selection.active,
          '"',
        );
        return list.items.find((item) => labelOf(item) === 'region');
      });
      // Required for GCP; with the provider hidden, it was "required for AWS, GCP; should set for Azure, Generic".
      assert.equal(region.detail, 'required');
    } finally {
      await closeUntitled(editor);
    }
  });

  test('hovering a property name shows its documentation', async () => {
    const editor = await openEditor(FILE, 'json');
    const position = positionOf(editor.document, '"anyscaleOperatorIamIdentity"', 4);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      position,
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /properties\.anyscaleOperatorIamIdentity/);
    assert.match(text, /\*\*principal ID\*\*/);
    assert.match(text, /\*\*client ID\*\*/);
  });

  test('hovering a computeStack value says what it runs compute on, with the key and its source', async () => {
    const editor = await openEditor('cloudresource.json', 'json');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      positionOf(editor.document, '"K8S"', 2),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /`K8S`: the cloud resource runs its compute on \*\*Kubernetes\*\*/);
    assert.match(text, /\*\*properties\.computeStack\*\*/);
    assert.match(text, /\(https:\/\/learn\.microsoft\.com\/en-us\/azure\/anyscale-on-azure\/add-cloud-resource\)/);
  });
});
