// The ARM expression language: parsing (with exact error offsets and the JSON-escape offset mapping), evaluation
// to known values or unknown with a reason, scopes of nested deployments, parameter files, cycles, copy loops,
// resource IDs, and a bounded never-throw fuzz over garbled input.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { buildTemplate, type ArmTemplate } from '../../server/src/service/arm/template';
import type { JsonNode } from '../../server/src/service/json/nodes';
import { propertyValue } from '../../server/src/service/json/nodes';
import type { Value } from '../../server/src/service/arm/value';
import { documentOffset, documentRange, parseExpression } from '../../server/src/service/arm/expressions/parse';
import { createEvaluator, type ParameterValue } from '../../server/src/service/arm/expressions/evaluate';
import { random } from '../support/random';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

function load(body: object): { text: string; template: ArmTemplate } {
  const text = JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', ...body }, null, 2);
  return { text, template: buildTemplate(parseJson(text).root!, text) };
}

/** The node at a path of property names and array indexes from the root. */
function at(template: ArmTemplate, ...path: Array<string | number>): JsonNode {
  let node: JsonNode | undefined = template.root;
  for (const step of path) node = typeof step === 'number' ? node?.children?.[step] : propertyValue(node, step);
  assert.ok(node, `no node at ${path.join('.')}`);
  return node;
}

const BASE = {
  parameters: {
    name: { type: 'String', defaultValue: 'Cloud-One' },
    count: { type: 'int', defaultValue: 3 },
    settings: { type: 'object', defaultValue: { Region: 'uksouth', zones: ['1', '2'] } },
    noDefault: { type: 'string' },
    derived: { type: 'string', defaultValue: "[toUpper(parameters('name'))]" },
  },
  variables: {
    prefix: 'anyscale',
    full: "[concat(variables('prefix'), '-', parameters('name'))]",
    list: ['a', 'b', 'c'],
    nested: { inner: { value: "[parameters('name')]" }, other: "[reference('x').y]" },
  },
};

/** Evaluates one expression in a template with BASE's parameters and variables. */
function evaluate(expression: string): Value {
  const { template } = load({ ...BASE, outputs: { x: { type: 'string', value: expression } } });
  return createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
}

