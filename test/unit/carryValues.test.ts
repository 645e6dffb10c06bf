// The evaluator's values carried over an edit (server/src/service/arm/expressions/carryValues.ts) against a fresh
// evaluator: thousands of seeded-random edits of a template whose values come from everywhere an evaluator reads
// (literal and expression parameter defaults, a parameter file, variables written as objects, a variable copy loop,
// a resource copy loop, a property copy loop, a nested deployment passing values and a Key Vault reference to its
// inner scope), each analysed from the version before it once that version's evaluators had computed the value of
// every node, must give every node — in each copy of a loop — the value a fresh evaluator gives it: known or not, the
// value, where it is written and used, the reason. Edits in literals carry the values; edits where a declaration's
// value is written do not.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import type { Analysis, ParameterFileInput } from '../../server/src/service/types';
import type { JsonNode } from '../../server/src/service/json/nodes';
import type { ArmResource, ArmTemplate } from '../../server/src/service/arm/template';
import type { Value } from '../../server/src/service/arm/value';
import { evaluatorFor } from '../../server/src/service/arm/evaluators';
import { computedValues, createEvaluator, type Evaluator } from '../../server/src/service/arm/expressions/evaluate';
import { parameterValuesOf } from '../../server/src/service/arm/parameterFile';
import { random } from '../support/random';
import { parameterFileInput } from '../support/parameterFile';

const TEMPLATE = JSON.stringify(
  {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: {
      location: { type: 'string', defaultValue: '[resourceGroup().location]' },
      prefix: { type: 'string', defaultValue: 'ray', metadata: { description: 'A literal description' } },
      fromFile: { type: 'string', defaultValue: 'unused default' },
      count: { type: 'int', defaultValue: 2 },
      settings: { type: 'object', defaultValue: { tier: 'gold', sizes: [1, 2, 3] } },
      noDefault: { type: 'string' },
    },
    variables: {
      plain: { literal: 'value', nested: { deeper: "[parameters('prefix')]" } },
      name: "[concat(parameters('prefix'), '-', parameters('fromFile'))]",
      tier: "[parameters('settings').tier]",
      settingsText: "[string(parameters('settings'))]",
      copy: [{ name: 'disks', count: "[parameters('count')]", input: "[concat('disk', copyIndex('disks'))]" }],
    },
    resources: [
      {
        type: 'Anyscale.Platform/clouds',
        apiVersion: '2024-01-01',
        name: "[variables('name')]",
        location: "[parameters('location')]",
        tags: { team: 'ray', stage: 'test', tier: "[variables('tier')]", level: "[variables('plain').nested.deeper]" },
        properties: {
          description: 'literal',
          region: "[parameters('location')]",
          missing: "[parameters('noDefault')]",
        },
      },
      {
        type: 'Microsoft.Storage/storageAccounts',
        apiVersion: '2023-01-01',
        name: "[concat('store', copyIndex())]",
        copy: { name: 'stores', count: 2 },
        tags: { index: "[string(copyIndex('stores'))]", note: 'a literal note' },
        properties: {
          copy: [{ name: 'rules', count: 2, input: { rule: "[concat('r', copyIndex('rules'))]", kind: 'literal' } }],
          first: "[variables('disks')[0]]",
        },
      },
      {
        type: 'Microsoft.Network/networkInterfaces',
        apiVersion: '2023-04-01',
        name: "[concat('nic', copyIndex())]",
        copy: { count: 2 },
        tags: { index: "[string(copyIndex(''))]" },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'inner',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: { area: { value: "[parameters('location')]" } },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            parameters: {
              area: { type: 'string', defaultValue: 'uksouth' },
              kept: { type: 'string', defaultValue: 'kept' },
            },
            resources: [
              {
                type: 'Microsoft.Network/publicIPAddresses',
                apiVersion: '2023-01-01',
                name: "[concat(parameters('kept'), toLower(parameters('area')))]",
                tags: { owner: 'platform' },
              },
            ],
          },
        },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'vault',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: { secret: { reference: { keyVault: { id: 'vault' }, secretName: 'x' } } },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            parameters: { secret: { type: 'securestring' } },
            resources: [
              {
                type: 'Microsoft.KeyVault/vaults',
                apiVersion: '2023-07-01',
                name: 'vault',
                tags: { secret: "[parameters('secret')]" },
              },
            ],
          },
        },
      },
    ],
    outputs: { cloud: { type: 'string', value: "[variables('name')]" } },
  },
  null,
  2,
);

