// The target-cluster resolver (rules/arm/extensions/targetCluster.ts, issue #16), the helper every rule about "the
// cluster this extension is installed on" imports: from `scope` (literal, full ID, format(), resourceId()), else a
// dependsOn entry (resourceId, name, symbolic name), else the only cluster of the template scope; undefined whenever
// the template does not pin it down (another resource type, a cluster declared elsewhere, two clusters and no clue).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import { anyscaleView } from '../../server/src/service/arm/anyscaleView';
import { createEvaluator } from '../../server/src/service/arm/expressions/evaluate';
import { knownString } from '../../server/src/service/arm/value';
import { isResourceType } from '../../server/src/service/arm/template';
import { targetCluster } from '../../server/src/service/rules/support/targetCluster';
import { resourceNameSegments } from '../../server/src/service/arm/resourceNameSegments';
import type { TemplateContext } from '../../server/src/service/rules/templateContext';

const cluster = (name: string) => ({
  type: 'Microsoft.ContainerService/managedClusters',
  apiVersion: '2025-10-01',
  name,
  location: 'eastus2',
  properties: {},
});
const extension = (extra: Record<string, unknown>) => ({
  type: 'Microsoft.KubernetesConfiguration/extensions',
  apiVersion: '2024-11-01',
  name: 'ext',
  properties: { extensionType: 'microsoft.kuberay' },
  ...extra,
});

/** The name of the cluster the template's extension targets (and how), or undefined. */
function resolve(template: Record<string, unknown>): string | undefined {
  const text = JSON.stringify({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    ...template,
  });
  const parsed = analyzeText(text).template!;
  const evaluator = createEvaluator(parsed);
  const value: TemplateContext['value'] = (node, resource, copyIndex) => evaluator.value(node, resource, copyIndex);
  const context: TemplateContext = {
    text,
    template: parsed,
    anyscale: anyscaleView(parsed, value),
    value,
    resourceId: (node, resource, copyIndex) => evaluator.resourceId(node, resource, copyIndex),
    nameSegments: (resource, copyIndex) => resourceNameSegments(resource.nameNode, resource, evaluator, copyIndex),
    report: () => assert.fail('the resolver reports nothing'),
  };
  const ext = parsed.resources.find((r) => isResourceType(r, 'Microsoft.KubernetesConfiguration/extensions'))!;
  const target = targetCluster(ext, context);
  return (
    target && `${knownString(target.cluster.name) ?? target.cluster.symbolicName ?? '(name unknown)'} via ${target.via}`
  );
}

test('scope: a literal type/name, a full resource ID, format() and resourceId()', () => {
  const clusters = [cluster('aks-a'), cluster('aks-b')];
  assert.equal(
    resolve({ resources: [...clusters, extension({ scope: 'Microsoft.ContainerService/managedClusters/aks-b' })] }),
    'aks-b via scope',
  );
  assert.equal(
    resolve({
      resources: [
        ...clusters,
        extension({
          scope: '/subscriptions/s/resourceGroups/rg/providers/Microsoft.ContainerService/managedClusters/AKS-A',
        }),
      ],
    }),
    'aks-a via scope',
  );
  const parameters = { clusterName: { type: 'string', defaultValue: 'aks-b' } };
  assert.equal(
    resolve({
      parameters,
      resources: [
        ...clusters,
        extension({ scope: "[format('Microsoft.ContainerService/managedClusters/{0}', parameters('clusterName'))]" }),
      ],
    }),
    'aks-b via scope',
  );
  assert.equal(
    resolve({
      parameters,
      resources: [
        ...clusters,
        extension({ scope: "[resourceId('Microsoft.ContainerService/managedClusters', parameters('clusterName'))]" }),
      ],
    }),
    'aks-b via scope',
  );
});

test('dependsOn when the scope cannot be known: resourceId(), a name, a symbolic name', () => {
  const parameters = { clusterScope: { type: 'string' } };
  const clusters = [cluster('aks-a'), cluster('aks-b')];
  const scope = "[parameters('clusterScope')]";
  assert.equal(
    resolve({
      parameters,
      resources: [
        ...clusters,
        extension({ scope, dependsOn: ["[resourceId('Microsoft.ContainerService/managedClusters', 'aks-a')]"] }),
      ],
    }),
    'aks-a via dependsOn',
  );
  assert.equal(
    resolve({ parameters, resources: [...clusters, extension({ scope, dependsOn: ['aks-b'] })] }),
    'aks-b via dependsOn',
  );
  const symbolic = {
    languageVersion: '2.0',
    parameters,
    resources: {
      one: cluster("[parameters('clusterScope')]"),
      two: cluster('aks-b'),
      ext: extension({ scope, dependsOn: ['one'] }),
    },
  };
  assert.equal(resolve(symbolic), 'one via dependsOn');
});

test('the only cluster of the template when nothing else names it', () => {
  const parameters = { clusterName: { type: 'string' } };
  assert.equal(
    resolve({
      parameters,
      resources: [
        cluster("[parameters('clusterName')]"),
        extension({ scope: "[format('Microsoft.ContainerService/managedClusters/{0}', parameters('clusterName'))]" }),
      ],
    }),
    '(name unknown) via only cluster',
  );
});

test('undefined when the template does not pin it down', () => {
  const parameters = { clusterScope: { type: 'string' } };
  // A cluster the template does not declare: not the template's cluster, even though it is the only one.
  assert.equal(
    resolve({
      resources: [cluster('aks-a'), extension({ scope: 'Microsoft.ContainerService/managedClusters/aks-elsewhere' })],
    }),
    undefined,
  );
  // A scope that is another kind of resource.
  assert.equal(
    resolve({ resources: [cluster('aks-a'), extension({ scope: 'Microsoft.Kubernetes/connectedClusters/arc-a' })] }),
    undefined,
  );
  // Two clusters, an unknown scope, no dependsOn.
  assert.equal(
    resolve({
      parameters,
      resources: [cluster('aks-a'), cluster('aks-b'), extension({ scope: "[parameters('clusterScope')]" })],
    }),
    undefined,
  );
  // No cluster at all.
  assert.equal(resolve({ parameters, resources: [extension({ scope: "[parameters('clusterScope')]" })] }), undefined);
});
