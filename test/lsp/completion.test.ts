// Protocol tier: completion and hover from the bundled language server over stdio, as an editor asks for them.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  CompletionRequest,
  CompletionItemKind,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InsertTextFormat,
  type CompletionItem,
  type CompletionList,
  type MarkupContent,
  type Position,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { startServer, type LspServer } from '../support/lspServer';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/default",
      "location": "uksouth",
      "properties": {
        "provider": "",
        "computeStack": "K8s",
        "region": "uksouth",
        "cloudStorageBucketName": "abfss://data@acct.dfs.core.windows.net",
        "cloudStorageBucketEndpoint": "https://acct.blob.core.windows.net",
        "anyscaleOperatorIamIdentity": "11111111-2222-3333-4444-555555555555"
      }
    }
  ]
}`;
const URI = 'file:///workspace/completion-template.json';
const lines = TEMPLATE.split('\n');

let server: LspServer;

/** The position `into` characters into the first line containing `needle`. */
function at(needle: string, into: number): Position {
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  return { line, character: lines[line].indexOf(needle) + into };
}

async function complete(uri: string, position: Position): Promise<CompletionItem[]> {
  const result = await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
  assert.ok(result, 'a completion result');
  return Array.isArray(result) ? result : (result as CompletionList).items;
}

before(async () => {
  server = await startServer({
    settings: {},
    initializationOptions: { docsBaseUri: 'https://docs.example.test/rules' },
  });
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: 'json', version: 1, text: TEMPLATE },
  });
  await server.diagnosticsFor(URI, (p) => p.diagnostics.length > 0);
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('initialize announces completion with its trigger characters', () => {
  const provider = server.initializeResult.capabilities.completionProvider;
  assert.ok(provider);
  for (const character of ['"', "'", ':', '(']) assert.ok(provider.triggerCharacters?.includes(character), character);
  assert.ok(server.initializeResult.capabilities.hoverProvider);
});

test('inside "provider": "" the four providers replace the empty string', async () => {
  const position = at('"provider": ""', 13);
  const items = await complete(URI, position);
  assert.deepEqual(
    items.map((i) => i.label),
    ['Azure', 'AWS', 'GCP', 'Generic'],
  );
  const azure = items[0];
  assert.equal(azure.kind, CompletionItemKind.Value);
  assert.equal(azure.detail, 'AKS');
  const edit = azure.textEdit as TextEdit;
  assert.equal(edit.newText, '"Azure"');
  assert.deepEqual(edit.range, {
    start: { line: position.line, character: position.character - 1 },
    end: { line: position.line, character: position.character + 1 },
  });
  assert.equal(azure.filterText, '"Azure"');
});

/** The text after the editor accepts the item at the position: its edit (else its text inserted there), a snippet's tab stops filled with `"x"`. */
function accepted(text: string, position: Position, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit | undefined;
  const range = edit?.range ?? { start: position, end: position };
  const offsetOf = (p: Position) =>
    text.split('\n').slice(0, p.line).join('\n').length + (p.line > 0 ? 1 : 0) + p.character;
  const newText = edit?.newText ?? item.insertText ?? item.label;
  const inserted = item.insertTextFormat === InsertTextFormat.Snippet ? newText.replace(/\$\d/g, '"x"') : newText;
  return text.slice(0, offsetOf(range.start)) + inserted + text.slice(offsetOf(range.end));
}

test('a value or key accepted anywhere around a written value leaves valid JSON, the chosen value once', async () => {
  // | is the cursor; `""` the same positions on an empty value.
  const positions = [
    '"computeStack": |"K8s"',
    '"computeStack": "K|8s"',
    '"computeStack": "K8s"|',
    '|"computeStack": "K8s"',
    '"computeStack": | "K8s"',
    '"computeStack": |""',
    '"computeStack": "|"',
    '"computeStack": ""|',
    '|"computeStack": ""',
  ];
  for (const [index, marked] of positions.entries()) {
    const written = marked.replace('|', '');
    const text = TEMPLATE.replace('"provider": "",', '"provider": "Azure",').replace('"computeStack": "K8s"', written);
    const uri = `file:///workspace/completion-around-value-${index}.json`;
    const line = text.split('\n').findIndex((l) => l.includes('"computeStack"'));
    const position = { line, character: text.split('\n')[line].indexOf('"computeStack"') + marked.indexOf('|') };
    const items = await openAndComplete(uri, 'json', text, position);
    for (const item of items) {
      const result = accepted(text, position, item);
      let parsed: { resources: { properties: Record<string, string> }[] };
      try {
        parsed = JSON.parse(result) as typeof parsed;
      } catch {
        assert.fail(`${marked}, ${item.label}: invalid JSON\n${result.split('\n')[line]}`);
      }
      if (item.kind === CompletionItemKind.Value) {
        assert.equal(parsed.resources[0].properties.computeStack, item.label, `${marked}: the chosen value`);
        assert.equal(result.split(JSON.stringify(item.label)).length, 2, `${marked}: ${item.label} once`);
      }
    }
    if (!marked.startsWith('|') && !marked.includes('| '))
      assert.ok(
        items.some((item) => item.label === 'K8S'),
        `${marked}: K8S offered, ${JSON.stringify(items.map((i) => i.label))}`,
      );
  }
});