describe('evaluation table', () => {
  const cases: Array<[string, unknown]> = [
    ["[concat('a', 'b', 'c')]", 'abc'],
    ['[concat(createArray(1, 2), createArray(3))]', [1, 2, 3]],
    ["[concat('vm', 7)]", 'vm7'],
    ["[format('{0}-{1}', 'a', 2)]", 'a-2'],
    ["[format('{0:D3}|{{x}}', 7)]", '007|{x}'],
    ["[format('{0}', true)]", 'True'],
    ["[toLower('ABC')]", 'abc'],
    ["[toUpper('abc')]", 'ABC'],
    ['[string(5)]', '5'],
    ["[string(createObject('a', 1))]", '{"a":1}'],
    ['[string(false())]', 'False'],
    ["[int('42')]", 42],
    ["[bool('TRUE')]", true],
    ['[bool(0)]', false],
    ["[if(equals(1, 1), 'yes', 'no')]", 'yes'],
    ["[if(false, reference('x'), 'no')]", 'no'],
    ["[equals(createArray('a'), createArray('a'))]", true],
    ["[equals('a', 'A')]", false],
    ['[not(true)]', false],
    ['[and(true, false)]', false],
    ["[and(false, reference('x').ok)]", false],
    ['[or(false, true())]', true],
    ["[empty('')]", true],
    ['[empty(createObject())]', true],
    ["[coalesce(null(), null, 'x')]", 'x'],
    ["[replace('a-b-c', '-', '_')]", 'a_b_c'],
    ["[split('a,b;c', createArray(',', ';'))]", ['a', 'b', 'c']],
    ["[substring('abcdef', 2, 3)]", 'cde'],
    ["[trim('  x  ')]", 'x'],
    ["[length('abc')]", 3],
    ["[length(variables('list'))]", 3],
    ["[createObject('a', 1, 'b', createArray(true))]", { a: 1, b: [true] }],
    ["[union(createObject('a', 1), createObject('b', 2))]", { a: 1, b: 2 }],
    ['[union(createArray(1, 2), createArray(2, 3))]', [1, 2, 3]],
    ['[json(\'{"a": [1, null]}\').a]', [1, null]],
    ['[div(7, 2)]', 3],
    ['[div(-7, 2)]', -3],
    ['[mod(7, 3)]', 1],
    ['[mod(-7, 3)]', -1],
    ['[less(1, 2)]', true],
    ['[lessOrEquals(2, 2)]', true],
    ['[greater(1, 2)]', false],
    ['[greaterOrEquals(3, 2)]', true],
    ['[min(3, 1, 2)]', 1],
    ['[max(createArray(3, 1, 2))]', 3],
    ["[createObject('Region', 'uksouth').region]", 'uksouth'],
    ["['it''s']", "it's"],
    ['[-5]', -5],
    ["[parameters('name')]", 'Cloud-One'],
    ["[parameters('NAME')]", 'Cloud-One'],
    ["[parameters('count')]", 3],
    ["[parameters('derived')]", 'CLOUD-ONE'],
    ["[parameters('settings').region]", 'uksouth'],
    ["[parameters('settings')['zones'][1]]", '2'],
    ["[variables('full')]", 'anyscale-Cloud-One'],
    ["[variables('nested').inner.value]", 'Cloud-One'],
    ["[variables('list')[0]]", 'a'],
    ['[environment().suffixes.storage]', 'core.windows.net'],
    ['[environment().resourceManager]', 'https://management.azure.com/'],
    ['[environment().authentication.loginEndpoint]', 'https://login.microsoftonline.com/'],
    [
      "[tenantResourceId('Microsoft.Billing/billingAccounts', 'acct')]",
      '/providers/Microsoft.Billing/billingAccounts/acct',
    ],
    [
      "[resourceId('sub-1', 'rg-1', 'A.B/c/d', 'x', 'y')]",
      '/subscriptions/sub-1/resourceGroups/rg-1/providers/A.B/c/x/d/y',
    ],
    [
      "[extensionResourceId('/subscriptions/s/resourceGroups/g', 'Microsoft.Authorization/locks', 'lock')]",
      '/subscriptions/s/resourceGroups/g/providers/Microsoft.Authorization/locks/lock',
    ],
  ];
  for (const [expression, expected] of cases) {
    test(expression, () => {
      const value = evaluate(expression);
      assert.ok(value.known, `unknown: ${value.known ? '' : value.reason}`);
      assert.deepEqual(value.value, expected);
    });
  }

  const unknowns: Array<[string, RegExp]> = [
    ["[reference('x').outputs]", /depends on reference\(…\)/],
    ["[concat('a', uniqueString(resourceGroup().id))]", /depends on uniqueString\(…\)/],
    ['[concat(resourceGroup().location, newGuid())]', /depends on resourceGroup\(…\)/],
    ['[utcNow()]', /depends on utcNow\(…\)/],
    ["[guid('a')]", /depends on guid\(…\)/],
    ['[subscription().id]', /depends on subscription\(…\)/],
    ['[deployment().name]', /depends on deployment\(…\)/],
    ["[listKeys('x', '2020-01-01').keys[0]]", /depends on listKeys\(…\)/],
    ["[frobnicate('x')]", /frobnicate\(…\), which is not an ARM template function/],
    ["[my.fn('x')]", /user-defined function my\.fn/],
    ["[parameters('noDefault')]", /parameter 'noDefault' has no value here/],
    ["[parameters('missing')]", /parameter 'missing' is not declared/],
    ["[variables('missing')]", /variable 'missing' is not declared/],
    ["[variables('nested').other]", /depends on reference/],
    ["[variables('nested')]", /depends on reference/],
    ["[parameters('settings').nope]", /property 'nope' does not exist/],
    ["[resourceId('A.B/c', 'x')]", /deployment's subscription/],
    ["[substring('abc', 5)]", /out of range/],
    ["[int('x')]", /int\(\) cannot convert/],
    ['[div(1, 0)]', /div\(\) by zero/],
    ['[mod(1, 0)]', /mod\(\) by zero/],
    ["[less('a', 'b')]", /less\(\) of strings is not evaluated by this extension/],
    ['[greater(true, 1)]', /greater\(\) expects an integer, not bool/],
    ["[less(1, 'b')]", /less\(\) expects an integer, not string/],
    ['[min(createArray())]', /min\(\) of an empty array/],
    ["[concat('a',)]", /syntax error/],
    ['[copyIndex()]', /copyIndex\(\), which differs for each copy/],
    ["[toLower('a', 'b')]", /toLower\(\) expects 1 argument, but got 2/],
  ];
  for (const [expression, reason] of unknowns) {
    test(`${expression} is unknown`, () => {
      const value = evaluate(expression);
      assert.equal(value.known, false, `known: ${JSON.stringify(value.known && value.value)}`);
      if (!value.known) assert.match(value.reason, reason);
    });
  }

  test('a non-expression string, an escaped [[ and non-string literals', () => {
    const plain = evaluate('plain');
    assert.ok(plain.known);
    assert.equal(plain.value, 'plain');
    const escaped = evaluate("[[concat('a')]");
    assert.ok(escaped.known);
    assert.equal(escaped.value, "[concat('a')]");
  });
});

describe('provenance', () => {
  test('a parameter or variable passed through keeps where it is written; computed values are the expression', () => {
    const { template } = load({
      ...BASE,
      outputs: {
        a: { type: 'string', value: "[parameters('name')]" },
        b: { type: 'string', value: "[variables('full')]" },
        c: { type: 'string', value: "[toLower(parameters('name'))]" },
        d: { type: 'string', value: "[parameters('settings').region]" },
      },
    });
    const evaluator = createEvaluator(template);
    const a = evaluator.value(at(template, 'outputs', 'a', 'value'));
    assert.ok(a.known);
    assert.equal(a.origin, at(template, 'parameters', 'name', 'defaultValue'));
    assert.equal(a.usage, at(template, 'outputs', 'a', 'value'));
    const b = evaluator.value(at(template, 'outputs', 'b', 'value'));
    assert.ok(b.known);
    assert.equal(b.origin, at(template, 'variables', 'full'));
    assert.equal(b.usage, at(template, 'outputs', 'b', 'value'));
    const c = evaluator.value(at(template, 'outputs', 'c', 'value'));
    assert.ok(c.known);
    assert.equal(c.origin, at(template, 'outputs', 'c', 'value'));
    assert.equal(c.usage, c.origin);
    const d = evaluator.value(at(template, 'outputs', 'd', 'value'));
    assert.ok(d.known);
    assert.equal(d.origin, at(template, 'parameters', 'settings', 'defaultValue', 'Region'));
    const literal = evaluator.value(at(template, 'variables', 'prefix'));
    assert.ok(literal.known);
    assert.equal(literal.origin, at(template, 'variables', 'prefix'));
    assert.equal(literal.usage, undefined);
  });

  test('a property of an object with a name written as an expression is read from the object evaluated', () => {
    const { template } = load({
      variables: { named: { "[concat('a', 'b')]": 'computed' } },
      outputs: { x: { type: 'string', value: "[variables('named').ab]" } },
    });
    const value = createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
    assert.ok(value.known, value.known ? '' : value.reason);
    assert.equal(value.value, 'computed');
    assert.equal(value.origin, at(template, 'variables', 'named'));
  });

  test('a parameter file value wins over the default and carries its URI', () => {
    const { template } = load({
      ...BASE,
      outputs: {
        a: { type: 'string', value: "[parameters('name')]" },
        b: { type: 'string', value: "[parameters('settings').zones[0]]" },
      },
    });
    const file = parseJson(
      '{"parameters": {"name": {"value": "from-file"}, "settings": {"value": {"zones": ["9"]}}}}',
    ).root!;
    const parameterValues = new Map<string, ParameterValue>([
      [
        'name',
        {
          valueNode: propertyValue(propertyValue(propertyValue(file, 'parameters'), 'name'), 'value')!,
          uri: 'file:///p.json',
        },
      ],
      [
        'settings',
        {
          valueNode: propertyValue(propertyValue(propertyValue(file, 'parameters'), 'settings'), 'value')!,
          uri: 'file:///p.json',
        },
      ],
    ]);
    const evaluator = createEvaluator(template, { parameterValues });
    const a = evaluator.value(at(template, 'outputs', 'a', 'value'));
    assert.ok(a.known);
    assert.equal(a.value, 'from-file');
    assert.equal(a.originUri, 'file:///p.json');
    assert.equal(
      a.origin.offset,
      propertyValue(propertyValue(propertyValue(file, 'parameters'), 'name'), 'value')!.offset,
    );
    const b = evaluator.value(at(template, 'outputs', 'b', 'value'));
    assert.ok(b.known);
    assert.equal(b.value, '9');
    assert.equal(b.originUri, 'file:///p.json');
    const derived = createEvaluator(template, { parameterValues }).value(
      at(template, 'parameters', 'derived', 'defaultValue'),
    );
    assert.ok(derived.known);
    assert.equal(derived.value, 'FROM-FILE');
  });
});

describe('scopes', () => {
  const nested = (scope: 'inner' | 'outer' | undefined) =>
    load({
      parameters: { p: { type: 'string', defaultValue: 'parent-p' } },
      variables: { v: 'parent-v' },
      resources: [
        {
          type: 'Microsoft.Resources/deployments',
          apiVersion: '2022-09-01',
          name: 'nested',
          properties: {
            mode: 'Incremental',
            ...(scope ? { expressionEvaluationOptions: { scope } } : {}),
            parameters: { p: { value: "[concat(parameters('p'), '-passed')]" } },
            template: {
              $schema: SCHEMA,
              contentVersion: '1.0.0.0',
              parameters: { p: { type: 'string', defaultValue: 'inner-default' } },
              variables: { v: 'inner-v' },
              resources: [],
              outputs: {
                p: { type: 'string', value: "[parameters('p')]" },
                v: { type: 'string', value: "[variables('v')]" },
              },
            },
          },
        },
      ],
    });

  test('outer scope (the default) resolves against the parent', () => {
    for (const scope of [undefined, 'outer'] as const) {
      const { template } = nested(scope);
      const evaluator = createEvaluator(template);
      const inner = ['resources', 0, 'properties', 'template', 'outputs'] as const;
      const p = evaluator.value(at(template, ...inner, 'p', 'value'));
      const v = evaluator.value(at(template, ...inner, 'v', 'value'));
      assert.deepEqual([p.known && p.value, v.known && v.value], ['parent-p', 'parent-v']);
    }
  });

  test('inner scope uses its own declarations and the values the deployment passes', () => {
    const { template } = nested('inner');
    const evaluator = createEvaluator(template);
    const inner = ['resources', 0, 'properties', 'template', 'outputs'] as const;
    const p = evaluator.value(at(template, ...inner, 'p', 'value'));
    const v = evaluator.value(at(template, ...inner, 'v', 'value'));
    assert.deepEqual([p.known && p.value, v.known && v.value], ['parent-p-passed', 'inner-v']);
  });
});

describe('cycles and long chains', () => {
  test('a variable cycle is unknown with the path, and does not affect other variables', () => {
    const { template } = load({
      variables: {
        a: "[variables('b')]",
        b: "[concat(variables('a'), 'x')]",
        self: "[variables('self')]",
        ok: "[concat('fine', '')]",
      },
      outputs: { x: { type: 'string', value: "[variables('a')]" } },
    });
    const evaluator = createEvaluator(template);
    const a = evaluator.value(at(template, 'outputs', 'x', 'value'));
    assert.equal(a.known, false);
    if (!a.known) assert.match(a.reason, /depends on itself: variable 'a' → variable 'b' → variable 'a'/);
    const self = evaluator.value(at(template, 'variables', 'self'));
    assert.equal(self.known, false);
    if (!self.known) assert.match(self.reason, /depends on itself/);
    const ok = evaluator.value(at(template, 'variables', 'ok'));
    assert.ok(ok.known);
  });

  test('parameter defaults that refer to each other in a cycle are unknown', () => {
    const { template } = load({
      parameters: {
        a: { type: 'string', defaultValue: "[parameters('b')]" },
        b: { type: 'string', defaultValue: "[parameters('a')]" },
      },
      outputs: { x: { type: 'string', value: "[parameters('a')]" } },
    });
    const value = createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
    assert.equal(value.known, false);
  });

  test('a chain of 5,000 variables evaluates without overflowing the stack', () => {
    const variables: Record<string, string> = { v0: 'a' };
    for (let i = 1; i < 5000; i++) variables[`v${i}`] = `[concat(variables('v${i - 1}'), 'b')]`;
    const { template } = load({ variables, outputs: { x: { type: 'string', value: "[length(variables('v4999'))]" } } });
    const value = createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
    assert.ok(value.known, value.known ? '' : value.reason);
    assert.equal(value.value, 5000);
  });

  test('chains of every length up to past the recursion limits give each variable its value, asked in any order', () => {
    for (const length of [1, 15, 16, 17, 40, 149, 150, 151, 400]) {
      // Parameters' defaults and variables alternate, so that both kinds of declaration are passed through.
      const parameters: Record<string, object> = { p0: { type: 'string', defaultValue: 'a' } };
      const variables: Record<string, string> = {};
      for (let i = 1; i <= length; i++) {
        if (i % 3 === 0)
          parameters[`p${i}`] = { type: 'string', defaultValue: `[concat(variables('v${i - 1}'), 'p')]` };
        else
          variables[`v${i}`] =
            `[concat(${i - 1 === 0 || (i - 1) % 3 === 0 ? `parameters('p${i - 1}')` : `variables('v${i - 1}')`}, 'v')]`;
      }
      const { template } = load({ parameters, variables, outputs: {} });
      const evaluator = createEvaluator(template);
      const expected = (i: number): string => (i === 0 ? 'a' : expected(i - 1) + (i % 3 === 0 ? 'p' : 'v'));
      const order = Array.from({ length: length + 1 }, (_, i) => i).sort(
        (a, b) => ((a * 7919) % 101) - ((b * 7919) % 101),
      );
      for (const i of order) {
        const node =
          i === 0 || i % 3 === 0
            ? at(template, 'parameters', `p${i}`, 'defaultValue')
            : at(template, 'variables', `v${i}`);
        const value = evaluator.value(node);
        assert.deepEqual(value.known ? value.value : value.reason, expected(i), `chain of ${length}, declaration ${i}`);
      }
    }
  });

  test("a chain of 20,000 variables, named in mixed case, evaluates and is reported neither unused nor a cycle (only over ARM's 512-variable limit)", () => {
    const variables: Record<string, string> = { v0: 'a' };
    for (let i = 1; i < 20000; i++)
      variables[`v${i}`] = `[concat(variables('${i % 2 === 0 ? 'V' : 'v'}${i - 1}'), 'b')]`;
    const { text, template } = load({
      variables,
      outputs: { x: { type: 'int', value: "[length(variables('v19999'))]" } },
    });
    const value = createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
    assert.ok(value.known, value.known ? '' : value.reason);
    assert.equal(value.value, 20000);
    assert.deepEqual(
      analyzeText(text).findings.map((finding) => finding.code),
      ['template-limit-exceeded'],
    );
  });

  test('a cycle at the end of a long chain makes the chain unknown with the path, is reported on each call in it, and leaves other variables known', () => {
    const variables: Record<string, string> = {
      v0: "[variables('loop')]",
      loop: "[concat(variables('v0'), 'x')]",
      free: "[concat('fine', '')]",
    };
    for (let i = 1; i < 3000; i++) variables[`v${i}`] = `[concat(variables('v${i - 1}'), 'b')]`;
    const { text, template } = load({
      variables,
      outputs: {
        x: { type: 'string', value: "[variables('v2999')]" },
        y: { type: 'string', value: "[variables('free')]" },
      },
    });
    const evaluator = createEvaluator(template);
    const end = evaluator.value(at(template, 'outputs', 'x', 'value'));
    assert.equal(end.known, false);
    if (!end.known) assert.match(end.reason, /depends on itself: variable 'v0' → variable 'loop' → variable 'v0'/);
    const free = evaluator.value(at(template, 'outputs', 'y', 'value'));
    assert.ok(free.known && free.value === 'fine');
    assert.equal(analyzeText(text).findings.filter((finding) => finding.code === 'variable-cycle').length, 2);
  });

  test("an input nested beyond the stack's depth is unknown, and again when asked a second time", () => {
    // Each variable names the next through a computed name, inside 190 nested calls: too deep for the stack.
    const variables: Record<string, string> = { v100: 'end' };
    for (let i = 0; i < 100; i++)
      variables[`v${i}`] = `[${'concat('.repeat(190)}variables(concat('v', '${i + 1}'))${')'.repeat(190)}]`;
    const { template } = load({ variables, outputs: { x: { type: 'string', value: "[variables('v0')]" } } });
    const evaluator = createEvaluator(template);
    for (const attempt of [1, 2]) {
      const value = evaluator.value(at(template, 'outputs', 'x', 'value'));
      assert.equal(value.known, false, `attempt ${attempt}`);
      if (!value.known) assert.equal(value.reason, 'too deeply nested to evaluate', `attempt ${attempt}`);
    }
  });
});

describe('copy loops', () => {
  const { template } = load({
    parameters: { count: { type: 'int', defaultValue: 3 } },
    variables: { copy: [{ name: 'disks', count: 2, input: { name: "[concat('disk', copyIndex('disks', 1))]" } }] },
    resources: [
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: "[concat('cloud/res', copyIndex(1))]",
        copy: { name: 'resLoop', count: "[parameters('count')]", mode: 'serial', batchSize: 1 },
        properties: {
          index: "[copyIndex('resLoop')]",
          copy: [{ name: 'items', count: 2, input: "[concat(string(copyIndex()), '.', string(copyIndex('items')))]" }],
        },
      },
    ],
    outputs: { disks: { type: 'array', value: "[variables('disks')]" } },
  });
  const evaluator = createEvaluator(template);
  const resource = template.resources[0];

  test('the loop and its known count', () => {
    const loop = evaluator.copyLoop(resource);
    assert.ok(loop);
    assert.deepEqual(
      [
        loop.name,
        loop.count.known && loop.count.value,
        loop.mode.known && loop.mode.value,
        loop.batchSize.known && loop.batchSize.value,
      ],
      ['resLoop', 3, 'serial', 1],
    );
  });

  test('copyIndex() per iteration, with offsets and loop names; unknown without one', () => {
    const names = [0, 1, 2].map((i) => evaluator.value(resource.nameNode, resource, i)).map((v) => v.known && v.value);
    assert.deepEqual(names, ['cloud/res1', 'cloud/res2', 'cloud/res3']);
    const index = evaluator.value(propertyValue(resource.properties, 'index'), resource, 2);
    assert.ok(index.known);
    assert.equal(index.value, 2);
    assert.equal(evaluator.value(resource.nameNode).known, false);
  });

  test('property loops and variable loops build their arrays', () => {
    const properties = evaluator.value(resource.properties, resource, 1);
    assert.ok(properties.known, properties.known ? '' : properties.reason);
    assert.deepEqual(properties.value, { index: 1, items: ['1.0', '1.1'] });
    const disks = evaluator.value(at(template, 'outputs', 'disks', 'value'));
    assert.ok(disks.known, disks.known ? '' : disks.reason);
    assert.deepEqual(disks.value, [{ name: 'disk1' }, { name: 'disk2' }]);
  });

  test('a value in one loop is never taken for one in another whose name reads alike, whichever is asked first', () => {
    // A resource loop named "/rules" and a property loop "rules" inside it; a loop without a name and one named "".
    const { template: looped } = load({
      resources: [
        {
          type: 'A.B/c',
          name: "[concat('r', copyIndex())]",
          copy: { name: '/rules', count: 2 },
          properties: { copy: [{ name: 'rules', count: 2, input: "[copyIndex('rules')]" }] },
        },
        { type: 'A.B/d', name: "[concat('d', copyIndex())]", copy: { count: 2 }, tags: { i: "[copyIndex('')]" } },
        {
          type: 'A.B/e',
          name: "[concat('e', copyIndex())]",
          copy: { name: '', count: 2 },
          tags: { i: "[copyIndex('')]" },
        },
      ],
    });
    const [rules, unnamed, named] = looped.resources;
    const input = at(looped, 'resources', 0, 'properties', 'copy', 0, 'input');
    const shown = (value: Value) => (value.known ? value.value : 'unknown');
    for (const propertiesFirst of [false, true]) {
      const evaluator = createEvaluator(looped);
      if (propertiesFirst) evaluator.value(rules.properties);
      // Asked in the resource's own copy, outside the property loop, copyIndex('rules') names no loop it is in.
      assert.equal(shown(evaluator.value(input, rules, 0)), 'unknown', `properties first: ${propertiesFirst}`);
    }
    for (const namedFirst of [false, true]) {
      const evaluator = createEvaluator(looped);
      const tag = (resource: typeof named) =>
        evaluator.value(propertyValue(propertyValue(resource.node, 'tags'), 'i'), resource, 1);
      const [first, second] = namedFirst ? [tag(named), tag(unnamed)] : [tag(unnamed), tag(named)];
      const [fromNamed, fromUnnamed] = namedFirst ? [first, second] : [second, first];
      assert.deepEqual([shown(fromUnnamed), shown(fromNamed)], ['unknown', 1], `named first: ${namedFirst}`);
    }
  });
});

