// Drift between the templates and what "Connect to Azure" listed (server/src/service/azure): the pure comparison,
// the listing the server accepts, and the rules on templates read with parameter files, copy loops, clouds of one
// name in several resource groups, listings that could not see everything, rule levels and suppression comments.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DeployedAzure, DeployedCloudResource } from '../../shared/protocol';
import { analyzeDocument, parseJson } from '../../server/src/service/analyze';
import { readDeployed, type DeployedIndex } from '../../server/src/service/azure/deployed';
import { driftOf } from '../../server/src/service/azure/drift';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { FIXTURES } from '../support/paths';

const DEPLOYED: DeployedAzure = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'rules', 'cloud-resource-drift', 'deployed.json'), 'utf8'),
);

function indexOf(deployed: DeployedAzure): DeployedIndex {
  const read = readDeployed(deployed);
  assert.ok('index' in read, JSON.stringify(read));
  return read.index;
}

/** A workspace index holding the listing, as the language server keeps it. */
function connected(deployed: DeployedIndex | undefined): WorkspaceIndex {
  const workspace = new WorkspaceIndex();
  workspace.deployed = deployed;
  return workspace;
}

const clone = (): DeployedAzure => structuredClone(DEPLOYED);

function template(resources: object[], parameters: object = {}): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters,
      resources,
    },
    null,
    2,
  );
}

const AZURE_PROPERTIES = {
  provider: 'Azure',
  computeStack: 'K8S',
  region: 'uksouth',
  cloudStorageBucketName: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
  cloudStorageBucketEndpoint: 'https://mystorageacct.blob.core.windows.net',
  cloudStorageBucketRegion: 'uksouth',
  anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
};

function cloudResource(name: string, properties: object = AZURE_PROPERTIES, extra: object = {}): object {
  return {
    type: 'Anyscale.Platform/clouds/cloudResources',
    apiVersion: '2026-09-01',
    name,
    location: 'uksouth',
    properties,
    ...extra,
  };
}

/** Findings of the drift rules, as `line:code:uri-basename` plus the message. */
function findings(
  text: string,
  deployed: DeployedIndex | undefined,
  options: Parameters<typeof analyzeDocument>[2] = {},
) {
  const analysis = analyzeDocument(text, { fileName: 'template.json' }, { ...options, workspace: connected(deployed) });
  const lines = new LineIndex(text);
  return analysis.findings
    .filter((f) => f.code.startsWith('cloud-resource-drift') || f.code === 'cloud-resource-not-deployed')
    .map((f) => ({
      where: `${f.uri ? path.basename(f.uri) : lines.positionAt(f.start).line + 1}:${f.code}`,
      message: f.message,
    }));
}

test('driftOf compares what both sides give: locations ignoring case and spaces, GUIDs ignoring case, the rest exactly', () => {
  const deployed: DeployedCloudResource = {
    id: 'x',
    name: 'default',
    location: 'uksouth',
    properties: {
      provider: 'Azure',
      region: 'uksouth',
      anyscaleOperatorIamIdentity: 'abcdef01-2222-3333-4444-555555555555',
      cloudStorageBucketEndpoint: '',
    },
  };
  const drifts = driftOf(
    [
      { property: 'location', value: 'UK South', at: 1 },
      { property: 'anyscaleOperatorIamIdentity', value: 'ABCDEF01-2222-3333-4444-555555555555', at: 2 },
      { property: 'provider', value: 'azure', at: 3 },
      { property: 'region', value: 'UKSouth', at: 4 },
      { property: 'cloudStorageBucketEndpoint', value: '', at: 5 },
      { property: 'cloudStorageBucketRegion', value: 'ukwest', at: 6 }, // Azure returned none: not compared
    ],
    deployed,
  );
  assert.deepEqual(drifts, [
    { property: 'provider', authored: 'azure', deployed: 'Azure', at: 3 },
    { property: 'region', authored: 'UKSouth', deployed: 'uksouth', at: 4 },
  ]);
});

