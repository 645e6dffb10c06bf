// Issue #17, Gateway manifests: a listener hostname meant for Anyscale that is neither the Azure host nor the legacy one,
// an *.i listener without the *.s one next to it (its own rule, on the listeners), and a TLS secret name whose <cloud-resource-id> placeholder was never
// filled (an error in values files, and now in manifests too).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';

const AZURE_VALUES =
  'global:\n  cloudProvider: azure\n  cloudDeploymentId: cldrsrc_abc123def456\nnetworking:\n  gateway:\n    enabled: true\n    name: gateway\n';

function listener(name: string, hostname: string, secret: string): string {
  return `  - name: ${name}\n    port: 443\n    protocol: HTTPS\n    hostname: '${hostname}'\n    tls:\n      mode: Terminate\n      certificateRefs:\n      - kind: Secret\n        name: ${secret}\n`;
}

function gateway(...listeners: string[]): string {
  return (
    'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n  namespace: anyscale-operator\nspec:\n' +
    '  gatewayClassName: eg\n  listeners:\n  - name: http\n    port: 80\n    protocol: HTTP\n' +
    listeners.join('')
  );
}

function findings(text: string) {
  const index = new WorkspaceIndex();
  index.set('/ws/values.yaml', analyzeDocument(AZURE_VALUES, { fileName: '/ws/values.yaml' }).facts);
  return analyzeDocument(text, { fileName: '/ws/gateway.yaml' }, { uri: '/ws/gateway.yaml', workspace: index })
    .findings;
}

const SESSION = listener('https', '*.i.azure.anyscaleuserdata.com', 'anyscale-cldrsrc-abc123def456-certificate');
const SERVICE = listener(
  'https-session',
  '*.s.azure.anyscaleuserdata.com',
  'anyscale-svc-cldrsrc-abc123def456-certificate',
);

test('the quickstart Gateway (both Azure listeners, filled secret names) is silent', () => {
  assert.deepEqual(
    findings(gateway(SESSION, SERVICE)).map((f) => f.code),
    [],
  );
});

test('an Anyscale listener whose hostname is neither the Azure host nor the legacy one is reported, with the Azure host it means', () => {
  const text = gateway(
    SESSION,
    listener('https-session', '*.s.azure.anyscale.com', 'anyscale-svc-cldrsrc-abc123def456-certificate'),
  );
  const [finding, ...rest] = findings(text).filter((f) => f.code === 'gateway-hostname-not-azure');
  assert.deepEqual(rest, []);
  assert.equal(text.slice(finding.start, finding.end), "'*.s.azure.anyscale.com'");
  assert.match(
    finding.message,
    /"\*\.s\.azure\.anyscale\.com" is not a hostname Anyscale on Azure serves: its listeners use "\*\.i\.azure\.anyscaleuserdata\.com" and "\*\.s\.azure\.anyscaleuserdata\.com"/,
  );
  assert.deepEqual(
    finding.fixes?.map((f) => [f.title, !!f.preferred]),
    [['Use *.s.azure.anyscaleuserdata.com', false]],
  );
});

test('a listener for another application on the same Gateway is left alone', () => {
  assert.deepEqual(
    findings(gateway(SESSION, SERVICE, listener('app', 'app.contoso.com', 'contoso-tls'))).map((f) => f.code),
    [],
  );
});

test('an *.i listener without the *.s one is reported on the listeners as the missing service listener, not as a wrong hostname', () => {
  const text = gateway(SESSION);
  assert.deepEqual(
    findings(text).map((f) => f.code),
    ['gateway-service-listener-missing'],
  );
  const [found] = findings(text);
  assert.equal(found.severity, 'warning');
  assert.equal(text.slice(found.start, found.end), 'listeners');
  assert.match(
    found.message,
    /no listener for "\*\.s\.azure\.anyscaleuserdata\.com": Anyscale services are unreachable/,
  );
});

test("gateway-hostname-not-azure's quick fix on a lone older *.i listener leaves only the missing *.s listener reported", () => {
  const text = gateway(listener('https', '*.i.anyscaleuserdata.com', 'anyscale-cldrsrc-abc123def456-certificate'));
  const [hostname, ...others] = findings(text);
  assert.deepEqual([hostname.code, others], ['gateway-hostname-not-azure', []]);
  const edit = hostname.fixes![0].edits[0];
  const fixed = text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
  assert.deepEqual(
    findings(fixed).map((f) => [f.code, fixed.slice(f.start, f.end)]),
    [['gateway-service-listener-missing', 'listeners']],
  );
});

test('a TLS secret name with the <cloud-resource-id> placeholder left in is an error', () => {
  const text = gateway(SESSION.replace('cldrsrc-abc123def456', '<cloud-resource-id>'), SERVICE);
  const found = findings(text).filter((f) => f.code === 'gateway-tls-secret-invalid');
  assert.equal(found.length, 1);
  assert.equal(found[0].severity, 'error');
  assert.equal(text.slice(found[0].start, found[0].end), 'anyscale-<cloud-resource-id>-certificate');
  assert.match(found[0].message, /still has the placeholder <cloud-resource-id>/);
});

test('values meant for Anyscale on Azure make an Azure workspace: the Azure console (an EKS cluster of an Azure cloud), a Private Link host, azure in any case', () => {
  const legacy = gateway(
    listener('https', '*.i.anyscaleuserdata.com', 'anyscale-cldrsrc-abc123def456-certificate'),
    listener('https-session', '*.s.anyscaleuserdata.com', 'anyscale-svc-cldrsrc-abc123def456-certificate'),
  );
  const hostnameFindings = (values: string) => {
    const index = new WorkspaceIndex();
    index.set('/ws/values.yaml', analyzeDocument(values, { fileName: '/ws/values.yaml' }).facts);
    return analyzeDocument(
      legacy,
      { fileName: '/ws/gateway.yaml' },
      { uri: '/ws/gateway.yaml', workspace: index },
    ).findings.filter((f) => f.code === 'gateway-hostname-not-azure').length;
  };
  const values = (provider: string, url: string) =>
    `global:\n  cloudProvider: ${provider}\n  cloudDeploymentId: cldrsrc_abc123def456\n  controlPlaneURL: ${url}\n`;
  assert.equal(hostnameFindings(values('aws', 'https://console.azure.anyscale.com')), 2);
  assert.equal(hostnameFindings(values('aws', 'https://cld-abc123.azure.anyscale-cloud.dev/')), 2);
  assert.equal(hostnameFindings(values('Azure', 'https://console.anyscale.com')), 2);
  // Values for another control plane: the older hosts are that control plane's own.
  assert.equal(hostnameFindings(values('aws', 'https://console.anyscale.com')), 0);
});