test('a client that takes a default edit range (as VS Code does) gets the range once, and the same edits', async () => {
  const vscodeLike = await startServer({
    settings: {},
    capabilities: {
      workspace: { configuration: true },
      textDocument: { completion: { completionList: { itemDefaults: ['commitCharacters', 'editRange', 'data'] } } },
    },
  });
  try {
    await vscodeLike.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: URI, languageId: 'json', version: 1, text: TEMPLATE },
    });
    const position = at('"provider": ""', 13);
    const list = (await vscodeLike.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: URI },
      position,
    })) as CompletionList;
    assert.ok(list.itemDefaults?.editRange, `a list with a default range: ${JSON.stringify(list).slice(0, 200)}`);
    assert.ok(list.items.every((item) => item.textEdit === undefined));
    // Each item's edit, as the client makes it from the default: the same as the edits sent item by item.
    const applied = list.items.map((item) => ({
      range: list.itemDefaults!.editRange,
      newText: item.textEditText ?? item.label,
    }));
    const itemByItem = (await complete(URI, position)).map((item) => item.textEdit);
    assert.deepEqual(applied, itemByItem);
  } finally {
    assert.equal(await vscodeLike.stop(), 0);
  }
});

test('a property name is a snippet that re-opens the suggestions for its value', async () => {
  const text = TEMPLATE.replace('"provider": "",', '"provider": "AWS",\n        "",');
  const uri = 'file:///workspace/completion-keys.json';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.trim() === '"",');
  const items = await complete(uri, { line, character: 9 });
  // provider, computeStack, region, the bucket, its endpoint and the identity are written: only the bucket region is left.
  assert.deepEqual(
    items.map((i) => i.label),
    ['cloudStorageBucketRegion'],
  );
  const [item] = items;
  assert.equal(item.kind, CompletionItemKind.Property);
  assert.equal(item.insertTextFormat, InsertTextFormat.Snippet);
  // As VS Code's JSON list inserts a key with values to pick: the cursor where the value goes, the list reopened.
  assert.equal((item.textEdit as TextEdit).newText, '"cloudStorageBucketRegion": $1');
  assert.equal(item.command?.command, 'editor.action.triggerSuggest');
  assert.match((item.documentation as MarkupContent).value, /Defaults to `region`/);
  // The reopened list: the provider's (AWS) regions, each inserted as a JSON string.
  const inserted = text.replace('        "",', '        "cloudStorageBucketRegion": ,');
  const valueLine = inserted.split('\n').findIndex((l) => l.includes('"cloudStorageBucketRegion": ,'));
  const values = await openAndComplete('file:///workspace/completion-key-value.json', 'json', inserted, {
    line: valueLine,
    character: 36,
  });
  const region = values.find((i) => i.label === 'us-west-2');
  assert.ok(region, JSON.stringify(values.map((i) => i.label).slice(0, 10)));
  assert.equal(region.textEdit?.newText ?? region.insertText, '"us-west-2"');
});

