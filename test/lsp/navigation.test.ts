// Protocol tier: definition, references and rename over stdio, across a template and its parameter file (the
// unopened one read from disk), and the anyscaleAzure.parameterFiles setting associating files by glob.
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

const FOLDER = path.join(FIXTURES, 'navigation');
const TEMPLATE = pathToFileURL(path.join(FOLDER, 'cloud.json')).toString();
const PARAMETERS = pathToFileURL(path.join(FOLDER, 'cloud.parameters.dev.json')).toString();
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
  for (const uri of [TEMPLATE, PARAMETERS]) {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text: fs.readFileSync(new URL(uri), 'utf8') },
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
