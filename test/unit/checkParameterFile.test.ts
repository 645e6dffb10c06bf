// A parameter file checked against its template: what ARM would reject (undeclared names, missing required values,
// wrong types, values not allowed), with the quick fixes, and no finding on the docs' own parameter files.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText, parseJson } from '../../server/src/service/analyze';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import type { Finding, TextEdit } from '../../server/src/service/types';
import { CORPUS } from '../support/paths';

const TEMPLATE = JSON.stringify(
  {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    parameters: {
      cloudName: { type: 'string' },
      nodeCount: { type: 'Int' },
      provider: { type: 'string', defaultValue: 'Azure', allowedValues: ['Azure', 'AWS'] },
    },
    resources: [],
    outputs: {
      o: {
        type: 'array',
        value: "[createArray(parameters('cloudName'), parameters('nodeCount'), parameters('provider'))]",
      },
    },
  },
  null,
  2,
);

function check(parameterText: string, templateText = TEMPLATE): Finding[] {
  const root = parseJson(parameterText).root!;
  return analyzeText(templateText, {
    parameterFiles: [{ uri: 'file:///p.json', root, text: parameterText }],
  }).findings.filter((f) => f.uri === 'file:///p.json');
}

const apply = (text: string, edits: readonly TextEdit[]) =>
  [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);

const parameters = (values: Record<string, unknown>) => `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "parameters": {
${Object.entries(values)
  .map(([k, v]) => `    ${JSON.stringify(k)}: { "value": ${JSON.stringify(v)} }`)
  .join(',\n')}
  }
}`;

test('a typo gets a did-you-mean rename that makes the file clean', () => {
  const text = parameters({ cloudNmae: 'c', nodeCount: 3 });
  const findings = check(text);
  assert.deepEqual(findings.map((f) => f.code).sort(), [
    'parameter-file-missing-required',
    'parameter-file-undeclared',
  ]);
  const undeclared = findings.find((f) => f.code === 'parameter-file-undeclared')!;
  assert.equal(text.slice(undeclared.start, undeclared.end), '"cloudNmae"');
  assert.match(undeclared.message, /Did you mean 'cloudName'\?/);
  assert.deepEqual(check(apply(text, undeclared.fixes![0].edits)), []);
});

test('a missing required parameter is added with a placeholder of its type, laid out like its neighbours', () => {
  const text = parameters({ cloudName: 'c' });
  const [missing] = check(text);
  assert.equal(missing.code, 'parameter-file-missing-required');
  assert.match(missing.message, /'nodeCount' has no defaultValue/);
  const fixed = apply(text, missing.fixes![0].edits);
  assert.match(fixed, /\n {4}"nodeCount": \{ "value": 0 \}\n/);
  assert.deepEqual(check(fixed), []);
});

test('types are checked case-insensitively by name, values against allowedValues (strings ignore case)', () => {
  const findings = check(parameters({ cloudName: 'c', nodeCount: '3', provider: 'gcp' }));
  assert.deepEqual(
    findings.map((f) => f.code),
    ['parameter-value-wrong-type', 'parameter-value-not-allowed'],
  );
  assert.match(findings[0].message, /'nodeCount' is declared as 'int' and needs an integer, but the value is a string/);
  assert.match(findings[1].message, /"gcp" is not an allowed value of 'provider': use one of "Azure", "AWS"/);
  assert.deepEqual(check(parameters({ cloudName: 'c', nodeCount: 3, provider: 'aws' })), []);
  assert.deepEqual(
    check(parameters({ cloudName: 'c', nodeCount: 2.5 })).map((f) => f.code),
    ['parameter-value-wrong-type'],
  );
});

test('rule levels apply, and a broken or empty parameter file never throws', () => {
  const root = parseJson(parameters({ nodeCount: 1 })).root!;
  const off = analyzeText(TEMPLATE, {
    parameterFiles: [{ uri: 'p', root }],
    ruleLevels: { 'parameter-file-missing-required': 'off' },
  });
  assert.deepEqual(
    off.findings.filter((f) => f.uri === 'p'),
    [],
  );
  for (const broken of [
    '{}',
    '[]',
    '{"parameters": []}',
    '{"parameters": {"x": 1, "cloudName": {"value": {}}}}',
    '{"parameters": {"cloudName": {}}}',
  ]) {
    assert.doesNotThrow(() => check(broken), broken);
  }
  assert.deepEqual(
    check('{"parameters": {}}').map((f) => f.code),
    ['parameter-file-missing-required', 'parameter-file-missing-required'],
  );
});