test('a key typed on a new line above a written one: that one is not offered, whether its string is closed or not', async () => {
  // As in the editor: the template open, then `"` typed (or `""`, as VS Code closes the quote) on a new line inside
  // `properties`, just above the identity. The parser's recovery skips the key after a key without a colon.
  const uri = 'file:///workspace/completion-typed-key.json';
  const text = TEMPLATE.replace('"provider": "",', '"provider": "AWS",');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"anyscaleOperatorIamIdentity"'));
  let version = 1;
  /** Replaces the `lines` lines from the identity's line on with `newText`, then completes after its first quote. */
  const typeAndComplete = async (lines: number, newText: string) => {
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version },
      contentChanges: [
        { range: { start: { line, character: 0 }, end: { line: line + lines, character: 0 } }, text: newText },
      ],
    });
    // In the order the editor shows them.
    const items = (await complete(uri, { line, character: 9 })).sort((a, b) =>
      (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label),
    );
    return items.map((i) => [i.label, i.detail]);
  };
  const onlyBucketRegion = [['cloudStorageBucketRegion', 'optional']];
  assert.deepEqual(await typeAndComplete(0, '        "\n'), onlyBucketRegion, 'an unclosed string');
  assert.deepEqual(await typeAndComplete(1, '        ""\n'), onlyBucketRegion, 'an empty string, no colon');
  assert.deepEqual(await typeAndComplete(1, '        "": "",\n'), onlyBucketRegion, 'a whole property');
  // The unclosed string in place of the identity's line: now the identity is offered, required for AWS, first.
  assert.deepEqual(await typeAndComplete(2, '        "\n'), [
    ['anyscaleOperatorIamIdentity', 'required'],
    ['cloudStorageBucketRegion', 'optional'],
  ]);
});

test("a key typed above the provider: its provider's requirements; an expression hidden by it that reads an undeclared parameter: per provider, saying why", async () => {
  // As in the editor: `"` typed on a new line at the top of `properties`, above the provider. The parser's recovery
  // skips the provider written below; the text still has it.
  const uri = 'file:///workspace/completion-typed-above-provider.json';
  const text = TEMPLATE.replace('"provider": "",', '"provider": "GCP",').replace(/\n *"region": "uksouth",/, '');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"provider"'));
  let version = 1;
  /** Inserts a new line `typed` above the provider (replacing the last one typed), sets the provider, completes. */
  const region = async (provider: string) => {
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version },
      contentChanges: [
        {
          range: { start: { line, character: 0 }, end: { line: line + (version > 2 ? 2 : 1), character: 0 } },
          text: `        "\n        "provider": ${provider},\n`,
        },
      ],
    });
    const item = (await complete(uri, { line, character: 9 })).find((i) => i.label === 'region');
    assert.ok(item, `region offered with provider ${provider}`);
    return { detail: item.detail, documentation: (item.documentation as MarkupContent).value };
  };
  const gcp = await region('"GCP"');
  assert.equal(gcp.detail, 'required');
  assert.match(gcp.documentation, /^Required for GCP\./m);
  const expression = await region(`"[parameters('provider')]"`);
  assert.equal(expression.detail, 'required for AWS, GCP; should set for Azure, Generic');
  assert.match(
    expression.documentation,
    /^Required for AWS, GCP; should be set for Azure, Generic\. The provider is not known: `provider` is an expression whose value cannot be known here\./m,
  );
});

test('a key typed above a provider expression that reads a parameter declared before it: the provider it evaluates to', async () => {
  const uri = 'file:///workspace/completion-typed-above-provider-expression.json';
  const text = TEMPLATE.replace(
    '"contentVersion": "1.0.0.0",',
    '"contentVersion": "1.0.0.0",\n  "parameters": { "provider": { "type": "string", "defaultValue": "AWS" } },',
  ).replace(/\n *"region": "uksouth",/, '');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"provider": ""'));
  // As in the editor: `"` typed on a new line above the provider, which the parser's recovery then skips.
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      {
        range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } },
        text: `        "\n        "provider": "[parameters('provider')]",\n`,
      },
    ],
  });
  const item = (await complete(uri, { line, character: 9 })).find((i) => i.label === 'region');
  assert.ok(item, 'region offered');
  assert.equal(item.detail, 'required');
  assert.match((item.documentation as MarkupContent).value, /^Required for AWS\./m);
});

