// Protocol tier: a value's fix goes where the value is written (issue #14 §1). A template's provider comes from its
// parameter file as "Aws": opened, the parameter file offers "Change provider to \"AWS\"" on its own literal, as a
// quick fix and in fix-all; the template, where `[parameters('provider')]` uses the value, offers no fix over it.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  DidOpenTextDocumentNotification,
  type CodeAction,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const FOLDER = temporaryDirectory('anyscale-parameter-fixes-');
const TEMPLATE_TEXT = fs.readFileSync(path.join(FIXTURES, 'cli', 'params', 'cloudresource.json'), 'utf8');
const PARAMETERS_TEXT = fs
  .readFileSync(path.join(FIXTURES, 'cli', 'params', 'cloudresource.parameters.aws.json'), 'utf8')
  .replace('"provider": { "value": "AWS" }', '"provider": { "value": "Aws" }');
const TEMPLATE = pathToFileURL(path.join(FOLDER, 'cloudresource.json')).toString();
const PARAMETERS = pathToFileURL(path.join(FOLDER, 'cloudresource.parameters.json')).toString();

let server: LspServer;

before(async () => {
  fs.writeFileSync(new URL(TEMPLATE), TEMPLATE_TEXT);
  fs.writeFileSync(new URL(PARAMETERS), PARAMETERS_TEXT);
  server = await startServer({ settings: {} });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

async function providerDiagnostic(uri: string, text: string): Promise<Diagnostic> {
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const published = await server.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'provider-invalid'));
  return published.diagnostics.find((d) => d.code === 'provider-invalid')!;
}

async function actions(
  uri: string,
  range: Diagnostic['range'],
  diagnostics: Diagnostic[],
  only?: string[],
): Promise<CodeAction[]> {
  return (await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range,
    context: { diagnostics, only },
  })) as CodeAction[];
}

test('the parameter file offers the fix of its own literal, as a quick fix and in fix-all', async () => {
  const diagnostic = await providerDiagnostic(PARAMETERS, PARAMETERS_TEXT);
  assert.equal(
    PARAMETERS_TEXT.split('\n')[diagnostic.range.start.line].slice(
      diagnostic.range.start.character,
      diagnostic.range.end.character,
    ),
    '"Aws"',
  );
  const fix = (await actions(PARAMETERS, diagnostic.range, [diagnostic])).find(
    (a) => a.title === 'Change provider to "AWS"',
  );
  assert.ok(fix, 'no quick fix in the parameter file');
  assert.equal(fix.isPreferred, true);
  assert.deepEqual(fix.edit?.changes, { [PARAMETERS]: [{ range: diagnostic.range, newText: '"AWS"' }] });
  const [fixAll] = await actions(
    PARAMETERS,
    { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    [],
    ['source.fixAll'],
  );
  assert.deepEqual(fixAll?.edit?.changes?.[PARAMETERS], [{ range: diagnostic.range, newText: '"AWS"' }]);
});

test('the template, where an expression uses the value, offers no fix over the expression', async () => {
  const diagnostic = await providerDiagnostic(TEMPLATE, TEMPLATE_TEXT);
  assert.match(String(diagnostic.message), /"Aws"/);
  const offered = await actions(TEMPLATE, diagnostic.range, [diagnostic]);
  assert.deepEqual(
    offered
      .filter((a) => a.edit)
      .map((a) => a.title)
      .filter((title) => !title.startsWith('Disable ')),
    [],
  );
  const fixAll = await actions(
    TEMPLATE,
    { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    [],
    ['source.fixAll'],
  );
  const line = diagnostic.range.start.line;
  const overExpression = fixAll
    .flatMap((a) => a.edit?.changes?.[TEMPLATE] ?? [])
    .filter((e) => e.range.start.line <= line && line <= e.range.end.line);
  assert.deepEqual(overExpression, []);
});
