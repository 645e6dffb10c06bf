// Gateway manifests read as kubectl reads them: an alias stands for the node it names, a merge key (`<<`) puts the
// keys of the maps it names into the map. A listener whose TLS block is an alias has certificates (no false
// gateway-certificate-missing); a value read through an anchor is reported once, where it is written, with no fix
// (editing it would change every listener that reads it).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { parseYaml } from '../../server/src/service/yaml/document';
import { gatewayManifest } from '../../server/src/service/yaml/gatewayManifest';

const AZURE_VALUES =
  'global:\n  cloudProvider: azure\n  cloudDeploymentId: cldrsrc_abc123def456\nnetworking:\n  gateway:\n    enabled: true\n    name: gateway\n';

const HEAD =
  'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n  namespace: anyscale-operator\n' +
  'spec:\n  gatewayClassName: eg\n  listeners:\n  - name: http\n    port: 80\n    protocol: HTTP\n';

/** The *.i listener, its TLS block anchored `&tls` and the listener `&https`. */
const SESSION_LISTENER =
  "  - &https\n    name: https\n    port: 443\n    protocol: HTTPS\n    hostname: '*.i.azure.anyscaleuserdata.com'\n" +
  '    tls: &tls\n      mode: Terminate\n      certificateRefs:\n      - kind: Secret\n' +
  '        name: anyscale-cldrsrc-abc123def456-certificate\n';

const SERVICE_HEAD =
  "  - name: https-session\n    port: 443\n    protocol: HTTPS\n    hostname: '*.s.azure.anyscaleuserdata.com'\n";

function findings(text: string) {
  const index = new WorkspaceIndex();
  index.set('/ws/values.yaml', analyzeDocument(AZURE_VALUES, { fileName: '/ws/values.yaml' }).facts);
  return analyzeDocument(text, { fileName: '/ws/gateway.yaml' }, { uri: '/ws/gateway.yaml', workspace: index })
    .findings;
}

function manifestOf(text: string) {
  const manifest = gatewayManifest(text, parseYaml(text).documents[0]);
  assert.ok(manifest);
  return manifest;
}

test('a listener whose tls is an alias (`tls: *tls`) has the certificates it names: no gateway-certificate-missing', () => {
  const text = HEAD + SESSION_LISTENER + SERVICE_HEAD + '    tls: *tls\n';
  assert.deepEqual(
    findings(text).map((f) => f.code),
    [],
  );
  const session = manifestOf(text).listeners[2];
  assert.equal(session.certificateRefs?.[0]?.value, 'anyscale-cldrsrc-abc123def456-certificate');
  assert.equal(session.certificateRefs?.[0]?.viaAnchor, true);
  assert.equal(session.hostname?.viaAnchor, undefined, 'written in place');
});

test('a listener that merges its tls (`<<: { tls: *tls }`) or its whole self (`<<: *https`) reads the merged keys', () => {
  const mergedTls = HEAD + SESSION_LISTENER + '  - <<: { tls: *tls }\n' + SERVICE_HEAD.replace('  - ', '    ');
  assert.deepEqual(
    findings(mergedTls).map((f) => f.code),
    [],
  );
  const mergedListener =
    HEAD +
    SESSION_LISTENER +
    "  - <<: *https\n    name: https-session\n    hostname: '*.s.azure.anyscaleuserdata.com'\n";
  const session = manifestOf(mergedListener).listeners[2];
  assert.equal(session.name?.value, 'https-session');
  assert.equal(session.protocol?.value, 'HTTPS');
  assert.equal(session.protocol?.viaAnchor, true);
  assert.equal(session.hostname?.value, '*.s.azure.anyscaleuserdata.com');
  assert.equal(session.hostname?.viaAnchor, undefined, 'written after the merge key, in the listener itself');
  assert.equal(session.tlsMode?.value, 'Terminate');
});

