// The workspace index over the fixture workspace (test/fixtures/index/workspace, see its README): clouds by evaluated
// name across templates, cloud resources as each parameter file names them, nested children, symbolic resources, copy
// loops, an unknown name shown as its expression, problem counts (each copy of a loop its own), related files; then incremental updates of a copy of
// it on disk (a file changed, deleted, a parameter file changed, an open document winning over disk), the excludes,
// and the values files' problems once the templates they are checked against are read.
import { test, before } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IndexedCloud, IndexedCloudResource } from '../../shared/protocol';
import { excludePatterns, mayHoldFacts, WorkspaceScan } from '../../server/src/node/workspaceScan';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { cloudTree } from '../../server/src/service/index/cloudTree';
import { parseJson } from '../../server/src/service/json/parseJson';
import { targetFromIndexedFile } from '../../client/src/features/clusterExtension/target';
import type { RuleLevel } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';
import { indexDocument, outlineOf } from '../support/indexDocument';
import { temporaryDirectory } from '../support/temporaryDirectory';
import { copyLoopTemplate } from '../support/copyLoopTemplate';
import { parameterFileInput } from '../support/parameterFile';

const WORKSPACE = path.join(FIXTURES, 'index', 'workspace');
const uriIn = (root: string, ...parts: string[]) => pathToFileURL(path.join(root, ...parts)).href;

async function indexOf(root: string, scanOptions: { excludes?: string[]; isOpen?: (file: string) => boolean } = {}) {
  const index = new WorkspaceIndex();
  const scan = new WorkspaceScan(index, scanOptions.isOpen ?? (() => false));
  if (scanOptions.excludes) scan.setExcludes(scanOptions.excludes);
  const result = await scan.scan([root]);
  // As the client receives it: JSON.
  const clouds = (): IndexedCloud[] => JSON.parse(JSON.stringify(cloudTree(index.outlines((uri) => scan.shows(uri)))));
  return { index, scan, result, clouds };
}

function cloudNamed(clouds: IndexedCloud[], name: string): IndexedCloud {
  const cloud = clouds.find((candidate) => candidate.name.text === name);
  assert.ok(cloud, `no cloud ${name} among ${clouds.map((candidate) => candidate.label).join(', ')}`);
  return cloud;
}

function resourceNamed(cloud: IndexedCloud, name: string): IndexedCloudResource {
  const resource = cloud.cloudResources.find((candidate) => candidate.name.text === name);
  assert.ok(
    resource,
    `no cloud resource ${name} in ${cloud.label}: ${cloud.cloudResources.map((candidate) => candidate.label).join(', ')}`,
  );
  return resource;
}

let clouds: IndexedCloud[];

before(async () => {
  clouds = (await indexOf(WORKSPACE)).clouds();
});

/** A file of the fixture workspace's params folder. */
const readParams = (name: string) => fs.readFileSync(path.join(WORKSPACE, 'params', name), 'utf8');

/** A parameter file of the params folder as the index is given it, with its text or another. */
const parameterFileIn = (name: string, text = readParams(name)) => ({
  uri: uriIn(WORKSPACE, 'params', name),
  root: parseJson(text).root!,
  text,
});

test('clouds by evaluated name: one cloud declared in two templates (names compared ignoring case), known names first', () => {
  assert.deepEqual(
    clouds.map((cloud) => cloud.label),
    ['my-anyscale-cloud', 'my-cloud', "[parameters('cloudName')]"],
  );
  const myCloud = cloudNamed(clouds, 'my-cloud');
  assert.deepEqual(
    myCloud.declaredIn.map((at) => [path.basename(at.uri), at.range.start.line]),
    [
      ['cloud.json', 7],
      ['extra.json', 8],
    ],
  );
  assert.deepEqual(myCloud.location, { text: 'westus2', known: true });
  assert.deepEqual(
    myCloud.cloudResources.map((resource) => resource.label),
    ['default', 'eks-east', 'gpu-1', 'gpu-2', 'extra'],
  );
  assert.equal(myCloud.id, 'cloud:my-cloud');
});

test('a nested child, a name built by concat, copies of a loop and a symbolic resource, each with its own segment and place', () => {
  const myCloud = cloudNamed(clouds, 'my-cloud');
  const nested = resourceNamed(myCloud, 'default');
  assert.equal(nested.primary, true);
  assert.deepEqual(nested.description, ['Azure', 'westus2', 'primary']);
  assert.deepEqual(nested.reveal, {
    uri: uriIn(WORKSPACE, 'infra', 'cloud.json'),
    range: { start: { line: 14, character: 18 }, end: { line: 14, character: 27 } },
  });
  assert.deepEqual(nested.operatorIdentity, { text: '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f', known: true });
  assert.equal(resourceNamed(myCloud, 'eks-east').primary, false);
  const copies = myCloud.cloudResources.filter((resource) => resource.copyIndex !== undefined);
  assert.deepEqual(
    copies.map((copy) => [copy.label, copy.copyIndex, copy.bucket?.text]),
    [
      ['gpu-1', 0, 'abfss://gpu1@mystorageacct.dfs.core.windows.net'],
      ['gpu-2', 1, 'abfss://gpu2@mystorageacct.dfs.core.windows.net'],
    ],
  );
  assert.notEqual(copies[0].id, copies[1].id);
  const symbolic = resourceNamed(myCloud, 'extra');
  assert.deepEqual(
    [
      symbolic.provider?.text,
      symbolic.region?.text,
      path.basename(symbolic.reveal!.uri),
      symbolic.reveal!.range.start.line,
    ],
    ['Generic', 'dc1', 'extra.json', 15],
  );
  assert.equal(symbolic.operatorIdentity, undefined, 'a property not written is absent');
  assert.equal(
    nested.resourceIdExpression,
    "[resourceId('Anyscale.Platform/clouds/cloudResources', 'my-cloud', 'default')]",
  );
  assert.ok(
    nested.workloads.some((workload) => workload.startsWith('services')),
    'services run on the primary',
  );
  assert.ok(!resourceNamed(myCloud, 'eks-east').workloads.some((workload) => workload.startsWith('services')));
});

test('names from parameters: one cloud resource per parameter file, each naming the file', () => {
  const cloud = cloudNamed(clouds, 'my-anyscale-cloud');
  assert.deepEqual(cloud.declaredIn, [], 'the docs template adds a cloud resource to an existing cloud');
  const rows = cloud.cloudResources.map((resource) => [
    resource.label,
    resource.provider?.text,
    resource.region?.text,
    resource.parameterFiles.map((uri) => path.basename(uri)),
  ]);
  assert.deepEqual(rows, [
    ['eksuswest2', 'AWS', 'us-west-2', ['cloudresource.parameters.aws.json']],
    ['aksuksouth', 'Azure', 'uksouth', ['cloudresource.parameters.azure.json']],
  ]);
  const aws = resourceNamed(cloud, 'eksuswest2');
  assert.deepEqual(
    aws.files.map((file) => [file.kind, file.relation, file.label]),
    [
      ['template', 'declares', 'cloudresource.json'],
      ['parameterFile', 'parameters', 'cloudresource.parameters.aws.json'],
    ],
  );
  assert.deepEqual(
    aws.problems,
    { error: 0, warning: 0, info: 1 },
    'bucket-cors-required, with the AWS parameter file only',
  );
  const azure = resourceNamed(cloud, 'aksuksouth');
  assert.deepEqual(azure.problems, { error: 0, warning: 0, info: 0 }, "the AWS file's value is not the Azure row's");
  assert.equal(azure.worst, undefined);
  assert.deepEqual(azure.files[1].problems, { error: 0, warning: 0, info: 0 });
  assert.deepEqual(
    aws.files[1].problems,
    { error: 0, warning: 0, info: 1 },
    'the finding placed in the AWS parameter file',
  );
  assert.deepEqual(
    cloud.problems,
    { error: 0, warning: 0, info: 2 },
    'a declaration counts once in its cloud, whatever the parameter files; the value it blames, in the parameter file too',
  );
});

