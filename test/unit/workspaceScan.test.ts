// The workspace scan of files that are not open: which files it reads (and skips, and the symbolic links it follows),
// what it puts in the index, the cross-file warning it makes possible, open documents winning over disk, file events
// (a folder deleted, created or renamed as one event), check's size limit and its message for a file over it that the
// index would read (searched a chunk at a time; a data file is passed over) and for a template's parameter file it
// could not read, check's message for a file in UTF-16 the index would read, and staying responsive.
import { test, before } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SEARCH_CHUNK_BYTES, WorkspaceScan, mayHoldFacts } from '../../server/src/node/workspaceScan';
import { MAX_FILE_BYTES, readBounded } from '../../server/src/node/boundedRead';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { cloudTree } from '../../server/src/service/index/cloudTree';
import { parseJson } from '../../server/src/service';
import { analyzeDocument } from '../../server/src/service/analyze';
import { FIXTURES } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';

const RULE = 'values-iam-identity-is-principal-id';
const PRINCIPAL_ID = '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f';
const template = fs.readFileSync(path.join(FIXTURES, 'rules', RULE, 'workspace', 'cloud-resource.json'), 'utf8');
const values = fs.readFileSync(path.join(FIXTURES, 'rules', RULE, 'fail.yaml'), 'utf8').replace(/ # @expect.*$/m, '');

let root: string;
const file = (...parts: string[]) => path.join(root, ...parts);
const uriOf = (...parts: string[]) => pathToFileURL(file(...parts)).href;
function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(file(relative)), { recursive: true });
  fs.writeFileSync(file(relative), text);
}
const codesWith = (index: WorkspaceIndex) =>
  analyzeDocument(values, { languageId: 'yaml' }, { workspace: index, uri: 'file:///open/values.yaml' }).findings.map(
    (f) => f.code,
  );

