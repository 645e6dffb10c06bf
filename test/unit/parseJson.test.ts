// parseJson reads JSON as ARM does: strings broken over several lines are values (their line breaks kept), not
// syntax errors, and one syntax problem is one error, not the cascade jsonc-parser's recovery makes of it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { getNodeValue } from 'jsonc-parser';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { syntaxProblems } from '../../server/src/service/json/parseJson';

/** The syntax problems reported for a text, as jsonc-parser's codes in words. */
const codes = (text: string) =>
  syntaxProblems(text, parseJson(text).errors).map((p) => p.message.replace('JSON syntax error: ', ''));

test('a string broken over lines is a value with its line breaks, at the offsets of the text', () => {
  for (const lineBreak of ['\n', '\r\n']) {
    const text = `{${lineBreak} "a": "first${lineBreak}second",${lineBreak} "b": "[${lineBreak}  concat('x', 'y')${lineBreak}]"${lineBreak}}`;
    const parsed = parseJson(text);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      { ...getNodeValue(parsed.root!) },
      { a: `first${lineBreak}second`, b: `[${lineBreak}  concat('x', 'y')${lineBreak}]` },
    );
    const a = parsed.root!.children![0].children![1];
    assert.equal(text.slice(a.offset, a.offset + a.length), `"first${lineBreak}second"`);
    assert.deepEqual(
      parsed.multiLineStrings.map(({ start, end }) => text.slice(start, end)),
      [`"first${lineBreak}second"`, `"[${lineBreak}  concat('x', 'y')${lineBreak}]"`],
    );
  }
});

test('escapes and comments around a multi-line string are read as JSON reads them', () => {
  const text = '{\n // a "quote" in a comment\n "a": "say \\"hi\\"\n to \\u0041", /* "b": "x\n */ "c": 1\n}';
  const parsed = parseJson(text);
  assert.deepEqual(parsed.errors, []);
  assert.deepEqual({ ...getNodeValue(parsed.root!) }, { a: 'say "hi"\n to A', c: 1 });
  assert.equal(parsed.multiLineStrings.length, 1);
});

test('a string that is really unterminated stays a syntax error', () => {
  assert.deepEqual(codes('{\n "a": "abc,\n "b": 2\n}'), ['unexpected end of string']);
  assert.deepEqual(parseJson('{\n "a": "abc,\n "b": 2\n}').multiLineStrings, []);
  assert.deepEqual(codes('{ "a": "abc'), ['unexpected end of string']);
});

test('one syntax problem is one error; problems lines apart are each reported', () => {
  // jsonc-parser reports four errors here: a missing comma, a value expected, and two closing brackets.
  assert.deepEqual(codes('{\n "a": [1, 2,\n "b": 3\n}'), ['comma expected']);
  assert.deepEqual(codes('{\n \'a\': 1,\n "b": 2\n}'), ['invalid symbol']);
  assert.deepEqual(codes('{\n "a": 1\n "b": 2,\n "c": 3,\n "d": 4,\n "e": 5\n "f": 6\n}'), [
    'comma expected',
    'comma expected',
  ]);
  // The parse keeps every error jsonc-parser's recovery reports (an incremental parse must give the same ones).
  assert.equal(parseJson('{\n "a": [1, 2,\n "b": 3\n}').errors.length, 4);
});

test('a template with multi-line strings is checked: a rule sees the value ARM reads', () => {
  const text = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "resources": [
    {
      "type": "Anyscale.Platform/clouds/cloudResources",
      "apiVersion": "2026-09-01",
      "name": "my-cloud/default",
      "location": "[
        'uksouth'
      ]",
      "properties": {
        "provider": "[toLower(
          'AZURE')]",
        "computeStack": "K8S",
        "region": "uksouth",
        "cloudStorageBucketName": "abfss://anyscale-data@mystorageacct.dfs.core.windows.net",
        "cloudStorageBucketEndpoint": "https://mystorageacct.blob.core.windows.net",
        "anyscaleOperatorIamIdentity": "11111111-2222-3333-4444-555555555555"
      }
    }
  ]
}`;
  const analysis = analyzeText(text);
  assert.deepEqual(analysis.syntaxErrors, []);
  const found = analysis.findings.map((f) => `${f.code}: ${text.slice(f.start, f.end)}`);
  assert.deepEqual(found, [
    `multi-line-string: "[\n        'uksouth'\n      ]"`,
    `multi-line-string: "[toLower(\n          'AZURE')]"`,
    `provider-invalid: "[toLower(\n          'AZURE')]"`,
  ]);
  assert.match(analysis.findings[2].message, /"azure"/);
  // Expressions get no fix: it would rewrite them.
  assert.equal(analysis.findings[0].fixes, undefined);
});

test('the fix of a multi-line literal writes its line breaks as escapes, keeping the value', () => {
  const text =
    '{\n "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",\n "variables": { "v": "one\r\ntwo\nthree" },\n "resources": [],\n "outputs": { "o": { "type": "string", "value": "[variables(\'v\')]" } }\n}';
  const [finding] = analyzeText(text).findings.filter((f) => f.code === 'multi-line-string');
  let fixed = text;
  for (const edit of [...finding.fixes![0].edits].sort((a, b) => b.start - a.start))
    fixed = fixed.slice(0, edit.start) + edit.newText + fixed.slice(edit.end);
  assert.equal(JSON.parse(fixed).variables.v, 'one\r\ntwo\nthree');
  assert.deepEqual(
    analyzeText(fixed).findings.filter((f) => f.code === 'multi-line-string'),
    [],
  );
});