test("a cloud resource row counts the findings of its parameter files' runs and those found whatever the file; its cloud each once", () => {
  // The cloud resource's location differs from its cloud's whatever the file; its provider and computeStack come from
  // the files. azure, k8s and vm give one reading (computeStack is not shown), aws another. With provider Azure the
  // template lacks cloudStorageBucketEndpoint.
  const template = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { provider: { type: 'string' }, stack: { type: 'string', defaultValue: 'K8S' } },
      resources: [
        { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'c', location: 'uksouth', properties: {} },
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'c/default',
          location: 'westus2',
          dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'c')]"],
          properties: {
            provider: "[parameters('provider')]",
            computeStack: "[parameters('stack')]",
            region: 'uksouth',
            cloudStorageBucketName: 'abfss://data@acct.dfs.core.windows.net',
            anyscaleOperatorIamIdentity: '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
          },
        },
      ],
    },
    null,
    2,
  );
  const parameterFile = (name: string, parameters: Record<string, unknown>) => {
    const text = JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters,
    });
    return { uri: `file:///w/cloud.parameters.${name}.json`, root: parseJson(text).root!, text };
  };
  const files = {
    azure: parameterFile('azure', { provider: { value: 'Azure' } }),
    k8s: parameterFile('k8s', { provider: { value: 'Azure' }, stack: { value: 'k8s' } }),
    vm: parameterFile('vm', { provider: { value: 'Azure' }, stack: { value: 'VM' } }),
    aws: parameterFile('aws', { provider: { value: 'Aws' } }),
  };
  const treeWith = (inputs: ReturnType<typeof parameterFile>[]) => {
    const index = new WorkspaceIndex();
    indexDocument(index, 'file:///w/cloud.json', template, { fileName: '/w/cloud.json' }, { parameterFiles: inputs });
    const [cloud] = cloudTree(index.outlines());
    return {
      cloud: cloud.problems,
      rows: cloud.cloudResources.map((row) => [
        row.parameterFiles.map((uri) => path.basename(uri)).join(' '),
        row.problems,
        row.worst?.code,
      ]),
    };
  };
  const warning = { error: 0, warning: 1, info: 0 };
  assert.deepEqual(treeWith([files.azure, files.k8s, files.vm, files.aws]), {
    // The template: location-differs-from-cloud (every file), required-property-missing (with the Azure files),
    // compute-stack-invalid (k8s's value, vm's value), provider-invalid and primary-resource-not-azure (aws's value);
    // the last four in their parameter files too.
    cloud: { error: 9, warning: 1, info: 0 },
    rows: [
      // location-differs-from-cloud, required-property-missing, and each compute-stack-invalid: the row is k8s's and
      // vm's too.
      [
        'cloud.parameters.azure.json cloud.parameters.k8s.json cloud.parameters.vm.json',
        { error: 3, warning: 1, info: 0 },
        'required-property-missing',
      ],
      // location-differs-from-cloud, primary-resource-not-azure and provider-invalid; not the Azure files'.
      ['cloud.parameters.aws.json', { error: 2, warning: 1, info: 0 }, 'primary-resource-not-azure'],
    ],
  });
  // One parameter file, or none: the row counts all of its declaration's, as before.
  assert.deepEqual(treeWith([files.azure]).rows, [
    ['cloud.parameters.azure.json', { error: 1, warning: 1, info: 0 }, 'required-property-missing'],
  ]);
  assert.deepEqual(treeWith([files.aws]).rows, [
    ['cloud.parameters.aws.json', { error: 2, warning: 1, info: 0 }, 'primary-resource-not-azure'],
  ]);
  assert.deepEqual(treeWith([]), { cloud: warning, rows: [['', warning, 'location-differs-from-cloud']] });
});

test("each copy of a loop's row counts the findings its copy led to and those found whatever the copy; its cloud each once", () => {
  // copyLoopTemplate: location-differs-from-cloud on every copy; required-property-missing on copies 0 and 2 (each
  // its own), provider-invalid on copy 1, bucket-cors-required on 0 and 2 and bucket-shared on 1 and 2 (one each).
  const index = new WorkspaceIndex();
  indexDocument(index, 'file:///w/loop.json', copyLoopTemplate(), { fileName: '/w/loop.json' });
  const [cloud] = cloudTree(index.outlines());
  assert.deepEqual(
    cloud.cloudResources.map((row) => [row.label, row.problems, row.worst?.code]),
    [
      ['default', { error: 0, warning: 0, info: 0 }, undefined],
      ['r0', { error: 1, warning: 1, info: 1 }, 'required-property-missing'],
      ['r1', { error: 1, warning: 2, info: 0 }, 'provider-invalid'],
      ['r2', { error: 1, warning: 2, info: 1 }, 'required-property-missing'],
    ],
  );
  assert.match(cloud.cloudResources[2].worst!.message, /^provider "aws" is not accepted/);
  // The cloud: the declaration's six findings once, as check counts them.
  assert.deepEqual(cloud.problems, { error: 3, warning: 2, info: 1 });
});

