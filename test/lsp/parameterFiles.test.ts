// Protocol tier: a template and its parameter files on disk, opened in the server. The template is checked with
// each parameter file beside it; a value's mistake shows in the parameter file where it is written, and in the
// template where it is used, each pointing at the other. While the template is typed into, its parameter file is
// read once and kept (lsp/parameterFiles.ts), so each keystroke's analysis starts from the values the previous
// version evaluated with it (service: carryValues.ts): each version's diagnostics must be a fresh server's. A
// parameter file over check's 16 MB is not read: the template says so at its start, in check's words. An open
// parameter file the anyscaleAzure.parameterFiles setting assigns shows its template's findings once that template
// is created on disk, and follows it as it is renamed out of the setting's glob and back in; one whose template is over
// 16 MB says so at its start, in check's words. What a value causes is shown in the parameter file at its config's
// rule levels and in the template at the template's, as check reports it. A property name whose `provider` expression
// the parameter files give different providers says so, naming each file's, in completion and hover, as does a
// computeStack value.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { MAX_FILE_BYTES } from '../../server/src/node/boundedRead';
import { WorkspaceIndexRequest } from '../../shared/protocol';
import { TWO_CONFIGS } from '../support/providerTemplate';
import { FIXTURES } from '../support/paths';
import { startServer, type LspServer } from '../support/lspServer';
import { typeAndCompareWithFresh } from '../support/typing';
import { temporaryDirectory } from '../support/temporaryDirectory';

const FOLDER = path.join(FIXTURES, 'cli', 'params');
const uriOf = (name: string) => pathToFileURL(path.join(FOLDER, name)).toString();
const TEMPLATE = uriOf('cloudresource.json');
const AWS = uriOf('cloudresource.parameters.aws.json');

let server: LspServer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  server = await startServer({ settings: {} });
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

async function open(uri: string): Promise<void> {
  const text = fs.readFileSync(new URL(uri), 'utf8');
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
}

test('the template shows the parameter file value at its use, linked to where it is written', async () => {
  await open(TEMPLATE);
  const p = await server.diagnosticsFor(TEMPLATE, (d) => d.diagnostics.some((x) => x.code === 'bucket-subpath'));
  const subpath = p.diagnostics.find((d) => d.code === 'bucket-subpath')!;
  assert.equal(subpath.range.start.line, 24);
  assert.match(String(subpath.message), /\(value from cloudresource\.parameters\.aws\.json\)$/);
  assert.deepEqual(
    subpath.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line]),
    [[AWS, 9]],
  );
  assert.ok(
    !p.diagnostics.some((d) => d.severity === 1 && d.code !== 'bucket-subpath'),
    JSON.stringify(p.diagnostics.map((d) => d.code)),
  );
});

test('the parameter file shows the mistake on its own line, linked to the template', async () => {
  await open(AWS);
  const p = await server.diagnosticsFor(AWS, (d) => d.diagnostics.some((x) => x.code === 'bucket-subpath'));
  const subpath = p.diagnostics.find((d) => d.code === 'bucket-subpath')!;
  assert.equal(subpath.range.start.line, 9);
  assert.doesNotMatch(String(subpath.message), /value from/);
  assert.deepEqual(
    subpath.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line]),
    [[TEMPLATE, 24]],
  );
});

test('hover on a diagnostic of the parameter file names its rule with the docs link, as in the template', async () => {
  await open(AWS);
  await server.diagnosticsFor(AWS, (d) => d.diagnostics.some((x) => x.code === 'bucket-subpath'));
  const line = fs.readFileSync(new URL(AWS), 'utf8').split('\n')[9];
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: AWS },
    position: { line: 9, character: line.indexOf('s3://') + 2 },
  });
  assert.ok(hover);
  // One section per finding on the value (bucket-cors-required is on the bucket too), each naming its rule's page.
  const sections = (hover.contents as MarkupContent).value.split('\n\n---\n\n');
  for (const section of sections) assert.match(section, /^`([a-z-]+)`: .+ — \[documentation\]\(.+\/\1\.md\)$/);
  assert.ok(
    sections.some((section) => section.startsWith('`bucket-subpath`: ')),
    sections.join('\n'),
  );
  assert.equal(hover.range?.start.line, 9);
});

test('a clean parameter file of the same template gets no errors', async () => {
  const azure = uriOf('cloudresource.parameters.azure.json');
  await open(azure);
  const p = await server.diagnosticsFor(azure);
  assert.deepEqual(
    p.diagnostics.filter((d) => d.severity === 1),
    [],
  );
});

