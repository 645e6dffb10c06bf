// Protocol tier: definition, references and rename over stdio, across a template and its parameter file (the
// unopened one read from disk), the anyscaleAzure.parameterFiles setting associating files by glob, and YAML anchors
// and aliases in an operator values file.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  type Location,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';
import { applyLspEdits } from '../support/textEdits';

const FOLDER = path.join(FIXTURES, 'navigation');
const TEMPLATE = pathToFileURL(path.join(FOLDER, 'cloud.json')).toString();
const PARAMETERS = pathToFileURL(path.join(FOLDER, 'cloud.parameters.dev.json')).toString();
const VALUES = pathToFileURL(path.join(FOLDER, 'values-anchors.yaml')).toString();
const lines = (uri: string) => fs.readFileSync(new URL(uri), 'utf8').split('\n');

/** The position `delta` characters into the first occurrence of `needle`. */
function at(uri: string, needle: string, delta = 1) {
  const text = lines(uri);
  const line = text.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  return { line, character: text[line].indexOf(needle) + delta };
}
const word = (location: Location) =>
  lines(location.uri)[location.range.start.line].slice(location.range.start.character, location.range.end.character);

let server: LspServer;
let workspace: string;

before(async () => {
  // A workspace whose parameter file is named freely: only the setting associates it with its template.
  workspace = temporaryDirectory('navigation-');
  fs.mkdirSync(path.join(workspace, 'infra'));
  fs.mkdirSync(path.join(workspace, 'env'));
  fs.copyFileSync(path.join(FOLDER, 'cloud.json'), path.join(workspace, 'infra', 'main.json'));
  fs.writeFileSync(
    path.join(workspace, 'env', 'dev.json'),
    fs.readFileSync(path.join(FOLDER, 'cloud.parameters.dev.json'), 'utf8').replace('"region"', '"regoin"'),
  );
  server = await startServer({
    settings: { parameterFiles: { 'infra/*.json': ['env/dev.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(workspace).toString(), name: 'w' }],
  });
  for (const uri of [TEMPLATE, PARAMETERS, VALUES]) {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: {
        uri,
        languageId: uri === VALUES ? 'yaml' : 'json',
        version: 1,
        text: fs.readFileSync(new URL(uri), 'utf8'),
      },
    });
  }
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('the server advertises definition, references and rename with prepare', () => {
  const capabilities = server.initializeResult.capabilities;
  assert.equal(capabilities.definitionProvider, true);
  assert.equal(capabilities.referencesProvider, true);
  assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
});

test('definition from an expression and from the parameter file lands on the declaration', async () => {
  const fromExpression = (await server.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri: TEMPLATE },
    position: at(TEMPLATE, "'CLOUDNAME'", 3),
  })) as Location;
  assert.equal(fromExpression.uri, TEMPLATE);
  assert.deepEqual(fromExpression.range.start, at(TEMPLATE, '"cloudName": {', 1));
  assert.equal(word(fromExpression), 'cloudName');
  const fromFile = (await server.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri: PARAMETERS },
    position: at(PARAMETERS, '"region"', 2),
  })) as Location;
  assert.deepEqual([fromFile.uri, word(fromFile)], [TEMPLATE, 'Region']);
  assert.equal(
    await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: TEMPLATE },
      position: { line: 0, character: 2 },
    }),
    null,
  );
});

test('references span the template and its parameter file', async () => {
  const found = (await server.connection.sendRequest(ReferencesRequest.type, {
    textDocument: { uri: TEMPLATE },
    position: at(TEMPLATE, "'CLOUDNAME'", 3),
    context: { includeDeclaration: true },
  }))!;
  assert.deepEqual(
    found.map((l) => `${path.basename(l.uri)}:${l.range.start.line}:${word(l)}`),
    [
      'cloud.json:4:cloudName',
      'cloud.json:8:CLOUDNAME',
      'cloud.json:9:cloudName',
      'cloud.parameters.dev.json:4:CloudName',
    ],
  );
});