before(() => {
  root = temporaryDirectory('anyscale-scan-');
  write('infra/cloud-resource.json', template);
  write('node_modules/pkg/cloud-resource.json', template.replace(PRINCIPAL_ID, '11111111-1111-4111-8111-111111111111'));
  write('.history/cloud-resource.json', template.replace(PRINCIPAL_ID, '22222222-2222-4222-8222-222222222222'));
  write('huge.json', template.replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`));
  write('helm/values.yaml', values);
  write('helm/ingress-nginx.yaml', 'controller:\n  service:\n    type: LoadBalancer\n');
  write('package.json', '{"name": "not-a-template"}');
  write('binary.json', '\u0000\u0001Anyscale.Platform\u0000{[');
});

test('the pre-filter: templates name Anyscale.Platform or the operator extension; values files an operator key', () => {
  assert.ok(mayHoldFacts('a.json', template));
  assert.ok(mayHoldFacts('a.json', '{"extensionType": "Anyscale.AKS.Operator"}'));
  assert.ok(
    mayHoldFacts('a.json', '{"type": "anyscale.platform/clouds/cloudResources"}'),
    'ARM types are case-insensitive',
  );
  assert.ok(!mayHoldFacts('a.json', '{"name": "x"}'));
  assert.ok(mayHoldFacts('v.yaml', values));
  assert.ok(!mayHoldFacts('v.yml', 'controller:\n  service: {}\n'));
});

test("a scan indexes the template on disk, skipping node_modules, dot-folders and files over check's 16 MB; the values file sees the principal ID", async () => {
  const index = new WorkspaceIndex();
  assert.ok(!codesWith(index).includes(RULE), 'no warning without the template');
  const scan = new WorkspaceScan(index, () => false);
  const result = await scan.scan([root]);
  assert.equal(
    result.files,
    6,
    'cloud-resource.json, huge.json, values.yaml, ingress-nginx.yaml, package.json, binary.json',
  );
  assert.equal(result.analyzed, 3, 'the template, the values file and binary.json pass the pre-filter');
  assert.equal(result.indexed, 2);
  assert.ok(result.changed && !result.truncated);
  const view = index.viewFrom(undefined);
  assert.deepEqual(
    view.cloudResources.map((r) => [r.uri, r.operatorIdentity]),
    [[uriOf('infra', 'cloud-resource.json'), PRINCIPAL_ID]],
  );
  assert.deepEqual(
    view.operatorValues.map((v) => v.uri),
    [uriOf('helm', 'values.yaml')],
  );
  assert.ok(view.azure);
  assert.ok(codesWith(index).includes(RULE), 'the cross-file warning, with the template only on disk');
  assert.deepEqual(
    scan.unreadFiles(),
    [
      {
        uri: uriOf('huge.json'),
        reason:
          'too large to check: 16.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)',
      },
    ],
    "the file over the limit, with check's message",
  );
  const again = await new WorkspaceScan(index, () => false).scan([root]);
  assert.equal(again.changed, false, 'a second scan of the same files changes nothing');
});

test('an open document wins over its disk version, and the disk version comes back when it closes', async () => {
  const index = new WorkspaceIndex();
  const open = new Set([file('infra', 'cloud-resource.json')]);
  const scan = new WorkspaceScan(index, (f) => open.has(f));
  await scan.scan([root]);
  assert.deepEqual(index.viewFrom(undefined).cloudResources, [], "the open template is the editor's business");
  open.delete(file('infra', 'cloud-resource.json'));
  assert.equal(await scan.closed(uriOf('infra', 'cloud-resource.json')), true);
  assert.equal(index.viewFrom(undefined).cloudResources.length, 1);
  assert.equal(await scan.closed('untitled:Untitled-1'), false);
});

test('file events: a changed template is read again, a deleted one forgotten, files under node_modules ignored', async () => {
  const index = new WorkspaceIndex();
  const scan = new WorkspaceScan(index, () => false);
  await scan.scan([root]);
  write('infra/cloud-resource.json', template.replace(PRINCIPAL_ID, '33333333-3333-4333-8333-333333333333'));
  assert.equal(await scan.changed([{ uri: uriOf('infra', 'cloud-resource.json'), type: 2 }]), true);
  assert.ok(!codesWith(index).includes(RULE), 'the principal ID on disk no longer matches');
  write('node_modules/pkg/other.json', template);
  assert.equal(await scan.changed([{ uri: uriOf('node_modules', 'pkg', 'other.json'), type: 1 }]), false);
  write('infra/second.json', template);
  assert.equal(await scan.changed([{ uri: uriOf('infra', 'second.json'), type: 1 }]), true);
  assert.ok(codesWith(index).includes(RULE), 'a new template on disk');
  fs.rmSync(file('infra', 'second.json'));
  assert.equal(await scan.changed([{ uri: uriOf('infra', 'second.json'), type: 3 }]), true);
  assert.ok(!codesWith(index).includes(RULE));
  assert.equal(
    await scan.changed([{ uri: 'file:///elsewhere/cloud-resource.json', type: 1 }]),
    false,
    'outside the workspace folders',
  );
  write('infra/cloud-resource.json', template);
});

test('file events apply one batch after another: a template deleted while an earlier batch reads it stays forgotten', async () => {
  const dir = temporaryDirectory('anyscale-scan-order-');
  const cloud = path.join(dir, 'cloud.json');
  const cloudUri = pathToFileURL(cloud).href;
  fs.writeFileSync(cloud, template);
  const index = new WorkspaceIndex();
  let deleteWhileReading = false;
  let deleted: Promise<boolean> | undefined;
  const scan = new WorkspaceScan(
    index,
    () => false,
    (read) => {
      // The template's text is read; before it is recorded, the file goes and its delete event arrives (as when a
      // folder's files are deleted one after another and each event re-reads the template).
      if (deleteWhileReading && read === cloud) {
        deleteWhileReading = false;
        fs.rmSync(cloud);
        deleted = scan.changed([{ uri: cloudUri, type: 3 }]);
      }
      return {};
    },
  );
  await scan.scan([dir]);
  assert.equal(index.viewFrom(undefined).cloudResources.length, 1);
  deleteWhileReading = true;
  await scan.changed([{ uri: cloudUri, type: 2 }]);
  assert.ok(deleted, 'the delete event arrived while the template was being read');
  await deleted;
  assert.deepEqual(index.viewFrom(undefined).cloudResources, [], 'the deleted template is not in the index');
});

/** A template declaring a cloud resource of the cloud `cloud` (an expression when it starts with `[`). */
const cloudTemplate = (cloud: string, parameters: object = {}) =>
  JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters,
    resources: [
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: cloud.startsWith('[') ? `[concat(${cloud.slice(1, -1)}, '/default')]` : `${cloud}/default`,
        location: 'uksouth',
        properties: { provider: 'Azure', computeStack: 'K8S', region: 'uksouth' },
      },
    ],
  });
const cloudLabels = (index: WorkspaceIndex) => cloudTree(index.outlines()).map((cloud) => cloud.label);

/** A temporary workspace folder holding `files` (relative path → text), for `body`. */
async function inWorkspace(
  files: Record<string, string>,
  body: (folder: string, uri: (relative: string) => string) => Promise<void>,
): Promise<void> {
  const folder = temporaryDirectory('anyscale-scan-folders-');
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    fs.writeFileSync(path.join(folder, relative), text);
  }
  await body(folder, (relative) => pathToFileURL(path.join(folder, relative)).href);
}

test('a file deleted while the scan reads it is forgotten: the delete is applied after the scan, not undone by it', async () => {
  await inWorkspace({ 'infra/cloud.json': cloudTemplate('deleted-cloud') }, async (folder, uri) => {
    const index = new WorkspaceIndex();
    let deletion: Promise<boolean> | undefined;
    // Asked for how to analyse the file once its text is read: the file is deleted then, and the watcher says so.
    const optionsOf = async () => {
      if (!deletion) {
        fs.rmSync(path.join(folder, 'infra', 'cloud.json'));
        deletion = scan.changed([{ uri: uri('infra/cloud.json'), type: 3 }]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return {};
    };
    const scan = new WorkspaceScan(index, () => false, optionsOf);
    await scan.scan([folder]);
    await deletion;
    assert.deepEqual(cloudLabels(index), []);
  });
});

test('a deleted folder, one event for the folder: every file indexed under it is forgotten', async () => {
  await inWorkspace(
    {
      'clouds/a/first.json': cloudTemplate('first-cloud'),
      'clouds/a/deeper/second.json': cloudTemplate('second-cloud'),
      'clouds-kept/kept.json': cloudTemplate('kept-cloud'),
    },
    async (folder, uri) => {
      const index = new WorkspaceIndex();
      const scan = new WorkspaceScan(index, () => false);
      await scan.scan([folder]);
      assert.deepEqual(cloudLabels(index), ['first-cloud', 'kept-cloud', 'second-cloud']);
      fs.rmSync(path.join(folder, 'clouds'), { recursive: true });
      // What VS Code's watcher sends for a deleted folder: the folder alone, not its files.
      assert.equal(await scan.changed([{ uri: uri('clouds'), type: 3 }]), true);
      assert.deepEqual(cloudLabels(index), ['kept-cloud'], 'clouds-kept/ shares the prefix but not the folder');
    },
  );
});

test('a deleted folder of parameter files: the template read with one of them is read again without it', async () => {
  const parameters = { cloudName: { type: 'string' } };
  await inWorkspace(
    {
      'infra/named.json': cloudTemplate("[parameters('cloudName')]", parameters),
      'params/dev/named.parameters.json': JSON.stringify({
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
        contentVersion: '1.0.0.0',
        parameters: { cloudName: { value: 'from-parameters' } },
      }),
    },
    async (folder, uri) => {
      const parameterFile = path.join(folder, 'params', 'dev', 'named.parameters.json');
      // As the anyscaleAzure.parameterFiles setting assigns a parameter file in another folder.
      const optionsOf = (file: string) => {
        if (!file.endsWith('named.json') || !fs.existsSync(parameterFile)) return {};
        const text = fs.readFileSync(parameterFile, 'utf8');
        return { parameterFiles: [{ uri: pathToFileURL(parameterFile).href, root: parseJson(text).root!, text }] };
      };
      const index = new WorkspaceIndex();
      const scan = new WorkspaceScan(index, () => false, optionsOf);
      await scan.scan([folder]);
      assert.deepEqual(cloudLabels(index), ['from-parameters']);
      fs.rmSync(path.join(folder, 'params'), { recursive: true });
      assert.equal(await scan.changed([{ uri: uri('params'), type: 3 }]), true);
      assert.deepEqual(cloudLabels(index), ["[parameters('cloudName')]"], 'the name without a value');
    },
  );
});

test('a renamed folder (a delete and a create of the folder): its files are indexed under the new name', async () => {
  await inWorkspace(
    {
      'old/cloud.json': cloudTemplate('moved-cloud'),
      'old/node_modules/pkg/cloud.json': cloudTemplate('skipped-cloud'),
    },
    async (folder, uri) => {
      const index = new WorkspaceIndex();
      const scan = new WorkspaceScan(index, () => false);
      await scan.scan([folder]);
      fs.renameSync(path.join(folder, 'old'), path.join(folder, 'new'));
      const changed = await scan.changed([
        { uri: uri('old'), type: 3 },
        { uri: uri('new'), type: 1 },
      ]);
      assert.equal(changed, true);
      const outlines = index.outlines().map(([file]) => file);
      assert.deepEqual(outlines, [uri('new/cloud.json')], 'read under its new name, node_modules still skipped');
      fs.mkdirSync(path.join(folder, '.hidden'));
      fs.writeFileSync(path.join(folder, '.hidden', 'cloud.json'), cloudTemplate('hidden-cloud'));
      assert.equal(await scan.changed([{ uri: uri('.hidden'), type: 1 }]), false, 'a dot-folder is not read');
    },
  );
});

test("files up to check's 16 MB are indexed, as check reads them", async () => {
  const padding = `"padding": "${'x'.repeat(6 * 1024 * 1024)}",`;
  await inWorkspace({ 'large.json': cloudTemplate('large-cloud').replace('{', `{${padding}`) }, async (folder) => {
    const index = new WorkspaceIndex();
    const scan = new WorkspaceScan(index, () => false);
    await scan.scan([folder]);
    assert.deepEqual(cloudLabels(index), ['large-cloud'], 'a 6 MB template');
    assert.deepEqual(scan.unreadFiles(), []);
  });
});

test('a file over 16 MB is named only when the index would read it: a data file without a marker is passed over', async () => {
  const over = MAX_FILE_BYTES + 1024;
  const row = '{"image": "s3://bucket/train/img_000123.jpg", "label": 3, "split": "train"},\n';
  // "Anyscale.Platform" across the boundary of the first chunk the search reads.
  const before = '{"note": "';
  const split =
    before +
    'x'.repeat(SEARCH_CHUNK_BYTES - 5 - before.length) +
    `Anyscale.Platform/clouds", "p": "${'y'.repeat(over)}"}`;
  await inWorkspace(
    {
      'data/training-manifest.json': `[${row.repeat(Math.ceil(over / row.length))}{}]`,
      'infra/split.json': split,
      'infra/cloud.json': cloudTemplate('small-cloud'),
      'infra/cloud.parameters.json': `{"parameters": {"padding": {"value": "${'z'.repeat(over)}"}}}`,
    },
    async (folder, uri) => {
      const scan = new WorkspaceScan(new WorkspaceIndex(), () => false);
      await scan.scan([folder]);
      assert.deepEqual(
        scan.unreadFiles().map((file) => file.uri),
        [uri('infra/cloud.parameters.json'), uri('infra/split.json')],
        'the parameter file beside its template, and the template whose marker two chunks share; not the data file',
      );
    },
  );
});

test("a file in UTF-16 the index would read is named in check's words, not read as garbage; other UTF-16 files are not", async () => {
  const bom = (mark: number[], units: Buffer) => Buffer.concat([Buffer.from(mark), units]);
  const utf16le = (text: string) => bom([0xff, 0xfe], Buffer.from(text, 'utf16le'));
  const utf16be = (text: string) => bom([0xfe, 0xff], Buffer.from(text, 'utf16le').swap16());
  const le = 'UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8';
  const be = 'UTF-16 text (UTF-16 BE, byte order mark FE FF), not checked: save it as UTF-8';
  await inWorkspace(
    { 'infra/utf8.json': cloudTemplate('utf8-cloud'), 'infra/cloud.json': cloudTemplate('beside-cloud') },
    async (folder, uri) => {
      const at = (relative: string) => path.join(folder, relative);
      fs.mkdirSync(at('helm'));
      // As Windows PowerShell 5's `>` writes them.
      fs.writeFileSync(at('infra/powershell.json'), utf16le(cloudTemplate('utf16-cloud')));
      fs.writeFileSync(at('infra/cloud.parameters.json'), utf16le('{"parameters": {}}'));
      fs.writeFileSync(at('helm/values.yaml'), utf16be(values));
      fs.writeFileSync(at('tool-output.json'), utf16le('{"name": "not-a-template"}'));
      const open = new Set<string>();
      const index = new WorkspaceIndex();
      const scan = new WorkspaceScan(index, (file) => open.has(file));
      await scan.scan([folder]);
      assert.deepEqual(cloudLabels(index).sort(), ['beside-cloud', 'utf8-cloud'], 'the UTF-8 templates are read');
      const named = [
        { uri: uri('helm/values.yaml'), reason: be },
        { uri: uri('infra/cloud.parameters.json'), reason: le },
        { uri: uri('infra/powershell.json'), reason: le },
      ];
      assert.deepEqual(scan.unreadFiles(), named, 'not the UTF-16 file that holds nothing the index reads');
      open.add(at('infra/powershell.json'));
      assert.deepEqual(scan.unreadFiles(), named.slice(0, 2), 'open, the editor decodes it: not named');
      open.clear();
      fs.writeFileSync(at('infra/powershell.json'), cloudTemplate('utf16-cloud'));
      await scan.changed([{ uri: uri('infra/powershell.json'), type: 2 }]);
      assert.deepEqual(scan.unreadFiles(), named.slice(0, 2), 'saved as UTF-8: read');
      assert.deepEqual(cloudLabels(index).sort(), ['beside-cloud', 'utf16-cloud', 'utf8-cloud']);
    },
  );
});

test('a file that looks like UTF-16 without a byte order mark is named as such when the index would read it; a data file is not', async () => {
  await inWorkspace({ 'infra/utf8.json': cloudTemplate('utf8-cloud') }, async (folder, uri) => {
    const at = (relative: string) => path.join(folder, relative);
    fs.writeFileSync(at('infra/no-mark.json'), Buffer.from(cloudTemplate('utf16-cloud'), 'utf16le'));
    fs.writeFileSync(at('infra/values.yaml'), Buffer.from(values, 'utf16le').swap16());
    fs.writeFileSync(at('tool-output.json'), Buffer.from('{"name": "not-a-template"}', 'utf16le'));
    const index = new WorkspaceIndex();
    const scan = new WorkspaceScan(index, () => false);
    await scan.scan([folder]);
    assert.deepEqual(cloudLabels(index), ['utf8-cloud']);
    assert.deepEqual(scan.unreadFiles(), [
      {
        uri: uri('infra/no-mark.json'),
        reason: 'looks like UTF-16 LE text without a byte order mark, not checked: save it as UTF-8',
      },
      {
        uri: uri('infra/values.yaml'),
        reason: 'looks like UTF-16 BE text without a byte order mark, not checked: save it as UTF-8',
      },
    ]);
  });
});

test("a template's parameter file in another folder that could not be read is named, until it can be or the template goes", async () => {
  const folder = temporaryDirectory('anyscale-scan-unread-parameters-');
  const inFolder = (...parts: string[]) => path.join(folder, ...parts);
  const templateFile = inFolder('infra', 'cloud.json');
  const parameterFile = inFolder('params', 'prod.json');
  const parameters = `{"parameters": {"cloudName": {"value": "from-parameters"}}}`;
  fs.mkdirSync(path.dirname(templateFile));
  fs.mkdirSync(path.dirname(parameterFile));
  fs.writeFileSync(templateFile, cloudTemplate("[parameters('cloudName')]", { cloudName: { type: 'string' } }));
  // Over check's 16 MB, no marker in it, and not beside its template: the walk passes it over.
  fs.writeFileSync(parameterFile, parameters.replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`));
  // As the language server's options: the anyscaleAzure.parameterFiles setting assigns it, read as check reads it.
  const optionsOf = (file: string) => {
    if (file !== templateFile) return {};
    const uri = pathToFileURL(parameterFile).href;
    try {
      const text = readBounded(parameterFile).toString('utf8');
      return { parameterFiles: [{ uri, root: parseJson(text).root!, text }] };
    } catch (error) {
      return { unreadParameterFiles: [{ uri, reason: (error as Error).message }] };
    }
  };
  const open = new Set<string>();
  const index = new WorkspaceIndex();
  const scan = new WorkspaceScan(index, (file) => open.has(file), optionsOf);
  await scan.scan([folder]);
  const tooLarge = `too large to check: 16.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)`;
  const named = [{ uri: pathToFileURL(parameterFile).href, reason: tooLarge }];
  assert.deepEqual(scan.unreadFiles(), named);
  open.add(templateFile);
  assert.deepEqual(scan.unreadFiles(), [], 'an open template names it in the editor instead');
  open.delete(templateFile);
  fs.writeFileSync(parameterFile, parameters);
  await scan.changed([{ uri: pathToFileURL(parameterFile).href, type: 2 }]);
  assert.deepEqual(scan.unreadFiles(), [], 'read again once it is small enough, with its template');
  assert.deepEqual(cloudLabels(index), ['from-parameters']);
  fs.writeFileSync(parameterFile, parameters.replace('{', `{"padding": "${'x'.repeat(MAX_FILE_BYTES)}",`));
  await scan.changed([{ uri: pathToFileURL(parameterFile).href, type: 2 }]);
  assert.deepEqual(scan.unreadFiles(), named, 'named again when it grows over the limit');
  fs.rmSync(templateFile);
  await scan.changed([{ uri: pathToFileURL(templateFile).href, type: 3 }]);
  assert.deepEqual(scan.unreadFiles(), [], 'forgotten with its template');
});

test('the scan yields to the event loop while it reads many files', async () => {
  const many = temporaryDirectory('anyscale-scan-many-');
  for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(many, `t${i}.json`), template);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  const result = await new WorkspaceScan(new WorkspaceIndex(), () => false).scan([many]);
  clearInterval(timer);
  assert.equal(result.indexed, 300);
  assert.ok(ticks > 0, 'timers ran during the scan');
});

test(
  'symbolic links are followed, as VS Code search.followSymlinks does by default: each file read once, loops end',
  { timeout: 20_000 },
  async () => {
    const workspace = temporaryDirectory('anyscale-scan-links-');
    const shared = temporaryDirectory('anyscale-scan-links-shared-');
    const at = (...parts: string[]) => path.join(workspace, ...parts);
    fs.mkdirSync(at('infra'));
    fs.writeFileSync(at('infra', 'own.json'), template);
    fs.writeFileSync(path.join(shared, 'cloud-resource.json'), template);
    fs.symlinkSync(shared, at('linked')); // a folder outside the workspace
    fs.symlinkSync(path.join(shared, 'cloud-resource.json'), at('infra', 'second-way.json')); // the same file again
    fs.symlinkSync(at('infra', 'own.json'), at('alias.json')); // a file the walk reads on its own path
    fs.symlinkSync(workspace, at('infra', 'up')); // an ancestor: a loop
    fs.symlinkSync(workspace, path.join(shared, 'back')); // a loop through the folder outside
    // Loops outside the workspace: two ways round each level, 2^40 folders before ELOOP if they were walked.
    fs.symlinkSync(shared, path.join(shared, 'self'));
    fs.symlinkSync(shared, path.join(shared, 'self-too'));
    fs.symlinkSync(at('missing.json'), at('broken.json'));
    const index = new WorkspaceIndex();
    const scan = new WorkspaceScan(index, () => false);
    const result = await scan.scan([workspace]);
    assert.equal(result.files, 2, 'infra/own.json, and the file outside once');
    assert.deepEqual(
      index
        .viewFrom(undefined)
        .cloudResources.map((r) => r.uri)
        .sort(),
      [pathToFileURL(at('infra', 'own.json')).href, pathToFileURL(at('infra', 'second-way.json')).href].sort(),
      'the template reached only through links is indexed, under the first path the walk reaches it by',
    );
    assert.deepEqual(scan.unreadFiles(), [], 'a broken link is passed over');
    scan.setFollowSymlinks(new Map([[workspace, false]]));
    const notFollowed = await scan.scan([workspace]);
    assert.deepEqual(
      [notFollowed.files, index.viewFrom(undefined).cloudResources.map((r) => r.uri)],
      [1, [pathToFileURL(at('infra', 'own.json')).href]],
      'search.followSymlinks off for the folder: its links are not followed',
    );
  },
);

test('a folder that does not exist scans as empty', async () => {
  const result = await new WorkspaceScan(new WorkspaceIndex(), () => false).scan([path.join(root, 'missing')]);
  assert.deepEqual([result.files, result.indexed, result.changed], [0, 0, false]);
});