test("hovering an expression shows its value with each parameter file, or why it is unknown, then the property's documentation", async () => {
  await open(TEMPLATE);
  const lines = fs.readFileSync(new URL(TEMPLATE), 'utf8').split('\n');
  const at = (needle: string) => {
    const line = lines.findIndex((l) => l.includes(needle));
    return { line, character: lines[line].indexOf(needle) + 3 };
  };
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: TEMPLATE },
    position: at("[parameters('cloudStorageBucketName')]"),
  });
  const text = (hover?.contents as MarkupContent).value;
  assert.match(
    text,
    /Evaluates with cloudresource\.parameters\.aws\.json to `"s3:\/\/my-anyscale-eks-bucket\/prefix"`/,
  );
  assert.match(
    text,
    /Evaluates with cloudresource\.parameters\.azure\.json to `"abfss:\/\/anyscale-data@mystorageacct\.dfs\.core\.windows\.net"`/,
  );
  // Then the property's documentation, as on its key.
  const sections = text.split('\n\n---\n\n');
  assert.match(sections[0], /^Evaluates with /);
  assert.match(sections[1], /^\*\*properties\.cloudStorageBucketName\*\*\n\n/, text);
  assert.equal(hover?.range?.start.line, at("[parameters('cloudStorageBucketName')]").line);
  const none = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: TEMPLATE },
    position: { line: 0, character: 3 },
  });
  assert.equal(none, null, 'no hover outside expressions');
});

test("a property name whose provider the parameter files disagree on: completion and hover name each file's provider", async () => {
  await open(TEMPLATE);
  const lines = fs.readFileSync(new URL(TEMPLATE), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(`"region": "[parameters('region')]"`));
  const position = { line, character: lines[line].indexOf('"region"') + 3 };
  const differs =
    'The provider is not known: `provider` differs by parameter file: `AWS` with cloudresource.parameters.aws.json, `Azure` with cloudresource.parameters.azure.json.';
  const result = await server.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri: TEMPLATE },
    position,
  });
  const items = Array.isArray(result) ? result : (result?.items ?? []);
  const region = items.find((item) => item.label === 'region');
  assert.ok(region, JSON.stringify(items.map((item) => item.label)));
  assert.equal(region.detail, 'required for AWS, GCP; should set for Azure, Generic');
  assert.ok((region.documentation as MarkupContent).value.includes(differs), JSON.stringify(region.documentation));
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: TEMPLATE }, position });
  const markdown = (hover?.contents as MarkupContent).value;
  assert.match(markdown, /^\*\*properties\.region\*\*/);
  assert.ok(markdown.includes(differs), markdown);
  // A computeStack value names each file's cluster, not the first file's.
  const stackLine = lines.findIndex((l) => l.includes('"computeStack": "K8S"'));
  const stack = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: TEMPLATE },
    position: { line: stackLine, character: lines[stackLine].indexOf('"K8S"') + 2 },
  });
  assert.match(
    (stack?.contents as MarkupContent).value,
    /^`K8S`: the cloud resource runs its compute on \*\*Kubernetes\*\*; `provider` differs by parameter file: on \*\*EKS\*\* for `AWS` with cloudresource\.parameters\.aws\.json, on \*\*AKS\*\* for `Azure` with cloudresource\.parameters\.azure\.json\./,
  );
});

test('hovering reference() says what it depends on', async () => {
  const uri = 'untitled:reference.json';
  const text = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      resources: [],
      outputs: {
        id: {
          type: 'string',
          value:
            "[reference(resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'op'), '2023-01-31').principalId]",
        },
      },
    },
    null,
    2,
  );
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const line = text.split('\n').findIndex((l) => l.includes('reference('));
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line, character: 20 },
  });
  assert.match((hover?.contents as MarkupContent).value, /^Unknown: depends on reference\(/);
});