describe('resource ID parts', () => {
  test('type and names are known even when the ID is not', () => {
    const { template } = load({
      parameters: { cloud: { type: 'string', defaultValue: 'my-cloud' } },
      resources: [
        {
          type: 'A.B/c',
          name: 'x',
          dependsOn: [
            "[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloud'), 'res')]",
            "[resourceId('other-rg', 'A.B/c', reference('r').name)]",
          ],
        },
      ],
    });
    const evaluator = createEvaluator(template);
    const parts = evaluator.resourceId(at(template, 'resources', 0, 'dependsOn', 0));
    assert.ok(parts);
    assert.equal(parts.function, 'resourceId');
    assert.deepEqual(
      [
        parts.type.known && parts.type.value,
        parts.names.map((n) => n.known && n.value),
        parts.resourceGroup,
        parts.id.known,
      ],
      ['Anyscale.Platform/clouds/cloudResources', ['my-cloud', 'res'], undefined, false],
    );
    const other = evaluator.resourceId(at(template, 'resources', 0, 'dependsOn', 1));
    assert.ok(other);
    assert.deepEqual(
      [other.resourceGroup?.known && other.resourceGroup.value, other.names[0].known],
      ['other-rg', false],
    );
    assert.equal(evaluator.resourceId(at(template, 'resources', 0, 'name')), undefined);
  });
});

