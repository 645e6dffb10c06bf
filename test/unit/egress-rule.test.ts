// The firewall rule's findings and quick fixes: applying each fix to its fail fixture leaves a template that is
// still valid JSON and no longer reports egress-fqdns-not-allowed.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/service/analyze';
import { FIXTURES } from '../support/paths';

const CODE = 'egress-fqdns-not-allowed';
const DIR = path.join(FIXTURES, 'rules', CODE);

function applyFirstFix(text: string): string {
  const finding = analyzeText(text).findings.find((f) => f.code === CODE);
  assert.ok(finding?.fixes?.length, 'the finding offers a fix');
  const edits = [...finding.fixes[0].edits].sort((a, b) => b.start - a.start);
  return edits.reduce((out, edit) => out.slice(0, edit.start) + edit.newText + out.slice(edit.end), text);
}

for (const file of ['fail-policy-missing-fqdns.json', 'fail-classic-firewall.json', 'fail-nsg-denies-internet.json']) {
  test(`the quick fix of ${file} resolves the finding`, () => {
    const fixed = applyFirstFix(fs.readFileSync(path.join(DIR, file), 'utf8'));
    const analysis = analyzeText(fixed);
    assert.deepEqual(analysis.syntaxErrors, []);
    assert.deepEqual(analysis.findings.filter((f) => f.code === CODE), [], fixed);
  });
}

test('the message lists exactly the FQDNs that are missing', () => {
  const finding = analyzeText(fs.readFileSync(path.join(DIR, 'fail-policy-missing-fqdns.json'), 'utf8')).findings.find((f) => f.code === CODE);
  assert.ok(finding);
  assert.match(finding.message, /^Azure Firewall policy "egress-policy" does not allow outbound Https:443 to 5 FQDNs/);
  for (const fqdn of ['*.i.azure.anyscaleuserdata.com', 'login.microsoftonline.com', 'contosodata.dfs.core.windows.net']) assert.ok(finding.message.includes(fqdn), fqdn);
  for (const allowed of ['console.azure.anyscale.com', 'grafana-*.azure.anyscale-cloud.dev', 'anyscaleazwestus2prod.blob.core.windows.net', 'contosodata.blob.core.windows.net']) assert.ok(!finding.message.includes(`${allowed},`), allowed);
});
