// The per-template expression table (arm/expressions/references.ts) that the evaluator, the expression rules and the
// ordering rules share: identical expression strings keep their own sites and findings, each parameters() /
// variables() call is resolved once to a numbered declaration, an expression the table leaves out (under `metadata`)
// is still evaluated, and dependsOn resolves through the table.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { buildTemplate } from '../../server/src/service/arm/template';
import { propertyValue } from '../../server/src/service/json/nodes';
import { createEvaluator } from '../../server/src/service/arm/expressions/evaluate';
import { COMPUTED_NAME, templateExpressions, UNDECLARED } from '../../server/src/service/arm/expressions/references';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

function cloudResource(name: string, extra: object = {}): object {
  return {
    type: 'Anyscale.Platform/clouds/cloudResources',
    apiVersion: '2026-09-01',
    name: `cloud/${name}`,
    location: 'uksouth',
    properties: {
      provider: 'Azure',
      computeStack: 'K8S',
      region: 'uksouth',
      cloudStorageBucketName: 'abfss://data@acct.dfs.core.windows.net',
      cloudStorageBucketEndpoint: 'https://acct.blob.core.windows.net',
      anyscaleOperatorIamIdentity: '11111111-2222-3333-4444-555555555555',
    },
    ...extra,
  };
}

test('identical expression strings each have their own site and their own finding', () => {
  const broken = "[concat('a', ]";
  const text = JSON.stringify(
    {
      $schema: SCHEMA,
      contentVersion: '1.0.0.0',
      variables: { one: broken, two: broken },
      outputs: { o: { type: 'string', value: "[concat(variables('one'), variables('two'))]" } },
      resources: [],
    },
    null,
    2,
  );
  const template = buildTemplate(parseJson(text).root!, text);
  const sites = templateExpressions(template).sites.filter((site) => site.node.value === broken);
  assert.equal(sites.length, 2);
  assert.notEqual(sites[0].node, sites[1].node);
  assert.deepEqual(
    sites.map((site) => site.owner?.name),
    ['one', 'two'],
  );
  const syntax = analyzeText(text).findings.filter((finding) => finding.code === 'expression-syntax');
  assert.equal(syntax.length, 2);
  const first = text.indexOf(broken);
  const second = text.indexOf(broken, first + 1);
  // Each finding sits in its own string, at the same place within it.
  assert.ok(first <= syntax[0].start && syntax[0].end <= first + broken.length);
  assert.ok(second <= syntax[1].start && syntax[1].end <= second + broken.length);
  assert.equal(syntax[0].start - first, syntax[1].start - second);
});

test('each parameters() / variables() call resolves to its declaration ignoring case, a copy loop included', () => {
  const text = JSON.stringify({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: { Region: { type: 'string' } },
    variables: { name: 'x', copy: [{ name: 'disks', count: 1, input: "[parameters('REGION')]" }] },
    outputs: {
      o: {
        type: 'string',
        value:
          "[concat(variables('NAME'), variables('Disks')[0], variables('missing'), parameters(variables('name')))]",
      },
    },
    resources: [],
  });
  const table = templateExpressions(buildTemplate(parseJson(text).root!, text));
  const described = (i: number) => {
    const target = table.references.target(i);
    const where =
      target >= 0
        ? `${table.declarations[target].kind} ${table.declarations[target].name}${table.declarations[target].copyLoop ? ' (loop)' : ''}`
        : target === UNDECLARED
          ? 'undeclared'
          : target === COMPUTED_NAME
            ? 'computed'
            : String(target);
    return `${table.references.kindOf(i)}(${table.references.nameOf(i, table.sites) ?? '…'}) → ${where}`;
  };
  assert.deepEqual(
    Array.from({ length: table.references.count }, (_, i) => described(i)),
    [
      'parameter(REGION) → parameter Region',
      'variable(NAME) → variable name',
      'variable(Disks) → variable disks (loop)',
      'variable(missing) → undeclared',
      'parameter(…) → computed',
      'variable(name) → variable name',
    ],
  );
  // The loop's input belongs to the loop variable; the output's expression to no parameter or variable.
  assert.deepEqual(
    table.sites.map((site) => site.owner && `${site.owner.kind} ${site.owner.name}`),
    ['variable disks', 'output o'],
  );
});

test('a text written twice in a scope is parsed once; in an inner-scoped nested template it resolves there', () => {
  const repeated = "[concat(parameters('where'), '-x')]";
  const wrongCount = '[length(1, 2)]';
  const text = JSON.stringify({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: { where: { type: 'string', defaultValue: 'outer' } },
    variables: { one: repeated, two: repeated, four: wrongCount, five: wrongCount },
    resources: [
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'inner',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: {},
          template: {
            $schema: SCHEMA,
            contentVersion: '1.0.0.0',
            parameters: { where: { type: 'string', defaultValue: 'inner' } },
            variables: { three: repeated },
            resources: [],
          },
        },
      },
    ],
  });
  const template = buildTemplate(parseJson(text).root!, text);
  const table = templateExpressions(template);
  const sites = table.sites.filter((site) => site.node.value === repeated);
  assert.equal(sites.length, 3);
  // The outer two share one syntax tree; the inner one has its own, resolved in its own scope.
  assert.equal(sites[0].root, sites[1].root);
  assert.notEqual(sites[2].root, sites[0].root);
  const targets = sites.map((site) => {
    assert.equal(site.endReference - site.firstReference, 1);
    return table.declarations[table.references.target(site.firstReference)];
  });
  assert.deepEqual(
    targets.map((declaration) => propertyValue(declaration.node, 'defaultValue')?.value),
    ['outer', 'outer', 'inner'],
  );
  const evaluator = createEvaluator(template);
  assert.deepEqual(
    sites.map((site) => {
      const value = evaluator.value(site.node);
      return value.known ? value.value : value.reason;
    }),
    ['outer-x', 'outer-x', 'inner-x'],
  );
  // Each site of a shared text keeps its own argument problem (length() takes one argument).
  assert.deepEqual(
    table.argumentProblems.map((problem) => problem.site.owner?.name),
    ['four', 'five'],
  );
});

