// allowedValues checked like values: a parameter that feeds an Anyscale resource property is tried with each
// allowed value, and what the rules say about it sits on that entry — once, even when several properties use it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { CORPUS } from '../support/paths';

function template(
  parameters: Record<string, unknown>,
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      parameters,
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'cloud/aks',
          location: 'westus2',
          properties: { region: 'westus2', computeStack: 'K8S', ...properties },
        },
      ],
      ...extra,
    },
    null,
    2,
  );
}

test("a provider parameter allowing 'aws' is an error at that entry, with the fix", () => {
  const text = template(
    { provider: { type: 'string', allowedValues: ['Azure', 'aws', 'AWS'] } },
    { provider: "[parameters('provider')]" },
  );
  const analysis = analyzeText(text);
  const found = analysis.findings.filter((f) => f.code === 'provider-invalid');
  assert.equal(found.length, 1, JSON.stringify(analysis.findings));
  assert.equal(text.slice(found[0].start, found[0].end), '"aws"');
  assert.equal(found[0].severity, 'error');
  assert.match(found[0].message, /'provider' allows this value/);
  assert.equal(text.slice(found[0].related![0].start, found[0].related![0].end), `"[parameters('provider')]"`);
  assert.equal(found[0].fixes?.[0].edits[0].newText, '"AWS"');
});

test('a value used by two resources, or through a variable, is reported once', () => {
  const text = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      parameters: { region: { type: 'string', allowedValues: ['westus2', 'mars-north'] } },
      variables: { where: "[parameters('region')]" },
      resources: ['a', 'b'].map((name) => ({
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: `cloud/${name}`,
        location: 'westus2',
        properties: { provider: 'Azure', computeStack: 'K8S', region: "[variables('where')]" },
      })),
    },
    null,
    2,
  );
  const onEntry = analyzeText(text).findings.filter((f) => text.slice(f.start, f.end) === '"mars-north"');
  assert.ok(onEntry.length >= 1, 'the unknown region is reported on its entry');
  assert.equal(new Set(onEntry.map((f) => f.code)).size, onEntry.length, JSON.stringify(onEntry));
  assert.ok(
    !analyzeText(text).findings.some((f) => text.slice(f.start, f.end) === '"westus2"' && f.severity === 'error'),
  );
});

test('allowedValues of parameters no Anyscale resource uses are not tried', () => {
  const text = template(
    { provider: { type: 'string', allowedValues: ['aws'] } },
    { provider: 'Azure' },
    { outputs: { p: { type: 'string', value: "[parameters('provider')]" } } },
  );
  assert.deepEqual(
    analyzeText(text).findings.filter((f) => f.code === 'provider-invalid'),
    [],
  );
});

test(
  "the docs template's allowedValues are clean",
  { skip: !fs.existsSync(path.join(CORPUS, 'SOURCES.md')) && 'no ../shared/corpus' },
  () => {
    const text = fs.readFileSync(path.join(CORPUS, 'arm/azure-docs_add-cloud-resource_cloudresource.json'), 'utf8');
    const start = text.indexOf('"allowedValues"');
    const end = text.indexOf(']', start);
    assert.deepEqual(
      analyzeText(text).findings.filter((f) => f.start >= start && f.end <= end),
      [],
    );
  },
);
