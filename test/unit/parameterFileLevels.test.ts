// atParameterFileLevels: what a parameter file's values cause in its template, at the file's own rule levels; a file
// whose levels are the template's, in whatever key order, costs no second run of the template.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyzeDocument, parseJson } from '../../server/src/service/analyze';
import { atParameterFileLevels } from '../../server/src/service/parameterFileLevels';
import { sameRuleLevels, type RuleLevels } from '../../server/src/service/rules/runner';
import type { ParameterFileInput } from '../../server/src/service/types';
import { FIXTURES } from '../support/paths';

const PARAMS = path.join(FIXTURES, 'index', 'workspace', 'params');
const TEMPLATE = path.join(PARAMS, 'cloudresource.json');
const TEMPLATE_TEXT = fs.readFileSync(TEMPLATE, 'utf8');
const TEMPLATE_LEVELS: RuleLevels = { 'bucket-cors-required': 'warning', 'parameter-file-schema': 'error' };

/**
 * The AWS parameter file (its bucket has no CORS: bucket-cors-required, placed in it by the template's run), with a
 * count of the template runs that read it: each run reads the file's parse; comparing levels never does.
 */
function awsParameterFile(): { input: ParameterFileInput; runs: () => number } {
  const file = path.join(PARAMS, 'cloudresource.parameters.aws.json');
  const text = fs.readFileSync(file, 'utf8');
  const root = parseJson(text).root!;
  let reads = 0;
  const input = {
    uri: pathToFileURL(file).href,
    text,
    get root() {
      reads++;
      return root;
    },
  };
  return { input, runs: () => reads };
}

function atLevels(fileLevels: RuleLevels | undefined) {
  const { input, runs } = awsParameterFile();
  const options = { ruleLevels: TEMPLATE_LEVELS };
  const analysis = analyzeDocument(TEMPLATE_TEXT, { fileName: TEMPLATE }, { ...options, parameterFiles: [input] });
  const before = runs();
  assert.ok(before > 0, "the template's own run reads the parameter file");
  const result = atParameterFileLevels(analysis, TEMPLATE_TEXT, TEMPLATE, [input], {
    ...options,
    parameterFileLevels: () => fileLevels,
  });
  const inFile = result.findings.filter((finding) => finding.uri === input.uri).map((finding) => finding.severity);
  return { same: result === analysis, readsAfter: runs() - before, inFile };
}

test("a parameter file at the template's levels written in another key order: no second run", () => {
  const reordered = { 'parameter-file-schema': 'error', 'bucket-cors-required': 'warning' } as const;
  assert.notEqual(JSON.stringify(reordered), JSON.stringify(TEMPLATE_LEVELS), 'the same levels, another order');
  assert.deepEqual(atLevels(reordered), { same: true, readsAfter: 0, inFile: ['warning'] });
});

test('a parameter file at other levels: its findings from a run at its own levels', () => {
  const result = atLevels({ 'parameter-file-schema': 'error', 'bucket-cors-required': 'error' });
  assert.equal(result.same, false);
  assert.ok(result.readsAfter > 0, 'the template ran again with the parameter file');
  assert.deepEqual(result.inFile, ['error']);
});

test('sameRuleLevels: the same codes at the same levels, in any order; unset is not the default level', () => {
  const a: RuleLevels = { x: 'error', y: 'off' };
  assert.equal(sameRuleLevels(a, { y: 'off', x: 'error' }), true, 'another order');
  assert.equal(sameRuleLevels(undefined, {}), true, 'none set and an empty set');
  assert.equal(sameRuleLevels(a, { x: 'error' }), false, 'one code fewer');
  assert.equal(sameRuleLevels({ x: 'error' }, a), false, 'one code more');
  assert.equal(sameRuleLevels(a, { x: 'error', y: 'info' }), false, 'another level');
  assert.equal(sameRuleLevels(a, { x: 'error', z: 'off' }), false, 'another code');
  const levels = (code: string): RuleLevels => Object.fromEntries([[code, 'off']]);
  assert.equal(sameRuleLevels(levels('constructor'), levels('toString')), false, "an object's own names");
  assert.equal(sameRuleLevels({ 'bucket-cors-required': 'info' }, undefined), false, 'a default set is not unset');
});
