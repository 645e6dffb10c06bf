// What a values document tells the other files (service/index/facts.ts): each key read where its chart reads it, so
// that a pre-1.0 values file (flat `enableGateway`, `gatewayName`, `cloudDeploymentId`) pairs with the Gateway beside
// it as a 1.x file does, and the Gateway's findings name the key the file writes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../server/src/service/analyze';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';

const GATEWAY =
  'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n  namespace: anyscale-operator\nspec:\n  gatewayClassName: eg\n';
const PRE_1_0 = (enabled: boolean, name: string) =>
  `cloudDeploymentId: cldrsrc_abc123def456\noperatorIamIdentity: 0a1b2c3d\nenableGateway: ${enabled}\ngatewayName: ${name}\n`;
const V1 = (enabled: boolean, name: string) =>
  `global:\n  cloudProvider: azure\nnetworking:\n  gateway:\n    enabled: ${enabled}\n    name: ${name}\n`;

function factsOf(text: string) {
  return analyzeDocument(text, { fileName: '/ws/values.yaml' }).facts.operatorValues[0];
}

/** The Gateway's findings of the two gateway rules, with the values file beside it. */
function gatewayFindings(values: string): string[] {
  const index = new WorkspaceIndex();
  index.set('/ws/values.yaml', analyzeDocument(values, { fileName: '/ws/values.yaml' }).facts);
  return analyzeDocument(GATEWAY, { fileName: '/ws/gateway.yaml' }, { uri: '/ws/gateway.yaml', workspace: index })
    .findings.filter((f) => f.code === 'gateway-values-mismatch' || f.code === 'gateway-disabled-in-values')
    .map((f) => `${f.code}: ${f.message}`);
}

test("a pre-1.0 values file's gateway keys are its flat ones, as the old chart read them; its namespace is not known", () => {
  const old = factsOf(PRE_1_0(true, 'gw'));
  assert.deepEqual(
    [old.gatewayEnabled, old.gatewayEnabledKey, old.gatewayName, old.gatewayNameKey, old.gatewayNamespaceKey],
    [true, 'enableGateway', 'gw', 'gatewayName', undefined],
  );
  assert.equal(old.cloudDeploymentIdKey, 'cloudDeploymentId');
  const v1 = factsOf(V1(true, 'gw'));
  assert.deepEqual(
    [v1.gatewayEnabled, v1.gatewayEnabledKey, v1.gatewayName, v1.gatewayNameKey, v1.gatewayNamespaceKey],
    [true, 'networking.gateway.enabled', 'gw', 'networking.gateway.name', 'networking.gateway.namespace'],
  );
  // A 1.x file's flat leftover is not what its chart reads.
  const half = factsOf(`${V1(true, 'gw')}gatewayName: other\n`);
  assert.equal(half.gatewayName, 'gw');
});

test('the Gateway beside a pre-1.0 values file is checked against its gateway keys, named as the file writes them', () => {
  assert.deepEqual(gatewayFindings(PRE_1_0(true, 'gateway')), []);
  assert.deepEqual(gatewayFindings(PRE_1_0(true, 'other')), [
    'gateway-values-mismatch: Gateway "gateway" in namespace "anyscale-operator" is not the Gateway the operator values name (gatewayName): "other". The operator\'s routes would attach to another Gateway.',
  ]);
  const [disabled] = gatewayFindings(PRE_1_0(false, 'gateway'));
  assert.match(
    disabled,
    /^gateway-disabled-in-values: The operator values \(values\.yaml\) set enableGateway: false, so/,
  );
  // A 1.x file, as before.
  assert.match(gatewayFindings(V1(true, 'other'))[0], /operator values name \(networking\.gateway\.name\/namespace\)/);
  assert.match(gatewayFindings(V1(false, 'gateway'))[0], /set networking\.gateway\.enabled: false, so/);
});
