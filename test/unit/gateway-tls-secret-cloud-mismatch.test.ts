// gateway-tls-secret-cloud-mismatch: a Gateway manifest's TLS secret names against the global.cloudDeploymentId of the
// operator values file in the same folder — reported only when that pairing is unambiguous — in the service with a
// workspace index as the language server fills it, and in the CLI (`anyscale-azure check <folder>`) on real files;
// and the hover on a secret name, which says the same from the same pairing.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { yamlHover } from '../../server/src/service/yaml/features/yamlEditing';
import { REPO_ROOT } from '../support/paths';

const CODE = 'gateway-tls-secret-cloud-mismatch';

const values = (id: string) => `global:
  cloudDeploymentId: ${id}
  cloudProvider: azure
  controlPlaneURL: https://console.azure.anyscale.com
networking:
  gateway:
    enabled: true
    name: gateway
    namespace: anyscale-operator
`;

const GATEWAY = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: gateway
  namespace: anyscale-operator
spec:
  gatewayClassName: eg
  listeners:
  - name: https
    port: 443
    protocol: HTTPS
    hostname: '*.i.azure.anyscaleuserdata.com'
    tls:
      certificateRefs:
      - kind: Secret
        name: anyscale-cldrsrc-abc123-certificate
  - name: https-services
    port: 443
    protocol: HTTPS
    hostname: '*.s.azure.anyscaleuserdata.com'
    tls:
      certificateRefs:
      - kind: Secret
        name: anyscale-svc-cldrsrc-abc123-certificate
