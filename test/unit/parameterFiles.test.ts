// Parameter files: the model (values and Key Vault references), which files belong to which template, and the
// editor's parse of each, kept while its text is the same; the editor reads them from disk as check does (16 MB at
// most, no FIFO), saying why one is not read; a template the setting's globs match is found once it is created.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { TextDocuments } from 'vscode-languageserver/node';
import { MAX_FILE_BYTES } from '../../server/src/node/boundedRead';
import { OPEN_DOCUMENTS } from '../../server/src/lsp/openDocument';
import { ParameterFiles } from '../../server/src/lsp/parameterFiles';
import { parseJson } from '../../server/src/service/analyze';
import { readParameterFile } from '../../server/src/service/arm/parameterFile';
import {
  configuredParameterFiles,
  configuredTemplate,
  conventionalParameterFiles,
  conventionalTemplate,
} from '../../server/src/node/parameterFilePaths';
import { temporaryDirectory } from '../support/temporaryDirectory';

test('reads values and references, case-insensitively keyed', () => {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    parameters: { Provider: { value: 'AWS' }, secret: { reference: { keyVault: { id: '/x' }, secretName: 's' } } },
  });
  const file = readParameterFile(parseJson(text).root!);
  assert.equal(file.parameters.get('provider')?.name, 'Provider');
  assert.equal(file.parameters.get('provider')?.valueNode?.value, 'AWS');
  assert.equal(file.parameters.get('secret')?.valueNode, undefined);
  assert.ok(file.parameters.get('secret')?.referenceNode);
});

test('conventional association both ways', () => {
  const dir = path.join(path.sep, 'infra');
  const siblings = [
    'cloudresource.json',
    'cloudresource.parameters.json',
    'cloudresource.parameters.aws.json',
    'Cloudresource.Parameters.GCP.json',
    'other.parameters.json',
    'cloudresource.parametersfoo.json',
    'notes.md',
  ];
  assert.deepEqual(conventionalParameterFiles(path.join(dir, 'cloudresource.json'), siblings), [
    path.join(dir, 'Cloudresource.Parameters.GCP.json'),
    path.join(dir, 'cloudresource.parameters.aws.json'),
    path.join(dir, 'cloudresource.parameters.json'),
  ]);
  assert.equal(
    conventionalTemplate(path.join(dir, 'cloudresource.parameters.aws.json'), siblings),
    path.join(dir, 'cloudresource.json'),
  );
  assert.equal(conventionalTemplate(path.join(dir, 'other.parameters.json'), siblings), undefined);
  assert.equal(conventionalTemplate(path.join(dir, 'cloudresource.json'), siblings), undefined);
});

test('the parameterFiles setting maps template globs to parameter files', () => {
  const ws = path.join(path.sep, 'ws');
  const setting = { 'infra/**/main.json': ['env/dev.json', 'env/prod.json'], 'other.json': ['x.json'] };
  const template = path.join(ws, 'infra', 'clouds', 'main.json');
  assert.deepEqual(configuredParameterFiles(template, ws, setting), [
    path.join(ws, 'env', 'dev.json'),
    path.join(ws, 'env', 'prod.json'),
  ]);
  assert.deepEqual(configuredParameterFiles(path.join(ws, 'main.json'), ws, setting), []);
  assert.equal(
    configuredTemplate(path.join(ws, 'env', 'prod.json'), ws, setting, [template, path.join(ws, 'other.json')]),
    template,
  );
  assert.equal(configuredTemplate(path.join(ws, 'env', 'none.json'), ws, setting, [template]), undefined);
});

