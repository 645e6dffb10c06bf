// The ARM model: classification, resources flattened from every place ARM allows them, full types and names
// of nested children, scopes of nested deployments, case-insensitive lookup and literal/expression values.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { classifyJson } from '../../server/src/service/documents/classifyJson';
import { buildTemplate } from '../../server/src/service/arm/template';
import { literalValue, knownString } from '../../server/src/service/arm/value';
import { findProperty } from '../../server/src/service/json/nodes';
import { LineIndex } from '../../server/src/service/text/lineIndex';

const template = (body: object) =>
  JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      ...body,
    },
    null,
    2,
  );
const model = (text: string) => buildTemplate(parseJson(text).root!, text);

test('classification', () => {
  const kind = (text: string) => classifyJson(parseJson(text).root);
  assert.equal(kind(template({ resources: [] })), 'armTemplate');
  assert.equal(
    kind('{"$schema": "https://schema.management.azure.com/schemas/2018-05-01/subscriptionDeploymentTemplate.json#"}'),
    'armTemplate',
  );
  assert.equal(
    kind(
      '{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#", "parameters": {}}',
    ),
    'armParameters',
  );
  assert.equal(kind('{"contentVersion": "1.0.0.0", "parameters": {"a": {"value": 1}}}'), 'armParameters');
  assert.equal(kind('{"parameters": {"a": {"value": 1}}}'), 'other', 'no contentVersion: not enough to tell');
  assert.equal(kind('{"contentVersion": "1.0.0.0", "parameters": {}, "variables": {}}'), 'other');
  assert.equal(kind('{"resources": [{"type": "Microsoft.Storage/storageAccounts"}]}'), 'armTemplate');
  assert.equal(
    kind('{"languageVersion": "2.0", "resources": {"a": {"type": "Microsoft.Storage/storageAccounts"}}}'),
    'armTemplate',
  );
  assert.equal(kind('{"resources": ["a", "b"]}'), 'other');
  assert.equal(kind('{"name": "pkg", "version": "1.0.0"}'), 'other');
  assert.equal(kind('[1, 2]'), 'other');
  assert.equal(kind(''), 'other');
  assert.equal(kind('// only a comment'), 'other');
});

test('resources from the array, nested children with short types, and symbolic names', () => {
  const t = model(
    template({
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'cloud1',
          location: 'uksouth',
          resources: [{ type: 'cloudResources', apiVersion: '2026-09-01', name: 'child', properties: {} }],
        },
        { type: 'Anyscale.Platform/clouds/cloudResources', name: 'cloud1/top' },
      ],
    }),
  );
  assert.deepEqual(
    t.resources.map((r) => [r.type, knownString(r.name), knownString(r.leafName), knownString(r.parentName)]),
    [
      ['Anyscale.Platform/clouds', 'cloud1', 'cloud1', undefined],
      ['Anyscale.Platform/clouds/cloudResources', 'cloud1/child', 'child', 'cloud1'],
      ['Anyscale.Platform/clouds/cloudResources', 'cloud1/top', 'top', 'cloud1'],
    ],
  );
  assert.equal(t.resources[1].parent, t.resources[0]);

  const symbolic = model(
    JSON.stringify({
      languageVersion: '2.0',
      resources: {
        primary: { type: 'Anyscale.Platform/clouds/cloudResources', name: 'c/default' },
        ref: { type: 'Anyscale.Platform/clouds', name: 'c', existing: true },
      },
    }),
  );
  assert.deepEqual(
    symbolic.resources.map((r) => [r.symbolicName, r.existing]),
    [
      ['primary', false],
      ['ref', true],
    ],
  );
});

test('inline nested deployments get their own scope', () => {
  const t = model(
    template({
      parameters: { outer: { type: 'string' } },
      resources: [
        {
          type: 'Microsoft.Resources/deployments',
          apiVersion: '2022-09-01',
          name: 'inner',
          properties: {
            mode: 'Incremental',
            template: {
              parameters: { inner: { type: 'string' } },
              variables: { v: 1 },
              resources: [{ type: 'Anyscale.Platform/clouds/cloudResources', name: 'c/r' }],
            },
          },
        },
      ],
    }),
  );
  assert.equal(t.scopes.length, 2);
  const [root, nested] = t.scopes;
  assert.deepEqual([...root.parameters.keys()], ['outer']);
  assert.deepEqual([...nested.parameters.keys()], ['inner']);
  assert.deepEqual([...nested.variables.keys()], ['v']);
  assert.equal(nested.parent, root);
  assert.equal(nested.deployment, t.resources[0]);
  assert.equal(t.resources[1].scope, nested);
  assert.equal(knownString(t.resources[1].name), 'c/r');
});

test('types and property names are case-insensitive, as in ARM', () => {
  const text = template({
    resources: [{ TYPE: 'anyscale.platform/CLOUDS/cloudresources', Name: 'c/r', Properties: { PROVIDER: 'Azure' } }],
  });
  const analysis = analyzeText(text);
  assert.equal(analysis.anyscale!.cloudResources.length, 1);
  assert.equal(knownString(analysis.anyscale!.cloudResources[0].prop('provider').value), 'Azure');
  assert.ok(findProperty(parseJson('{"AbC": 1}').root, 'abc'));
});

test('literal values: strings, [[ escapes, expressions unknown, other JSON known', () => {
  const value = (json: string) => literalValue(parseJson(json).root);
  assert.equal(knownString(value('"westus2"')), 'westus2');
  assert.equal(knownString(value('"[[literal]"')), '[literal]');
  const expression = value('"[parameters(\'x\')]"');
  assert.deepEqual(
    { known: expression.known, reason: !expression.known && expression.reason },
    { known: false, reason: 'depends on an ARM expression' },
  );
  assert.equal(knownString(value('"[not an expression"')), '[not an expression');
  const obj = value('{"a": [1, true]}');
  assert.ok(obj.known && JSON.stringify(obj.value) === '{"a":[1,true]}');
});

test('comments and trailing commas parse as ARM allows', () => {
  const text =
    '{\n  // comment\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",\n  /* block */ "resources": [ { "type": "Anyscale.Platform/clouds", "name": "c", }, ],\n}\n';
  const analysis = analyzeText(text);
  assert.deepEqual(analysis.syntaxErrors, []);
  assert.equal(analysis.anyscaleResourceCount, 1);
});

test('line index maps offsets and positions both ways, with CRLF', () => {
  const text = 'a\r\nbc\nd';
  const lines = new LineIndex(text);
  assert.deepEqual(lines.positionAt(0), { line: 0, character: 0 });
  assert.deepEqual(lines.positionAt(3), { line: 1, character: 0 });
  assert.deepEqual(lines.positionAt(6), { line: 2, character: 0 });
  assert.deepEqual(lines.positionAt(99), { line: 2, character: 1 });
  assert.equal(lines.offsetAt({ line: 1, character: 1 }), 4);
  assert.equal(lines.offsetAt({ line: 9, character: 0 }), text.length);
});

test('bad input never throws: empty, binary-like, deeply nested, huge strings', () => {
  for (const text of [
    '',
    '\u0000\u0001\u0002',
    '['.repeat(10000),
    `{"resources": [{"type": "${'x'.repeat(1_000_000)}"}]}`,
    '{"$schema": "deploymentTemplate", "resources": {"a": 1}}',
  ]) {
    assert.doesNotThrow(() => analyzeText(text));
  }
  assert.match(analyzeText('['.repeat(100000)).syntaxErrors[0].message, /nested too deeply/);
});