`;

/** A workspace index holding the values files given (URI → text), as the language server fills it. */
function indexOf(valuesFiles: Record<string, string>): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(valuesFiles)) index.set(uri, analyzeDocument(text, { fileName: uri }).facts);
  return index;
}

/** The gateway's findings of the rule, with the values files given (URI → text) in the workspace index. */
function findings(gatewayUri: string, valuesFiles: Record<string, string>, gateway = GATEWAY) {
  const index = indexOf(valuesFiles);
  return analyzeDocument(gateway, { fileName: gatewayUri }, { uri: gatewayUri, workspace: index }).findings.filter(
    (f) => f.code === CODE,
  );
}

test('secret names with another cloud resource ID than the one values file beside the manifest: both reported, with a fix', () => {
  const found = findings('file:///w/cloud-b/gateway.yaml', {
    'file:///w/cloud-b/values.yaml': values('cldrsrc_Xyz789'),
  });
  assert.equal(found.length, 2);
  assert.deepEqual(
    found.map((f) => GATEWAY.slice(f.start, f.end)),
    ['anyscale-cldrsrc-abc123-certificate', 'anyscale-svc-cldrsrc-abc123-certificate'],
  );
  assert.equal(found[0].severity, 'warning');
  assert.match(
    found[0].message,
    /is for cloud resource cldrsrc-abc123, but the operator values next to this manifest \(values\.yaml\) set global\.cloudDeploymentId cldrsrc_Xyz789: the operator creates "anyscale-cldrsrc-xyz789-certificate"/,
  );
  assert.equal(
    found[1].fixes?.[0].title,
    'Use anyscale-svc-cldrsrc-xyz789-certificate (the cloud resource of values.yaml)',
  );
  assert.notEqual(found[1].fixes?.[0].preferred, true);
});

test('the ID the values name, in either spelling, is not reported', () => {
  assert.deepEqual(findings('file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values('cldrsrc_abc123') }), []);
  assert.deepEqual(findings('C:\\w\\a\\gateway.yaml', { 'C:\\w\\a\\values.yaml': values('cldrsrc_ABC123') }), []);
  assert.equal(findings('C:\\w\\a\\gateway.yaml', { 'C:\\w\\a\\values.yaml': values('cldrsrc_other') }).length, 2);
});

test('silent when the pairing is ambiguous or the ID unknown', () => {
  // Two values files in the folder: which one is this Gateway's is not written anywhere.
  assert.deepEqual(
    findings('file:///w/a/gateway.yaml', {
      'file:///w/a/values.yaml': values('cldrsrc_xyz789'),
      'file:///w/a/values-dev.yaml': values('cldrsrc_abc123'),
    }),
    [],
  );
  // Even when both name the same ID: one values file beside the manifest is the pairing reported.
  assert.deepEqual(
    findings('file:///w/a/gateway.yaml', {
      'file:///w/a/values.yaml': values('cldrsrc_xyz789'),
      'file:///w/a/values-prod.yaml': values('cldrsrc_xyz789'),
    }),
    [],
  );
  // The only values file is in another folder.
  assert.deepEqual(findings('file:///w/a/gateway.yaml', { 'file:///w/b/values.yaml': values('cldrsrc_xyz789') }), []);
  assert.deepEqual(
    findings('file:///w/a/gateway.yaml', { 'file:///w/a/sub/values.yaml': values('cldrsrc_xyz789') }),
    [],
  );
  // The values' ID is still the placeholder, or the secret name is (gateway-tls-secret-invalid's).
  assert.deepEqual(
    findings('file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values("'<cloud-resource-id>'") }),
    [],
  );
  const placeholder = GATEWAY.replace(
    'anyscale-cldrsrc-abc123-certificate',
    'anyscale-<cloud-resource-id>-certificate',
  );
  assert.deepEqual(
    findings('file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values('cldrsrc_xyz789') }, placeholder).map(
      (f) => f.start,
    ),
    [placeholder.indexOf('anyscale-svc-')],
  );
});

test('anyscale-azure check <folder> reports it on real files, and not with a second values file in the folder', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-secret-cloud-'));
  try {
    fs.writeFileSync(path.join(folder, 'values.yaml'), values('cldrsrc_xyz789'));
    fs.writeFileSync(path.join(folder, 'gateway.yaml'), GATEWAY);
    const check = () => {
      const result = spawnSync(
        process.execPath,
        [path.join(REPO_ROOT, 'bin', 'anyscale-azure.js'), 'check', '--format', 'json', folder],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      return (JSON.parse(result.stdout) as Array<{ code: string; line: number; file: string }>).filter(
        (r) => r.code === CODE,
      );
    };
    assert.deepEqual(
      check().map((r) => [path.basename(r.file), r.line]),
      [
        ['gateway.yaml', 16],
        ['gateway.yaml', 24],
      ],
    );
    fs.writeFileSync(path.join(folder, 'values-dev.yaml'), values('cldrsrc_abc123'));
    assert.deepEqual(check(), []);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

/** The hover on a secret name of the gateway, with the workspace the language server gives it (every file's facts). */
function hoverOn(gatewayUri: string, valuesFiles: Record<string, string>, name: string, gateway = GATEWAY): string {
  const workspace = indexOf(valuesFiles).viewFrom(undefined);
  const hover = yamlHover(gateway, gateway.indexOf(name) + 2, { uri: gatewayUri, workspace });
  assert.ok(hover, `a hover on ${name}`);
  return hover.markdown;
}

test('hover on a secret name: its cloud resource, and the name the operator creates when the values beside it name another', () => {
  const head = 'anyscale-cldrsrc-abc123-certificate';
  const gatewayUri = 'file:///w/cloud-b/gateway.yaml';
  const other = { 'file:///w/cloud-b/values.yaml': values('cldrsrc_Xyz789') };
  const [own, cloud, field] = hoverOn(gatewayUri, other, head).split('\n\n');
  assert.equal(own, `\`${head}\`: Head-node certificate (the cloud resource ID with hyphens)`);
  assert.equal(
    cloud,
    'For cloud resource `cldrsrc_abc123`, but `values.yaml` beside this manifest sets `global.cloudDeploymentId` to `cldrsrc_Xyz789`: the operator creates `anyscale-cldrsrc-xyz789-certificate`, so no secret of this name will exist for it.',
  );
  assert.match(field, /^\*\*spec\.listeners\[\]\.tls\.certificateRefs\[\]\.name\*\*/);
  // The name the finding's message and fix give: the same.
  const wanted = findings(gatewayUri, other).map((f) => /creates "([^"]+)"/.exec(f.message)?.[1]);
  assert.deepEqual(wanted, ['anyscale-cldrsrc-xyz789-certificate', 'anyscale-svc-cldrsrc-xyz789-certificate']);
  assert.match(
    hoverOn(gatewayUri, other, 'anyscale-svc-cldrsrc'),
    /the operator creates `anyscale-svc-cldrsrc-xyz789-certificate`/,
  );
  // The values' own ID, in the spelling they write it.
  assert.match(
    hoverOn('file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values('cldrsrc_ABC123') }, head),
    /\n\nFor cloud resource `cldrsrc_ABC123`, the one `values\.yaml` beside this manifest sets in `global\.cloudDeploymentId`\.\n\n/,
  );
  // No values beside it: the ID the name carries, nothing more.
  assert.match(hoverOn(gatewayUri, {}, head), /\n\nFor cloud resource `cldrsrc_abc123`\.\n\n/);
  // Not an Anyscale secret: nothing about a cloud resource.
  const custom = GATEWAY.replace(head, 'my-own-certificate');
  assert.doesNotMatch(hoverOn(gatewayUri, other, 'my-own-certificate', custom), /For cloud resource/);
});

