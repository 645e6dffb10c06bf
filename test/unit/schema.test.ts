// schemas/values.schema.json: generated from the chart catalog and shipped in the .vsix. It must be current
// (npm run schema), valid draft-07, accept the values the rules accept, and reject what they call wrong.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { valuesJsonSchema } from '../../server/src/service/catalog/chartSchema';
import { FIXTURES, REPO_ROOT } from '../support/paths';

const FILE = path.join(REPO_ROOT, 'schemas', 'values.schema.json');

test('the committed schemas/values.schema.json is up to date with the catalog', () => {
  assert.equal(
    fs.readFileSync(FILE, 'utf8'),
    `${JSON.stringify(valuesJsonSchema(), null, 2)}\n`,
    'out of date: run npm run schema',
  );
});

test('the schema is valid draft-07, accepts good values and rejects a typo, a wrong type and a wrong casing', () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(fs.readFileSync(FILE, 'utf8')));
  const good = parse(fs.readFileSync(path.join(FIXTURES, 'rules', 'values-wrong-type', 'pass.yaml'), 'utf8'));
  assert.equal(validate(good), true, JSON.stringify(validate.errors));
  for (const bad of [
    { global: { cloudDeploymentID: 'cldrsrc_abc' } },
    { networking: { gateway: { enabled: 'true' } } },
    { global: { cloudProvider: 'Azure' } },
    { operator: { config: { status: { excludeComponentVerification: ['storage_bucket'] } } } },
  ]) {
    assert.equal(validate(bad), false, JSON.stringify(bad));
  }
});

test('the schema is shipped in the .vsix (.vscodeignore allow-list)', () => {
  assert.match(fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8'), /^!schemas\/values\.schema\.json$/m);
});