/** One parameter file object for every version, as the language server keeps one per file version. */
const PARAMETER_FILE = parameterFileInput({ fromFile: { value: 'file-value' } });

const PIECES = ['a', 'Z', '0', ' ', "'", '[', ']', '(', ')', ',', '"', ':', '{', '}', '.', '\n', '1'];

function nodesOf(node: JsonNode, out: JsonNode[] = []): JsonNode[] {
  out.push(node);
  for (const child of node.children ?? []) nodesOf(child, out);
  return out;
}

/** True when the node is in the tree under `root`: each node on the way up is its parent's child (a node the splice replaced keeps its parent link). */
function inTree(node: JsonNode, root: JsonNode): boolean {
  let current = node;
  for (; current.parent; current = current.parent) if (!current.parent.children?.includes(current)) return false;
  return current === root;
}

/** The resource holding the node (innermost), for the copies of its loop. */
function resourceOf(template: ArmTemplate, node: JsonNode): ArmResource | undefined {
  for (let current: JsonNode | undefined = node; current; current = current.parent) {
    const resource = template.resources.find((candidate) => candidate.node === current);
    if (resource) return resource;
  }
  return undefined;
}

function plainValue(value: Value): unknown {
  if (!value.known) return ['unknown', value.reason];
  const { origin, usage } = value;
  return [JSON.stringify(value.value), origin.offset, origin.length, value.originUri, usage?.offset, usage?.length];
}

/** Every node's value outside loops and, in a resource with a copy loop, in two of its copies. */
function everyValue(template: ArmTemplate, evaluator: Evaluator): unknown[] {
  return nodesOf(template.root).map((node) => {
    const resource = resourceOf(template, node);
    const copies = resource && evaluator.copyLoop(resource) ? [0, 1] : [];
    return [
      node.offset,
      plainValue(evaluator.value(node)),
      ...copies.map((i) => plainValue(evaluator.value(node, resource, i))),
    ];
  });
}

function analyse(text: string, previous?: Analysis): Analysis {
  return analyzeText(text, { parameterFiles: [PARAMETER_FILE], previous });
}

/** The findings as plain data. */
function findingsOf(analysis: Analysis): unknown {
  return analysis.findings.map(({ code, start, end, message }) => [code, start, end, message]);
}

