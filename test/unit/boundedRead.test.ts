// fileText and readBoundedText: a file's text as check, the workspace index, egress and the config lookup read it,
// UTF-8 without the byte order mark an editor may write first (one BOM, at the start only).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileText, readBoundedText } from '../../server/src/node/boundedRead';
import { loadConfig } from '../../server/src/node/config';
import { temporaryDirectory } from '../support/temporaryDirectory';

const BOM = '\uFEFF';

test('fileText drops one byte order mark at the start, and only there', () => {
  assert.equal(fileText(Buffer.from(`${BOM}{"a": "é"}`)), '{"a": "é"}');
  assert.equal(fileText(Buffer.from(`${BOM}${BOM}x`)), `${BOM}x`, 'a second one is text');
  assert.equal(fileText(Buffer.from(`x${BOM}`)), `x${BOM}`, 'one inside is text');
  assert.equal(fileText(Buffer.from('{}\r\n')), '{}\r\n');
});

test('a file written with a byte order mark: its text without it, and a config file with one is read as written', () => {
  const dir = temporaryDirectory('anyscale-bounded-read-');
  const template = path.join(dir, 'main.json');
  fs.writeFileSync(template, `${BOM}{}`);
  assert.equal(readBoundedText(template), '{}');
  const config = path.join(dir, '.anyscale-azure.json');
  fs.writeFileSync(config, `${BOM}{ "rules": { "provider-invalid": "off" } }`);
  const loaded = loadConfig(config);
  assert.deepEqual(
    { rules: loaded.rules, messages: loaded.messages },
    { rules: { 'provider-invalid': 'off' }, messages: [] },
  );
});