test('a key typed without its colon below a provider expression: the provider it evaluates to, as with the colon', async () => {
  // As in the editor: `"re` typed on a new line below the provider. The JSON has an error from there on; the
  // expression above it and the parameter it reads were parsed before it.
  const uri = 'file:///workspace/completion-typed-below-expression.json';
  const text = TEMPLATE.replace('"provider": "",', `"provider": "[parameters('provider')]",`)
    .replace(
      '"contentVersion": "1.0.0.0",',
      '"contentVersion": "1.0.0.0",\n  "parameters": { "provider": { "type": "string", "defaultValue": "GCP" } },',
    )
    .replace(/\n *"region": "uksouth",/, '');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"provider": "[parameters'));
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      {
        range: { start: { line: line + 1, character: 0 }, end: { line: line + 1, character: 0 } },
        text: '        "re\n',
      },
    ],
  });
  const region = (await complete(uri, { line: line + 1, character: 11 })).find((i) => i.label === 'region');
  assert.ok(region, 'region offered');
  assert.equal(region.detail, 'required');
  assert.match((region.documentation as MarkupContent).value, /^Required for GCP\./m);
});

test("the resource keys VS Code's JSON list offers from the deploymentTemplate schema are not offered twice", async () => {
  const text = TEMPLATE.replace('      "location": "uksouth",\n', '      \n');
  const line = text.split('\n').findIndex((l) => l.includes('"name": "my-cloud/default"')) + 1;
  const keys = ['name', 'type', 'apiVersion', 'location', 'tags', 'dependsOn'];
  const withSchema = await openAndComplete('file:///workspace/keys-schema.json', 'json', text, { line, character: 6 });
  assert.deepEqual(
    withSchema.filter((i) => keys.includes(i.label)).map((i) => i.label),
    [],
  );
  // Without that $schema no JSON list offers them: ours do, required first.
  const without = await openAndComplete(
    'file:///workspace/keys-no-schema.json',
    'json',
    text.replace(/ {2}"\$schema": .*\n/, ''),
    { line: line - 1, character: 6 },
  );
  assert.deepEqual(
    without.map((i) => i.label),
    ['location', 'tags', 'dependsOn'],
  );
});

test('between resources, the snippets are offered as snippets', async () => {
  const text = TEMPLATE.replace('  "resources": [\n', '  "resources": [\n    \n');
  const uri = 'file:///workspace/completion-snippets.json';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"resources": [')) + 1;
  const items = await complete(uri, { line, character: 4 });
  const azure = items.find((i) => i.label === 'Anyscale cloud resource (Azure)');
  assert.ok(azure, JSON.stringify(items.map((i) => i.label)));
  assert.equal(azure.kind, CompletionItemKind.Snippet);
  assert.equal(azure.insertTextFormat, InsertTextFormat.Snippet);
  assert.match(azure.insertText ?? '', /"provider": "Azure"[\s\S]*\$\{6\}\.blob\.core\.windows\.net/);
  assert.match(azure.insertText ?? '', /\},$/, 'a comma before the resource that follows');
});

