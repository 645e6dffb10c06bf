// Issue #17: `"provider": "aws"` on the primary cloud resource is two problems at once — the casing, and a primary that
// must be Azure whatever the casing — so both are reported together, and the casing fix that would only reveal the
// second one is not the preferred fix.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';

function template(provider: string, name = 'my-cloud/default'): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name,
          location: 'westus2',
          properties: {
            provider,
            computeStack: 'K8S',
            region: 'us-west-2',
            cloudStorageBucketName: 's3://my-anyscale-eks-bucket',
            anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
          },
        },
      ],
    },
    null,
    2,
  );
}

const providerFindings = (text: string) =>
  analyzeText(text).findings.filter((f) => f.code === 'provider-invalid' || f.code === 'primary-resource-not-azure');

test('"aws" on the primary reports provider-invalid and primary-resource-not-azure at once', () => {
  const findings = providerFindings(template('aws'));
  assert.deepEqual(findings.map((f) => f.code).sort(), ['primary-resource-not-azure', 'provider-invalid']);
  const primary = findings.find((f) => f.code === 'primary-resource-not-azure')!;
  assert.match(primary.message, /must use provider Azure, not "aws"/);
});

test('on the primary, the casing fix "AWS" is not preferred: it leads to another error; "Azure" is offered first', () => {
  const invalid = providerFindings(template('aws')).find((f) => f.code === 'provider-invalid')!;
  assert.deepEqual(
    invalid.fixes?.map((f) => [f.title, !!f.preferred]),
    [
      ['Change provider to "Azure"', false],
      ['Change provider to "AWS"', false],
    ],
  );
});

test('"azure" on the primary is only a casing slip; "aws" elsewhere keeps its preferred casing fix', () => {
  assert.deepEqual(
    providerFindings(template('azure')).map((f) => f.code),
    ['provider-invalid'],
  );
  const elsewhere = analyzeText(template('aws', 'my-cloud/eks')).findings.find((f) => f.code === 'provider-invalid')!;
  assert.deepEqual(
    elsewhere.fixes?.map((f) => [f.title, !!f.preferred]),
    [['Change provider to "AWS"', true]],
  );
});

test('unchained cloud resources, an AWS one written first: the chaining fix makes it wait for the Azure one, the primary', () => {
  const resource = (name: string, provider: string, bucket: string, identity: string) => ({
    type: 'Anyscale.Platform/clouds/cloudResources',
    apiVersion: '2026-09-01',
    name: `my-cloud/${name}`,
    location: 'westus2',
    properties: {
      provider,
      computeStack: 'K8S',
      region: provider === 'Azure' ? 'westus2' : 'us-west-2',
      cloudStorageBucketName: bucket,
      ...(provider === 'Azure' ? { cloudStorageBucketEndpoint: 'https://acct.blob.core.windows.net' } : {}),
      anyscaleOperatorIamIdentity: identity,
    },
  });
  const text = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        resource('eks', 'AWS', 's3://bucket', 'arn:aws:iam::123456789012:role/op'),
        resource('aks', 'Azure', 'abfss://data@acct.dfs.core.windows.net', '11111111-2222-3333-4444-555555555555'),
      ],
    },
    null,
    2,
  );
  const chained = analyzeText(text).findings.filter((f) => f.code === 'cloud-resources-not-chained');
  assert.equal(chained.length, 2);
  const fixes = chained.flatMap((finding) =>
    (finding.fixes ?? []).map((fix) => [text.slice(finding.start, finding.end), fix.title]),
  );
  assert.deepEqual(fixes, [['"my-cloud/eks"', 'Make it depend on "my-cloud/aks"']]);
});