test('rename edits both documents; prepare gives the name and refuses what is not declared', async () => {
  const prepared = await server.connection.sendRequest(PrepareRenameRequest.type, {
    textDocument: { uri: PARAMETERS },
    position: at(PARAMETERS, '"CloudName"', 3),
  });
  assert.deepEqual(prepared, {
    range: { start: at(PARAMETERS, '"CloudName"', 1), end: at(PARAMETERS, '"CloudName"', 10) },
    placeholder: 'cloudName',
  });
  const edit = (await server.connection.sendRequest(RenameRequest.type, {
    textDocument: { uri: PARAMETERS },
    position: at(PARAMETERS, '"CloudName"', 3),
    newName: 'anyscaleCloud',
  })) as WorkspaceEdit;
  assert.deepEqual(Object.keys(edit.changes!).sort(), [PARAMETERS, TEMPLATE].sort());
  assert.equal(edit.changes![TEMPLATE].length, 3);
  assert.ok(
    Object.values(edit.changes!)
      .flat()
      .every((e) => e.newText === 'anyscaleCloud'),
  );
  await assert.rejects(
    server.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri: TEMPLATE },
      position: at(TEMPLATE, "'CLOUDNAME'", 3),
      newName: 'cloud-name',
    }),
    /not a valid parameter name/,
  );
});

test('the parameterFiles setting associates a freely named parameter file: checked, and navigable', async () => {
  const template = pathToFileURL(path.join(workspace, 'infra', 'main.json')).toString();
  const dev = pathToFileURL(path.join(workspace, 'env', 'dev.json')).toString();
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: dev, languageId: 'json', version: 1, text: fs.readFileSync(new URL(dev), 'utf8') },
  });
  const published = await server.diagnosticsFor(dev, (p) =>
    p.diagnostics.some((d) => d.code === 'parameter-file-undeclared'),
  );
  const undeclared = published.diagnostics.find((d) => d.code === 'parameter-file-undeclared')!;
  assert.match(String(undeclared.message), /'regoin' is not declared .* Did you mean 'Region'\?/);
  const definition = (await server.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri: dev },
    position: at(dev, '"CloudName"', 2),
  })) as Location;
  assert.deepEqual([definition.uri, word(definition)], [template, 'cloudName']);
  // From the template (opened), references reach the setting's parameter file on disk.
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: template, languageId: 'json', version: 1, text: fs.readFileSync(new URL(template), 'utf8') },
  });
  const found = (await server.connection.sendRequest(ReferencesRequest.type, {
    textDocument: { uri: template },
    position: at(template, "'CLOUDNAME'", 3),
    context: { includeDeclaration: false },
  }))!;
  assert.ok(
    found.some((l) => l.uri === dev && word(l) === 'CloudName'),
    JSON.stringify(found),
  );
});

test('editing a parameter file the setting pairs with a template in another folder re-checks the open template', async () => {
  const template = pathToFileURL(path.join(workspace, 'infra', 'main.json')).toString();
  const dev = pathToFileURL(path.join(workspace, 'env', 'dev.json')).toString();
  const initially = await server.latest(template, () => true, "the template's diagnostics");
  assert.ok(!initially.diagnostics.some((d) => d.code === 'region-invalid'), JSON.stringify(initially.diagnostics));
  const text = fs
    .readFileSync(new URL(dev), 'utf8')
    .replace(/"regoin": \{ "value": "[^"]*" \}/, '"Region": { "value": "West US 2" }');
  assert.match(text, /West US 2/);
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: dev, version: 2 },
    contentChanges: [{ text }],
  });
  const after = await server.diagnosticsFor(template, (p) => p.diagnostics.some((d) => d.code === 'region-invalid'));
  const invalid = after.diagnostics.find((d) => d.code === 'region-invalid')!;
  assert.match(String(invalid.message), /value from dev\.json/, 'the template says where the value comes from');
});

