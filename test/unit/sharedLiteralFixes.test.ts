// A fix on a literal other expressions read too (rules/support/sharedLiteralFixes.ts): a parameter's default, a
// variable, a parameter file's value or an allowed value that a storage account's name also reads. The fix is offered,
// not preferred, titled with what else reads the literal, and fix-all leaves it; a literal read only where the rule
// reports it with that fix keeps its fix as the rule made it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import { fixAllEdits } from '../../server/src/service/features/fixes';
import type { Finding, Fix, ParameterFileInput } from '../../server/src/service/types';
import { parameterFileInput } from '../support/parameterFile';

const PARAMETER_FILE = 'file:///test/main.parameters.json';

const storageAccount = (name: string) => ({
  type: 'Microsoft.Storage/storageAccounts',
  apiVersion: '2023-05-01',
  name,
  location: 'eastus',
  sku: { name: 'Standard_LRS' },
  kind: 'StorageV2',
});

const cloudResource = (name: string, provider: string, tags?: Record<string, string>) => ({
  type: 'Anyscale.Platform/clouds/cloudResources',
  apiVersion: '2026-09-01',
  name: `prod/${name}`,
  location: 'eastus',
  ...(tags ? { tags } : {}),
  properties: {
    provider,
    computeStack: 'K8S',
    region: 'us-west-2',
    cloudStorageBucketName: `s3://${name}`,
    anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/x',
  },
});

function template(parameters: object, resources: object[], variables: object = {}): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters,
      variables,
      resources,
    },
    null,
    2,
  );
}

const STORAGE_NAME = "[concat('logs', parameters('cloudProvider'), uniqueString(resourceGroup().id))]";
const FROM_PARAMETER = "[parameters('cloudProvider')]";

/** The user's template: the provider's default "aws" is also in a storage account's name and a tag. */
const SHARED_DEFAULT = template({ cloudProvider: { type: 'string', defaultValue: 'aws' } }, [
  storageAccount(STORAGE_NAME),
  cloudResource('eks', FROM_PARAMETER, { provider: FROM_PARAMETER }),
]);

/** provider-invalid's fixes on the findings that sit on `literal` (the text the finding spans), in `uri`. */
function providerFixes(text: string, literal: string, parameterFiles: ParameterFileInput[] = [], uri?: string): Fix[] {
  const findings = analyzeText(text, { parameterFiles }).findings.filter(
    (finding) => finding.code === 'provider-invalid' && finding.uri === uri,
  );
  const on = (finding: Finding) =>
    uri === undefined
      ? text.slice(finding.start, finding.end) === literal
      : parameterFiles[0].text!.slice(finding.start, finding.end) === literal;
  const fixes = findings.filter(on).flatMap((finding) => finding.fixes ?? []);
  assert.ok(fixes.length > 0, `a provider-invalid fix on ${literal}`);
  return fixes;
}

test("a default that a storage account's name also reads: the fix is offered, not preferred, and says what else reads it", () => {
  const [fix] = providerFixes(SHARED_DEFAULT, '"aws"');
  assert.equal(
    fix.title,
    `Change the default of parameter 'cloudProvider' to "AWS" (also read by 2 other expressions)`,
  );
  assert.equal(fix.preferred, false);
  assert.equal(fix.sharedLiteral, true);
  assert.deepEqual(fix.edits, [
    { start: SHARED_DEFAULT.indexOf('"aws"'), end: SHARED_DEFAULT.indexOf('"aws"') + 5, newText: '"AWS"' },
  ]);
  assert.deepEqual(fixAllEdits(analyzeText(SHARED_DEFAULT).findings), [], 'fix-all leaves the default as written');
  // The finding shows where the other readers are: the storage account's name and the tag.
  const finding = analyzeText(SHARED_DEFAULT).findings.find(
    (f) => f.code === 'provider-invalid' && SHARED_DEFAULT.slice(f.start, f.end) === '"aws"',
  )!;
  const readers = (finding.related ?? []).filter((related) => related.message.startsWith('Also reads'));
  assert.deepEqual(
    readers.map((related) => [SHARED_DEFAULT.slice(related.start, related.end), related.message]).sort(),
    [
      [
        JSON.stringify(FROM_PARAMETER),
        "Also reads the default of parameter 'cloudProvider', which a fix here would rewrite.",
      ],
      [
        JSON.stringify(STORAGE_NAME),
        "Also reads the default of parameter 'cloudProvider', which a fix here would rewrite.",
      ],
    ].sort(),
  );
});

test('a default read only by the provider keeps its preferred fix, with the title the rule gave it', () => {
  const text = template({ cloudProvider: { type: 'string', defaultValue: 'aws' } }, [
    cloudResource('eks', FROM_PARAMETER),
  ]);
  const [fix] = providerFixes(text, '"aws"');
  assert.equal(fix.title, 'Change provider to "AWS"');
  assert.equal(fix.preferred, true);
  assert.equal(fix.sharedLiteral, undefined);
  assert.equal(fixAllEdits(analyzeText(text).findings).length, 1);
});

