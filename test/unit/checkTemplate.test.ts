// A template checked with several parameter files: each file's run is checked, and a finding that several runs
// report is one finding; one that only some runs report says with which files (checkTemplate.ts), in its message and
// in the analysis's foundOnlyWith. A finding only some copies of a copy loop lead to is recorded with those copies, by
// run, in foundOnlyInCopies.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import type { Finding } from '../../server/src/service/types';
import { parameterFileInput } from '../support/parameterFile';
import { copyLoopTemplate } from '../support/copyLoopTemplate';

/** A cloud and one cloud resource whose provider is the expression given. */
function templateWithProvider(provider: string): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { suffix: { type: 'string', defaultValue: 'ure' }, provider: { type: 'string' } },
      resources: [
        { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'c', location: 'uksouth', properties: {} },
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'c/r',
          location: 'uksouth',
          dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'c')]"],
          properties: { provider, computeStack: 'K8S', region: 'uksouth' },
        },
      ],
    },
    null,
    2,
  );
}

const A = 'file:///t/a.parameters.json';
const B = 'file:///t/b.parameters.json';

function findingsWith(template: string, a: Record<string, unknown>, b: Record<string, unknown>): Finding[] {
  const files = [parameterFileInput(a, A), parameterFileInput(b, B)];
  return analyzeText(template, { parameterFiles: files }).findings;
}

test('a finding every parameter file leads to is reported once; one only some lead to names them', () => {
  const template = templateWithProvider("[concat('Az', parameters('suffix'))]");
  const findings = findingsWith(
    template,
    { suffix: { value: 'ure' }, provider: { value: 'x' } },
    { suffix: { value: 'URE' }, provider: { value: 'x' } },
  );
  const unused = findings.filter((finding) => finding.code === 'parameter-unused');
  assert.deepEqual(
    unused.map((finding) => finding.message),
    ["Parameter 'provider' is declared but never used."],
  );
  const invalid = findings.filter((finding) => finding.code === 'provider-invalid');
  assert.equal(invalid.length, 1);
  assert.equal(template.slice(invalid[0].start, invalid[0].end), "\"[concat('Az', parameters('suffix'))]\"");
  assert.match(invalid[0].message, /^provider "AzURE" is not accepted: .* \(with b\.parameters\.json\)$/);
  const analysis = analyzeText(template, {
    parameterFiles: [
      parameterFileInput({ suffix: { value: 'ure' }, provider: { value: 'x' } }, A),
      parameterFileInput({ suffix: { value: 'URE' }, provider: { value: 'x' } }, B),
    ],
  });
  const withB = analysis.findings.find((finding) => finding.code === 'provider-invalid')!;
  assert.deepEqual(analysis.foundOnlyWith?.get(withB), [B], 'the finding as reported, "(with …)" and all');
});

test('which parameter files a finding only some runs report is found with: the files, not read from its message', () => {
  const template = templateWithProvider("[parameters('provider')]");
  const files = [
    parameterFileInput({ provider: { value: 'Azure' } }, A),
    parameterFileInput({ provider: { value: 'aws' } }, B),
  ];
  const analysis = analyzeText(template, { parameterFiles: files });
  const foundWith = (finding: Finding) => analysis.foundOnlyWith?.get(finding);
  // B's value: in B, and in the template where it is used ("(value from b.parameters.json)", no "(with …)").
  const invalid = analysis.findings.filter((finding) => finding.code === 'provider-invalid');
  assert.deepEqual(
    invalid.map((finding) => [finding.uri, foundWith(finding)]),
    [
      [undefined, [B]],
      [B, [B]],
    ],
  );
  // parameter-unused (suffix) whatever the file: not in it.
  const unused = analysis.findings.find((finding) => finding.code === 'parameter-unused')!;
  assert.equal(foundWith(unused), undefined);
  // One parameter file: every finding is found with it, none only with some.
  assert.equal(analyzeText(template, { parameterFiles: [files[1]] }).foundOnlyWith?.size, 0);
});

