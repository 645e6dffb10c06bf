// The egress pages say what the sources say (ZH networking guide, domain facts §3): egress-only is about the control
// connection, not "nothing dials in"; clients still need a layer-4 load balancer and an ingress or Gateway API
// controller, which the operator does not install; the probe covers the targets the docs list, not every deployment's.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\s+/g, ' ');
const EGRESS_PAGES = [
  'README.md',
  'docs/egress.md',
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'docs', 'rules'))
    .filter((f) => f.startsWith('egress-'))
    .map((f) => `docs/rules/${f}`),
];

test('no egress page says "nothing dials in": egress-only is about the control connection, clients still come in', () => {
  for (const file of EGRESS_PAGES)
    assert.doesNotMatch(read(file), /nothing dials in|no inbound (traffic|connections?)\b/i, file);
  const egress = read('docs/egress.md');
  assert.match(egress, /egress-only.{0,200}control (plane )?connection/i);
  assert.match(egress, /no inbound firewall rule for Anyscale/i);
  assert.match(egress, /layer-4 \(TCP\) load balancer/i);
  assert.match(egress, /Ingress or Gateway API controller.{0,120}operator does not install/i);
  const rule = read('docs/rules/egress-fqdns-not-allowed.md');
  assert.match(rule, /egress-only.{0,200}control (plane )?connection/i);
  assert.match(rule, /load balancer/i);
});

test('the probe covers the targets the docs list, not "every target Anyscale on Azure needs"; the docs say how to add more', () => {
  for (const file of EGRESS_PAGES)
    assert.doesNotMatch(
      read(file),
      /every outbound (HTTPS )?target|covers every|every target Anyscale on Azure needs/i,
      file,
    );
  assert.match(read('README.md'), /Egress verification.{0,200}the targets the docs list/);
  const egress = read('docs/egress.md');
  assert.match(egress, /not every deployment's full set/i);
  assert.match(egress, /custom (ACR )?images bring their own/i);
  assert.match(egress, /add more.{0,300}anyscaleAzure\.egress\.targetsFile.{0,80}--targets/i);
});

test('docs/egress.md documents the client → storage flow of anyscale job submit', () => {
  const egress = read('docs/egress.md');
  assert.match(egress, /Client → storage.{0,80}anyscale job submit.{0,40}working_dir.{0,40}Azure Blob storage/);
  assert.match(egress, /restricted to selected VNets must also admit/);
  assert.match(egress, /Nodes reaching the account prove nothing about this path/);
});
