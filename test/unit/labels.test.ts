// How rules name a resource in messages (rules/support/labels.ts): its name when known, its symbolic name, its name
// expression as written, else where it is in the template, so that no two resources share a label by default.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseJson } from '../../server/src/service/analyze';
import { buildTemplate } from '../../server/src/service/arm/template';
import { resourceLabel } from '../../server/src/service/rules/support/labels';

function labels(resources: object[], extra: object = {}): string[] {
  const text = JSON.stringify({
    contentVersion: '1.0.0.0',
    parameters: { cloudName: { type: 'string' } },
    ...extra,
    resources,
  });
  return buildTemplate(parseJson(text).root!, text).resources.map(resourceLabel);
}

const cloudResource = (name?: unknown) => ({
  type: 'Anyscale.Platform/clouds/cloudResources',
  apiVersion: '2026-09-01',
  ...(name === undefined ? {} : { name }),
});

test('a known name, and a name expression as written', () => {
  assert.deepEqual(labels([cloudResource('prod/eks'), cloudResource("[concat(parameters('cloudName'), '/gke')]")]), [
    '"prod/eks"',
    `"[concat(parameters('cloudName'), '/gke')]"`,
  ]);
});

test('no name, or one that is not a string: where the resource is, nested children too', () => {
  const cloud = {
    type: 'Anyscale.Platform/clouds',
    apiVersion: '2026-09-01',
    name: "[parameters('cloudName')]",
    resources: [{ type: 'cloudResources', apiVersion: '2026-09-01' }],
  };
  assert.deepEqual(labels([cloudResource(), cloudResource(7), cloud]), [
    '(unnamed, at resources[0])',
    '(name not a string, at resources[1])',
    `"[parameters('cloudName')]"`,
    '(unnamed, at resources[2].resources[0])',
  ]);
});