test("the editor's parameter files: the same object while a file's text is the same, a new one once it changes", () => {
  const dir = temporaryDirectory('anyscale-parameter-inputs-');
  const template = path.join(dir, 'main.json');
  const parameters = path.join(dir, 'main.parameters.json');
  const written = (provider: string) =>
    JSON.stringify({ contentVersion: '1.0.0.0', parameters: { provider: { value: provider } } });
  fs.writeFileSync(template, '{}');
  fs.writeFileSync(parameters, written('AWS'));
  // No open documents: the files are read from the disk.
  const files = new ParameterFiles(new TextDocuments(OPEN_DOCUMENTS), () => undefined);
  const templateUri = pathToFileURL(template).toString();
  const [first] = files.parameterFilesOf(templateUri);
  assert.equal(first.uri, pathToFileURL(parameters).toString());
  assert.equal(files.parameterFilesOf(templateUri)[0], first, 'read again unchanged: the same parse');
  fs.writeFileSync(parameters, written('Aws'));
  const [changed] = files.parameterFilesOf(templateUri);
  assert.notEqual(changed, first);
  assert.match(changed.text, /"Aws"/);
  fs.writeFileSync(parameters, '{ "parameters": ');
  assert.deepEqual(files.parameterFilesOf(templateUri), [], 'a file that does not parse is left out');
  fs.writeFileSync(parameters, written('Aws'));
  assert.notEqual(files.parameterFilesOf(templateUri)[0], changed, 'parsed again after the broken version');
  // Deeper than we read: its values would be read with the too-deep containers emptied.
  fs.writeFileSync(parameters, written('Aws').replace('"Aws"', `${'['.repeat(1200)}${']'.repeat(1200)}`));
  assert.deepEqual(files.parameterFilesOf(templateUri), [], 'a file nested too deep is left out');
});

test("the editor reads parameter files as check does: over 16 MB is unread with check's words; a FIFO or a missing file is passed over", () => {
  const dir = temporaryDirectory('anyscale-parameter-reads-');
  const template = path.join(dir, 'infra', 'main.json');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.mkdirSync(path.join(dir, 'env'));
  fs.writeFileSync(template, '{}');
  fs.writeFileSync(path.join(dir, 'env', 'big.json'), `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}"}`);
  const made = spawnSync('mkfifo', [path.join(dir, 'infra', 'main.parameters.json')]);
  assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
  const setting = { 'infra/main.json': ['env/big.json', 'env/missing.json'] };
  const files = new ParameterFiles(new TextDocuments(OPEN_DOCUMENTS), () => setting);
  files.setWorkspaceFolders([pathToFileURL(dir).toString()]);
  assert.deepEqual(files.readParameterFiles(pathToFileURL(template).toString()), {
    inputs: [],
    unread: [
      {
        uri: pathToFileURL(path.join(dir, 'env', 'big.json')).toString(),
        name: path.join('..', 'env', 'big.json'),
        reason:
          'too large to check: 16.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)',
      },
    ],
  });
});

test('the setting names the parameter files it assigns that cannot be read: a folder in its place, a broken link', () => {
  const dir = temporaryDirectory('anyscale-parameter-assigned-');
  const template = path.join(dir, 'infra', 'main.json');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.mkdirSync(path.join(dir, 'env', 'prod.json'), { recursive: true });
  fs.writeFileSync(template, '{}');
  fs.symlinkSync('gone.json', path.join(dir, 'env', 'dev.json'));
  // Beside the template, a folder named like a parameter file is passed over, as check passes it over.
  fs.mkdirSync(path.join(dir, 'infra', 'main.parameters.json'));
  const setting = { 'infra/main.json': ['env/prod.json', 'env/dev.json', 'env/missing.json'] };
  const files = new ParameterFiles(new TextDocuments(OPEN_DOCUMENTS), () => setting);
  files.setWorkspaceFolders([pathToFileURL(dir).toString()]);
  const unread = (name: string, reason: string) => ({
    uri: pathToFileURL(path.join(dir, 'env', name)).toString(),
    name: path.join('..', 'env', name),
    reason,
  });
  assert.deepEqual(files.readParameterFiles(pathToFileURL(template).toString()), {
    inputs: [],
    unread: [unread('prod.json', 'is a folder'), unread('dev.json', 'broken symbolic link to gone.json')],
  });
});

test('a parameter file or template on disk that starts with a byte order mark is read without it, as check reads it', () => {
  const dir = temporaryDirectory('anyscale-parameter-bom-');
  const template = path.join(dir, 'main.json');
  const parameters = path.join(dir, 'main.parameters.json');
  fs.writeFileSync(template, '\uFEFF{"parameters": {"provider": {"type": "string"}}}');
  fs.writeFileSync(parameters, '\uFEFF{"contentVersion": "1.0.0.0", "parameters": {"provider": {"value": "AWS"}}}');
  const files = new ParameterFiles(new TextDocuments(OPEN_DOCUMENTS), () => undefined);
  const [input] = files.parameterFilesOf(pathToFileURL(template).toString());
  assert.equal(input?.uri, pathToFileURL(parameters).toString(), 'parsed, so checked with its template');
  assert.ok(input.text.startsWith('{'), 'its text, as the editor shows it, starts after the mark');
  const read = files.templateRead(pathToFileURL(parameters).toString(), pathToFileURL(template).toString());
  assert.ok(read !== undefined && 'text' in read && read.text.startsWith('{'));
});

