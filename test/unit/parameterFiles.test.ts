// Parameter files: the model (values and Key Vault references) and which files belong to which template.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseJson } from '../../server/src/service/analyze';
import { readParameterFile } from '../../server/src/service/arm/parameterFile';
import {
  configuredParameterFiles,
  configuredTemplate,
  conventionalParameterFiles,
  conventionalTemplate,
} from '../../server/src/node/parameterFilePaths';

test('reads values and references, case-insensitively keyed', () => {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    parameters: { Provider: { value: 'AWS' }, secret: { reference: { keyVault: { id: '/x' }, secretName: 's' } } },
  });
  const file = readParameterFile(parseJson(text).root!);
  assert.equal(file.parameters.get('provider')?.name, 'Provider');
  assert.equal(file.parameters.get('provider')?.valueNode?.value, 'AWS');
  assert.equal(file.parameters.get('secret')?.valueNode, undefined);
  assert.ok(file.parameters.get('secret')?.referenceNode);
});

test('conventional association both ways', () => {
  const dir = path.join(path.sep, 'infra');
  const siblings = [
    'cloudresource.json',
    'cloudresource.parameters.json',
    'cloudresource.parameters.aws.json',
    'Cloudresource.Parameters.GCP.json',
    'other.parameters.json',
    'cloudresource.parametersfoo.json',
    'notes.md',
  ];
  assert.deepEqual(conventionalParameterFiles(path.join(dir, 'cloudresource.json'), siblings), [
    path.join(dir, 'Cloudresource.Parameters.GCP.json'),
    path.join(dir, 'cloudresource.parameters.aws.json'),
    path.join(dir, 'cloudresource.parameters.json'),
  ]);
  assert.equal(
    conventionalTemplate(path.join(dir, 'cloudresource.parameters.aws.json'), siblings),
    path.join(dir, 'cloudresource.json'),
  );
  assert.equal(conventionalTemplate(path.join(dir, 'other.parameters.json'), siblings), undefined);
  assert.equal(conventionalTemplate(path.join(dir, 'cloudresource.json'), siblings), undefined);
});

test('the parameterFiles setting maps template globs to parameter files', () => {
  const ws = path.join(path.sep, 'ws');
  const setting = { 'infra/**/main.json': ['env/dev.json', 'env/prod.json'], 'other.json': ['x.json'] };
  const template = path.join(ws, 'infra', 'clouds', 'main.json');
  assert.deepEqual(configuredParameterFiles(template, ws, setting), [
    path.join(ws, 'env', 'dev.json'),
    path.join(ws, 'env', 'prod.json'),
  ]);
  assert.deepEqual(configuredParameterFiles(path.join(ws, 'main.json'), ws, setting), []);
  assert.equal(
    configuredTemplate(path.join(ws, 'env', 'prod.json'), ws, setting, [template, path.join(ws, 'other.json')]),
    template,
  );
  assert.equal(configuredTemplate(path.join(ws, 'env', 'none.json'), ws, setting, [template]), undefined);
});