describe('parser', () => {
  const errors: Array<[string, number, number, RegExp]> = [
    ["[concat('a',)]", 11, 1, /argument after ','/],
    ["[concat('a']", 7, 1, /never closed/],
    ["[concat('a)]", 8, 3, /string is never closed/],
    ["[concat('a') x]", 13, 1, /after the end/],
    ["[concat('a'))]", 12, 1, /closes no '\('/],
    ['[]', 0, 2, /empty/],
    ['[ ]', 0, 3, /empty/],
    ['[foo]', 1, 3, /Expected '\(' after the function name 'foo'/],
    ["[parameters('a').]", 16, 1, /property name/],
    ["[parameters('a')[0]", 16, 1, /never closed/],
    ["[parameters('a')[]]", 16, 2, /index/],
    ['[concat(,)]', 8, 1, /Expected a value/],
    ['[concat(1 2)]', 10, 1, /Expected ',' or '\)'/],
    ['[#]', 1, 1, /Unexpected character/],
  ];
  for (const [text, start, length, message] of errors) {
    test(`${text} fails at ${start}`, () => {
      const parsed = parseExpression(text);
      assert.equal(parsed.ok, false);
      if (parsed.ok) return;
      assert.match(parsed.error.message, message);
      assert.deepEqual([parsed.error.start, parsed.error.length], [start, length]);
    });
  }

  test('valid shapes', () => {
    for (const text of [
      "[concat('a', 'b')]",
      "[ concat ( 'a' , 'b' ) ]",
      "[parameters('x').y[0]['z']]",
      '[ns.fn(1, -2)]',
      '[true]',
      '[null]',
      "['a''b']",
      "[if(true, createObject(), json('[]'))]",
      "[reduce(map(createArray(1), lambda('x', lambdaVariables('x'))), 0, lambda('a', 'b', add(lambdaVariables('a'), lambdaVariables('b'))))]",
    ]) {
      const parsed = parseExpression(text);
      assert.ok(parsed.ok, `${text}: ${parsed.ok ? '' : parsed.error.message}`);
    }
    const parsed = parseExpression("[concat('it''s', parameters('x').y)]");
    assert.ok(parsed.ok && parsed.expression.kind === 'call');
    if (parsed.ok && parsed.expression.kind === 'call') {
      const [first, second] = parsed.expression.args;
      assert.deepEqual(
        [first.kind, first.kind === 'string' && first.value, first.start, first.end],
        ['string', "it's", 8, 15],
      );
      assert.deepEqual([second.kind, second.start, second.end], ['property', 17, 34]);
    }
  });

  test('mapping offsets in the value to the document through JSON escapes', () => {
    const text = '{"v": "[concat(\'\\"\\u0041\\"\', \'\\\\\', \'x)]"}';
    const node = propertyValue(parseJson(text).root, 'v')!;
    const value = node.value as string;
    assert.equal(value, `[concat('"A"', '\\', 'x)]`);
    for (let i = 0; i <= value.length; i++) {
      const raw = documentOffset(text, node, i);
      if (i < value.length) assert.equal(JSON.parse(`"${rawCharacterAt(text, raw)}"`), value[i], `offset ${i}`);
    }
    const parsed = parseExpression(value);
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      const range = documentRange(text, node, parsed.error.start, parsed.error.length);
      assert.equal(text.slice(range.start, range.end), "'x)");
    }
  });
});