test('a finding two parameter files of one name in different folders both lead to is not said to be only theirs', () => {
  const template = templateWithProvider("[concat('Az', parameters('suffix'))]");
  const values = { suffix: { value: 'URE' }, provider: { value: 'x' } };
  const files = ['file:///t/dev/p.parameters.json', 'file:///t/prod/p.parameters.json'].map((uri) =>
    parameterFileInput(values, uri),
  );
  const analysis = analyzeText(template, { parameterFiles: files });
  const invalid = analysis.findings.find((finding) => finding.code === 'provider-invalid')!;
  assert.doesNotMatch(invalid.message, /\(with /);
  assert.equal(analysis.foundOnlyWith?.get(invalid), undefined);
});

test('the same finding in two parameter files is kept in each file', () => {
  const template = templateWithProvider("[parameters('provider')]");
  const findings = findingsWith(template, { provider: { value: 'aws' } }, { provider: { value: 'aws' } });
  const inFiles = findings.filter((finding) => finding.code === 'provider-invalid' && finding.uri !== undefined);
  assert.deepEqual(inFiles.map((finding) => finding.uri).sort(), [A, B]);
  // At the same place in each file's text, saying the same thing.
  assert.equal(new Set(inFiles.map((finding) => `${finding.start} ${finding.end} ${finding.message}`)).size, 1);
});

test('a finding only some copies of a loop lead to is recorded with their indexes; one every copy leads to is not', () => {
  const analysis = analyzeText(copyLoopTemplate());
  const copies = (finding: Finding) => analysis.foundOnlyInCopies?.get(finding);
  assert.deepEqual(
    analysis.findings.map((finding) => [finding.code, /c\/r\d/.exec(finding.message)?.[0], copies(finding)]),
    [
      // Every copy: the declaration's, whatever the copy.
      ['location-differs-from-cloud', undefined, undefined],
      // Each copy's own, and one two copies lead to alike: reported once, with both.
      ['required-property-missing', 'c/r0', new Map([['', [0]]])],
      ['required-property-missing', 'c/r2', new Map([['', [2]]])],
      ['provider-invalid', undefined, new Map([['', [1]]])],
      ['bucket-cors-required', undefined, new Map([['', [0, 2]]])],
      ['bucket-shared', 'c/r0', new Map([['', [1, 2]]])],
    ],
  );
});

test("the copies a finding is recorded with are those of each parameter file's run", () => {
  const template = copyLoopTemplate("[if(equals(copyIndex(), parameters('bad')), 'aws', 'AWS')]", {
    bad: { type: 'int' },
  });
  const analysis = analyzeText(template, {
    parameterFiles: [parameterFileInput({ bad: { value: 1 } }, A), parameterFileInput({ bad: { value: 2 } }, B)],
  });
  const inTemplate = analysis.findings.filter((finding) => finding.uri === undefined);
  const found = (code: string, copy?: string) =>
    inTemplate.find((finding) => finding.code === code && (copy === undefined || finding.message.includes(copy)))!;
  // Both runs: one finding, led to by copy 1 with A's values and copy 2 with B's.
  const invalid = found('provider-invalid');
  assert.equal(analysis.foundOnlyWith?.get(invalid), undefined);
  assert.deepEqual(
    analysis.foundOnlyInCopies?.get(invalid),
    new Map([
      [A, [1]],
      [B, [2]],
    ]),
  );
  // Copy 1 is AWS with B's values only.
  const missing = found('required-property-missing', '"c/r1"');
  assert.deepEqual(analysis.foundOnlyWith?.get(missing), [B]);
  assert.deepEqual(analysis.foundOnlyInCopies?.get(missing), new Map([[B, [1]]]));
  assert.equal(analysis.foundOnlyInCopies?.get(found('location-differs-from-cloud')), undefined);
});