test('an expression under metadata, which the table leaves out, is still evaluated', () => {
  const text = JSON.stringify({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    metadata: { label: "[concat('a', variables('b'))]" },
    variables: { b: 'c' },
    resources: [],
  });
  const template = buildTemplate(parseJson(text).root!, text);
  const node = propertyValue(propertyValue(template.root, 'metadata'), 'label')!;
  assert.equal(templateExpressions(template).siteOf(node), undefined);
  const value = createEvaluator(template).value(node);
  assert.ok(value.known);
  assert.equal(value.value, 'ac');
});

test('dependsOn written as resourceId() in any spelling and spacing chains cloud resources', () => {
  const chained = (dependsOn: string) =>
    JSON.stringify(
      {
        $schema: SCHEMA,
        contentVersion: '1.0.0.0',
        resources: [
          {
            type: 'Anyscale.Platform/clouds',
            apiVersion: '2026-09-01',
            name: 'cloud',
            location: 'uksouth',
            properties: {},
          },
          cloudResource('a'),
          cloudResource('b', { dependsOn: [dependsOn] }),
        ],
      },
      null,
      2,
    );
  const notChained = (text: string) =>
    analyzeText(text).findings.filter((finding) => finding.code === 'cloud-resources-not-chained').length;
  assert.equal(notChained(chained("[resourceId('Anyscale.Platform/clouds/cloudResources', 'cloud', 'a')]")), 0);
  assert.equal(notChained(chained("[ ResourceID( 'Anyscale.Platform/clouds/cloudResources' , 'cloud', 'a' ) ]")), 0);
  // Without the chain, both are reported: the check above can fail.
  const unchained = JSON.stringify(
    {
      $schema: SCHEMA,
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'cloud',
          location: 'uksouth',
          properties: {},
        },
        cloudResource('a'),
        cloudResource('b'),
      ],
    },
    null,
    2,
  );
  assert.equal(notChained(unchained), 2);
});

test('each variable owns its expressions, whatever its case, also when a name is declared twice', () => {
  // JSON.stringify cannot write a duplicate key: the second `Alpha` is written by hand.
  const text = `{"$schema": "${SCHEMA}", "contentVersion": "1.0.0.0", "variables": {
    "Alpha": "[variables('beta')]", "beta": "x", "GAMMA": "[concat(variables('Alpha'), 'y')]", "Alpha": "[variables('gamma')]", "delta": "[variables('beta')]"
  }, "resources": []}`;
  const table = templateExpressions(buildTemplate(parseJson(text).root!, text));
  const owners = table.sites.map(
    (site) => `${site.owner?.name} #${site.ownerNumber} ${table.declarations[site.ownerNumber]?.name}`,
  );
  // ARM keeps a name's last value under its first place: both Alpha strings belong to declaration 0.
  assert.deepEqual(owners, ['alpha #0 Alpha', 'gamma #2 GAMMA', 'alpha #0 Alpha', 'delta #3 delta']);
});

test('an expression string is read in the document where it has no escapes, and from its value where it has', () => {
  // The same expression written plainly, with an escaped character, and with an escaped quote in a literal.
  const plain = "[concat(variables('Name'), 'x')]";
  const template = {
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    variables: {
      name: 'v',
      plain,
      tabbed: "[concat(variables('Name'),\t'x')]",
      quoted: `[concat(variables('NAME'), '"x"')]`,
      undeclared: "[variables('nope\\u0041')]",
    },
    outputs: { o: { type: 'string', value: "[concat(variables('plain'), variables('tabbed'), variables('quoted'))]" } },
    resources: [],
  };
  const text = JSON.stringify(template, null, 2).replace('\\t', '\\u0009');
  const parsedTemplate = buildTemplate(parseJson(text).root!, text);
  const table = templateExpressions(parsedTemplate);
  const names = Array.from({ length: table.references.count }, (_, i) => {
    const target = table.references.target(i);
    return `${table.references.nameOf(i, table.sites)} → ${target >= 0 ? table.declarations[target].name : target}`;
  });
  assert.deepEqual(names, [
    'Name → name',
    'Name → name',
    'NAME → name',
    'nope\\u0041 → -1',
    'plain → plain',
    'tabbed → tabbed',
    'quoted → quoted',
  ]);
  const value = createEvaluator(parsedTemplate).value(
    propertyValue(propertyValue(propertyValue(parsedTemplate.root, 'outputs'), 'o'), 'value'),
  );
  assert.deepEqual(value.known && value.value, 'vxvxv"x"');
  // Offsets in the trees count from each string's own first character, whichever way it was read.
  const syntax = table.syntax;
  const starts = table.sites.slice(0, 3).map((site) => [syntax.start(site.root), syntax.end(site.root)]);
  assert.deepEqual(starts, [
    [1, plain.length - 1],
    [1, plain.length - 1],
    [1, plain.length + 1],
  ]);
});