/** The raw JSON text of the one character (or escape) at a document offset. */
function rawCharacterAt(text: string, offset: number): string {
  if (text[offset] !== '\\') return text[offset];
  return text[offset + 1] === 'u' ? text.slice(offset, offset + 6) : text.slice(offset, offset + 2);
}

test('never throws on random and garbled input (bounded, seeded)', () => {
  const next = random(12345);
  const alphabet = [
    "'",
    '(',
    ')',
    '[',
    ']',
    ',',
    '.',
    ' ',
    'a',
    'concat',
    'parameters',
    'variables',
    'copyIndex',
    "'x'",
    '1',
    '-',
    'if',
    'true',
    'null',
    'json',
    'format',
    "'{0}'",
    'environment()',
    'resourceId',
  ];
  const expressions: string[] = [];
  for (let i = 0; i < 3000; i++) {
    let body = '';
    const length = next(20);
    for (let j = 0; j < length; j++) body += alphabet[next(alphabet.length)];
    expressions.push(`[${body}]`);
  }
  expressions.push(`[${'concat('.repeat(5000)}${')'.repeat(5000)}]`, `[${'['.repeat(3000)}]`, `[${"'".repeat(999)}]`);
  for (const expression of expressions) assert.doesNotThrow(() => parseExpression(expression), expression);
  const variables: Record<string, string> = {};
  expressions.slice(0, 1500).forEach((expression, i) => (variables[`v${i % 50}`] = expression));
  const { template } = load({
    parameters: { x: { type: 'object', defaultValue: { a: [1] } } },
    variables,
    outputs: Object.fromEntries(expressions.map((expression, i) => [`o${i}`, { type: 'string', value: expression }])),
  });
  const evaluator = createEvaluator(template);
  for (const [name] of Object.entries(variables))
    assert.doesNotThrow(() => evaluator.value(at(template, 'variables', name)));
  for (let i = 0; i < expressions.length; i++) {
    const node = at(template, 'outputs', `o${i}`, 'value');
    assert.doesNotThrow(() => evaluator.value(node, template.resources[0], 0));
    assert.doesNotThrow(() => evaluator.resourceId(node));
  }
});