test('a default read only by providers the rule reports with that same fix keeps it preferred; one more reader does not', () => {
  const both = template({ cloudProvider: { type: 'string', defaultValue: 'aws' } }, [
    cloudResource('one', FROM_PARAMETER),
    cloudResource('two', FROM_PARAMETER),
  ]);
  for (const fix of providerFixes(both, '"aws"')) assert.equal(fix.preferred, true, fix.title);
  const andAName = template({ cloudProvider: { type: 'string', defaultValue: 'aws' } }, [
    storageAccount(STORAGE_NAME),
    cloudResource('one', FROM_PARAMETER),
    cloudResource('two', FROM_PARAMETER),
  ]);
  for (const fix of providerFixes(andAName, '"aws"')) {
    assert.equal(fix.preferred, false);
    assert.match(fix.title, /\(also read by 1 other expression\)$/);
  }
});

test('a variable read by the provider and a name; a default read through a variable counts who reads the variable (its name and tag)', () => {
  const variable = template(
    {},
    [storageAccount("[concat('logs', variables('p'))]"), cloudResource('eks', "[variables('p')]")],
    {
      p: 'aws',
    },
  );
  const [onVariable] = providerFixes(variable, '"aws"');
  assert.equal(onVariable.title, `Change variable 'p' to "AWS" (also read by 1 other expression)`);
  assert.equal(onVariable.preferred, false);
  const throughVariable = template(
    { cloudProvider: { type: 'string', defaultValue: 'aws' } },
    [
      storageAccount("[concat('logs', variables('p'))]"),
      cloudResource('eks', "[variables('p')]", { provider: "[variables('p')]" }),
    ],
    { p: FROM_PARAMETER },
  );
  const [onDefault] = providerFixes(throughVariable, '"aws"');
  assert.equal(
    onDefault.title,
    `Change the default of parameter 'cloudProvider' to "AWS" (also read by 2 other expressions)`,
  );
  assert.equal(onDefault.preferred, false);
});

test("a parameter file's value that the template's name also reads: not preferred in the parameter file either", () => {
  const text = template({ cloudProvider: { type: 'string' } }, [
    storageAccount(STORAGE_NAME),
    cloudResource('eks', FROM_PARAMETER),
  ]);
  const file = parameterFileInput({ cloudProvider: { value: 'aws' } }, PARAMETER_FILE);
  const [fix] = providerFixes(text, '"aws"', [file], PARAMETER_FILE);
  assert.equal(
    fix.title,
    `Change the value of parameter 'cloudProvider' in main.parameters.json to "AWS" (also read by 1 other expression)`,
  );
  assert.equal(fix.preferred, false);
  assert.equal(fix.uri, PARAMETER_FILE);
  const alone = template({ cloudProvider: { type: 'string' } }, [cloudResource('eks', FROM_PARAMETER)]);
  assert.equal(providerFixes(alone, '"aws"', [file], PARAMETER_FILE)[0].preferred, true);
});

test('an allowed value the name would also read when chosen: not preferred', () => {
  const text = template({ cloudProvider: { type: 'string', defaultValue: 'Azure', allowedValues: ['aws', 'Azure'] } }, [
    storageAccount(STORAGE_NAME),
    cloudResource('eks', FROM_PARAMETER),
  ]);
  const [fix] = providerFixes(text, '"aws"');
  assert.equal(
    fix.title,
    `Change an allowed value of parameter 'cloudProvider' to "AWS" (also read by 1 other expression)`,
  );
  assert.equal(fix.preferred, false);
});

test("a parameter a computed name may read (parameters(parameters('which'))): other readers cannot be counted, so not preferred", () => {
  const text = template(
    {
      cloudProvider: { type: 'string', defaultValue: 'aws' },
      which: { type: 'string', defaultValue: 'cloudProvider' },
    },
    [storageAccount("[concat('logs', parameters(parameters('which')))]"), cloudResource('eks', FROM_PARAMETER)],
  );
  const [fix] = providerFixes(text, '"aws"');
  assert.equal(
    fix.title,
    `Change the default of parameter 'cloudProvider' to "AWS" (other expressions may read it too)`,
  );
  assert.equal(fix.preferred, false);
});

test('alternatives on a shared default (Azure and AWS on the primary cloud resource) say what else reads it, but are not held back', () => {
  const text = template({ cloudProvider: { type: 'string', defaultValue: 'aws' } }, [
    storageAccount(STORAGE_NAME),
    cloudResource('default', FROM_PARAMETER),
  ]);
  const fixes = providerFixes(text, '"aws"');
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.preferred, fix.sharedLiteral]),
    [
      [
        `Change the default of parameter 'cloudProvider' to "Azure" (also read by 1 other expression)`,
        false,
        undefined,
      ],
      [`Change the default of parameter 'cloudProvider' to "AWS" (also read by 1 other expression)`, false, undefined],
    ],
  );
});