test("with parameter files, a copy's row counts what its copy led to in the runs of its own files", () => {
  // The copy that is "aws": 1 with A's value, 2 with B's; the others are AWS and lack their operator identity.
  const template = copyLoopTemplate("[if(equals(copyIndex(), parameters('bad')), 'aws', 'AWS')]", {
    bad: { type: 'int' },
  });
  const files = [
    parameterFileInput({ bad: { value: 1 } }, 'file:///w/a.parameters.json'),
    parameterFileInput({ bad: { value: 2 } }, 'file:///w/b.parameters.json'),
  ];
  const index = new WorkspaceIndex();
  indexDocument(index, 'file:///w/loop.json', template, { fileName: '/w/loop.json' }, { parameterFiles: files });
  const [cloud] = cloudTree(index.outlines());
  const twoWarnings = { error: 1, warning: 2 };
  assert.deepEqual(
    cloud.cloudResources
      .slice(1)
      .map((row) => [
        row.label,
        row.parameterFiles.map((uri) => path.basename(uri)).join(' '),
        row.problems,
        row.worst?.code,
      ]),
    [
      // location-differs-from-cloud, its required-property-missing and the bucket's CORS: with both files alike.
      ['r0', 'a.parameters.json b.parameters.json', { error: 1, warning: 1, info: 1 }, 'required-property-missing'],
      // "aws": provider-invalid, and bucket-shared; not copy 2's or B's findings.
      ['r1', 'a.parameters.json', { ...twoWarnings, info: 0 }, 'provider-invalid'],
      ['r2', 'a.parameters.json', { ...twoWarnings, info: 1 }, 'required-property-missing'],
      ['r1', 'b.parameters.json', { ...twoWarnings, info: 1 }, 'required-property-missing'],
      ['r2', 'b.parameters.json', { ...twoWarnings, info: 0 }, 'provider-invalid'],
    ],
  );
  // The declaration's findings once: location-differs-from-cloud, bucket-shared, bucket-cors-required, provider-invalid
  // and required-property-missing for c/r0, c/r1 (with B) and c/r2 (with A).
  assert.deepEqual(cloud.problems, { error: 4, warning: 2, info: 1 });
  // With C's values every copy is AWS: bucket-cors-required, which only copies 0 and 2 led to with A's, counts on C's
  // copy 1 too.
  const withC = new WorkspaceIndex();
  const c = parameterFileInput({ bad: { value: 5 } }, 'file:///w/c.parameters.json');
  indexDocument(
    withC,
    'file:///w/loop.json',
    template,
    { fileName: '/w/loop.json' },
    { parameterFiles: [files[0], c] },
  );
  assert.deepEqual(
    cloudTree(withC.outlines())[0]
      .cloudResources.slice(1)
      .map((row) => [row.label, row.parameterFiles.map((uri) => path.basename(uri)).join(' '), row.problems]),
    [
      ['r0', 'a.parameters.json c.parameters.json', { error: 1, warning: 1, info: 1 }],
      ['r1', 'a.parameters.json', { ...twoWarnings, info: 0 }],
      ['r2', 'a.parameters.json c.parameters.json', { ...twoWarnings, info: 1 }],
      ['r1', 'c.parameters.json', { ...twoWarnings, info: 1 }],
    ],
  );
});

test("a parameter file's own problems count in its entry and in the cloud its values name, at the levels given for it", () => {
  const template = path.join(WORKSPACE, 'params', 'cloudresource.json');
  // The AWS parameter file with a template's $schema: parameter-file-schema, a warning by default.
  const awsText = readParams('cloudresource.parameters.aws.json').replace(
    'deploymentParameters.json#',
    'deploymentTemplate.json#',
  );
  const inputs = [
    parameterFileIn('cloudresource.parameters.aws.json', awsText),
    parameterFileIn('cloudresource.parameters.azure.json'),
  ];
  const treeWith = (levels: Record<string, RuleLevel> | undefined) => {
    const index = new WorkspaceIndex();
    indexDocument(
      index,
      pathToFileURL(template).href,
      fs.readFileSync(template, 'utf8'),
      { fileName: template },
      {
        parameterFiles: inputs,
        parameterFileLevels: (uri) => (uri === inputs[0].uri ? levels : undefined),
      },
    );
    const cloud = cloudNamed(cloudTree(index.outlines()), 'my-anyscale-cloud');
    const files = (name: string) => resourceNamed(cloud, name).files.map((file) => file.problems);
    return { cloud: cloud.problems, aws: files('eksuswest2')[1], azure: files('aksuksouth')[1] };
  };
  // bucket-cors-required counts in the cloud where the template uses the value and where the parameter file writes it,
  // as check and the editor list it in both files.
  assert.deepEqual(treeWith(undefined), {
    cloud: { error: 0, warning: 1, info: 2 },
    aws: { error: 0, warning: 1, info: 1 },
    azure: { error: 0, warning: 0, info: 0 },
  });
  assert.deepEqual(treeWith({ 'parameter-file-schema': 'error' }), {
    cloud: { error: 1, warning: 0, info: 2 },
    aws: { error: 1, warning: 0, info: 1 },
    azure: { error: 0, warning: 0, info: 0 },
  });
});

test('a name that cannot be known before deployment shows its expression, marked unknown; never a guessed value', () => {
  const cloud = clouds.find((candidate) => !candidate.name.known)!;
  assert.deepEqual(cloud.name, { text: "[parameters('cloudName')]", known: false });
  assert.match(
    cloud.id,
    /unknown\/cloud-resource\.json#\[parameters\('cloudName'\)\]$/,
    "an unknown cloud name stays its template's own",
  );
  const [resource] = cloud.cloudResources;
  assert.deepEqual(
    resource.name,
    { text: 'default', known: true },
    "the literal segment of [concat(parameters('cloudName'), '/default')]",
  );
  assert.equal(resource.primary, true);
  assert.deepEqual(
    resource.location,
    { text: "[parameters('location')]", known: false },
    'a default of [resourceGroup().location] is not known offline',
  );
  assert.equal(resource.operatorIdentity?.known, false);
  assert.equal(
    resource.resourceIdExpression,
    "[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloudName'), 'default')]",
  );
  assert.deepEqual(
    resource.tooltip.find((row) => row.label === 'Location'),
    { label: 'Location', value: "[parameters('location')]", known: false },
  );
});

test('problems on each cloud resource and on its cloud: the findings located on each declaration, and the worst of them', () => {
  const myCloud = cloudNamed(clouds, 'my-cloud');
  const eks = resourceNamed(myCloud, 'eks-east');
  assert.deepEqual(eks.problems, { error: 1, warning: 0, info: 0 }, 'provider "Aws"');
  assert.equal(eks.worst?.code, 'provider-invalid');
  assert.equal(eks.worst?.severity, 'error');
  assert.match(eks.worst!.message, /provider "Aws" is not accepted/);
  assert.equal(resourceNamed(myCloud, 'default').worst, undefined);
  assert.equal(
    resourceNamed(myCloud, 'extra').worst?.code,
    'primary-resource-not-azure',
    'the error, not the info before it',
  );
  assert.equal(myCloud.worst?.code, 'provider-invalid', 'the first error among its declarations');
  assert.deepEqual(resourceNamed(myCloud, 'default').problems, { error: 0, warning: 0, info: 0 });
  assert.deepEqual(resourceNamed(myCloud, 'extra').problems, { error: 1, warning: 0, info: 1 });
  assert.deepEqual(myCloud.problems, { error: 2, warning: 0, info: 1 });
});

test('a template ARM cannot read: a syntax error outside every declaration counts on each of them', () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'symbolic', 'extra.json'), 'utf8').replace(/\}\s*$/, '');
  const [cloud] = cloudTree([['file:///broken/extra.json', outlineOf(template, { languageId: 'json' })!]]);
  assert.deepEqual(
    cloud.problems,
    { error: 2, warning: 0, info: 0 },
    'the cloud and its cloud resource, one error each',
  );
  assert.deepEqual(cloud.cloudResources[0].problems, { error: 1, warning: 0, info: 0 });
  assert.deepEqual(
    cloud.cloudResources[0].files[0].problems,
    { error: 1, warning: 0, info: 0 },
    'the template: its one syntax error',
  );
  assert.equal(cloud.cloudResources[0].worst?.code, 'invalid-json');
});