describe('a string built around a part that is not known keeps its known start and end (stringEnds.ts)', () => {
  const cases: Array<[string, { start: string; end: string } | undefined]> = [
    [
      "[concat('https://', parameters('noDefault'), '.blob.core.windows.net/')]",
      { start: 'https://', end: '.blob.core.windows.net/' },
    ],
    ["[concat(variables('prefix'), '-', parameters('noDefault'))]", { start: 'anyscale-', end: '' }],
    ["[concat(parameters('noDefault'), 7)]", { start: '', end: '7' }],
    // Nested: the inner call's ends stand in for it.
    ["[concat(concat('s3://', parameters('noDefault')), '/logs')]", { start: 's3://', end: '/logs' }],
    ["[concat('a', parameters('noDefault'), 'b', reference('x').y, 'c')]", { start: 'a', end: 'c' }],
    [
      "[format('https://{0}.blob.core.windows.net/', parameters('noDefault'))]",
      { start: 'https://', end: '.blob.core.windows.net/' },
    ],
    ["[format('{0}-{1}/x', 'known', parameters('noDefault'))]", { start: 'known-', end: '/x' }],
    // Nothing known at either end, an array among the parts, a format specifier on the unknown part: no ends.
    ["[concat(parameters('noDefault'), reference('x').y)]", undefined],
    ["[concat(createArray(1), parameters('noDefault'))]", undefined],
    ["[format('a{0:D3}b', parameters('noDefault'))]", undefined],
    // Only concat() and format() keep their arguments' text as it is.
    ["[toUpper(concat('a', parameters('noDefault')))]", undefined],
  ];
  for (const [expression, expected] of cases) {
    test(expression, () => {
      const value = evaluate(expression);
      assert.equal(value.known, false, `${expression} is not known whole`);
      const ends = value.known ? undefined : value.ends;
      assert.deepEqual(ends && { start: ends.start, end: ends.end }, expected);
    });
  }

  test('the ends point at the expression string that builds them, through a variable', () => {
    const { template } = load({
      ...BASE,
      variables: { ...BASE.variables, endpoint: "[concat('https://', parameters('noDefault'), '/')]" },
      outputs: { x: { type: 'string', value: "[variables('endpoint')]" } },
    });
    const value = createEvaluator(template).value(at(template, 'outputs', 'x', 'value'));
    assert.ok(!value.known && value.ends);
    assert.equal(value.ends.origin, at(template, 'variables', 'endpoint'));
    assert.match(value.reason, /noDefault/);
  });
});

test("a value handed on from a string built around an unknown part does not keep that string's ends", () => {
  const built = "concat('https://', parameters('noDefault'), '/')";
  for (const expression of [
    `[toUpper(${built})]`,
    `[${built}.x]`,
    `[createArray('a')[${built}]]`,
    `[if(equals(${built}, 'x'), 'a', 'b')]`,
    `[if(bool(${built}), 'a', 'b')]`,
    `[and(bool(${built}), true)]`,
    `[variables(${built})]`,
    `[resourceId('A.B/c', ${built})]`,
    `[createArray(${built})]`,
  ]) {
    const value = evaluate(expression);
    assert.equal(value.known, false, expression);
    assert.equal(value.known ? undefined : value.ends, undefined, expression);
  }
  // Chosen as a whole, the built string keeps them.
  const chosen = evaluate(`[if(true, ${built}, 'x')]`);
  assert.deepEqual(!chosen.known && chosen.ends && [chosen.ends.start, chosen.ends.end], ['https://', '/']);
});