test('the listing the client sends is checked: a wrong shape is refused with where it is wrong', () => {
  const broken = clone() as unknown as { subscriptions: { clouds: { cloudResources: unknown[] }[] }[] };
  broken.subscriptions[0].clouds[0].cloudResources[0] = { name: 'default' };
  const read = readDeployed(broken);
  assert.ok('problem' in read);
  assert.match(
    read.problem,
    /^the Azure listing is not of the expected shape: subscriptions\.0\.clouds\.0\.cloudResources\.0\.id: /,
  );
  assert.ok('problem' in readDeployed(null));
});

test('without a listing (not connected) the templates are not compared', () => {
  const text = template([cloudResource('my-cloud/default', { ...AZURE_PROPERTIES, region: 'ukwest' })]);
  assert.deepEqual(findings(text, undefined), []);
});

test('a value from a parameter file: the drift sits in the parameter file, and the template names the file at the use', () => {
  const text = template(
    [
      cloudResource("[concat(parameters('cloudName'), '/default')]", {
        ...AZURE_PROPERTIES,
        region: "[parameters('region')]",
      }),
    ],
    {
      cloudName: { type: 'string' },
      region: { type: 'string' },
    },
  );
  const parameters = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    contentVersion: '1.0.0.0',
    parameters: { cloudName: { value: 'my-cloud' }, region: { value: 'ukwest' } },
  });
  const uri = 'file:///ws/template.parameters.prod.json';
  const found = findings(text, indexOf(DEPLOYED), {
    parameterFiles: [{ uri, root: parseJson(parameters).root!, text: parameters }],
  });
  const use = text.split('\n').findIndex((line) => line.includes("parameters('region')")) + 1;
  assert.deepEqual(
    found.map((f) => f.where),
    [`${use}:cloud-resource-drift`, 'template.parameters.prod.json:cloud-resource-drift'],
  );
  assert.match(
    found[1].message,
    /^region is "ukwest" here, but cloud resource my-cloud\/default in Azure \(resource group rg-anyscale, subscription Anyscale Dev\) was created with "uksouth"/,
  );
  assert.match(found[0].message, /\(value from template\.parameters\.prod\.json\)$/);
});