test('the hover on a secret name and the rule agree on every pairing: a mismatch in one is a finding in the other', () => {
  const pairings: Array<[string, Record<string, string>]> = [
    ['file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values('cldrsrc_xyz789') }],
    ['file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values('cldrsrc_abc123') }],
    ['C:\\w\\a\\gateway.yaml', { 'C:\\w\\a\\values.yaml': values('cldrsrc_other') }],
    [
      'file:///w/a/gateway.yaml',
      { 'file:///w/a/values.yaml': values('cldrsrc_xyz789'), 'file:///w/a/values-dev.yaml': values('cldrsrc_abc123') },
    ],
    ['file:///w/a/gateway.yaml', { 'file:///w/b/values.yaml': values('cldrsrc_xyz789') }],
    ['file:///w/a/gateway.yaml', { 'file:///w/a/values.yaml': values("'<cloud-resource-id>'") }],
  ];
  for (const [uri, files] of pairings) {
    const reported = findings(uri, files).map((f) => GATEWAY.slice(f.start, f.end));
    for (const name of ['anyscale-cldrsrc-abc123-certificate', 'anyscale-svc-cldrsrc-abc123-certificate']) {
      const mismatch = /no secret of this name will exist for it/.test(hoverOn(uri, files, name));
      assert.equal(mismatch, reported.includes(name), `${name} beside ${Object.keys(files).join(', ')}`);
    }
  }
});

/** Pre-1.0 values (the flat layout): the old chart read the cloud resource ID from the top-level cloudDeploymentId. */
const legacyValues = (id: string) => `cloudDeploymentId: ${id}
cloudProvider: azure
controlPlaneURL: https://console.azure.anyscale.com
operatorIamIdentity: 11111111-2222-3333-4444-555555555555
`;

test('pre-1.0 values beside the manifest pair through their top-level cloudDeploymentId, named so in the message, the fix and the hover', () => {
  const gatewayUri = 'file:///w/old/gateway.yaml';
  const legacy = { 'file:///w/old/values.yaml': legacyValues('cldrsrc_Xyz789') };
  const found = findings(gatewayUri, legacy);
  assert.equal(found.length, 2);
  assert.match(
    found[0].message,
    /the operator values next to this manifest \(values\.yaml\) set cloudDeploymentId cldrsrc_Xyz789: the operator creates "anyscale-cldrsrc-xyz789-certificate"/,
  );
  assert.equal(
    found[0].fixes?.[0].title,
    'Use anyscale-cldrsrc-xyz789-certificate (the cloud resource of values.yaml)',
  );
  assert.match(
    hoverOn(gatewayUri, legacy, 'anyscale-cldrsrc-abc123-certificate'),
    /\n\nFor cloud resource `cldrsrc_abc123`, but `values\.yaml` beside this manifest sets `cloudDeploymentId` to `cldrsrc_Xyz789`: the operator creates `anyscale-cldrsrc-xyz789-certificate`/,
  );
  const same = { 'file:///w/old/values.yaml': legacyValues('cldrsrc_abc123') };
  assert.deepEqual(findings(gatewayUri, same), []);
  assert.match(
    hoverOn(gatewayUri, same, 'anyscale-cldrsrc-abc123-certificate'),
    /\n\nFor cloud resource `cldrsrc_abc123`, the one `values\.yaml` beside this manifest sets in `cloudDeploymentId`\.\n\n/,
  );
});

test('1.x values read global.cloudDeploymentId only: a top-level cloudDeploymentId left there (values-legacy-key) pairs with nothing', () => {
  const halfMigrated = `cloudDeploymentId: cldrsrc_xyz789
global:
  cloudProvider: azure
`;
  const gatewayUri = 'file:///w/a/gateway.yaml';
  const files = { 'file:///w/a/values.yaml': halfMigrated };
  assert.deepEqual(findings(gatewayUri, files), []);
  assert.match(
    hoverOn(gatewayUri, files, 'anyscale-cldrsrc-abc123-certificate'),
    /\n\nFor cloud resource `cldrsrc_abc123`\.\n\n/,
  );
});
