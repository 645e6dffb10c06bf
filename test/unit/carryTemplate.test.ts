// What an analysis keeps of the previous version's model over an edit (server/src/service/arm/template.ts
// carryTemplate), and what builds on it: the Anyscale view's cloud resources the edit did not touch
// (arm/anyscaleView.ts) and the creation order when the edit left every dependsOn, name and copy as it was
// (rules/support/creationOrder.ts, through the view's memo). Thousands of seeded-random edits of a template with
// clouds, cloud resources of each provider, a child resource, a copy loop, an `existing` resource and a nested
// deployment, each analysed from the version before it, must give the findings, the view and the order a fresh
// analysis gives; named edits show what is kept and what is not.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import type { Analysis, ParameterFileInput } from '../../server/src/service/types';
import type { ArmTemplate } from '../../server/src/service/arm/template';
import type { AnyscaleView } from '../../server/src/service/arm/anyscaleView';
import type { Value } from '../../server/src/service/arm/value';
import { evaluatorFor, viewFor } from '../../server/src/service/arm/evaluators';
import { creationOrder, type CreationOrder } from '../../server/src/service/rules/support/creationOrder';
import { resourceNameSegments } from '../../server/src/service/arm/resourceNameSegments';
import type { TemplateContext } from '../../server/src/service/rules/templateContext';
import { CLOUD_RESOURCE_PROPERTIES } from '../../shared/protocol';
import { random } from '../support/random';
import { parameterFileInput } from '../support/parameterFile';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const CLOUD_RESOURCE = 'Anyscale.Platform/clouds/cloudResources';
const API_VERSION = '2026-09-01';

const TEMPLATE = JSON.stringify(
  {
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: {
      cloudName: { type: 'string', defaultValue: 'cloud' },
      awsRegion: { type: 'string', defaultValue: 'us-west-2' },
      poolSize: { type: 'int', defaultValue: 2 },
    },
    variables: { bucket: "[concat('s3://', parameters('cloudName'), '-bucket')]" },
    resources: [
      {
        type: 'Anyscale.Platform/clouds',
        apiVersion: API_VERSION,
        name: "[parameters('cloudName')]",
        location: 'westus2',
        properties: {},
      },
      {
        type: CLOUD_RESOURCE,
        apiVersion: API_VERSION,
        name: "[concat(parameters('cloudName'), '/default')]",
        location: 'westus2',
        dependsOn: ["[resourceId('Anyscale.Platform/clouds', parameters('cloudName'))]"],
        tags: { team: 'ray', note: 'a literal note' },
        properties: {
          provider: 'Azure',
          computeStack: 'K8S',
          region: 'westus2',
          cloudStorageBucketName: 'abfss://data@acct.dfs.core.windows.net',
          cloudStorageBucketEndpoint: 'https://acct.blob.core.windows.net',
          anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
        },
        resources: [
          {
            type: 'cloudResources',
            apiVersion: API_VERSION,
            name: 'child',
            dependsOn: ['default'],
            properties: {
              provider: 'Generic',
              computeStack: 'K8S',
              region: 'dc1',
              cloudStorageBucketName: 's3://onprem',
            },
          },
        ],
      },
      {
        type: CLOUD_RESOURCE,
        apiVersion: API_VERSION,
        name: 'cloud/aws-one',
        location: 'westus2',
        dependsOn: [`[resourceId('${CLOUD_RESOURCE}', parameters('cloudName'), 'default')]`],
        tags: { team: 'ray' },
        properties: {
          provider: 'AWS',
          computeStack: 'K8S',
          region: "[parameters('awsRegion')]",
          cloudStorageBucketName: "[variables('bucket')]",
          anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
        },
        resources: [],
      },
      {
        type: CLOUD_RESOURCE,
        apiVersion: API_VERSION,
        name: 'cloud/gcp-two',
        location: 'westus2',
        dependsOn: ['cloud/default'],
        properties: {
          provider: 'GCP',
          computeStack: 'K8S',
          region: 'us-central1',
          cloudStorageBucketName: 'gs://bucket-two',
          anyscaleOperatorIamIdentity: 'anyscale-operator@my-project.iam.gserviceaccount.com',
        },
      },
      {
        type: CLOUD_RESOURCE,
        apiVersion: API_VERSION,
        name: "[concat(parameters('cloudName'), '/pool-', copyIndex())]",
        location: 'westus2',
        copy: { name: 'pool', count: "[parameters('poolSize')]", mode: 'serial', batchSize: 1 },
        dependsOn: ['cloud/gcp-two'],
        tags: { index: "[string(copyIndex('pool'))]" },
        properties: { provider: 'Generic', computeStack: 'K8S', region: 'dc1', cloudStorageBucketName: 's3://pool' },
      },
      {
        type: CLOUD_RESOURCE,
        apiVersion: API_VERSION,
        name: 'cloud/elsewhere',
        existing: true,
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'linked',
        properties: { mode: 'Incremental', templateLink: { uri: 'https://example.com/linked.json' } },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'empty',
        properties: { mode: 'Incremental', template: { $schema: SCHEMA, contentVersion: '1.0.0.1', resources: [] } },
      },
      // A name the model reads whole (not a string): an edit inside it changes the model.
      {
        type: 'Microsoft.Network/publicIPAddresses',
        apiVersion: '2023-04-01',
        name: ['ip', ['one']],
        location: 'westus2',
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'nested',
        dependsOn: ['pool'],
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: { cloudName: { value: "[parameters('cloudName')]" } },
          template: {
            $schema: SCHEMA,
            contentVersion: '1.0.0.0',
            parameters: { cloudName: { type: 'string' } },
            resources: [
              {
                type: CLOUD_RESOURCE,
                apiVersion: API_VERSION,
                name: "[concat(parameters('cloudName'), '/inner')]",
                location: 'westus2',
                tags: { owner: 'platform' },
                properties: {
                  provider: 'Azure',
                  computeStack: 'K8S',
                  region: 'westus2',
                  cloudStorageBucketName: 'abfss://inner@acct.dfs.core.windows.net',
                },
              },
            ],
          },
        },
      },
    ],
    outputs: {},
  },
  null,
  2,
);