test("related files: the template, the same template's cluster and extensions, values beside it, a Gateway naming the same cloud resource ID", () => {
  const resource = resourceNamed(cloudNamed(clouds, 'my-cloud'), 'default');
  const rows = resource.files.map((file) => [
    file.kind,
    file.relation,
    file.label,
    path.relative(WORKSPACE, new URL(file.uri).pathname),
  ]);
  assert.deepEqual(rows, [
    ['template', 'declares', 'cloud.json', path.join('infra', 'cloud.json')],
    ['aksCluster', 'sameTemplate', 'my-aks', path.join('infra', 'cloud.json')],
    ['operatorExtension', 'sameTemplate', 'anyscale-operator', path.join('infra', 'cloud.json')],
    ['valuesFile', 'sameFolder', 'values.yaml', path.join('infra', 'values.yaml')],
    ['gatewayManifest', 'sameCloudResourceId', 'gateway.yaml', path.join('helm', 'gateway.yaml')],
  ]);
  const extension = resource.files[2];
  assert.deepEqual(extension.cloudDeploymentId, { text: 'cldrsrc_abc123def456', known: true });
  assert.deepEqual(extension.problems, { error: 0, warning: 3, info: 0 });
  assert.equal(extension.reveal!.range.start.line, 69);
  assert.ok(
    !JSON.stringify(clouds).includes('other-values.yaml'),
    'values naming another cloud resource ID relate to nothing here',
  );
  assert.ok(!JSON.stringify(clouds).includes('not-ours.yaml'));
});

test('every node has a unique id, a label, a place to reveal and tooltip rows', () => {
  const ids = new Set<string>();
  const visit = (node: { id: string; label: string; reveal?: unknown; tooltip: unknown[] }) => {
    assert.ok(!ids.has(node.id), `duplicate id ${node.id}`);
    ids.add(node.id);
    assert.ok(node.label.length > 0 && node.reveal && node.tooltip.length > 0, node.id);
  };
  for (const cloud of clouds) {
    visit(cloud);
    for (const resource of cloud.cloudResources) {
      visit(resource);
      for (const file of resource.files) visit(file);
    }
  }
});

test('the pre-filter lets Gateway manifests through, and not other Kubernetes YAML', () => {
  const gateway = fs.readFileSync(path.join(WORKSPACE, 'helm', 'gateway.yaml'), 'utf8');
  assert.ok(mayHoldFacts('gateway.yaml', gateway));
  assert.ok(mayHoldFacts('envoy.yml', 'apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: EnvoyProxy\n'));
  assert.ok(!mayHoldFacts('svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: gateway\n'));
});

test('excludes: the patterns that are on, from files.exclude and search.exclude', () => {
  assert.deepEqual(
    excludePatterns(
      { '**/.git': true, 'off/**': false, 'when/**': { when: '$(basename).ts' } },
      { '**/helm': true, '**/.git': true },
      undefined,
      ['x'],
    ),
    ['**/.git', '**/helm'],
  );
});

// ---- A copy of the fixture workspace, changed on disk. ----

let root: string;
const file = (...parts: string[]) => path.join(root, ...parts);
const uriOf = (...parts: string[]) => uriIn(root, ...parts);
const edit = (relative: string, from: string, to: string) => {
  const full = file(relative);
  const text = fs.readFileSync(full, 'utf8');
  assert.ok(text.includes(from), `${relative} has no ${from}`);
  fs.writeFileSync(full, text.replace(from, to));
};

before(() => {
  root = temporaryDirectory('anyscale-index-');
  fs.cpSync(WORKSPACE, root, { recursive: true });
});

test('a template changed on disk is read again, and a deleted one forgotten', async () => {
  const { scan, clouds: now } = await indexOf(root);
  edit('infra/cloud.json', "'eks-east'", "'eks-west'");
  await scan.changed([{ uri: uriOf('infra', 'cloud.json'), type: 2 }]);
  assert.deepEqual(
    cloudNamed(now(), 'my-cloud').cloudResources.map((resource) => resource.label),
    ['default', 'eks-west', 'gpu-1', 'gpu-2', 'extra'],
  );
  const symbolic = fs.readFileSync(file('symbolic', 'extra.json'));
  fs.rmSync(file('symbolic', 'extra.json'));
  await scan.changed([{ uri: uriOf('symbolic', 'extra.json'), type: 3 }]);
  const myCloud = cloudNamed(now(), 'my-cloud');
  assert.equal(myCloud.declaredIn.length, 1);
  assert.ok(!myCloud.cloudResources.some((resource) => resource.label === 'extra'));
  fs.writeFileSync(file('symbolic', 'extra.json'), symbolic);
  edit('infra/cloud.json', "'eks-west'", "'eks-east'");
});

test('a parameter file changed on disk: its template is read again with it', async () => {
  const { scan, clouds: now } = await indexOf(root);
  edit('params/cloudresource.parameters.aws.json', '"eksuswest2"', '"eksuseast1"');
  try {
    await scan.changed([{ uri: uriOf('params', 'cloudresource.parameters.aws.json'), type: 2 }]);
    assert.deepEqual(
      cloudNamed(now(), 'my-anyscale-cloud').cloudResources.map((resource) => resource.label),
      ['eksuseast1', 'aksuksouth'],
    );
  } finally {
    edit('params/cloudresource.parameters.aws.json', '"eksuseast1"', '"eksuswest2"');
  }
});

test('an open document wins over its disk version; the disk version returns when it closes', async () => {
  const open = new Set<string>();
  const { index, scan, clouds: now } = await indexOf(root, { isOpen: (candidate) => open.has(candidate) });
  const template = file('infra', 'cloud.json');
  open.add(template);
  scan.opened(uriOf('infra', 'cloud.json'));
  const edited = fs
    .readFileSync(template, 'utf8')
    .replace('"name": "my-aks"', '"name": "renamed-aks"')
    .replace("'eks-east'", "'eks-open'");
  indexDocument(index, uriOf('infra', 'cloud.json'), edited, { languageId: 'json' });
  assert.ok(cloudNamed(now(), 'my-cloud').cloudResources.some((resource) => resource.label === 'eks-open'));
  await scan.changed([{ uri: uriOf('infra', 'cloud.json'), type: 2 }]);
  assert.ok(
    cloudNamed(now(), 'my-cloud').cloudResources.some((resource) => resource.label === 'eks-open'),
    'a change on disk does not replace the open version',
  );
  open.delete(template);
  await scan.closed(uriOf('infra', 'cloud.json'));
  assert.ok(cloudNamed(now(), 'my-cloud').cloudResources.some((resource) => resource.label === 'eks-east'));
});

test('excluded folders are not read, and a scan with new excludes forgets what they exclude', async () => {
  const { index, scan, clouds: now } = await indexOf(root, { excludes: ['**/unknown', 'params/**'] });
  assert.deepEqual(
    now().map((cloud) => cloud.label),
    ['my-cloud'],
  );
  assert.equal(scan.shows(uriOf('params', 'cloudresource.json')), false);
  scan.setExcludes([]);
  await scan.scan([root]);
  assert.equal(now().length, 3);
  scan.setExcludes(['symbolic/extra.json']);
  await scan.scan([root]);
  assert.equal(cloudNamed(now(), 'my-cloud').declaredIn.length, 1);
  assert.ok(
    !index.outlines().some(([uri]) => uri === uriOf('symbolic', 'extra.json')),
    'its facts are gone from the index, not only hidden',
  );
});