test('thousands of seeded-random edits: carried values are the values a fresh evaluator gives', () => {
  const next = random(20261204);
  const parameterValues = parameterValuesOf(PARAMETER_FILE.root, PARAMETER_FILE.uri);
  let text = TEMPLATE;
  let analysis = analyse(text);
  let carried = 0;
  let compared = 0;
  for (let edit = 0; edit < 1500; edit++) {
    if (edit % 20 === 0) {
      text = TEMPLATE;
      analysis = analyse(text);
    }
    // The previous version's evaluators hold a value for every node, so that any left standing wrongly shows below.
    const previousValues = new Map<ParameterFileInput | undefined, unknown>();
    if (analysis.template)
      for (const file of [undefined, PARAMETER_FILE]) {
        const evaluator = evaluatorFor(analysis.template, file);
        everyValue(analysis.template, evaluator);
        previousValues.set(file, computedValues(evaluator)?.values);
      }
    const at = next(text.length + 1);
    const piece = next(2) === 0 ? 'a' : PIECES[next(PIECES.length)];
    text = next(4) === 0 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + piece + text.slice(at);
    analysis = analyse(text, analysis);
    const fresh = analyse(text);
    assert.deepEqual(findingsOf(analysis), findingsOf(fresh), `edit ${edit} at ${at}: findings`);
    if (!analysis.template || !fresh.template) continue;
    for (const file of [undefined, PARAMETER_FILE]) {
      const evaluator = evaluatorFor(analysis.template, file);
      const computed = computedValues(evaluator);
      if (computed && computed.values === previousValues.get(file)) {
        carried++;
        // Nothing is kept for a node the edit took out of the tree.
        const root = analysis.template.root;
        for (const values of [computed.values, ...computed.iterationValues.values()])
          for (const node of values.keys()) assert.ok(inTree(node, root), `edit ${edit}: a value kept for a node gone`);
      }
      const expected = createEvaluator(fresh.template, { parameterValues: file ? parameterValues : undefined });
      assert.deepEqual(
        everyValue(analysis.template, evaluator),
        everyValue(fresh.template, expected),
        `edit ${edit} at ${at}${file ? ', with the parameter file' : ''}`,
      );
      compared++;
    }
  }
  // Most random edits land in a literal or in the layout: the comparison above must have met carried values.
  assert.ok(compared > 1000, `only ${compared} evaluations compared`);
  assert.ok(carried > 600, `only ${carried} of ${compared} evaluations carried values`);
});

/** The values after replacing `from` (a pattern matching once) in the template, from the previous version's: whether they were carried. */
function carriedBy(from: RegExp, to: string): boolean {
  assert.equal(TEMPLATE.match(new RegExp(from, 'g'))?.length, 1, String(from));
  const previous = analyse(TEMPLATE);
  const before = new Map<ParameterFileInput | undefined, unknown>();
  for (const file of [undefined, PARAMETER_FILE]) {
    const evaluator = evaluatorFor(previous.template!, file);
    everyValue(previous.template!, evaluator);
    before.set(file, computedValues(evaluator)?.values);
  }
  const text = TEMPLATE.replace(from, to);
  const next = analyse(text, previous);
  const fresh = analyse(text);
  const parameterValues = parameterValuesOf(PARAMETER_FILE.root, PARAMETER_FILE.uri);
  let carried = true;
  for (const file of [undefined, PARAMETER_FILE]) {
    const evaluator = evaluatorFor(next.template!, file);
    const expected = createEvaluator(fresh.template!, { parameterValues: file ? parameterValues : undefined });
    assert.deepEqual(everyValue(next.template!, evaluator), everyValue(fresh.template!, expected), String(from));
    const computed = computedValues(evaluator);
    carried &&= computed !== undefined && computed.values === before.get(file);
  }
  return carried;
}

test('a keystroke in a literal outside every declaration keeps the values', () => {
  assert.ok(carriedBy(/"a literal note"/, '"a literal notes"'));
  assert.ok(carriedBy(/"A literal description"/, '"A literal descriptions"'), "a parameter's description");
  assert.ok(carriedBy(/"platform"/, '"platforms"'), "in a nested deployment's resource");
  // The values in each copy of a loop are kept by the loop's name: one named "" is not the one without a name.
  assert.ok(carriedBy(/"copy": \{\s*"count": 2/, '"copy": { "name": "", "count": 2'), "a loop's name given");
});

test('an edit where a declaration takes its value from evaluates afresh', () => {
  assert.ok(!carriedBy(/"value",/, '"values",'), 'a variable written as an object');
  assert.ok(!carriedBy(/("sizes": \[\s*)1/, '$17'), "inside a parameter's default value");
  assert.ok(
    !carriedBy(/"secret": \{\s*"reference"/, '"secrets": { "reference"'),
    'a value a deployment no longer passes',
  );
  assert.ok(!carriedBy(/"area": \{\s*"value"/, '"area": { "values"'), 'a passed value that became none');
});