/** One parameter file object for every version, as the language server keeps one per file version. */
const PARAMETER_FILE = parameterFileInput({ awsRegion: { value: 'eu-west-1' } });

const FILES = [undefined, PARAMETER_FILE];

const PIECES = ['a', ' ', "'", '[', ']', '(', ')', ',', '"', ':', '{', '}', '.', '\n', '1'];

function analyse(text: string, previous?: Analysis): Analysis {
  return analyzeText(text, { parameterFiles: [PARAMETER_FILE], previous });
}

/** The findings as plain data: everything an editor shows or applies. */
function findingsOf(analysis: Analysis): unknown {
  return JSON.parse(JSON.stringify(analysis.findings));
}

/** A rule's context over the view of one evaluator: what creationOrder reads. */
function contextOf(template: ArmTemplate, file: ParameterFileInput | undefined): TemplateContext {
  const evaluator = evaluatorFor(template, file);
  return {
    text: template.text,
    template,
    anyscale: viewFor(template, file),
    value: (node, resource, copyIndex) => evaluator.value(node, resource, copyIndex),
    nameSegments: (resource, copyIndex) => resourceNameSegments(resource.nameNode, resource, evaluator, copyIndex),
    resourceId: (node, resource, copyIndex) => evaluator.resourceId(node, resource, copyIndex),
    report: () => undefined,
  };
}

function plainValue(value: Value): unknown {
  if (!value.known) return ['unknown', value.reason];
  return [JSON.stringify(value.value), value.origin.offset, value.origin.length, value.originUri];
}

/** Every cloud resource of the view: which resource declares it, which copy, its names and every property it reads. */
function viewOf(template: ArmTemplate, view: AnyscaleView): unknown {
  return view.cloudResources.map((cloudResource) => [
    template.resources.indexOf(cloudResource.declared),
    cloudResource.copyIndex,
    plainValue(cloudResource.resource.name),
    plainValue(cloudResource.resource.leafName),
    cloudResource.anchor.offset,
    cloudResource.provider?.name,
    plainValue(cloudResource.top('location').value),
    ...CLOUD_RESOURCE_PROPERTIES.map((name) => plainValue(cloudResource.prop(name).value)),
  ]);
}