test('a listener written as an alias (`- *https`) is the listener it names; its findings point at the alias', () => {
  const text = HEAD + SESSION_LISTENER + '  - *https\n';
  const manifest = manifestOf(text);
  assert.equal(manifest.listeners.length, 3);
  assert.equal(manifest.listeners[2].hostname?.value, '*.i.azure.anyscaleuserdata.com');
  const alias = text.lastIndexOf('*https');
  assert.deepEqual(manifest.listeners[2].anchor, { start: alias, end: alias + '*https'.length });
});

test('a wrong secret two listeners read through one anchor is one finding where it is written, with no fix', () => {
  const wrong = SESSION_LISTENER.replace('abc123def456', 'abc123_def456');
  const shared = findings(HEAD + wrong + SERVICE_HEAD + '    tls: *tls\n').filter(
    (f) => f.code === 'gateway-tls-secret-invalid',
  );
  assert.equal(shared.length, 1);
  const text = HEAD + wrong + SERVICE_HEAD + '    tls: *tls\n';
  assert.equal(text.slice(shared[0].start, shared[0].end), 'anyscale-cldrsrc-abc123_def456-certificate');
  assert.equal(shared[0].fixes, undefined, 'the fix would rename the secret of both listeners');
  // The same secret written in one listener only (no alias names its anchor) keeps its fix.
  const own = findings(HEAD + wrong + SERVICE_HEAD).filter((f) => f.code === 'gateway-tls-secret-invalid');
  assert.equal(own.length, 1);
  assert.equal(own[0].fixes?.[0]?.edits[0]?.newText, 'anyscale-cldrsrc-abc123-def456-certificate');
});

test('a listener, its tls or its certificateRefs filled in later (unquoted {{ … }}, a YAML map): no rule guesses at it', () => {
  const codes = (text: string) => findings(text).map((f) => f.code);
  const https = '  - name: https\n    port: 443\n    protocol: HTTPS\n';
  assert.deepEqual(codes(`${HEAD}${https}    tls: {{ toYaml .Values.tls | nindent 6 }}\n`), []);
  assert.deepEqual(codes(`${HEAD}${https}    tls:\n      certificateRefs: {{ toYaml .Values.refs }}\n`), []);
  assert.deepEqual(codes(`${HEAD}${SESSION_LISTENER}  - {{ toYaml .Values.serviceListener }}\n`), []);
  assert.equal(manifestOf(`${HEAD}  - {{ toYaml .Values.serviceListener }}\n`).listeners[1].filledInLater, true);
  // Written out, the same listeners are checked.
  assert.deepEqual(codes(`${HEAD}${https}    tls:\n      mode: Terminate\n`), ['gateway-certificate-missing']);
  assert.deepEqual(codes(`${HEAD}${SESSION_LISTENER}`), ['gateway-service-listener-missing']);
});

test('a hostname filled in later ("{{ .Values.serviceHost }}", quoted): it may be either of Anyscale\'s, so neither it nor a missing *.s listener is reported', () => {
  const codes = (text: string) => findings(text).map((f) => f.code);
  const templated = (hostname: string, secret: string) =>
    `  - name: https-service\n    port: 443\n    protocol: HTTPS\n    hostname: "${hostname}"\n    tls:\n      mode: Terminate\n      certificateRefs:\n        - name: ${secret}\n`;
  const secret = 'anyscale-svc-cldrsrc-abc123def456-certificate';
  assert.deepEqual(codes(`${HEAD}${SESSION_LISTENER}${templated('{{ .Values.serviceHost }}', secret)}`), []);
  assert.deepEqual(codes(`${HEAD}${SESSION_LISTENER}${templated('${service_host}', secret)}`), []);
  const unquoted = `${HEAD}${SESSION_LISTENER}${templated('x', secret).replace('"x"', '{{ .Values.serviceHost }}')}`;
  assert.deepEqual(codes(unquoted), []);
  assert.equal(manifestOf(unquoted).listeners[2].hostnameFilledInLater, true);
  // Written out, a stray hostname on the service secret's listener is reported.
  assert.deepEqual(codes(`${HEAD}${SESSION_LISTENER}${templated('*.example.com', secret)}`), [
    'gateway-hostname-not-azure',
  ]);
});
