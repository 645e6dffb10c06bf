// ARM evaluates a property name written as an expression (`"[resourceId(…)]": {}` under userAssignedIdentities,
// `"[concat('hidden-link:', …)]"` tags): such a name is an expression like any value — its parameters are used, its
// mistakes are reported, it evaluates, and navigation and rename reach it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { buildTemplate } from '../../server/src/service/arm/template';
import { propertyValue } from '../../server/src/service/json/nodes';
import { createEvaluator } from '../../server/src/service/arm/expressions/evaluate';
import { symbolInTemplate, type TemplateDocument } from '../../server/src/service/arm/features/navigation/symbols';
import { declarationOf, usesOf } from '../../server/src/service/arm/features/navigation/symbolUses';
import { renameSymbol } from '../../server/src/service/arm/features/navigation/rename';
import { expressionHover } from '../../server/src/service/arm/features/expressionHover';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

const TEXT = JSON.stringify(
  {
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: {
      identityName: { type: 'string', defaultValue: 'anyscale-operator' },
      tagName: { type: 'string', defaultValue: 'owner' },
    },
    variables: { tags: { "[parameters('tagName')]": 'platform', fixed: 'yes' } },
    resources: [
      {
        type: 'Microsoft.ContainerService/managedClusters',
        apiVersion: '2024-05-01',
        name: 'aks',
        location: 'uksouth',
        tags: "[variables('tags')]",
        identity: {
          type: 'UserAssigned',
          userAssignedIdentities: {
            "[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', parameters('identityName'))]": {},
          },
        },
      },
    ],
  },
  null,
  2,
);

const codes = (text: string) => analyzeText(text).findings.map((f) => `${f.code}: ${text.slice(f.start, f.end)}`);

test('a parameter used only in a property name is used', () => {
  assert.deepEqual(
    codes(TEXT).filter((f) => f.startsWith('parameter-unused')),
    [],
  );
});

test('an undeclared name and a syntax error in a property name are reported there', () => {
  const text = TEXT.replace("parameters('tagName')", "parameters('nope')").replace('"fixed"', '"[concat(\'a\',]"');
  const found = codes(text);
  assert.ok(found.includes("parameter-undefined: 'nope'"), found.join('\n'));
  assert.ok(
    found.some((f) => f.startsWith('expression-syntax: ')),
    found.join('\n'),
  );
  // With the syntax error gone, the parameter the name no longer uses is unused.
  assert.ok(codes(TEXT.replace("parameters('tagName')", "'owner'")).includes('parameter-unused: "tagName"'));
});

test('an object with an expression as a property name evaluates to the name it computes', () => {
  const template = buildTemplate(parseJson(TEXT).root!, TEXT);
  const tags = propertyValue(propertyValue(template.root, 'variables'), 'tags');
  const value = createEvaluator(template).value(tags);
  assert.ok(value.known);
  assert.deepEqual(value.value, { owner: 'platform', fixed: 'yes' });
  assert.equal(
    expressionHover(template, TEXT.indexOf("[parameters('tagName')]") + 3, [])?.markdown,
    'Evaluates to `"owner"`',
  );
  // A name that cannot be known makes the object unknown, not an object with the expression text as a key.
  const unknownName = TEXT.replace("parameters('tagName')", "reference('x').name");
  const other = buildTemplate(parseJson(unknownName).root!, unknownName);
  assert.equal(
    createEvaluator(other).value(propertyValue(propertyValue(other.root, 'variables'), 'tags')).known,
    false,
  );
});

test('definition, references and rename reach a parameters() call in a property name', () => {
  const root = parseJson(TEXT).root!;
  const document: TemplateDocument = { uri: 'file:///t.json', text: TEXT, root, template: buildTemplate(root, TEXT) };
  const offset = TEXT.indexOf("parameters('identityName')") + "parameters('".length + 2;
  const at = symbolInTemplate(document, offset);
  assert.ok(at, 'no symbol in the property name');
  assert.equal(at.symbol.name, 'identityName');
  assert.equal(
    TEXT.slice(declarationOf(document, at.symbol)!.start, declarationOf(document, at.symbol)!.end),
    'identityName',
  );
  assert.deepEqual(
    usesOf(document, [], at.symbol).map((use) => TEXT.slice(use.start, use.end)),
    ['identityName'],
  );
  const result = renameSymbol(document, [], at.symbol, 'operatorIdentity');
  assert.ok(result.ok, JSON.stringify(result));
  let renamed = TEXT;
  for (const edit of [...result.edits].sort((a, b) => b.start - a.start))
    renamed = renamed.slice(0, edit.start) + edit.newText + renamed.slice(edit.end);
  assert.ok(renamed.includes("parameters('operatorIdentity'))]\": {}"), renamed);
});
