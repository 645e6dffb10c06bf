// Operator values generated for a cloud resource of the index (server/src/service/values/generate.ts), one per
// provider from test/fixtures/values-generate/providers.json, checked by our own values rules in a workspace that holds
// that template: the only errors and warnings are on the placeholders left to fill in, and none is left once they are.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { IndexedCloud, IndexedCloudResource } from '../../shared/protocol';
import { analyzeDocument } from '../../server/src/service/analyze';
import { cloudTree } from '../../server/src/service/index/cloudTree';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import {
  CannotGenerateValues,
  generateOperatorValues,
  GENERATED_PLACEHOLDERS,
} from '../../server/src/service/values/generate';
import { FIXTURES } from '../support/paths';
import { indexDocument } from '../support/indexDocument';

const TEMPLATE = path.join(FIXTURES, 'values-generate', 'providers.json');
const TEMPLATE_URI = pathToFileURL(TEMPLATE).href;

/** The fixture's index, and the workspace the generated file is checked in (the template beside it). */
function setUp(): { cloud: IndexedCloud; workspace: WorkspaceIndex } {
  const workspace = new WorkspaceIndex();
  indexDocument(workspace, TEMPLATE_URI, fs.readFileSync(TEMPLATE, 'utf8'), { fileName: TEMPLATE });
  const [cloud] = cloudTree(workspace.outlines()).filter((candidate) => candidate.label === 'gen-cloud');
  assert.ok(cloud, 'the fixture declares gen-cloud');
  return { cloud, workspace };
}

function resource(cloud: IndexedCloud, name: string): IndexedCloudResource {
  const found = cloud.cloudResources.find((candidate) => candidate.label === name);
  assert.ok(found, `no cloud resource ${name}`);
  return found;
}

/** What fills each placeholder in a real file. The CLI token's stays: it is passed at install time, never written here. */
const FILLED: Record<string, string> = {
  [GENERATED_PLACEHOLDERS.cloudDeploymentId]: 'cldrsrc_abc123def456',
  [GENERATED_PLACEHOLDERS.azureClientId]: '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
  '<service-account-email>': 'anyscale-operator@gen-project.iam.gserviceaccount.com',
};

function problems(text: string, workspace: WorkspaceIndex): string[] {
  const analysis = analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///generated/values.yaml', workspace });
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.equal(analysis.kind, 'operatorValues');
  return analysis.findings
    .filter((f) => f.severity === 'error' || f.severity === 'warning')
    .map((f) => `${f.code} ${text.slice(f.start, f.end)}`);
}

test('for each provider, the generated values pass our values rules except on the placeholders left to fill in; filled in, nothing is left', () => {
  const { cloud, workspace } = setUp();
  const expected: Record<string, { provider: string; placeholders: string[]; problems: string[] }> = {
    default: {
      provider: 'azure',
      placeholders: ['global.cloudDeploymentId', 'global.auth.iamIdentity'],
      problems: [
        'values-cloud-deployment-id-invalid <cloud-resource-id>',
        'values-iam-identity-format <operator-identity-client-id>',
      ],
    },
    'eks-west': {
      provider: 'aws',
      placeholders: ['global.cloudDeploymentId'],
      problems: ['values-cloud-deployment-id-invalid <cloud-resource-id>'],
    },
    'gke-central': {
      provider: 'gcp',
      placeholders: ['global.cloudDeploymentId'],
      problems: ['values-cloud-deployment-id-invalid <cloud-resource-id>'],
    },
    onprem: {
      provider: 'generic',
      placeholders: ['global.cloudDeploymentId', 'global.auth.anyscaleCliToken'],
      problems: ['values-cloud-deployment-id-invalid <cloud-resource-id>'],
    },
    'gke-param': {
      provider: 'gcp',
      placeholders: ['global.cloudDeploymentId', 'global.auth.iamIdentity'],
      problems: [
        'values-cloud-deployment-id-invalid <cloud-resource-id>',
        'values-iam-identity-format <service-account-email>',
      ],
    },
  };
  for (const [name, want] of Object.entries(expected)) {
    const generated = generateOperatorValues(cloud, resource(cloud, name));
    assert.equal(generated.cloudProvider, want.provider, name);
    assert.deepEqual(generated.placeholders, want.placeholders, name);
    assert.equal(generated.fileName, `values.gen-cloud.${name}.yaml`);
    assert.deepEqual(problems(generated.content, workspace), want.problems, `${name}:\n${generated.content}`);
    const filled = Object.entries(FILLED).reduce(
      (out, [placeholder, value]) => out.split(placeholder).join(value),
      generated.content,
    );
    assert.deepEqual(problems(filled, workspace), [], `${name} filled in:\n${filled}`);
  }
});

