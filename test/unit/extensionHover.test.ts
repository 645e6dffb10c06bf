// Hover on a managed KubeRay extension resource (issue #16): what it installs, how to verify and remove it, and its
// docs' warnings — on the resource's `type` value and on `extensionType`, for microsoft.kuberay only.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/service/analyze';
import { armHover } from '../../server/src/service/arm/features/armHover';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": { "clusterName": { "type": "string" } },
  "resources": [
    {
      "type": "Microsoft.KubernetesConfiguration/extensions",
      "apiVersion": "2024-11-01",
      "name": "kuberay",
      "scope": "[format('Microsoft.ContainerService/managedClusters/{0}', parameters('clusterName'))]",
      "properties": {
        "extensionType": "microsoft.kuberay",
        "autoUpgradeMinorVersion": true,
        "releaseTrain": "stable",
        "scope": { "cluster": { "releaseNamespace": "kuberay-system" } }
      }
    },
    {
      "type": "Microsoft.KubernetesConfiguration/extensions",
      "apiVersion": "2024-11-01",
      "name": "flux",
      "scope": "[format('Microsoft.ContainerService/managedClusters/{0}', parameters('clusterName'))]",
      "properties": { "extensionType": "microsoft.flux" }
    }
  ]
}`;

const analysis = analyzeText(TEMPLATE);
const OPTIONS = {
  parameterFiles: [],
  docsUrl: (code: string) => `https://docs.example.test/rules/${code}.md`,
  docsPageUrl: (page: string) => page,
};

function hoverAt(needle: string, into: number, nth = 0) {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = TEMPLATE.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, needle);
  return armHover(TEMPLATE, analysis, offset + into, OPTIONS);
}

function assertKuberaySection(markdown: string): void {
  for (const kind of ['RayCluster', 'RayJob', 'RayCronJob', 'RayService'])
    assert.match(markdown, new RegExp(`\\b${kind}\\b`));
  assert.match(
    markdown,
    /kubectl wait --for=condition=Available deployment\/kuberay-operator --namespace kuberay-system --timeout=5m/,
  );
  assert.match(
    markdown,
    /kubectl get crds rayclusters\.ray\.io rayjobs\.ray\.io raycronjobs\.ray\.io rayservices\.ray\.io/,
  );
  assert.match(markdown, /provisioningState `Succeeded`/);
  assert.match(markdown, /az k8s-extension delete/);
  assert.match(markdown, /Never delete the `\*\.ray\.io` CRDs to clean up/);
  assert.match(markdown, /Uninstall any self-hosted \(OSS\) KubeRay operator first/);
  assert.match(markdown, /Kubernetes 1\.34 or later/);
  assert.match(markdown, /\(https:\/\/learn\.microsoft\.com\/en-us\/azure\/aks\/kuberay-overview\)/);
}

test('the type of a managed KubeRay extension shows what it installs, how to verify and remove it, and the warnings', () => {
  const hover = hoverAt('"Microsoft.KubernetesConfiguration/extensions"', 5);
  assert.ok(hover);
  assertKuberaySection(hover.markdown);
  assert.equal(TEMPLATE.slice(hover.range.start, hover.range.end), '"Microsoft.KubernetesConfiguration/extensions"');
});

test('extensionType microsoft.kuberay (key and value) shows the same section', () => {
  for (const [needle, into] of [
    ['"extensionType"', 3],
    ['"microsoft.kuberay"', 4],
  ] as const) {
    const hover = hoverAt(needle, into);
    assert.ok(hover, needle);
    assertKuberaySection(hover.markdown);
  }
});

test('other extensions and other properties of the KubeRay extension get no KubeRay section', () => {
  for (const [needle, into, nth] of [
    ['"Microsoft.KubernetesConfiguration/extensions"', 5, 1],
    ['"microsoft.flux"', 4, 0],
    ['"releaseTrain"', 3, 0],
  ] as const) {
    const hover = hoverAt(needle, into, nth);
    assert.ok(!hover?.markdown.includes('Managed KubeRay extension'), `${needle}: ${hover?.markdown}`);
  }
});