interface Kept {
  model: boolean;
  /** Per parameter file: whether the view kept a cloud resource's reads, and the creation order. */
  views: boolean[];
  orders: boolean[];
}

/** Analyses `text` from `previous` (whose views have read every property and computed the order): what was kept. */
function analyseFrom(previous: Analysis, text: string): { analysis: Analysis; kept: Kept } {
  const before = previous.template;
  const providers = new Map<ParameterFileInput | undefined, unknown[]>();
  const orders = new Map<ParameterFileInput | undefined, CreationOrder>();
  if (before && previous.syntaxErrors.length === 0)
    for (const file of FILES) {
      const view = viewFor(before, file);
      viewOf(before, view);
      providers.set(
        file,
        view.cloudResources.map((cloudResource) => cloudResource.prop('provider')),
      );
      if (view.cloudResources.length > 1) orders.set(file, creationOrder(contextOf(before, file)));
    }
  const analysis = analyse(text, previous);
  const after = analysis.template;
  const kept: Kept = { model: !!before && before.resources === after?.resources, views: [], orders: [] };
  if (after && analysis.syntaxErrors.length === 0)
    for (const file of FILES) {
      const reads = viewFor(after, file).cloudResources.map((cloudResource) => cloudResource.prop('provider'));
      kept.views.push(reads.some((read) => providers.get(file)?.includes(read)));
      kept.orders.push(reads.length > 1 && creationOrder(contextOf(after, file)) === orders.get(file));
    }
  return { analysis, kept };
}

/** The model as plain data: each scope's declarations, each resource's place, type, names and nodes. */
function modelOf(template: ArmTemplate): unknown {
  const scopes = template.scopes.map((scope) => [
    scope.node.offset,
    template.scopes.indexOf(scope.parent!),
    scope.languageVersion,
    ...[scope.parameters, scope.variables, scope.outputs].map((section) =>
      [...section.values()].map((declaration) => [declaration.name, declaration.valueNode.offset]),
    ),
  ]);
  const resources = template.resources.map((resource) => [
    resource.node.offset,
    template.scopes.indexOf(resource.scope),
    template.resources.indexOf(resource.parent!),
    resource.symbolicName,
    resource.type,
    resource.existing,
    resource.properties?.offset,
    resource.apiVersionNode?.offset,
    ...[resource.name, resource.leafName, resource.parentName].map(plainValue),
  ]);
  return { scopes, resources };
}

/** The carried analysis against a fresh one of the same text: findings, the model, and per parameter file the view and the order. */
function assertAsFresh(carried: Analysis, text: string, label: string): void {
  const fresh = analyse(text);
  assert.deepEqual(findingsOf(carried), findingsOf(fresh), `${label}: findings`);
  if (carried.template && fresh.template)
    assert.deepEqual(modelOf(carried.template), modelOf(fresh.template), `${label}: the model`);
  if (!carried.template || !fresh.template || fresh.syntaxErrors.length > 0) return;
  for (const file of FILES) {
    const where = `${label}${file ? ', with the parameter file' : ''}`;
    assert.deepEqual(
      viewOf(carried.template, viewFor(carried.template, file)),
      viewOf(fresh.template, viewFor(fresh.template, file)),
      `${where}: the view`,
    );
    assert.deepEqual(
      creationOrder(contextOf(carried.template, file)).cloudResourceDepths,
      creationOrder(contextOf(fresh.template, file)).cloudResourceDepths,
      `${where}: the creation order`,
    );
  }
}