test('the keys are right for each provider: what the template gives is filled in, Azure gets its client ID placeholder and audience', () => {
  const { cloud } = setUp();
  const values = (name: string) =>
    parse(generateOperatorValues(cloud, resource(cloud, name)).content) as {
      global: Record<string, unknown>;
      workloads?: unknown;
    };
  const azure = values('default');
  assert.deepEqual(azure, {
    global: {
      cloudDeploymentId: '<cloud-resource-id>',
      cloudProvider: 'azure',
      controlPlaneURL: 'https://console.azure.anyscale.com',
      auth: {
        iamIdentity: '<operator-identity-client-id>',
        audience: 'api://086bc555-6989-4362-ba30-fded273e432b/.default',
      },
    },
    workloads: { serviceAccount: { name: 'anyscale-operator' } },
  });
  const generatedAzure = generateOperatorValues(cloud, resource(cloud, 'default')).content;
  assert.match(
    generatedAzure,
    /records its principal ID, 9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f/,
    'the principal ID is named in a comment, never as the value',
  );
  assert.deepEqual(values('eks-west').global.auth, {
    iamIdentity: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
  });
  assert.deepEqual(values('eks-west').global.aws, { region: 'us-west-2' });
  assert.deepEqual(values('gke-central').global.auth, {
    iamIdentity: 'anyscale-operator@gen-project.iam.gserviceaccount.com',
  });
  assert.deepEqual(values('onprem').global.auth, { anyscaleCliToken: '<set-at-install-time>' });
  for (const name of ['eks-west', 'gke-central', 'onprem'])
    assert.equal(values(name).workloads, undefined, `${name} needs no workload service account`);
  assert.match(
    generateOperatorValues(cloud, resource(cloud, 'gke-param')).content,
    /computes it at deployment\n {4}# \(\[parameters\('gkeIdentity'\)\]\)/,
  );
});

test('a provider computed at deployment, or none of the four, cannot be generated for: the message says why', () => {
  const { cloud } = setUp();
  assert.throws(
    () => generateOperatorValues(cloud, resource(cloud, 'other')),
    (error: unknown) => {
      assert.ok(error instanceof CannotGenerateValues);
      assert.equal(
        error.message,
        "Cannot generate operator values for cloud resource other: its provider is computed at deployment ([parameters('otherProvider')]).",
      );
      return true;
    },
  );
  const oddProvider = { ...resource(cloud, 'onprem'), provider: { text: 'OnPrem', known: true } };
  assert.throws(
    () => generateOperatorValues(cloud, oddProvider),
    /its provider "OnPrem" is none of Azure, AWS, GCP, Generic/,
  );
  const mixedCase = { ...resource(cloud, 'eks-west'), provider: { text: 'Aws', known: true } };
  assert.equal(
    generateOperatorValues(cloud, mixedCase).cloudProvider,
    'aws',
    'a provider written in the wrong case (provider-invalid) still has its chart spelling',
  );
});

test('values from the template that YAML would read otherwise are quoted', () => {
  const { cloud } = setUp();
  const odd = {
    ...resource(cloud, 'eks-west'),
    region: { text: 'true', known: true },
    operatorIdentity: { text: 'arn: # not', known: true },
  };
  const values = parse(generateOperatorValues(cloud, odd).content) as {
    global: { aws: { region: unknown }; auth: { iamIdentity: unknown } };
  };
  assert.equal(values.global.aws.region, 'true');
  assert.equal(values.global.auth.iamIdentity, 'arn: # not');
});

test("comments are wrapped at yamllint's default 80 columns between words, and the install command is continued with \\", () => {
  const { cloud } = setUp();
  const longExpression = `[parameters('${'operatorIdentityOfTheProductionCluster'.repeat(3)}')]`;
  const computed = { ...resource(cloud, 'gke-param'), operatorIdentity: { text: longExpression, known: false } };
  const generated = [...cloud.cloudResources.filter((candidate) => candidate.label !== 'other'), computed].map(
    (r) => generateOperatorValues(cloud, r).content,
  );
  for (const content of generated) {
    const comments = content.split('\n').filter((line) => line.trimStart().startsWith('#'));
    for (const line of comments)
      assert.ok(line.length <= 80 || !line.trim().slice(2).includes(' '), `over 80 columns:\n${line}`);
    assert.match(
      comments.join('\n'),
      /^# Install:\n# {3}helm upgrade anyscale-operator anyscale\/anyscale-operator -i \\\n# {5}--namespace anyscale-operator --create-namespace -f <this file>$/m,
    );
  }
  const withLongWord = generated.at(-1)!.split('\n');
  assert.ok(
    withLongWord.includes(`    # (${longExpression}).`),
    'a word longer than the line keeps a line of its own, whole',
  );
});

test("the cloud resource ID placeholder's message gives the ID's shape as an example, never as if it were the user's ID", () => {
  const { cloud, workspace } = setUp();
  const text = generateOperatorValues(cloud, resource(cloud, 'default')).content;
  const analysis = analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///generated/values.yaml', workspace });
  const placeholder = analysis.findings.find((f) => f.code === 'values-cloud-deployment-id-invalid');
  assert.match(placeholder?.message ?? '', /replace it with the cloud resource ID \(such as cldrsrc_[a-z]+\)\.$/);
});
