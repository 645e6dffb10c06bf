// Go to definition, find references and rename for parameters and variables, across a template and its parameter
// file: names compare case-insensitively, ranges are the names as written (JSON and '' escapes counted), `[[`
// strings are literals, and a rename changes only the names.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson } from '../../server/src/service/analyze';
import { buildTemplate } from '../../server/src/service/arm/template';
import {
  symbolInParameterFile,
  symbolInTemplate,
  type NavigationDocument,
  type TemplateDocument,
} from '../../server/src/service/arm/features/navigation/symbols';
import { declarationOf, usesOf } from '../../server/src/service/arm/features/navigation/symbolUses';
import { renameSymbol } from '../../server/src/service/arm/features/navigation/rename';
import type { TextRange } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';

const FOLDER = path.join(FIXTURES, 'navigation');

function read(name: string): NavigationDocument {
  const text = fs.readFileSync(path.join(FOLDER, name), 'utf8');
  return { uri: name, text, root: parseJson(text).root! };
}
const parameterFile = read('cloud.parameters.dev.json');
const base = read('cloud.json');
const template: TemplateDocument = { ...base, template: buildTemplate(base.root, base.text) };

/** The offset of the n-th (0-based) occurrence of `needle` in the document, plus `delta`. */
function offsetOf(document: NavigationDocument, needle: string, n = 0, delta = 1): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = document.text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${n} not found`);
  return at + delta;
}

const textAt = (document: NavigationDocument, l: TextRange) => document.text.slice(l.start, l.end);

test('from a parameters() call: the declaration and every use, parameter file included, whatever the case', () => {
  const at = symbolInTemplate(template, offsetOf(template, "'CLOUDNAME'", 0, 2))!;
  assert.equal(at.symbol.kind, 'parameter');
  assert.equal(at.symbol.name, 'cloudName');
  assert.equal(textAt(template, at.range), 'CLOUDNAME');
  const declaration = declarationOf(template, at.symbol)!;
  assert.equal(textAt(template, declaration), 'cloudName');
  assert.equal(declaration.start, offsetOf(template, '"cloudName": {', 0, 1));
  const uses = usesOf(template, [parameterFile], at.symbol);
  assert.deepEqual(
    uses.map((u) => (u.uri === template.uri ? textAt(template, u) : `${u.uri}:${textAt(parameterFile, u)}`)),
    ['CLOUDNAME', 'cloudName', 'cloud.parameters.dev.json:CloudName'],
  );
  // The second use sits after the '' escape of the same string, at its exact place.
  assert.equal(uses[1].start, offsetOf(template, "parameters('cloudName'), '\\u0021'", 0, 12));
  // `[[parameters('cloudName')]` is a literal string, not a use.
  assert.ok(!uses.some((u) => u.start === offsetOf(template, "[[parameters('cloudName')", 0, 14)));
});

test('from the declaration key and from the parameter file key', () => {
  const fromKey = symbolInTemplate(template, offsetOf(template, '"Region": {', 0, 3))!;
  assert.equal(fromKey.symbol.name, 'Region');
  assert.deepEqual(
    usesOf(template, [parameterFile], fromKey.symbol).map((u) =>
      u.uri === template.uri ? textAt(template, u) : textAt(parameterFile, u),
    ),
    ['region', 'region', 'Region', 'region'],
  );
  const fromFile = symbolInParameterFile(parameterFile, template, offsetOf(parameterFile, '"region"', 0, 2))!;
  assert.equal(fromFile.symbol.name, 'Region');
  assert.equal(textAt(template, declarationOf(template, fromFile.symbol)!), 'Region');
  assert.equal(
    symbolInParameterFile(parameterFile, template, offsetOf(parameterFile, '"dev-cloud"', 0, 2)),
    undefined,
    'a value is not a name',
  );
});

test('variables: references and nothing inside a literal', () => {
  const at = symbolInTemplate(template, offsetOf(template, "variables('ResourceName')", 0, 12))!;
  assert.deepEqual([at.symbol.kind, at.symbol.name], ['variable', 'resourceName']);
  assert.deepEqual(
    usesOf(template, [parameterFile], at.symbol).map((u) => textAt(template, u)),
    ['resourceName', 'ResourceName'],
  );
  assert.equal(symbolInTemplate(template, offsetOf(template, "[[parameters('cloudName')", 0, 16)), undefined);
  assert.equal(
    symbolInTemplate(template, offsetOf(template, 'Anyscale.Platform', 0, 3)),
    undefined,
    'not an expression',
  );
});

test('rename edits the declaration, every use and the parameter file, and nothing else', () => {
  const at = symbolInTemplate(template, offsetOf(template, "'region'", 0, 2))!;
  const result = renameSymbol(template, [parameterFile], at.symbol, 'location_1');
  assert.ok(result.ok);
  const apply = (document: NavigationDocument) => {
    let text = document.text;
    for (const edit of result.edits.filter((e) => e.uri === document.uri).sort((a, b) => b.start - a.start))
      text = text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
    return text;
  };
  const renamed = apply(template);
  assert.equal(
    renamed,
    template.text
      .replace('"Region": {', '"location_1": {')
      .replace(/parameters\('region'\)/g, "parameters('location_1')")
      .replace("parameters( 'Region' )", "parameters( 'location_1' )"),
  );
  assert.equal(apply(parameterFile), parameterFile.text.replace('"region"', '"location_1"'));
});

test('rename refuses invalid and taken names, and undeclared symbols', () => {
  const at = symbolInTemplate(template, offsetOf(template, "'region'", 0, 2))!;
  for (const [name, why] of [
    ['my-region', /not a valid parameter name/],
    ['1region', /not a valid/],
    ['', /not a valid/],
    ['CLOUDNAME', /'cloudName' is already declared/],
  ] as const) {
    const result = renameSymbol(template, [parameterFile], at.symbol, name);
    assert.ok(!result.ok && why.test(result.message), `${name}: ${JSON.stringify(result)}`);
  }
  assert.ok(renameSymbol(template, [parameterFile], at.symbol, 'REGION').ok, 'changing only the case is a rename');
  const undeclared = { kind: 'parameter' as const, name: 'nope', scope: template.template.rootScope };
  const result = renameSymbol(template, [], undeclared, 'yes');
  assert.ok(!result.ok && /not declared/.test(result.message));
});