test('thousands of seeded-random edits: what is kept of the model, the view and the order is what a fresh analysis gives', () => {
  const next = random(20261203);
  let text = TEMPLATE;
  let analysis = analyse(text);
  const counts = { edits: 0, model: 0, views: 0, orders: 0 };
  for (let edit = 0; edit < 1500; edit++) {
    if (edit % 20 === 0) {
      text = TEMPLATE;
      analysis = analyse(text);
    }
    // Most edits type a letter into a string value, where most keystrokes land; the rest are anything, anywhere.
    const value = text.indexOf(': "', next(text.length));
    if (next(4) > 0 && value >= 0) {
      const at = value + 3 + next(2);
      text = text.slice(0, at) + 'aZ0-'[next(4)] + text.slice(at);
    } else {
      const at = next(text.length + 1);
      const piece = PIECES[next(PIECES.length)];
      text = next(4) === 0 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + piece + text.slice(at);
    }
    const result = analyseFrom(analysis, text);
    analysis = result.analysis;
    assertAsFresh(analysis, text, `edit ${edit}`);
    counts.edits++;
    if (result.kept.model) counts.model++;
    counts.views += result.kept.views.filter(Boolean).length;
    counts.orders += result.kept.orders.filter(Boolean).length;
  }
  // The comparisons above must have met every kind of carry often.
  assert.ok(counts.model > 400, `the model kept ${counts.model} times in ${counts.edits} edits`);
  assert.ok(counts.views > 350, `views kept ${counts.views} times`);
  assert.ok(counts.orders > 300, `orders kept ${counts.orders} times`);
});

/** What is kept after replacing `from` (a pattern matching once) in the template, checked against a fresh analysis. */
function keptBy(from: RegExp, to: string): Kept {
  assert.equal(TEMPLATE.match(new RegExp(from, 'g'))?.length, 1, String(from));
  const text = TEMPLATE.replace(from, to);
  const { analysis, kept } = analyseFrom(analyse(TEMPLATE), text);
  assertAsFresh(analysis, text, String(from));
  return kept;
}

const ALL = { model: true, views: [true, true], orders: [true, true] };

test('a keystroke in a tag, a property or a nested template keeps the model, the view and the order', () => {
  assert.deepEqual(keptBy(/"a literal note"/, '"a literal notes"'), ALL, 'a tag');
  assert.deepEqual(keptBy(/"provider": "GCP"/, '"provider": "GCPx"'), ALL, "a cloud resource's provider");
  assert.deepEqual(keptBy(/"owner": "platform"/, '"owner": "platforms"'), ALL, "in a nested deployment's resource");
});

test('an edit of what the order reads keeps the model and the view, and computes the order again', () => {
  const orderAgain = { model: true, views: [true, true], orders: [false, false] };
  assert.deepEqual(keptBy(/"dependsOn": \[\s*"cloud\/default"/, '"dependsOn": [ "cloud/defaults"'), orderAgain);
  assert.deepEqual(keptBy(/"batchSize": 1/, '"batchSize": 2'), orderAgain, "a loop's batch size");
});

test('an edit of what the model reads builds it, the view and the order again', () => {
  const none = { model: false, views: [false, false], orders: [false, false] };
  assert.deepEqual(keptBy(/"name": "cloud\/gcp-two"/, '"name": "cloud/gcp-three"'), none, 'a name');
  assert.deepEqual(keptBy(/"existing": true/, '"existing": false'), none, '`existing`');
  assert.deepEqual(keptBy(/"ip",/, '"ips",'), none, 'inside a name written as an array');
  assert.deepEqual(keptBy(/"one"/, '"ones"'), none, 'deeper inside that name');
  assert.deepEqual(
    keptBy(
      /(operator-role"\s*\},\s*"resources": )\[\]/,
      `$1[{ "type": "cloudResources", "apiVersion": "${API_VERSION}", "name": "added" }]`,
    ),
    none,
    'a child added to an empty list',
  );
  assert.deepEqual(
    keptBy(
      /("1\.0\.0\.1",\s*"resources": )\[\]/,
      `$1[{ "type": "Microsoft.Network/publicIPAddresses", "name": "ip" }]`,
    ),
    none,
    'a resource added to an empty nested template',
  );
  assert.deepEqual(
    keptBy(/"templateLink"/, '"template": { "resources": [] }, "templateLink"'),
    none,
    'a nested template',
  );
  assert.deepEqual(
    keptBy(/"outputs": \{\}/, '"outputs": { "id": { "type": "string", "value": "x" } }'),
    none,
    'an output',
  );
  assert.deepEqual(keptBy(/"defaultValue": "us-west-2"/, '"defaultValue": "us-east-1"'), none, "a parameter's default");
});