test("a template that creates a cloud: a cloud resource snippet names it and depends on the cloud's last cloud resource", async () => {
  const cloud =
    '{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "prod-cloud", "location": "uksouth", "properties": {} },\n    ';
  const text = TEMPLATE.replace('  "resources": [\n', `  "resources": [\n    ${cloud}\n`).replace(
    '"name": "my-cloud/default",',
    `"name": "prod-cloud/default",\n      "dependsOn": ["[resourceId('Anyscale.Platform/clouds', 'prod-cloud')]"],`,
  );
  const uri = 'file:///workspace/completion-snippets-cloud.json';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"resources": [')) + 2;
  const items = await complete(uri, { line, character: 4 });
  const aws = items.find((i) => i.label === 'Anyscale cloud resource (AWS)');
  assert.ok(aws, JSON.stringify(items.map((i) => i.label)));
  assert.match(
    aws.insertText ?? '',
    /"name": "\$\{1:prod-cloud\}\/\$\{2:eksuswest2\}",[\s\S]*"dependsOn": \[\n\t+"\[resourceId\('Anyscale\.Platform\/clouds\/cloudResources', 'prod-cloud', 'default'\)\]"\n\t+\],/,
  );
});

test("location values preselect the location of the cloud resource's own cloud, also right after an edit of its name", async () => {
  const clouds = [
    '{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "first-cloud", "location": "eastus", "properties": {} },',
    '{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "second-cloud", "location": "swedencentral", "properties": {} },',
  ];
  const text = TEMPLATE.replace('  "resources": [\n', `  "resources": [\n    ${clouds.join('\n    ')}\n`)
    .replace('"name": "my-cloud/default"', '"name": "second-cloud/default"')
    .replace('"location": "uksouth"', '"location": ""');
  const uri = 'file:///workspace/completion-location-cloud.json';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const textLines = text.split('\n');
  const locationLine = textLines.findIndex((l) => l.includes('"location": ""'));
  const inLocation = { line: locationLine, character: textLines[locationLine].indexOf('""') + 1 };
  const preselected = async () =>
    (await complete(uri, inLocation)).filter((item) => item.preselect).map((item) => item.label);
  assert.deepEqual(await preselected(), ['swedencentral']);
  const nameLine = textLines.findIndex((l) => l.includes('"second-cloud/default"'));
  const start = textLines[nameLine].indexOf('second');
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      {
        range: { start: { line: nameLine, character: start }, end: { line: nameLine, character: start + 6 } },
        text: 'first',
      },
    ],
  });
  assert.deepEqual(await preselected(), ['eastus']);
});

test('a template that creates a cloud and one project of it: the project snippet depends on the cloud, a job names the project and depends on it', async () => {
  const cloud =
    '{ "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "prod-cloud", "location": "uksouth", "properties": {} },\n    ';
  const project =
    '{ "type": "Anyscale.Platform/clouds/projects", "apiVersion": "2026-09-01", "name": "prod-cloud/ml", "properties": {} },\n    ';
  const text = TEMPLATE.replace('  "resources": [\n', `  "resources": [\n    ${cloud}${project}\n`).replace(
    '"name": "my-cloud/default",',
    `"name": "prod-cloud/default",\n      "dependsOn": ["[resourceId('Anyscale.Platform/clouds', 'prod-cloud')]"],`,
  );
  const uri = 'file:///workspace/completion-snippets-project.json';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('"resources": [')) + 3;
  const items = await complete(uri, { line, character: 4 });
  const labels = JSON.stringify(items.map((i) => i.label));
  const newProject = items.find((i) => i.filterText === 'anyscale-project');
  assert.ok(newProject, labels);
  assert.equal(newProject.kind, CompletionItemKind.Snippet);
  assert.match(
    newProject.insertText ?? '',
    /"type": "Anyscale\.Platform\/clouds\/projects",[\s\S]*"name": "\$\{1:prod-cloud\}\/\$\{2:my-project\}",\n\t+"dependsOn": \[\n\t+"\[resourceId\('Anyscale\.Platform\/clouds', 'prod-cloud'\)\]"\n\t+\],\n\t+"properties": \{\}/,
  );
  const job = items.find((i) => i.filterText === 'anyscale-job');
  assert.ok(job, labels);
  assert.match(
    job.insertText ?? '',
    /"name": "\$\{1:prod-cloud\}\/\$\{2:ml\}\/\$\{3:my-job\}",\n\t+"dependsOn": \[\n\t+"\[resourceId\('Anyscale\.Platform\/clouds\/cloudResources', 'prod-cloud', 'default'\)\]",\n\t+"\[resourceId\('Anyscale\.Platform\/clouds\/projects', 'prod-cloud', 'ml'\)\]"\n\t+\],/,
  );
});

test('hover on a property name shows its documentation', async () => {
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: URI },
    position: at('"region"', 3),
  });
  assert.ok(hover);
  const value = (hover.contents as MarkupContent).value;
  assert.match(value, /\*\*properties\.region\*\*/);
  assert.match(value, /Can't be changed after creation/);
  assert.deepEqual(hover.range, { start: at('"region"', 0), end: at('"region"', 8) });
});

