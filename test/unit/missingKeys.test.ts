// A values rule about a key that is not written squiggles the key of its nearest section that is (`auth` for
// global.auth.audience, else `global`), not the document's first line, which only a path none of whose sections is
// written falls back to.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';

const GATEWAY = `networking:
  gateway:
    enabled: true
    name: gateway
    namespace: anyscale-operator
    className: eg
    apiVersion: gateway.networking.k8s.io/v1
    hostname: anyscale-gw.uksouth.cloudapp.azure.com
`;
const GLOBAL = `global:
  cloudDeploymentId: cldrsrc_abc123def456
  cloudProvider: azure
  controlPlaneURL: https://console.azure.anyscale.com
  auth:
    iamIdentity: 6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b
    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default
`;
const WORKLOADS = 'workloads:\n  serviceAccount:\n    name: anyscale-operator\n';

/** The text each finding of `code` squiggles, with the line it starts on (0-based). */
function squiggled(text: string, code: string): string[] {
  return analyzeDocument(text, { languageId: 'yaml' })
    .findings.filter((f) => f.code === code)
    .map((f) => `${text.slice(0, f.start).split('\n').length - 1}:${text.slice(f.start, f.end)}`);
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));

test('global.auth.audience: at `auth` when it is written, else at `global`, wherever global is', () => {
  const withAuth = GATEWAY + WORKLOADS + GLOBAL.replace(/\n {4}audience: .*/, '');
  assert.deepEqual(squiggled(withAuth, 'values-auth-audience'), [`${lineOf(withAuth, '  auth:')}:auth`]);
  const withoutAuth = GATEWAY + WORKLOADS + GLOBAL.replace(/\n {2}auth:\n.*\n.*/, '');
  assert.deepEqual(squiggled(withoutAuth, 'values-auth-audience'), [`${lineOf(withoutAuth, 'global:')}:global`]);
});

test('workloads.serviceAccount.name: at `serviceAccount`, else `workloads`, else (no section of it) the first line', () => {
  const noName =
    GLOBAL + GATEWAY + 'workloads:\n  serviceAccount:\n    iamMappingAnnotation: anyscale.com/iam-mapping\n';
  const code = 'values-workload-service-account';
  assert.deepEqual(squiggled(noName, code), [`${lineOf(noName, 'serviceAccount:')}:serviceAccount`]);
  const noAccount = GLOBAL + GATEWAY + 'workloads:\n  enableZoneSelector: true\n';
  assert.deepEqual(squiggled(noAccount, code), [`${lineOf(noAccount, 'workloads:')}:workloads`]);
  assert.deepEqual(squiggled(GATEWAY + GLOBAL, code), ['0:networking:']);
});

test('global.cloudDeploymentId and global.controlPlaneURL: at `global`, not the first line above it', () => {
  const noId = GATEWAY + WORKLOADS + GLOBAL.replace(/\n {2}cloudDeploymentId: .*/, '');
  assert.deepEqual(squiggled(noId, 'values-cloud-deployment-id-invalid'), [`${lineOf(noId, 'global:')}:global`]);
  const noUrl = GATEWAY + WORKLOADS + GLOBAL.replace(/\n {2}controlPlaneURL: .*/, '');
  assert.deepEqual(squiggled(noUrl, 'values-control-plane-url-not-azure'), [`${lineOf(noUrl, 'global:')}:global`]);
});
