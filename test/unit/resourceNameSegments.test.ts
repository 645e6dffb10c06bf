// The segments of a resource's name (service/arm/resourceNameSegments.ts) as one run reads them: split as ARM splits
// the evaluated name when it is known; else at the `/` written in concat() and format() (what Bicep emits), with
// copyIndex() evaluated for each copy and a segment holding an unknown part kept as its expression.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseJson } from '../../server/src/service/json/parseJson';
import { buildTemplate } from '../../server/src/service/arm/template';
import { createEvaluator, type ParameterValue } from '../../server/src/service/arm/expressions/evaluate';
import { resourceNameSegments } from '../../server/src/service/arm/resourceNameSegments';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

/**
 * The segments of a cloud resource named `name` (in a copy loop of 4), as plain objects, with `cloudName` given by a
 * parameter file when `cloudName` is passed.
 */
function segmentsOf(name: string, options: { copyIndex?: number; cloudName?: string } = {}) {
  const text = JSON.stringify({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: {
      cloudName: { type: 'string' },
      prefix: { type: 'string', defaultValue: 'team/' },
      suffix: { type: 'string', defaultValue: '-gpu' },
    },
    resources: [
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        copy: { name: 'loop', count: 4 },
        name,
        properties: {},
      },
    ],
  });
  const template = buildTemplate(parseJson(text).root!, text);
  const parameterValues = new Map<string, ParameterValue>();
  if (options.cloudName !== undefined) {
    const valueNode = parseJson(JSON.stringify(options.cloudName)).root!;
    parameterValues.set('cloudname', { valueNode, uri: 'file:///cloud.parameters.json' });
  }
  const [resource] = template.resources;
  const segments = resourceNameSegments(
    resource.nameNode,
    resource,
    createEvaluator(template, { parameterValues }),
    options.copyIndex,
  );
  return segments?.map((segment) => ({ ...segment }));
}

const known = (text: string) => ({ text, known: true });
const unknown = (text: string) => ({ text, known: false });

test("format() as Bicep writes a name: the cloud parameter's segment unknown, the own segment known", () => {
  assert.deepEqual(segmentsOf("[format('{0}/default', parameters('cloudName'))]"), [
    unknown("[parameters('cloudName')]"),
    known('default'),
  ]);
  assert.deepEqual(segmentsOf("[format('{0}-east/default', parameters('cloudName'))]"), [
    unknown("[concat(parameters('cloudName'), '-east')]"),
    known('default'),
  ]);
  assert.deepEqual(
    segmentsOf("[format('{0}/a{{b}}', parameters('cloudName'))]"),
    [unknown("[parameters('cloudName')]"), known('a{b}')],
    'a doubled brace is one brace',
  );
});

test('a concat() in a format() item, and a format() in a concat() argument, are taken apart too', () => {
  assert.deepEqual(segmentsOf("[format('{0}', concat(parameters('cloudName'), '/default'))]"), [
    unknown("[parameters('cloudName')]"),
    known('default'),
  ]);
  assert.deepEqual(segmentsOf("[concat(format('{0}/', parameters('cloudName')), 'default')]"), [
    unknown("[parameters('cloudName')]"),
    known('default'),
  ]);
});

test('each copy of a loop is named for its copyIndex(), in concat() and in format() with a specifier', () => {
  const concat = "[concat(parameters('cloudName'), '/r', copyIndex())]";
  assert.deepEqual(segmentsOf(concat, { copyIndex: 0 }), [unknown("[parameters('cloudName')]"), known('r0')]);
  assert.deepEqual(segmentsOf(concat, { copyIndex: 1 }), [unknown("[parameters('cloudName')]"), known('r1')]);
  assert.deepEqual(segmentsOf("[format('{0}/gpu{1:D2}', parameters('cloudName'), copyIndex(1))]", { copyIndex: 2 }), [
    unknown("[parameters('cloudName')]"),
    known('gpu03'),
  ]);
  assert.deepEqual(
    segmentsOf("[format('{0}/{1}', parameters('cloudName'), concat('r', parameters('suffix'), copyIndex()))]", {
      copyIndex: 3,
    }),
    [unknown("[parameters('cloudName')]"), known('r-gpu3')],
  );
  assert.deepEqual(
    segmentsOf(concat),
    [unknown("[parameters('cloudName')]"), unknown("[concat('r', copyIndex())]")],
    'without a copy, copyIndex() is not known',
  );
});

test('a name known as a whole is split on every `/`, those of a parameter value too, as ARM splits it', () => {
  assert.deepEqual(segmentsOf("[format('{0}/default', parameters('cloudName'))]", { cloudName: 'my-cloud' }), [
    known('my-cloud'),
    known('default'),
  ]);
  assert.deepEqual(segmentsOf("[concat(parameters('cloudName'), '/default')]", { cloudName: 'a/b' }), [
    known('a'),
    known('b'),
    known('default'),
  ]);
  assert.deepEqual(segmentsOf('my-cloud/default'), [known('my-cloud'), known('default')]);
});

test('no split where the written parts cannot place the segments', () => {
  assert.equal(
    segmentsOf("[concat(parameters('prefix'), parameters('cloudName'), '/default')]"),
    undefined,
    "a known part holding a `/` among unknown ones: where ARM splits depends on what it doesn't know",
  );
  assert.equal(segmentsOf("[concat('/', parameters('cloudName'))]"), undefined, 'an empty segment');
  assert.deepEqual(
    segmentsOf("[format('{0}/{2}', parameters('cloudName'), 'x')]"),
    [unknown("[format('{0}/{2}', parameters('cloudName'), 'x')]")],
    'a format() that fails (no argument for {2}) is not taken apart',
  );
  assert.deepEqual(segmentsOf("[parameters('cloudName')]"), [unknown("[parameters('cloudName')]")]);
  assert.equal(segmentsOf("[concat(parameters('cloudName'), '/x']"), undefined, 'a syntax error');
});