test('hover on a diagnostic shows the rule title and its docs link', async () => {
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: URI },
    position: at('"K8s"', 2),
  });
  assert.ok(hover);
  assert.match(
    (hover.contents as MarkupContent).value,
    /`compute-stack-invalid`: .+\[documentation\]\(https:\/\/docs\.example\.test\/rules\/compute-stack-invalid\.md\)/,
  );
});

test('YAML documents get YAML completions, not template snippets', async () => {
  const uri = 'file:///workspace/values.yaml';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text: '' },
  });
  const items = await complete(uri, { line: 0, character: 0 });
  assert.ok(
    !items.some((i) => i.label.startsWith('Anyscale cloud resource')),
    JSON.stringify(items.map((i) => i.label)),
  );
});

/** What VS Code keeps of a list as the user types: the items whose filter text (else label) starts with the word typed. */
function typedFinds(items: CompletionItem[], typed: string): CompletionItem[] {
  return items.filter((i) => (i.filterText ?? i.label).toLowerCase().startsWith(typed.toLowerCase()));
}

async function openAndComplete(
  uri: string,
  languageId: string,
  text: string,
  position: Position,
): Promise<CompletionItem[]> {
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
  return complete(uri, position);
}

test('a snippet is found by typing its prefix: in an empty JSON document, in the resources array, in an empty YAML document', async () => {
  const empty = await openAndComplete('file:///workspace/prefix-empty.json', 'json', 'anyscale-clo', {
    line: 0,
    character: 12,
  });
  const cloud = typedFinds(empty, 'anyscale-clo').find((i) => i.filterText === 'anyscale-cloud');
  assert.ok(cloud, JSON.stringify(empty.map((i) => [i.label, i.filterText])));
  assert.equal(cloud.label, 'Anyscale cloud + default cloud resource');
  // The typed word is replaced by the whole template.
  assert.deepEqual((cloud.textEdit as TextEdit).range, {
    start: { line: 0, character: 0 },
    end: { line: 0, character: 12 },
  });
  assert.match((cloud.textEdit as TextEdit).newText, /^\{\n\t"\\\$schema"/);

  const text = TEMPLATE.replace('  "resources": [\n', '  "resources": [\n    kuber\n');
  const line = text.split('\n').findIndex((l) => l.includes('"resources": [')) + 1;
  const inArray = await openAndComplete('file:///workspace/prefix-array.json', 'json', text, { line, character: 9 });
  const [kuberay] = typedFinds(inArray, 'kuber');
  assert.ok(kuberay, JSON.stringify(inArray.map((i) => [i.label, i.filterText])));
  assert.equal(kuberay.filterText, 'kuberay');
  assert.deepEqual((kuberay.textEdit as TextEdit).range, {
    start: { line, character: 4 },
    end: { line, character: 9 },
  });
  assert.match(
    (kuberay.textEdit as TextEdit).newText,
    /^\{[\s\S]*microsoft\.kuberay[\s\S]*\},$/,
    'a comma before the resource that follows',
  );
  assert.ok(
    typedFinds(inArray, 'anyscale-cloud-res').some(
      (i) => i.label === 'Anyscale cloud resource (Azure)' && i.filterText === 'anyscale-cloud-resource',
    ),
  );

  const yaml = await openAndComplete('file:///workspace/prefix-empty.yaml', 'yaml', 'anyscale-v', {
    line: 0,
    character: 10,
  });
  assert.deepEqual(
    typedFinds(yaml, 'anyscale-values-a').map((i) => i.label),
    ['Anyscale operator values: Azure (AKS)'],
  );
  const gateway = await openAndComplete('file:///workspace/prefix-gateway.yaml', 'yaml', 'anyscale-g', {
    line: 0,
    character: 10,
  });
  assert.deepEqual(
    typedFinds(gateway, 'anyscale-g').map((i) => [i.label, i.filterText]),
    [['Gateway for Anyscale on Azure (two HTTPS listeners)', 'anyscale-gateway']],
  );
});