test('excludes per folder: each folder of a multi-root workspace applies its own, a folder without any none', async () => {
  const { scan, clouds: now } = await indexOf(root);
  assert.equal(now().length, 3);
  // Patterns set for this folder apply here; patterns set for another folder do not.
  scan.setExcludes(new Map([[root, ['**/unknown', 'params/**']]]));
  await scan.scan([root]);
  assert.deepEqual(
    now().map((cloud) => cloud.label),
    ['my-cloud'],
  );
  scan.setExcludes(new Map([[path.join(os.tmpdir(), 'another-folder'), ['**/unknown', 'params/**']]]));
  await scan.scan([root]);
  assert.equal(now().length, 3);
});

test('a values file read before the template it is checked against has that check in its problems', async () => {
  const principalId = '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f';
  // "a-values.yaml" is read before "b-template.json": the iamIdentity that is the template's principal ID is a warning.
  const folder = temporaryDirectory('anyscale-index-order-');
  fs.copyFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), path.join(folder, 'b-template.json'));
  fs.writeFileSync(
    path.join(folder, 'a-values.yaml'),
    fs
      .readFileSync(path.join(WORKSPACE, 'infra', 'values.yaml'), 'utf8')
      .replace('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', principalId),
  );
  const { clouds: now } = await indexOf(folder);
  const values = resourceNamed(cloudNamed(now(), 'my-cloud'), 'default').files.find(
    (candidate) => candidate.kind === 'valuesFile',
  )!;
  assert.deepEqual(values.problems, { error: 0, warning: 1, info: 0 }, 'values-iam-identity-is-principal-id');
});

test('a URI with a malformed escape (%zz) is shown as written: the tree is built, nothing throws (the fuzz found the server exiting on it)', () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'symbolic', 'extra.json'), 'utf8');
  const [cloud] = cloudTree([['file:///fuzz/bad%zz%E0%A4/extra.json', outlineOf(template, { languageId: 'json' })!]]);
  const file = cloud.cloudResources[0].files[0];
  assert.equal(file.label, 'extra.json');
  assert.deepEqual(file.tooltip.find((row) => row.label === 'File')?.value, 'file:///fuzz/bad%zz%E0%A4/extra.json');
});

test('an edit that leaves a file outline as it was is no change for the tree; one that renames a cloud resource is', () => {
  const template = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'c',
          location: 'eastus2',
          tags: { note: 'a' },
        },
      ],
    },
    null,
    2,
  );
  const uri = 'file:///w/t.json';
  const changes: string[] = [];
  const index = new WorkspaceIndex((changed) => changes.push(changed));
  const record = (text: string) => indexDocument(index, uri, text, { fileName: uri }, { uri });
  record(template);
  assert.deepEqual(changes, [uri], 'the first outline is a change');
  record(template.replace('"note": "a"', '"note": "ab"'));
  assert.deepEqual(changes, [uri], 'typing inside a tag changes no outline');
  record(template.replace('"name": "c"', '"name": "d"'));
  assert.deepEqual(changes, [uri, uri], 'a renamed cloud changes the outline');
});

test("values files elsewhere relate through the cloudDeploymentId their chart reads: a pre-1.0 file's top-level one, not one left at a 1.x file's top level", () => {
  const template = path.join(WORKSPACE, 'infra', 'cloud.json');
  const index = new WorkspaceIndex();
  const files: Record<string, string> = {
    [pathToFileURL(template).href]: fs.readFileSync(template, 'utf8'),
    'file:///w/old/values.yaml': 'operatorIamIdentity: 0a1b2c3d\ncloudDeploymentId: cldrsrc_abc123def456\n',
    'file:///w/half/values.yaml': 'cloudDeploymentId: cldrsrc_abc123def456\nglobal:\n  cloudProvider: azure\n',
  };
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const resource = resourceNamed(cloudNamed(cloudTree(index.outlines()), 'my-cloud'), 'default');
  const related = resource.files.filter((file) => file.uri.startsWith('file:///w/'));
  assert.deepEqual(
    related.map((file) => [file.uri, file.relation, file.cloudDeploymentId?.text, file.reveal?.range.start.line]),
    [['file:///w/old/values.yaml', 'sameCloudResourceId', 'cldrsrc_abc123def456', 1]],
  );
});

test("values files beside a template are listed under the cloud resources they match: their identity's, else their provider's; values that match none under each, saying so", () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const awsRole = 'arn:aws:iam::123456789012:role/anyscale-operator-role'; // eks-east's anyscaleOperatorIamIdentity
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/values.azure.yaml': 'global:\n  cloudProvider: azure\n',
    'file:///w/infra/values.aws.yaml': 'global:\n  cloudDeploymentId: cldrsrc_eks1\n  cloudProvider: aws\n',
    'file:///w/infra/values.gcp.yaml': 'global:\n  cloudProvider: gcp\n',
    'file:///w/infra/values.identity.yaml': `global:\n  cloudProvider: gcp\n  auth:\n    iamIdentity: ${awsRole}\n`,
    'file:///w/infra/values.overlay.yaml': 'global:\n  cloudDeploymentId: cldrsrc_any\n',
    'file:///w/infra/values.placeholder.yaml': 'global:\n  cloudProvider: <cloud-provider>\n',
    'file:///w/infra/values.pre-1.0.yaml': 'cloudDeploymentId: cldrsrc_old1\ncloudProvider: aws\nenableGateway: true\n',
    // Elsewhere, naming the ID of values.aws.yaml: related only where that file is.
    'file:///w/helm/gateway.yaml': [
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: Gateway',
      'metadata:',
      '  name: gateway',
      'spec:',
      '  gatewayClassName: eg',
      '  listeners:',
      '    - name: https',
      '      protocol: HTTPS',
      '      port: 443',
      '      tls:',
      '        certificateRefs:',
      '          - name: anyscale-cldrsrc-eks1-certificate',
      '',
    ].join('\n'),
  };
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const cloud = cloudNamed(cloudTree(index.outlines()), 'my-cloud');
  const besides = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.relation === 'sameFolder' || file.relation === 'sameCloudResourceId')
      .map((file) => [file.label, ...file.description.slice(2)].join(' · '));
  const none = "matches none of cloud.json's cloud resources";
  assert.deepEqual(besides('default'), [
    'values.azure.yaml',
    `values.gcp.yaml · ${none}`,
    'values.overlay.yaml',
    'values.placeholder.yaml',
  ]);
  assert.deepEqual(
    besides('eks-east'),
    [
      'values.aws.yaml',
      `values.gcp.yaml · ${none}`,
      'values.identity.yaml',
      'values.overlay.yaml',
      'values.placeholder.yaml',
      'values.pre-1.0.yaml',
      'gateway.yaml',
    ],
    "provider Aws is the chart's aws; the identity's file whatever its provider; the Gateway through values.aws.yaml's ID",
  );
  assert.deepEqual(besides('gpu-1'), besides('default'), 'an Azure copy of a loop, as the Azure primary');
  const gcp = resourceNamed(cloud, 'default').files.find((file) => file.label === 'values.gcp.yaml')!;
  assert.deepEqual(gcp.tooltip.at(-1), {
    label: 'Matches',
    value: "none of cloud.json's cloud resources: global.cloudProvider is gcp, their providers Azure, Aws",
    known: true,
  });
});

