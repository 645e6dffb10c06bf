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
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === CODE),
      [],
      fixed,
    );
  });
}

test('the message lists exactly the FQDNs that are missing', () => {
  const finding = analyzeText(fs.readFileSync(path.join(DIR, 'fail-policy-missing-fqdns.json'), 'utf8')).findings.find(
    (f) => f.code === CODE,
  );
  assert.ok(finding);
  assert.match(finding.message, /^Azure Firewall policy "egress-policy" does not allow outbound Https:443 to 5 FQDNs/);
  for (const fqdn of [
    '*.i.azure.anyscaleuserdata.com',
    'login.microsoftonline.com',
    'contosodata.dfs.core.windows.net',
  ])
    assert.ok(finding.message.includes(fqdn), fqdn);
  for (const allowed of [
    'console.azure.anyscale.com',
    'grafana-*.azure.anyscale-cloud.dev',
    'anyscaleazwestus2prod.blob.core.windows.net',
    'contosodata.blob.core.windows.net',
  ])
    assert.ok(!finding.message.includes(`${allowed},`), allowed);
});

test('the message says what each missing host breaks: only control-plane and identity hosts keep the operator from Ready', () => {
  const text = fs.readFileSync(path.join(DIR, 'fail-policy-missing-fqdns.json'), 'utf8');
  const messageOf = (source: string) => analyzeText(source).findings.find((f) => f.code === CODE)?.message ?? '';
  const parts = messageOf(text).split('; ');
  const partWith = (host: string) => parts.find((p) => p.includes(host)) ?? '';
  assert.match(partWith('login.microsoftonline.com'), /operator never becomes Ready/);
  for (const client of ['*.i.azure.anyscaleuserdata.com', '*.s.azure.anyscaleuserdata.com']) {
    assert.doesNotMatch(partWith(client), /never becomes Ready/, client);
    assert.match(partWith(client), /workspace.*dashboard.*Anyscale Services/, client);
  }
  assert.doesNotMatch(partWith('contosodata.dfs.core.windows.net'), /never becomes Ready/);
  // With Entra ID allowed, only client and storage hosts are missing: nothing about the operator's readiness.
  const clientOnly = messageOf(
    text.replace('"*.blob.core.windows.net"]', '"*.blob.core.windows.net", "login.microsoftonline.com"]'),
  );
  assert.match(clientOnly, /to 4 FQDNs/);
  assert.doesNotMatch(clientOnly, /never becomes Ready/);
});

test('a registry without dedicated data endpoints needs its login server, not <acr>.<region>.data.azurecr.io', () => {
  const text = fs.readFileSync(path.join(DIR, 'pass-policy-allows-all.json'), 'utf8');
  const withRegistry = (sku: string, allowed: string) =>
    text
      .replace(
        '"resources": [',
        `"resources": [{ "type": "Microsoft.ContainerRegistry/registries", "apiVersion": "2023-07-01", "name": "acmeacr", "location": "westeurope", "sku": { "name": "${sku}" }, "properties": { "dataEndpointEnabled": true } }, { "type": "Anyscale.Platform/clouds", "apiVersion": "2026-09-01", "name": "acme", "location": "uksouth", "properties": { "acrResourceId": "[resourceId('Microsoft.ContainerRegistry/registries', 'acmeacr')]" } },`,
      )
      .replace('"*.dfs.core.windows.net"]', `"*.dfs.core.windows.net", ${allowed}]`);
  const finding = (source: string) => analyzeText(source).findings.find((f) => f.code === CODE)?.message;
  assert.equal(finding(withRegistry('Standard', '"acmeacr.azurecr.io"')), undefined);
  assert.match(finding(withRegistry('Standard', '"other.azurecr.io"')) ?? '', /to 1 FQDN .*acmeacr\.azurecr\.io/);
  assert.match(
    finding(withRegistry('Premium', '"acmeacr.azurecr.io"')) ?? '',
    /to 1 FQDN .*acmeacr\.westeurope\.data\.azurecr\.io/,
  );
});

test('an application rule with the AzureKubernetesService FQDN tag covers login.microsoftonline.com and the AKS baseline', () => {
  const text = fs.readFileSync(path.join(DIR, 'fail-policy-missing-fqdns.json'), 'utf8');
  const tagRule = (tag: string) =>
    `{ "ruleType": "ApplicationRule", "name": "aks", "protocols": [{ "protocolType": "Https", "port": 443 }], "sourceAddresses": ["10.224.0.0/16"], "fqdnTags": ["${tag}"] },`;
  const withTag = (tag: string) => text.replace('"rules": [', `"rules": [${tagRule(tag)}`);
  const messageOf = (source: string) => analyzeText(source).findings.find((f) => f.code === CODE)?.message ?? '';
  const tagged = messageOf(withTag('azurekubernetesservice'));
  assert.match(tagged, /to 4 FQDNs/);
  assert.ok(!tagged.includes('login.microsoftonline.com'), tagged);
  assert.ok(tagged.includes('*.i.azure.anyscaleuserdata.com'), 'the tag covers no Anyscale host');
  assert.match(messageOf(withTag('WindowsUpdate')), /to 5 FQDNs.*login\.microsoftonline\.com/);
});

test('a strict per-cloud-ID firewall (cld-<id>.azure.anyscale-cloud.dev entries) covers the polling wildcard', () => {
  const text = fs.readFileSync(path.join(DIR, 'pass-policy-allows-all.json'), 'utf8');
  const messageOf = (source: string) => analyzeText(source).findings.find((f) => f.code === CODE)?.message;
  const listsPolling = /(: |, )\*\.azure\.anyscale-cloud\.dev(,|;|\.)/;
  const strict = (entries: string) => text.replace('"*.azure.anyscale-cloud.dev"', entries);
  // The per-cloud entry replaces the polling wildcard (networking page); grafana-* / registry-* are still missing.
  const perCloud = messageOf(strict('"cld-abc123.azure.anyscale-cloud.dev"')) ?? '';
  assert.match(perCloud, /to 2 FQDNs/);
  assert.doesNotMatch(perCloud, listsPolling);
  assert.match(perCloud, /grafana-\*\.azure\.anyscale-cloud\.dev.*registry-\*\.azure\.anyscale-cloud\.dev/);
  assert.equal(
    messageOf(
      strict(
        '"cld-abc123.azure.anyscale-cloud.dev", "grafana-*.azure.anyscale-cloud.dev", "registry-*.azure.anyscale-cloud.dev"',
      ),
    ),
    undefined,
  );
  // Only a cld-<id> host under azure.anyscale-cloud.dev counts.
  assert.match(messageOf(strict('"cld-abc123.anyscale-cloud.dev"')) ?? '', listsPolling);
  assert.match(messageOf(strict('"console.azure.anyscale-cloud.dev"')) ?? '', listsPolling);
});