test('clouds of one name in two resource groups: each deployed twin that differs is named', () => {
  const deployed = clone();
  const other = structuredClone(deployed.subscriptions[0].clouds[0]);
  other.resourceGroup = 'rg-staging';
  other.cloudResources[0].properties.region = 'ukwest';
  deployed.subscriptions[0].clouds.push(other);
  const found = findings(template([cloudResource('my-cloud/default')]), indexOf(deployed));
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(
    found[0].message,
    /region is "uksouth" here, but cloud resource my-cloud\/default in Azure \(resource group rg-staging, /,
  );
});

test('the twin is found by cloud and resource name ignoring case, as ARM names them', () => {
  const text = template([cloudResource('My-Cloud/DEFAULT', { ...AZURE_PROPERTIES, region: 'ukwest' })]);
  const found = findings(text, indexOf(DEPLOYED));
  assert.deepEqual(
    found.map((f) => f.where),
    [`${text.split('\n').findIndex((line) => line.includes('"ukwest"')) + 1}:cloud-resource-drift`],
  );
  assert.match(found[0].message, /^region is "ukwest" here, but cloud resource My-Cloud\/default in Azure /);
});

test('a copy loop: each copy is compared with the cloud resource of its own name', () => {
  const deployed = clone();
  const copy = (index: number, region: string) => ({
    ...structuredClone(deployed.subscriptions[0].clouds[0].cloudResources[0]),
    name: `aks${index}`,
    properties: { ...AZURE_PROPERTIES, region },
  });
  deployed.subscriptions[0].clouds[0].cloudResources.push(copy(0, 'uksouth'), copy(1, 'ukwest'));
  const text = template([
    cloudResource("[concat('my-cloud/aks', copyIndex())]", AZURE_PROPERTIES, {
      copy: { name: 'aks', count: 3, mode: 'serial', batchSize: 1 },
    }),
  ]);
  const found = findings(text, indexOf(deployed));
  assert.deepEqual(found.map((f) => f.message.replace(/:.*$/s, '')).sort(), [
    'Cloud resource aks2 is not in Azure yet',
    'region is "uksouth" here, but cloud resource my-cloud/aks1 in Azure (resource group rg-anyscale, subscription Anyscale Dev) was created with "ukwest". Its properties can\'t change after creation',
  ]);
});

test('not deployed: said when the cloud was listed whole, or no subscription has the cloud; not when a list could not be read', () => {
  const newResource = template([cloudResource('my-cloud/aks2')]);
  const newCloud = template([cloudResource('new-cloud/default')]);
  const atName = `${newResource.split('\n').findIndex((line) => line.includes('"name"')) + 1}:cloud-resource-not-deployed`;
  assert.deepEqual(
    findings(newResource, indexOf(DEPLOYED)).map((f) => f.where),
    [atName],
  );
  assert.deepEqual(
    findings(newCloud, indexOf(DEPLOYED)).map((f) => f.where),
    [atName],
  );

  const cloudUnreadable = clone();
  cloudUnreadable.subscriptions[0].clouds[0].problem = { status: 404, code: 'ResourceNotFound', message: 'not found' };
  assert.deepEqual(
    findings(newResource, indexOf(cloudUnreadable)),
    [],
    "the cloud's cloud resources could not be listed",
  );
  assert.deepEqual(
    findings(newCloud, indexOf(cloudUnreadable)).map((f) => f.where),
    [atName],
    'the clouds were listed',
  );

  const subscriptionUnreadable = clone();
  subscriptionUnreadable.subscriptions.push({
    subscriptionId: 'b',
    displayName: 'Locked',
    clouds: [],
    problem: { status: 403, code: 'AuthorizationFailed', message: 'no' },
  });
  assert.deepEqual(
    findings(newCloud, indexOf(subscriptionUnreadable)),
    [],
    "a subscription's clouds could not be listed",
  );
});

test('rule levels and suppression comments apply to the drift findings like to any other', () => {
  const text = template([
    cloudResource('my-cloud/default', {
      ...AZURE_PROPERTIES,
      anyscaleOperatorIamIdentity: '99999999-2222-3333-4444-555555555555',
    }),
  ]);
  assert.equal(findings(text, indexOf(DEPLOYED)).length, 1);
  assert.deepEqual(findings(text, indexOf(DEPLOYED), { ruleLevels: { 'cloud-resource-drift': 'off' } }), []);
  const suppressed = text.replace(
    '"anyscaleOperatorIamIdentity"',
    '// anyscale-azure-disable-next-line cloud-resource-drift\n        "anyscaleOperatorIamIdentity"',
  );
  const analysis = analyzeDocument(
    suppressed,
    { fileName: 'template.json' },
    { workspace: connected(indexOf(DEPLOYED)) },
  );
  assert.deepEqual(
    analysis.findings.map((f) => f.code),
    [],
  );
});

test('values: an ID no listed cloud resource has is information; nothing when the listing is incomplete or the ID is listed', () => {
  const values = (id: string) => `global:\n  cloudDeploymentId: ${id}\n  cloudProvider: azure\n`;
  const workspaceCodes = (text: string, deployed: DeployedIndex) =>
    analyzeDocument(text, { fileName: 'values.yaml' }, { workspace: connected(deployed) }).findings.filter(
      (f) => f.code === 'values-cloud-deployment-id-not-deployed',
    );
  const [finding] = workspaceCodes(values('cldrsrc_gone0003'), indexOf(DEPLOYED));
  assert.equal(finding.severity, 'info');
  assert.match(
    finding.message,
    /^No cloud resource in the 1 subscription you are connected to has the ID "cldrsrc_gone0003"/,
  );
  assert.deepEqual(
    workspaceCodes(values('cldrsrc_DEFAULT0001'), indexOf(DEPLOYED)),
    [],
    'IDs are compared ignoring case',
  );
  const incomplete = clone();
  incomplete.subscriptions[0].clouds[0].problem = { status: 404, message: 'not found' };
  assert.deepEqual(workspaceCodes(values('cldrsrc_gone0003'), indexOf(incomplete)), []);
});