test('a provider not known before deployment rules no values file out: they are listed under it as before', () => {
  const template = fs
    .readFileSync(path.join(WORKSPACE, 'unknown', 'cloud-resource.json'), 'utf8')
    .replace(
      '"cloudName": { "type": "string" },',
      '"cloudName": { "type": "string" }, "provider": { "type": "string" },',
    )
    .replace('"provider": "Azure"', `"provider": "[parameters('provider')]"`);
  const index = new WorkspaceIndex();
  const files: Record<string, string> = {
    'file:///w/unknown/cloud-resource.json': template,
    'file:///w/unknown/values.gcp.yaml': 'global:\n  cloudProvider: gcp\n',
  };
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const [resource] = cloudTree(index.outlines()).find((cloud) => !cloud.name.known)!.cloudResources;
  assert.equal(resource.provider?.known, false, `the fixture's provider is an expression: ${resource.provider?.text}`);
  assert.deepEqual(
    resource.files.filter((file) => file.relation === 'sameFolder').map((file) => file.description),
    [['operator values', 'same folder']],
  );
});

test("operator extensions in the template are listed under the cloud resources they are for: their identity's, else their provider's; one for none under each, saying so", () => {
  const template = JSON.parse(fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8'));
  const [extension] = template.resources.filter(
    (resource: { type: string }) => resource.type === 'Microsoft.KubernetesConfiguration/extensions',
  );
  assert.equal(extension.properties.configurationSettings['global.cloudProvider'], 'azure', "the fixture's extension");
  const operator = (name: string, settings: Record<string, string>) => ({
    ...extension,
    name,
    properties: { ...extension.properties, configurationSettings: settings },
  });
  template.parameters = { provider: { type: 'string' } };
  template.resources.push(
    // eks-east's role, though it says azure: the identity decides.
    operator('by-identity', {
      'global.cloudProvider': 'azure',
      'global.auth.iamIdentity': 'arn:aws:iam::123456789012:role/anyscale-operator-role',
    }),
    operator('pre-1.0-aws', { cloudProvider: 'aws' }),
    operator('gcp', { 'global.cloudProvider': 'gcp' }),
    operator('by-parameter', { 'global.cloudProvider': "[parameters('provider')]" }),
  );
  const index = new WorkspaceIndex();
  const uri = 'file:///w/infra/cloud.json';
  indexDocument(index, uri, JSON.stringify(template, null, 2), { fileName: uri }, { uri });
  const cloud = cloudNamed(cloudTree(index.outlines()), 'my-cloud');
  const extensions = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.relation === 'sameTemplate' && file.kind === 'operatorExtension')
      .map((file) => [file.label, ...file.description.slice(2)].join(' · '));
  const none = "matches none of cloud.json's cloud resources";
  assert.deepEqual(extensions('default'), ['anyscale-operator', `gcp · ${none}`, 'by-parameter']);
  assert.deepEqual(extensions('eks-east'), ['by-identity', 'pre-1.0-aws', `gcp · ${none}`, 'by-parameter']);
  assert.deepEqual(extensions('gpu-2'), extensions('default'));
  const gcp = resourceNamed(cloud, 'eks-east').files.find((file) => file.label === 'gcp')!;
  assert.equal(
    gcp.tooltip.at(-1)?.value,
    "none of cloud.json's cloud resources: global.cloudProvider is gcp, their providers Azure, Aws",
  );
  // The AKS cluster carries no operator values: under every cloud resource.
  assert.ok(resourceNamed(cloud, 'eks-east').files.some((file) => file.kind === 'aksCluster'));
});

/** The cloud of params/cloudresource.json changed to `template`, indexed with its AWS file (read first) and its Azure file. */
function cloudReadWithAwsAndAzureFiles(template: object) {
  const inputs = [
    parameterFileIn('cloudresource.parameters.aws.json'),
    parameterFileIn('cloudresource.parameters.azure.json'),
  ];
  const index = new WorkspaceIndex();
  const uri = uriIn(WORKSPACE, 'params', 'cloudresource.json');
  indexDocument(index, uri, JSON.stringify(template, null, 2), { fileName: uri }, { parameterFiles: inputs });
  return cloudNamed(cloudTree(index.outlines()), 'my-anyscale-cloud');
}

test("an extension setting its parameter files read differently rules no cloud resource out: no file's value is the template's", () => {
  const template = JSON.parse(readParams('cloudresource.json'));
  const operator = (name: string, provider: string) => ({
    type: 'Microsoft.KubernetesConfiguration/extensions',
    apiVersion: '2024-11-01',
    name,
    properties: { extensionType: 'Anyscale.AKS.Operator', configurationSettings: { 'global.cloudProvider': provider } },
  });
  template.resources.push(operator('by-parameter', "[toLower(parameters('provider'))]"), operator('azure', 'azure'));
  const cloud = cloudReadWithAwsAndAzureFiles(template);
  const extensions = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.kind === 'operatorExtension')
      .map((file) => `${file.label}: ${file.cloudProvider?.known ? '' : '?'}${file.cloudProvider?.text}`);
  // The AWS file (read first) makes it aws, the Azure file azure: under both, shown as written.
  assert.deepEqual(extensions('eksuswest2'), ["by-parameter: ?[toLower(parameters('provider'))]"]);
  assert.deepEqual(extensions('aksuksouth'), ["by-parameter: ?[toLower(parameters('provider'))]", 'azure: azure']);
});

test("an extension's name and type are read with every parameter file: ones the files read differently are shown as written, and such a type is neither the operator's nor KubeRay's", () => {
  const template = JSON.parse(readParams('cloudresource.json'));
  const extension = (name: string, extensionType: string) => ({
    type: 'Microsoft.KubernetesConfiguration/extensions',
    apiVersion: '2024-11-01',
    name,
    properties: { extensionType, configurationSettings: { 'global.cloudProvider': 'aws' } },
  });
  template.resources.push(
    // The AWS file (read first) makes it KubeRay, the Azure file the operator.
    extension(
      "[concat('ext-', toLower(parameters('provider')))]",
      "[if(equals(parameters('provider'), 'AWS'), 'microsoft.kuberay', 'Anyscale.AKS.Operator')]",
    ),
    // Both files read the operator, named alike.
    extension(
      "[concat('ext-', parameters('cloudName'))]",
      "[if(equals(parameters('cloudName'), 'my-anyscale-cloud'), 'Anyscale.AKS.Operator', 'microsoft.kuberay')]",
    ),
  );
  const cloud = cloudReadWithAwsAndAzureFiles(template);
  const extensions = resourceNamed(cloud, 'eksuswest2')
    .files.filter((file) => file.relation === 'sameTemplate')
    .map((file) => {
      const type = file.tooltip.find((row) => row.label === 'Extension type')!;
      return [file.kind, file.label, ...file.description, `${type.known ? '' : '?'}${type.value}`].join(' · ');
    });
  assert.deepEqual(extensions, [
    "clusterExtension · [concat('ext-', toLower(parameters('provider')))] · cluster extension · " +
      "[if(equals(parameters('provider'), 'AWS'), 'microsoft.kuberay', 'Anyscale.AKS.Operator')] · same template · " +
      "?[if(equals(parameters('provider'), 'AWS'), 'microsoft.kuberay', 'Anyscale.AKS.Operator')]",
    'operatorExtension · ext-my-anyscale-cloud · operator extension · same template · Anyscale.AKS.Operator',
  ]);
  const [disagreed] = resourceNamed(cloud, 'eksuswest2').files.filter((file) => file.relation === 'sameTemplate');
  assert.deepEqual(targetFromIndexedFile(disagreed), {}, 'not verified as KubeRay');
});