test("keystrokes in a template with a parameter file: each version's diagnostics are a fresh server's", async () => {
  const templateText = fs.readFileSync(path.join(FOLDER, 'cloudresource.json'), 'utf8');
  const parametersText = fs
    .readFileSync(path.join(FOLDER, 'cloudresource.parameters.aws.json'), 'utf8')
    .replace('"provider": { "value": "AWS" }', '"provider": { "value": "Aws" }');
  // One folder for this server, typed into; one for the fresh servers: each with the template and its parameter file.
  const folders = [0, 1].map((i) => temporaryDirectory(`anyscale-typing-parameters-${i}-`));
  for (const folder of folders) {
    fs.writeFileSync(path.join(folder, 'cloudresource.json'), templateText);
    fs.writeFileSync(path.join(folder, 'cloudresource.parameters.json'), parametersText);
  }
  const [uri, freshUri] = folders.map((folder) => pathToFileURL(path.join(folder, 'cloudresource.json')).toString());
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: templateText },
  });
  const opened = await server.diagnosticsFor(uri, (d) => d.version === 1);
  assert.ok(
    opened.diagnostics.some((d) => d.code === 'provider-invalid' && String(d.message).includes('"Aws"')),
    "the parameter file's value is checked in the template",
  );
  // Typed into a literal beside the expressions that read the parameter file, then back to what it was.
  const edits = [
    ['"computeStack": "K8S"', '"computeStack": "K8Sx"'],
    ['"computeStack": "K8Sx"', '"computeStack": "K8Sxy"'],
    ['"computeStack": "K8Sxy"', '"computeStack": "K8S"'],
  ] as const;
  await typeAndCompareWithFresh(server, { uri, text: templateText, version: 1 }, edits, async (text) => {
    const fresh = await startServer({ settings: {} });
    try {
      await fresh.connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: freshUri, languageId: 'json', version: 1, text },
      });
      return await fresh.diagnosticsFor(freshUri, (d) => d.version === 1);
    } finally {
      await fresh.stop();
    }
  });
});

