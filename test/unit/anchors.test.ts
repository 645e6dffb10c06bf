// YAML anchors in operator values (service/yaml/anchors.ts): merge keys (`<<: *base`) and aliases (`*url`) are read as
// Helm reads them (go-yaml, YAML 1.1), so a key written through an anchor is neither missing nor unknown, a mistake
// in an anchor is reported where it is written, and no fix edits what other places may use too.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isMap, isScalar, parseDocument, type YAMLMap } from 'yaml';
import { analyzeDocument } from '../../server/src/service/analyze';
import { pairsInEffect } from '../../server/src/service/yaml/anchors';

const yaml = (text: string) => analyzeDocument(text, { languageId: 'yaml' }, { uri: 'file:///values.yaml' });

/** The keys in effect of the map at `key` of a document, with their values, `(merged)` when merged in. */
function inEffect(text: string, key: string): string[] {
  const root = parseDocument(text).contents as YAMLMap;
  const map = root.get(key, true);
  assert.ok(isMap(map));
  return pairsInEffect(map, root).map(({ pair, merged }) => {
    const value = isScalar(pair.value) ? String(pair.value.value) : '…';
    return `${String((pair.key as { value: unknown }).value)}=${value}${merged ? ' (merged)' : ''}`;
  });
}

test('merge keys: the map keeps its own keys, the first merged map wins, merged maps merge too', () => {
  const anchors = 'a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: &c {<<: *b, w: 3}\n';
  assert.deepEqual(inEffect(`${anchors}m:\n  y: 0\n  <<: [*a, *b]\n`, 'm'), ['y=0', 'x=1 (merged)', 'z=2 (merged)']);
  // A merged map's own keys win over what it merges itself.
  assert.deepEqual(inEffect(`${anchors}m:\n  <<: *c\n  x: 9\n`, 'm'), ['x=9', 'w=3 (merged)', 'z=2 (merged)']);
  // An inline map, and a quoted "<<", which is an ordinary key.
  assert.deepEqual(inEffect('m:\n  <<: {x: 1}\n  "<<": 2\n', 'm'), ['<<=2', 'x=1 (merged)']);
  // An alias to no anchor merges nothing; a map merged into itself is read once.
  assert.deepEqual(inEffect('m:\n  <<: *nothing\n  x: 1\n', 'm'), ['x=1']);
  assert.deepEqual(inEffect('m: &m\n  x: 1\n  <<: *m\n', 'm'), ['x=1']);
});

const SHARED = `shared: &shared
  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz
  auth:
    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default
    iamIdentity: 11111111-2222-3333-4444-555555555555
`;
const WORKLOADS = 'workloads:\n  serviceAccount:\n    name: anyscale-operator\n';

test('a values file that writes global through a merge key or an alias: nothing missing, no "<<" key', () => {
  const merged = `${SHARED}global:\n  <<: *shared\n  cloudProvider: azure\n  controlPlaneURL: https://console.azure.anyscale.com\n${WORKLOADS}`;
  // Only the top-level holder of the anchor, which Helm passes to the chart and the chart ignores.
  assert.deepEqual(
    yaml(merged).findings.map((finding) => `${finding.code} ${finding.message}`),
    ['values-unknown-key The anyscale-operator chart has no key "shared" at the top level: Helm ignores it silently.'],
  );
  const aliased = `g: &g\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: aws\n  controlPlaneURL: https://console.anyscale.com\n  aws:\n    region: us-west-2\n  auth:\n    iamIdentity: arn:aws:iam::123456789012:role/x\nglobal: *g\n${WORKLOADS}`;
  assert.deepEqual(
    yaml(aliased).findings.map((finding) => finding.code),
    ['values-unknown-key'],
  );
  // A value written as an alias is the anchored value: the service account is set (it was "not set").
  const serviceAccount = (name: string) =>
    `names: {account: &account anyscale-operator}\nglobal:\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  cloudProvider: azure\nworkloads:\n  serviceAccount:\n    name: ${name}\n`;
  const accountNotSet = (text: string) =>
    yaml(text).findings.some((finding) => finding.code === 'values-workload-service-account');
  assert.equal(accountNotSet(serviceAccount('*account')), false);
  assert.equal(accountNotSet(serviceAccount('')), true, 'the rule applies to this file');
  // Classified by keys it has only through the anchor.
  assert.equal(yaml(`${SHARED}global:\n  <<: *shared\n`).kind, 'operatorValues');
});

test('a mistake written in an anchor is reported where it is written, without a fix', () => {
  const text = `${SHARED}  cloudProvider: Azure\nurl: &url https://console.azure.anyscale.com/\nglobal:\n  <<: *shared\n  controlPlaneURL: *url\n  cloudProviderr: azure\n${WORKLOADS}`;
  const findings = yaml(text).findings;
  const provider = findings.find((finding) => finding.code === 'values-value-not-allowed');
  assert.ok(provider, 'the provider written in the anchor is checked');
  assert.equal(text.slice(provider.start, provider.end), 'Azure');
  assert.equal(provider.fixes, undefined);
  const slash = findings.find((finding) => finding.code === 'values-control-plane-url-trailing-slash');
  assert.ok(slash, 'the URL read through the alias is checked');
  assert.equal(text.slice(slash.start, slash.end), '*url');
  assert.equal(slash.fixes, undefined);
  // A key written in the map itself keeps its fix.
  const typo = findings.find(
    (finding) => finding.code === 'values-unknown-key' && finding.message.includes('cloudProviderr'),
  );
  assert.ok(typo?.fixes?.length);
});

test('a typo in a merged map is reported without the rename that would change every map merging it', () => {
  const text = `base: &base\n  cloudProviderr: azure\nglobal:\n  <<: *base\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n`;
  const typo = yaml(text).findings.find(
    (finding) => finding.code === 'values-unknown-key' && finding.message.includes('cloudProviderr'),
  );
  assert.ok(typo);
  assert.equal(text.slice(typo.start, typo.end), 'cloudProviderr');
  assert.equal(typo.fixes, undefined);
});