test('Verify Cluster Extension takes a KubeRay row by its extension type (sent with the row), ignoring case, whatever the extension is named', () => {
  const template = JSON.parse(readParams('cloudresource.json'));
  const extension = (name: string, extensionType: string) => ({
    type: 'Microsoft.KubernetesConfiguration/extensions',
    apiVersion: '2024-11-01',
    name,
    properties: { extensionType },
  });
  // Extension types compare ignoring case; the second one's name only reads like KubeRay's type.
  template.resources.push(extension('ray', 'Microsoft.KubeRay'), extension('microsoft.kuberay', 'contoso.monitoring'));
  const rows = resourceNamed(cloudReadWithAwsAndAzureFiles(template), 'eksuswest2').files.filter(
    (file) => file.kind === 'clusterExtension',
  );
  assert.deepEqual(
    rows.map((row) => [row.label, { ...row.extensionType }, targetFromIndexedFile(row)]),
    [
      ['ray', { text: 'Microsoft.KubeRay', known: true }, { kind: 'kuberay', extensionName: 'ray' }],
      ['microsoft.kuberay', { text: 'contoso.monitoring', known: true }, {}],
    ],
  );
});

test("a Gateway manifest in a file of operator values is listed where its file's values are, saying that this is inferred; one in a file of its own under every cloud resource", () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const gateway = 'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n';
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/gateway.aws.yaml': `global:\n  cloudProvider: aws\n---\n${gateway}`,
    'file:///w/infra/gateway.gcp.yaml': `${gateway}---\nglobal:\n  cloudProvider: gcp\n`,
    'file:///w/infra/gateway.yaml': gateway,
  };
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const cloud = cloudNamed(cloudTree(index.outlines()), 'my-cloud');
  const gateways = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.kind === 'gatewayManifest')
      .map((file) => {
        const matches = file.tooltip.find((row) => row.label === 'Matches');
        return [file.label, ...file.description.slice(2), ...(matches ? [matches.value] : [])].join(' · ');
      });
  const withValues =
    "listed with its file's operator values (inferred: a Gateway manifest names no provider or operator identity, " +
    'so it is taken to serve the cloud resources its values are for)';
  // The row itself says so too (as does `anyscale-azure index`, which prints no tooltip).
  const inferred = `with its values (inferred) · ${withValues}`;
  assert.deepEqual(gateways('eks-east'), [
    `gateway.aws.yaml · ${inferred}`,
    `gateway.gcp.yaml · ${inferred}`,
    'gateway.yaml',
  ]);
  // The gcp values match none of cloud.json's cloud resources: they, and their file's Gateway, are under each.
  assert.deepEqual(gateways('default'), [`gateway.gcp.yaml · ${inferred}`, 'gateway.yaml']);
  assert.deepEqual(gateways('gpu-1'), gateways('default'));
});

test("a Gateway manifest in another folder is listed with the values it goes with where those are related by their cloud resource ID: its file's, or the one values file beside it naming one ID", () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const values = (id: string, provider: string) =>
    `global:\n  cloudDeploymentId: ${id}\n  cloudProvider: ${provider}\n`;
  const gateway = (secret: string) =>
    'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\nspec:\n  gatewayClassName: eg\n' +
    '  listeners:\n  - name: https\n    port: 443\n    protocol: HTTPS\n    tls:\n      mode: Terminate\n' +
    `      certificateRefs:\n      - kind: Secret\n        name: ${secret}\n`;
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/values.aws.yaml': values('cldrsrc_aws1', 'aws'),
    // The values of a cluster and its Gateway, whose TLS secret names no cloud resource ID.
    'file:///w/eks/values.yaml': values('cldrsrc_aws1', 'aws'),
    'file:///w/eks/gateway.yaml': gateway('my-certificate'),
    // The same, in one file.
    'file:///w/eks-one-file/values.yaml': `${values('cldrsrc_aws1', 'aws')}---\n${gateway('my-certificate')}`,
    // A Gateway naming the cloud resource ID itself: related by it, as before.
    'file:///w/eks-by-id/gateway.yaml': gateway('anyscale-cldrsrc-aws1-certificate'),
    'file:///w/eks-by-id/values.yaml': values('cldrsrc_aws1', 'aws'),
    // Two values files: which one the Gateway goes with is not known.
    'file:///w/eks-two/a.yaml': values('cldrsrc_aws1', 'aws'),
    'file:///w/eks-two/b.yaml': values('cldrsrc_aws1', 'aws'),
    'file:///w/eks-two/gateway.yaml': gateway('my-certificate'),
  };
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const cloud = cloudNamed(cloudTree(index.outlines()), 'my-cloud');
  const byId = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.relation === 'sameCloudResourceId')
      .map((file) => {
        const matches = file.tooltip.find((row) => row.label === 'Matches');
        return [file.kind, file.uri.slice('file:///w/'.length), ...(matches ? [matches.value] : [])].join(' · ');
      });
  const inferred = 'inferred: a Gateway manifest names no provider or operator identity';
  const rows = byId('eks-east');
  assert.deepEqual(
    rows.map((row) => row.replace(/ \(inferred: .*\)$/, '')),
    [
      'gatewayManifest · eks-by-id/gateway.yaml',
      'valuesFile · eks-by-id/values.yaml',
      'valuesFile · eks-one-file/values.yaml',
      "gatewayManifest · eks-one-file/values.yaml · listed with its file's operator values",
      'valuesFile · eks-two/a.yaml',
      'valuesFile · eks-two/b.yaml',
      'valuesFile · eks/values.yaml',
      'gatewayManifest · eks/gateway.yaml · listed with values.yaml, the operator values in its folder',
    ],
  );
  assert.ok(rows[3].includes(inferred) && rows[7].includes(inferred), 'each placement says it is inferred');
  const described = resourceNamed(cloud, 'eks-east')
    .files.filter((file) => file.kind === 'gatewayManifest')
    .map((file) => file.description.at(-1));
  assert.deepEqual(
    described,
    ['same cloud resource ID', 'with its values (inferred)', 'with values.yaml (inferred)'],
    'the row says which placements are inferred, not only its tooltip',
  );
  assert.deepEqual(byId('default'), [], 'values for another cloud resource: none of their Gateways here');
});

