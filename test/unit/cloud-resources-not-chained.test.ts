// cloud-resources-not-chained: the message names each cloud resource it doesn't wait for once, also when the template
// declares one name twice (that is name-duplicate's finding), and counts the others by name.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';

const CODE = 'cloud-resources-not-chained';

/** A Generic cloud resource of `name`, with no dependsOn: every one of them can start at the same time. */
const cloudResource = (name: string) => ({
  type: 'Anyscale.Platform/clouds/cloudResources',
  apiVersion: '2026-09-01',
  name,
  location: 'eastus',
  properties: { provider: 'Generic', computeStack: 'K8S', region: 'dc1', cloudStorageBucketName: 's3://onprem' },
});

/** The messages of the rule's findings for a template of cloud resources named `names`, in document order. */
function messages(...names: string[]): string[] {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    resources: names.map(cloudResource),
  });
  return analyzeText(text)
    .findings.filter((finding) => finding.code === CODE)
    .map((finding) => /doesn't wait for (.*) through dependsOn/.exec(finding.message)?.[1] ?? finding.message);
}

test('distinct names: each of the others once', () => {
  assert.deepEqual(messages('prod/a', 'prod/b', 'prod/c'), [
    '"prod/b" and "prod/c"',
    '"prod/a" and "prod/c"',
    '"prod/a" and "prod/b"',
  ]);
  assert.deepEqual(messages('prod/a', 'prod/b', 'prod/c', 'prod/d')[0], '"prod/b", "prod/c" and 1 more');
});

test('one name declared three times: "another", once, not the same name twice', () => {
  assert.deepEqual(messages('prod/default', 'prod/default', 'prod/default'), [
    'another "prod/default"',
    'another "prod/default"',
    'another "prod/default"',
  ]);
});

test('a name declared twice beside another (ARM names compare ignoring case): each name once, counted once', () => {
  assert.deepEqual(messages('prod/default', 'prod/DEFAULT', 'prod/eks'), [
    'another "prod/default" and "prod/eks"',
    'another "prod/default" and "prod/eks"',
    '"prod/default"',
  ]);
  assert.deepEqual(messages('prod/a', 'prod/b', 'prod/b', 'prod/c', 'prod/c')[0], '"prod/b" and "prod/c"');
});

/** The messages for cloud resources whose names `names` read a parameter with no value: none of them is known. */
function messagesOfExpressions(...names: string[]): string[] {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { cloudName: { type: 'string' } },
    resources: names.map(cloudResource),
  });
  return analyzeText(text)
    .findings.filter((finding) => finding.code === CODE)
    .map((finding) =>
      /^Cloud resource (.*) doesn't wait for (.*) through dependsOn/.exec(finding.message)!.slice(1).join(' | '),
    );
}

test('names set by expressions: each is shown as written, so two are told apart', () => {
  assert.deepEqual(
    messagesOfExpressions("[concat(parameters('cloudName'), '/eks')]", "[concat(parameters('cloudName'), '/gke')]"),
    [
      `"[concat(parameters('cloudName'), '/eks')]" | "[concat(parameters('cloudName'), '/gke')]"`,
      `"[concat(parameters('cloudName'), '/gke')]" | "[concat(parameters('cloudName'), '/eks')]"`,
    ],
  );
});

test('long name expressions are shortened in the middle, keeping the end that tells them apart', () => {
  const long = (own: string) =>
    `[concat(parameters('cloudName'), '/', 'a-rather-long-prefix-every-cloud-resource-here-shares-', '${own}')]`;
  const [first] = messagesOfExpressions(long('eks'), long('gke'));
  assert.equal(
    first,
    `"[concat(parameters('cloudName'),…resource-here-shares-', 'eks')]" | "[concat(parameters('cloudName'),…resource-here-shares-', 'gke')]"`,
  );
});