test('YAML: definition of an alias lands on the anchor it names; a redefinition starts a new binding', async () => {
  const definition = async (position: { line: number; character: number }) =>
    (await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: VALUES },
      position,
    })) as Location | null;
  const fromAlias = (await definition(at(VALUES, 'controlPlaneURL: *url', 18)))!;
  assert.deepEqual(
    [fromAlias.uri, fromAlias.range.start, word(fromAlias)],
    [VALUES, at(VALUES, '&url https://console', 1), 'url'],
  );
  const fromMerge = (await definition(at(VALUES, '<<: *defaults', 6)))!;
  assert.deepEqual([fromMerge.range.start, word(fromMerge)], [at(VALUES, '&defaults', 1), 'defaults']);
  const afterRedefinition = (await definition(at(VALUES, 'again: *url', 8)))!;
  assert.deepEqual(afterRedefinition.range.start, at(VALUES, '&url https://example', 1));
  // The comment and the quoted string mention *url and &url: no anchors there.
  assert.equal(await definition(at(VALUES, 'see *url', 5)), null);
  assert.equal(await definition(at(VALUES, '"*url', 2)), null);
  assert.equal(await definition(at(VALUES, 'cloudProvider', 2)), null);
});

test('YAML: references are the anchor (when asked for) and the aliases bound to it', async () => {
  const references = async (includeDeclaration: boolean) =>
    (await server.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri: VALUES },
      position: at(VALUES, '{url: *url}', 8),
      context: { includeDeclaration },
    }))!.map((l) => `${l.range.start.line}:${l.range.start.character}:${word(l)}`);
  const anchor = at(VALUES, '&url https://console', 1);
  const aliases = [at(VALUES, 'controlPlaneURL: *url', 18), at(VALUES, '{url: *url}', 7)].map(
    (p) => `${p.line}:${p.character}:url`,
  );
  assert.deepEqual(await references(true), [`${anchor.line}:${anchor.character}:url`, ...aliases]);
  assert.deepEqual(await references(false), aliases);
});

test('YAML: rename changes the anchor and its aliases alone; prepare gives the name and refuses what it cannot', async () => {
  const text = fs.readFileSync(new URL(VALUES), 'utf8');
  const position = at(VALUES, 'controlPlaneURL: &url', 18);
  assert.deepEqual(
    await server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: VALUES }, position }),
    {
      range: { start: position, end: { line: position.line, character: position.character + 3 } },
      placeholder: 'url',
    },
  );
  assert.equal(
    await server.connection.sendRequest(PrepareRenameRequest.type, {
      textDocument: { uri: VALUES },
      position: at(VALUES, 'audience', 2),
    }),
    null,
  );
  const edit = (await server.connection.sendRequest(RenameRequest.type, {
    textDocument: { uri: VALUES },
    position,
    newName: 'console',
  })) as WorkspaceEdit;
  assert.deepEqual(Object.keys(edit.changes!), [VALUES]);
  assert.equal(
    applyLspEdits(text, edit.changes![VALUES]),
    text
      .replace('&url https://console', '&console https://console')
      .replace('controlPlaneURL: *url', 'controlPlaneURL: *console')
      .replace('{url: *url}', '{url: *console}'),
  );
  await assert.rejects(
    server.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri: VALUES },
      position,
      newName: 'console url',
    }),
    /'console url' is not an anchor name Helm and kubectl can read/,
  );
});

test('YAML: an alias of an anchor in another document cannot be renamed, and says why', async () => {
  const uri = pathToFileURL(path.join(workspace, 'two-documents.yaml')).toString();
  const text =
    'global:\n  cloudProvider: azure\n  controlPlaneURL: &url https://console.azure.anyscale.com\n---\nglobal:\n  cloudProvider: azure\n  controlPlaneURL: *url\n';
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  const position = { line: 6, character: 20 };
  assert.equal(await server.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position }), null);
  await assert.rejects(
    server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position }),
    /No `&url` comes before this alias in its document/,
  );
});