test("the parameterFiles setting's templates follow paths created and deleted: a file, a folder, a rename", () => {
  const dir = temporaryDirectory('anyscale-parameter-templates-');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.mkdirSync(path.join(dir, 'env'));
  const parameters = pathToFileURL(path.join(dir, 'env', 'dev.json')).toString();
  fs.writeFileSync(new URL(parameters), '{"parameters": {}}');
  const files = new ParameterFiles(new TextDocuments(OPEN_DOCUMENTS), () => ({
    'infra/**/*.json': ['env/dev.json'],
  }));
  files.setWorkspaceFolders([pathToFileURL(dir).toString()]);
  const uri = (...parts: string[]) => pathToFileURL(path.join(dir, ...parts)).toString();
  const move = (from: string[], to: string[]) => {
    fs.renameSync(path.join(dir, ...from), path.join(dir, ...to));
    files.pathsChanged([
      { uri: uri(...from), type: 3 },
      { uri: uri(...to), type: 1 },
    ]);
  };
  assert.equal(files.templateOf(parameters), undefined, 'no template yet');
  fs.writeFileSync(path.join(dir, 'infra', 'main.json'), '{}');
  files.pathsChanged([{ uri: uri('infra', 'main.json'), type: 1 }]);
  assert.equal(files.templateOf(parameters), uri('infra', 'main.json'), 'a created template');
  move(['infra', 'main.json'], ['main.json']);
  assert.equal(files.templateOf(parameters), undefined, 'renamed out of the glob');
  fs.mkdirSync(path.join(dir, 'infra', 'clouds'));
  move(['main.json'], ['infra', 'clouds', 'renamed.json']);
  assert.equal(files.templateOf(parameters), uri('infra', 'clouds', 'renamed.json'), 'renamed into it');
  move(['infra', 'clouds'], ['infra', 'moved']);
  assert.equal(files.templateOf(parameters), uri('infra', 'moved', 'renamed.json'), 'its folder renamed');
  fs.rmSync(path.join(dir, 'infra'), { recursive: true });
  files.pathsChanged([{ uri: uri('infra'), type: 3 }]);
  assert.equal(files.templateOf(parameters), undefined, 'its folder deleted');
});

test("the parameterFiles setting's globs reach templates through symbolic links as the scan does: loops end; not where search.followSymlinks is off", () => {
  const dir = temporaryDirectory('anyscale-parameter-links-');
  const shared = temporaryDirectory('anyscale-parameter-links-shared-');
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.mkdirSync(path.join(dir, 'env'));
  const parameters = pathToFileURL(path.join(dir, 'env', 'dev.json')).toString();
  fs.writeFileSync(new URL(parameters), '{"parameters": {}}');
  fs.writeFileSync(path.join(shared, 'main.json'), '{}');
  fs.symlinkSync(shared, path.join(dir, 'infra', 'shared')); // a folder outside the workspace
  fs.symlinkSync(dir, path.join(shared, 'back')); // a loop through it: infra/shared/back/infra/shared/…
  fs.symlinkSync(shared, path.join(shared, 'self'));
  let followsLinks = true;
  const files = new ParameterFiles(
    new TextDocuments(OPEN_DOCUMENTS),
    () => ({ 'infra/**/*.json': ['env/dev.json'] }),
    () => followsLinks,
  );
  files.setWorkspaceFolders([pathToFileURL(dir).toString()]);
  // Walked round the loop, each turn would be one more template claiming env/dev.json, and no one template would.
  assert.equal(files.templateOf(parameters), pathToFileURL(path.join(dir, 'infra', 'shared', 'main.json')).toString());
  followsLinks = false;
  assert.equal(files.templateOf(parameters), undefined, 'search.followSymlinks off: the link is passed over');
});