test('a parameter file closed without saving is its file on disk again: the open template is checked against that', async () => {
  const folder = temporaryDirectory('anyscale-param-close-');
  for (const name of ['cloudresource.json', 'cloudresource.parameters.aws.json'])
    fs.copyFileSync(path.join(FOLDER, name), path.join(folder, name));
  const template = pathToFileURL(path.join(folder, 'cloudresource.json')).toString();
  const parameters = pathToFileURL(path.join(folder, 'cloudresource.parameters.aws.json')).toString();
  const onDisk = fs.readFileSync(new URL(parameters), 'utf8');
  const hasSubpath = (d: { diagnostics: { code?: string | number }[] }) =>
    d.diagnostics.some((x) => x.code === 'bucket-subpath');
  await open(template);
  await server.diagnosticsFor(template, hasSubpath);
  await open(parameters);
  // The editor's version drops the sub-path the file on disk has: the template's finding goes.
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: parameters, version: 2 },
    contentChanges: [{ text: onDisk.replace(/(s3:\/\/[a-z0-9-]+)\/[^"]*/, '$1') }],
  });
  await server.latest(template, (d) => !hasSubpath(d), 'the sub-path gone with the edited parameter file');
  await server.connection.sendNotification(DidCloseTextDocumentNotification.type, {
    textDocument: { uri: parameters },
  });
  await server.latest(template, hasSubpath, 'the sub-path back with the file on disk');
});

test("a parameter file over check's 16 MB is not read: the template says so at its start, in check's words", async () => {
  const folder = temporaryDirectory('anyscale-param-large-');
  fs.copyFileSync(path.join(FOLDER, 'cloudresource.json'), path.join(folder, 'cloudresource.json'));
  const written = fs.readFileSync(path.join(FOLDER, 'cloudresource.parameters.aws.json'), 'utf8');
  const file = path.join(folder, 'cloudresource.parameters.aws.json');
  fs.writeFileSync(file, written.replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`));
  const template = pathToFileURL(path.join(folder, 'cloudresource.json')).toString();
  const parameters = pathToFileURL(file).toString();
  const unreadNote = (d: { diagnostics: { message: unknown }[] }) =>
    d.diagnostics.find((x) => String(x.message).startsWith('Parameter file'));
  await open(template);
  const p = await server.diagnosticsFor(template);
  const start = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  assert.deepEqual(unreadNote(p), {
    range: start,
    severity: 2,
    source: 'anyscale-azure',
    message:
      'Parameter file cloudresource.parameters.aws.json cannot be read: too large to check: 16.0 MB, over the ' +
      'limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB); the template is checked without it.',
    relatedInformation: [{ message: 'The parameter file.', location: { uri: parameters, range: start } }],
  });
  assert.ok(!p.diagnostics.some((d) => d.code === 'bucket-subpath'), 'its values are not checked');
  fs.writeFileSync(file, written);
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: parameters, type: FileChangeType.Changed }],
  });
  const read = await server.latest(template, (d) => !unreadNote(d), 'the note gone once the file is small again');
  assert.ok(
    read.diagnostics.some((d) => d.code === 'bucket-subpath'),
    'its values are checked',
  );
});

test("a parameter file saved as UTF-16 (Windows PowerShell 5) is not read: the template says so, with how to fix it, in check's words", async () => {
  const folder = temporaryDirectory('anyscale-param-utf16-');
  fs.copyFileSync(path.join(FOLDER, 'cloudresource.json'), path.join(folder, 'cloudresource.json'));
  const written = fs.readFileSync(path.join(FOLDER, 'cloudresource.parameters.aws.json'), 'utf8');
  const file = path.join(folder, 'cloudresource.parameters.aws.json');
  fs.writeFileSync(file, Buffer.from(`\uFEFF${written}`, 'utf16le'));
  const template = pathToFileURL(path.join(folder, 'cloudresource.json')).toString();
  const parameters = pathToFileURL(file).toString();
  const unreadNote = (d: { diagnostics: { message: unknown }[] }) =>
    d.diagnostics.find((x) => String(x.message).startsWith('Parameter file'));
  await open(template);
  const p = await server.diagnosticsFor(template);
  assert.equal(
    unreadNote(p)?.message,
    'Parameter file cloudresource.parameters.aws.json cannot be read: UTF-16 text (UTF-16 LE, byte order mark FF FE), ' +
      'not checked: save it as UTF-8; the template is checked without it.',
  );
  fs.writeFileSync(file, written);
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: parameters, type: FileChangeType.Changed }],
  });
  const read = await server.latest(template, (d) => !unreadNote(d), 'the note gone once the file is UTF-8');
  assert.ok(
    read.diagnostics.some((d) => d.code === 'bucket-subpath'),
    'its values are checked',
  );
});

test('a parameter file that looks like UTF-16 without a byte order mark: the template says so, as check does, not "binary"', async () => {
  const folder = temporaryDirectory('anyscale-param-utf16-no-mark-');
  fs.copyFileSync(path.join(FOLDER, 'cloudresource.json'), path.join(folder, 'cloudresource.json'));
  const written = fs.readFileSync(path.join(FOLDER, 'cloudresource.parameters.aws.json'), 'utf8');
  fs.writeFileSync(path.join(folder, 'cloudresource.parameters.aws.json'), Buffer.from(written, 'utf16le').swap16());
  const template = pathToFileURL(path.join(folder, 'cloudresource.json')).toString();
  await open(template);
  const p = await server.diagnosticsFor(template);
  assert.equal(
    p.diagnostics.find((x) => String(x.message).startsWith('Parameter file'))?.message,
    'Parameter file cloudresource.parameters.aws.json cannot be read: looks like UTF-16 BE text without a byte order ' +
      'mark, not checked: save it as UTF-8; the template is checked without it.',
  );
});

test('an open parameter file the setting assigns follows its template as it is created and renamed on disk', async () => {
  const root = temporaryDirectory('anyscale-param-created-');
  const inRoot = (...parts: string[]) => path.join(root, ...parts);
  fs.mkdirSync(inRoot('infra'));
  fs.mkdirSync(inRoot('env'));
  // No Anyscale resource: the workspace index holds nothing of it, so only the parameter file's lookup re-checks it.
  const templateText = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { region: { type: 'string', allowedValues: ['westus2'] } },
    resources: [],
  });
  const parametersText = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    contentVersion: '1.0.0.0',
    parameters: { region: { value: 'eastus' } },
  });
  fs.writeFileSync(inRoot('env', 'dev.json'), parametersText);
  const parameters = pathToFileURL(inRoot('env', 'dev.json')).toString();
  const withTemplate = (d: { diagnostics: { code?: string | number }[] }) =>
    d.diagnostics.some((x) => x.code === 'parameter-value-not-allowed');
  const own = await startServer({
    settings: { validation: { delay: 20 }, parameterFiles: { 'infra/*.json': ['env/dev.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(root).toString(), name: 'workspace' }],
  });
  const events = (...changes: [string, FileChangeType][]) =>
    own.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: changes.map(([file, type]) => ({ uri: pathToFileURL(file).toString(), type })),
    });
  try {
    // The settings are pulled before the first scan: once it is done, the parameter file is looked up with them.
    while (!(await own.connection.sendRequest(WorkspaceIndexRequest, {})).complete) await sleep(20);
    await own.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: parameters, languageId: 'json', version: 1, text: parametersText },
    });
    assert.ok(!withTemplate(await own.diagnosticsFor(parameters)), 'no template yet');
    fs.writeFileSync(inRoot('infra', 'main.json'), templateText);
    await events([inRoot('infra', 'main.json'), FileChangeType.Created]);
    await own.latest(parameters, withTemplate, "the created template's finding");
    fs.renameSync(inRoot('infra', 'main.json'), inRoot('infra', 'main.json.bak'));
    await events(
      [inRoot('infra', 'main.json'), FileChangeType.Deleted],
      [inRoot('infra', 'main.json.bak'), FileChangeType.Created],
    );
    await own.latest(parameters, (d) => !withTemplate(d), 'the finding gone with the template renamed out of the glob');
    fs.renameSync(inRoot('infra', 'main.json.bak'), inRoot('infra', 'cloud.json'));
    await events(
      [inRoot('infra', 'main.json.bak'), FileChangeType.Deleted],
      [inRoot('infra', 'cloud.json'), FileChangeType.Created],
    );
    await own.latest(parameters, withTemplate, 'the finding back with the template renamed into the glob');
  } finally {
    assert.equal(await own.stop(), 0);
  }
});

test("an open parameter file whose template is over check's 16 MB says so at its start, in check's words", async () => {
  const folder = temporaryDirectory('anyscale-param-template-large-');
  const written = fs.readFileSync(path.join(FOLDER, 'cloudresource.json'), 'utf8');
  const templateFile = path.join(folder, 'cloudresource.json');
  fs.writeFileSync(templateFile, written.replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`));
  // A comment for a finding the template's run would not give: "unused" only once that run is made.
  fs.writeFileSync(
    path.join(folder, 'cloudresource.parameters.aws.json'),
    fs
      .readFileSync(path.join(FOLDER, 'cloudresource.parameters.aws.json'), 'utf8')
      .replace('    "provider"', '    // anyscale-azure-disable-next-line provider-invalid\n    "provider"'),
  );
  const template = pathToFileURL(templateFile).toString();
  const parameters = pathToFileURL(path.join(folder, 'cloudresource.parameters.aws.json')).toString();
  const unreadNote = (d: { diagnostics: { message: unknown }[] }) =>
    d.diagnostics.find((x) => String(x.message).startsWith('Its template'));
  await open(parameters);
  const p = await server.diagnosticsFor(parameters);
  const start = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  assert.deepEqual(unreadNote(p), {
    range: start,
    severity: 2,
    source: 'anyscale-azure',
    message:
      'Its template cloudresource.json cannot be read: too large to check: 16.0 MB, over the limit of 16 MB (ARM ' +
      'accepts templates and parameter files of up to 4 MB); what the values cause in it is not checked.',
    relatedInformation: [{ message: 'The template.', location: { uri: template, range: start } }],
  });
  assert.deepEqual(
    p.diagnostics.filter((d) => d.code === 'bucket-subpath' || d.code === 'suppression-unused'),
    [],
    'its values are not checked in the template, so its comment is not "unused"',
  );
  fs.writeFileSync(templateFile, written);
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: template, type: FileChangeType.Changed }],
  });
  const read = await server.latest(parameters, (d) => !unreadNote(d), 'the note gone once the template is small');
  assert.deepEqual(
    read.diagnostics.flatMap((d) => (d.code === 'bucket-subpath' || d.code === 'suppression-unused' ? [d.code] : [])),
    ['suppression-unused', 'bucket-subpath'],
    'its values are checked in the template',
  );
});