test("a values file of several documents in another folder, related by one document's ID, reveals and offers that document", () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/values.aws.yaml': 'global:\n  cloudDeploymentId: cldrsrc_aws1\n  cloudProvider: aws\n',
    'file:///w/clusters/values.yaml':
      'global:\n  cloudDeploymentId: cldrsrc_other\n  cloudProvider: azure\n---\nglobal:\n  cloudDeploymentId: cldrsrc_aws1\n  cloudProvider: aws\n',
  };
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const [file] = resourceNamed(cloudNamed(cloudTree(index.outlines()), 'my-cloud'), 'eks-east').files.filter(
    (candidate) => candidate.relation === 'sameCloudResourceId',
  );
  assert.equal(file.uri, 'file:///w/clusters/values.yaml');
  assert.deepEqual(
    [file.reveal.range.start.line, file.cloudDeploymentId?.text, file.cloudProvider?.text, file.tooltip.at(-1)?.value],
    [5, 'cldrsrc_aws1', 'aws', 'document 2 of 2'],
  );
});

test('a values file of several documents is listed under what any of them is for, each cloud resource revealing and naming its documents', () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/values.both.yaml':
      'global:\n  cloudDeploymentId: cldrsrc_az1\n  cloudProvider: azure\n---\nglobal:\n  cloudDeploymentId: cldrsrc_aws1\n  cloudProvider: aws\n',
    'file:///w/infra/values.neither.yaml': 'global:\n  cloudProvider: gcp\n---\nglobal:\n  cloudProvider: generic\n',
    // The second document (an overlay) names no provider: it rules nothing out.
    'file:///w/infra/values.overlay.yaml':
      'global:\n  cloudProvider: gcp\n---\nglobal:\n  cloudDeploymentId: cldrsrc_any\n',
    // Elsewhere, naming the ID of values.both.yaml's AWS document: related where that document is.
    'file:///w/helm/values.yaml': 'global:\n  cloudDeploymentId: cldrsrc_aws1\n',
  };
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const cloud = cloudNamed(cloudTree(index.outlines()), 'my-cloud');
  const listed = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.relation === 'sameFolder')
      .map((file) => [file.label, ...file.description.slice(2), file.tooltip.at(-1)!.value].join(' · '));
  const none = "matches none of cloud.json's cloud resources";
  const neither = `none of cloud.json's cloud resources: document 1's global.cloudProvider is gcp, document 2's global.cloudProvider is generic, their providers Azure, Aws`;
  assert.deepEqual(listed('default'), [
    'values.both.yaml · document 1 of 2',
    `values.neither.yaml · ${none} · ${neither}`,
    'values.overlay.yaml · document 2 of 2',
  ]);
  assert.deepEqual(listed('eks-east'), [
    'values.both.yaml · document 2 of 2',
    `values.neither.yaml · ${none} · ${neither}`,
    'values.overlay.yaml · document 2 of 2',
  ]);
  const both = (name: string) => resourceNamed(cloud, name).files.find((file) => file.label === 'values.both.yaml')!;
  assert.deepEqual(
    [both('default'), both('eks-east')].map((file) => [
      file.reveal.range.start.line,
      file.cloudDeploymentId?.text,
      file.cloudProvider?.text,
    ]),
    [
      [1, 'cldrsrc_az1', 'azure'],
      [5, 'cldrsrc_aws1', 'aws'],
    ],
    'each reveals, and offers the cloudDeploymentId of, the document that is for it',
  );
  const byId = (name: string) =>
    resourceNamed(cloud, name)
      .files.filter((file) => file.relation === 'sameCloudResourceId')
      .map((file) => file.uri);
  assert.deepEqual([byId('default'), byId('eks-east')], [[], ['file:///w/helm/values.yaml']]);
  assert.deepEqual(
    both('default')
      .tooltip.slice(1, -1)
      .map((row) => `${row.label}: ${row.value}`),
    [
      'global.cloudDeploymentId (document 1): cldrsrc_az1',
      'global.cloudProvider (document 1): azure',
      'global.cloudDeploymentId (document 2): cldrsrc_aws1',
      'global.cloudProvider (document 2): aws',
    ],
  );
});

test("a values file's tooltip names the keys it is written in (identity included): a pre-1.0 file's top-level ones, an extension's pre-1.0 settings", () => {
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'cloud.json'), 'utf8');
  const legacyExtension = template
    .replace('"global.cloudDeploymentId"', '"cloudDeploymentId"')
    .replace(/"global\.cloudProvider"/, '"cloudProvider"');
  assert.notEqual(legacyExtension, template, 'the fixture extension writes the 1.x settings');
  const index = new WorkspaceIndex();
  const files: Record<string, string> = {
    'file:///w/infra/cloud.json': template,
    'file:///w/infra/values.pre-1.0.yaml':
      'cloudDeploymentId: cldrsrc_old1\ncloudProvider: azure\nenableGateway: true\n',
    'file:///w/infra/values.yaml':
      'global:\n  cloudDeploymentId: cldrsrc_new1\n  cloudProvider: azure\n  auth:\n    iamIdentity: 0d1c2b3a-4e5f-6a7b-8c9d-0e1f2a3b4c5d\n',
    'file:///w/infra/legacy-extension.json': legacyExtension,
  };
  for (const [uri, text] of Object.entries(files)) indexDocument(index, uri, text, { fileName: uri }, { uri });
  const resource = resourceNamed(cloudNamed(cloudTree(index.outlines()), 'my-cloud'), 'default');
  const rows = (label: string, relation: string) =>
    resource.files
      .find((file) => file.label === label && file.relation === relation && file.uri.startsWith('file:///w/infra/'))!
      .tooltip.slice(1)
      .map((row) => `${row.label}: ${row.value}`);
  assert.deepEqual(rows('values.pre-1.0.yaml', 'sameFolder'), [
    'cloudDeploymentId: cldrsrc_old1',
    'cloudProvider: azure',
  ]);
  // The identity too, which decides with the provider which cloud resources the file is listed under.
  assert.deepEqual(rows('values.yaml', 'sameFolder'), [
    'global.cloudDeploymentId: cldrsrc_new1',
    'global.cloudProvider: azure',
    'global.auth.iamIdentity: 0d1c2b3a-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
  ]);
  assert.deepEqual(rows('anyscale-operator', 'sameFolder').slice(1), [
    'cloudDeploymentId: cldrsrc_abc123def456',
    'cloudProvider: azure',
  ]);
  assert.deepEqual(rows('anyscale-operator', 'sameTemplate').slice(1), [
    'global.cloudDeploymentId: cldrsrc_abc123def456',
    'global.cloudProvider: azure',
  ]);

  // An extension that sets the identity shows it too.
  const withIdentity = template.replace(
    '"global.cloudProvider": "azure"',
    '"global.cloudProvider": "azure", "global.auth.iamIdentity": "0d1c2b3a-4e5f-6a7b-8c9d-0e1f2a3b4c5d"',
  );
  assert.notEqual(withIdentity, template);
  indexDocument(
    index,
    'file:///w/infra/cloud.json',
    withIdentity,
    { fileName: 'file:///w/infra/cloud.json' },
    {
      uri: 'file:///w/infra/cloud.json',
    },
  );
  const extension = resourceNamed(cloudNamed(cloudTree(index.outlines()), 'my-cloud'), 'default').files.find(
    (file) => file.label === 'anyscale-operator' && file.relation === 'sameTemplate',
  )!;
  assert.deepEqual(extension.tooltip.at(-1), {
    label: 'global.auth.iamIdentity',
    value: '0d1c2b3a-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    known: true,
  });
});