const DOCS = 'arm/azure-docs_add-cloud-resource_cloudresource';
if (!fs.existsSync(path.join(CORPUS, `${DOCS}.json`))) {
  test('docs parameter files', { skip: `../shared/corpus is not present next to this checkout (${CORPUS})` }, () => {});
} else {
  for (const provider of ['azure', 'aws', 'gcp', 'generic']) {
    test(`the docs template with its ${provider} parameter file has no error in either`, () => {
      const template = fs.readFileSync(path.join(CORPUS, `${DOCS}.json`), 'utf8');
      const file = path.join(CORPUS, `${DOCS}.parameters.${provider}.json`);
      const text = fs.readFileSync(file, 'utf8');
      const analysis = analyzeText(template, { parameterFiles: [{ uri: file, root: parseJson(text).root!, text }] });
      const lines = (uri: string | undefined) => new LineIndex(uri ? text : template);
      const errors = analysis.findings
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.uri ?? 'template'}:${lines(f.uri).positionAt(f.start).line + 1} ${f.code} ${f.message}`);
      assert.deepEqual(errors, []);
    });
  }
}

test('a parameter file written like a template is checked as a parameter file, not as a template', () => {
  const text = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "cloudName": { "type": "string", "defaultValue": "my-cloud" },
    "nodeCount": { "value": 3 }
  }
}`;
  const own = analyzeText(text);
  assert.equal(own.kind, 'armParameters');
  assert.deepEqual(
    own.findings.map((f) => `${f.code}@${new LineIndex(text).positionAt(f.start).line + 1}`),
    ['parameter-file-schema@2', 'parameter-file-value-missing@5'],
  );
  // Against its template, the entry without a value is not "missing" a second time, and nothing is called unused.
  assert.deepEqual(
    check(text).map((f) => f.code),
    [],
  );
  // A template with its resources stays a template, whatever it declares.
  assert.equal(analyzeText(text.replace('"parameters"', '"resources": [],\n  "parameters"')).kind, 'armTemplate');
});

test('which values are flagged: every declared type, bounds of ints, strings and arrays, allowed numbers, arrays and objects', () => {
  const template = JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      parameters: {
        secret: { type: 'securestring' },
        settings: { type: 'secureObject' },
        count: { type: 'int', minValue: 1, maxValue: 3, allowedValues: [1, 2, 3] },
        ratio: { type: 'int' },
        flag: { type: 'bool' },
        zones: { type: 'array', minLength: 1, maxLength: 2, allowedValues: ['1', '2', '3'] },
        pairs: { type: 'array', allowedValues: [['a', 'b'], ['c']] },
        shape: { type: 'object', allowedValues: [{ size: 'S', tier: 'free' }] },
        name: { type: 'string', minLength: 3, maxLength: 5 },
        optional: { type: 'string', nullable: true },
      },
      resources: [],
      outputs: {
        o: {
          type: 'array',
          value:
            "[createArray(parameters('secret'), parameters('settings'), parameters('count'), parameters('ratio'), parameters('flag'), parameters('zones'), parameters('pairs'), parameters('shape'), parameters('name'), parameters('optional'))]",
        },
      },
    },
    null,
    2,
  );
  const findings = (values: Record<string, unknown>) => {
    const text = parameters(values);
    return check(text, template)
      .map((f) => `${f.code} ${text.slice(f.start, f.end)}`)
      .sort();
  };
  const good = {
    secret: 's',
    settings: {},
    count: 2,
    ratio: 7,
    flag: true,
    zones: ['1'],
    pairs: ['c'],
    shape: { tier: 'FREE', size: 's' },
    name: 'abcd',
  };
  assert.deepEqual(
    findings(good),
    [],
    'a nullable parameter needs no value; objects and strings compare ignoring key order and case',
  );
  assert.deepEqual(findings({ ...good, pairs: ['a', 'b'] }), []);
  assert.deepEqual(findings({ ...good, secret: 5, settings: 'x', ratio: 1.5, flag: 'true' }), [
    'parameter-value-wrong-type "true"',
    'parameter-value-wrong-type "x"',
    'parameter-value-wrong-type 1.5',
    'parameter-value-wrong-type 5',
  ]);
  assert.deepEqual(findings({ ...good, count: 0 }), [
    'parameter-value-not-allowed 0',
    'parameter-value-out-of-range 0',
  ]);
  assert.deepEqual(findings({ ...good, count: 4 }), [
    'parameter-value-not-allowed 4',
    'parameter-value-out-of-range 4',
  ]);
  assert.deepEqual(findings({ ...good, zones: [], name: 'ab' }), [
    'parameter-value-out-of-range "ab"',
    'parameter-value-out-of-range []',
  ]);
  assert.deepEqual(findings({ ...good, zones: ['1', '4', '2'], name: 'abcdef' }), [
    'parameter-value-not-allowed "4"',
    'parameter-value-out-of-range "abcdef"',
    'parameter-value-out-of-range ["1","4","2"]',
  ]);
  assert.deepEqual(findings({ ...good, pairs: ['a'], shape: { size: 'S' } }), [
    'parameter-value-not-allowed ["a"]',
    'parameter-value-not-allowed {"size":"S"}',
  ]);
  assert.deepEqual(findings({ ...good, shape: { size: 'S', tier: 'paid' } }), [
    'parameter-value-not-allowed {"size":"S","tier":"paid"}',
  ]);
  assert.deepEqual(findings({ ...good, shape: { size: 'S', tier: 'free', extra: 1 } }), [
    'parameter-value-not-allowed {"size":"S","tier":"free","extra":1}',
  ]);
});