test("what a value causes: in the parameter file at its config's levels, in the template at the template's (as check)", async () => {
  const root = temporaryDirectory('anyscale-param-levels-');
  const inRoot = (...parts: string[]) => path.join(root, ...parts);
  for (const [name, text] of Object.entries(TWO_CONFIGS)) {
    fs.mkdirSync(path.dirname(inRoot(name)), { recursive: true });
    fs.writeFileSync(inRoot(name), text);
  }
  const own = await startServer({
    settings: { validation: { delay: 20 }, parameterFiles: { 'infra/cloud.json': ['shared/p.json'] } },
    workspaceFolders: [{ uri: pathToFileURL(root).toString(), name: 'workspace' }],
  });
  const providerFinding = async (name: string) => {
    const uri = pathToFileURL(inRoot(name)).toString();
    await own.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text: TWO_CONFIGS[name] },
    });
    const p = await own.diagnosticsFor(uri, (d) => d.diagnostics.some((x) => x.code === 'provider-invalid'));
    const finding = p.diagnostics.find((x) => x.code === 'provider-invalid')!;
    return `${name}:${finding.range.start.line + 1} ${['', 'error', 'warning', 'info'][finding.severity!]}`;
  };
  try {
    while (!(await own.connection.sendRequest(WorkspaceIndexRequest, {})).complete) await sleep(20);
    // The lines and levels test/unit/cli.test.ts pins for `check --parameters shared/p.json infra/cloud.json`.
    assert.equal(await providerFinding('shared/p.json'), 'shared/p.json:5 error');
    assert.equal(await providerFinding('infra/cloud.json'), 'infra/cloud.json:29 warning');
  } finally {
    assert.equal(await own.stop(), 0);
  }
});
