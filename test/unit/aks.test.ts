// Issue #16, the AKS part: the AKS cluster rules' fixes and triggers, region-missing's severity per provider, ARM's
// template limits beyond what a fixture can hold (size, nested templates), the Gateway/values check, and no false
// alarm on the real AKS templates of ../shared/corpus when they are deployed next to an Anyscale cloud resource.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeDocument, analyzeText, parseJson } from '../../server/src/service/analyze';
import type { Analysis, Finding, TextEdit } from '../../server/src/service/types';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { CORPUS } from '../support/paths';

const CLOUD_RESOURCE = {
  type: 'Anyscale.Platform/clouds/cloudResources',
  apiVersion: '2026-09-01',
  name: 'my-cloud/default',
  location: 'uksouth',
  properties: {
    provider: 'Azure',
    computeStack: 'K8S',
    region: 'uksouth',
    cloudStorageBucketName: 'abfss://anyscale-data@mystorageacct.dfs.core.windows.net',
    cloudStorageBucketEndpoint: 'https://mystorageacct.blob.core.windows.net',
    anyscaleOperatorIamIdentity: '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
  },
};

function cluster(properties: Record<string, unknown>, location = 'uksouth') {
  return {
    type: 'Microsoft.ContainerService/managedClusters',
    apiVersion: '2025-10-01',
    name: 'aks-anyscale',
    location,
    identity: { type: 'SystemAssigned' },
    properties,
  };
}

function template(resources: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      ...extra,
      resources,
    },
    null,
    2,
  );
}

const ofCode = (analysis: Analysis, code: string) => analysis.findings.filter((f) => f.code === code);

function applied(text: string, edits: readonly TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.newText + out.slice(edit.end), text);
}

/** Applies the finding's preferred fix and checks that the result is valid JSON without the finding. */
function fixClears(text: string, finding: Finding): string {
  const fix = finding.fixes?.find((f) => f.preferred);
  assert.ok(fix, `no preferred fix on ${finding.code}`);
  const fixed = applied(text, fix.edits);
  assert.deepEqual(parseJson(fixed).errors, [], fixed);
  assert.deepEqual(
    ofCode(analyzeText(fixed), finding.code),
    [],
    `${finding.code} still reported after its fix:\n${fixed}`,
  );
  return fixed;
}

describe('AKS cluster flags', () => {
  const full = {
    kubernetesVersion: '1.33',
    oidcIssuerProfile: { enabled: true },
    securityProfile: { workloadIdentity: { enabled: true } },
  };

  test('a cluster with both flags and no Anyscale resource is silent; with one, it is checked', () => {
    const bare = cluster({ kubernetesVersion: '1.33' });
    assert.deepEqual(
      analyzeText(template([bare])).findings.filter((f) => f.code.startsWith('aks-')),
      [],
    );
    const codes = analyzeText(template([CLOUD_RESOURCE, bare]))
      .findings.map((f) => f.code)
      .filter((c) => c.startsWith('aks-'))
      .sort();
    assert.deepEqual(codes, ['aks-oidc-issuer-disabled', 'aks-workload-identity-disabled']);
    assert.deepEqual(
      analyzeText(template([CLOUD_RESOURCE, cluster(full)])).findings.filter((f) => f.code.startsWith('aks-')),
      [],
    );
  });

  test('the Anyscale operator extension alone makes the cluster one that runs Anyscale', () => {
    const extension = {
      type: 'Microsoft.KubernetesConfiguration/extensions',
      apiVersion: '2024-11-01',
      name: 'anyscaleoperator',
      scope: "[format('Microsoft.ContainerService/managedClusters/{0}', 'aks-anyscale')]",
      properties: { extensionType: "[parameters('extensionType')]" },
    };
    const text = template([cluster({ ...full, securityProfile: {} }), extension], {
      parameters: { extensionType: { type: 'string', defaultValue: 'Anyscale.AKS.Operator' } },
    });
    assert.deepEqual(ofCode(analyzeText(text), 'aks-workload-identity-disabled').length, 1);
    const other = text.replace('Anyscale.AKS.Operator', 'microsoft.flux');
    assert.deepEqual(ofCode(analyzeText(other), 'aks-workload-identity-disabled'), []);
  });

  test('fixes set the literal or add the property with the objects above it, and the result is clean', () => {
    for (const properties of [
      { ...full, oidcIssuerProfile: { enabled: false } },
      { ...full, oidcIssuerProfile: {} },
      { kubernetesVersion: '1.33', securityProfile: full.securityProfile },
      { ...full, securityProfile: { workloadIdentity: { enabled: false } } },
      { ...full, securityProfile: { imageCleaner: { enabled: true, intervalHours: 48 } } },
      { oidcIssuerProfile: { enabled: true } },
    ]) {
      const text = template([CLOUD_RESOURCE, cluster(properties)]);
      const findings = analyzeText(text).findings.filter((f) => f.code.startsWith('aks-'));
      assert.equal(findings.length, 1, JSON.stringify(properties));
      fixClears(text, findings[0]);
    }
  });

  test('a false flag from a parameter is reported and fixed on the default; one computed by an expression gets no fix', () => {
    const parameters = { oidc: { type: 'bool', defaultValue: false } };
    const text = template(
      [CLOUD_RESOURCE, cluster({ ...full, oidcIssuerProfile: { enabled: "[parameters('oidc')]" } })],
      { parameters },
    );
    const [finding] = ofCode(analyzeText(text), 'aks-oidc-issuer-disabled');
    assert.equal(text.slice(finding.start, finding.end), 'false');
    assert.match(finding.message, /can't disable a cluster's OIDC issuer once it is enabled/, 'enabling is one-way');
    fixClears(text, finding);
    const computed = template([CLOUD_RESOURCE, cluster({ ...full, oidcIssuerProfile: { enabled: '[equals(1, 2)]' } })]);
    const [onExpression] = ofCode(analyzeText(computed), 'aks-oidc-issuer-disabled');
    assert.ok(onExpression, 'the evaluated false is still reported');
    assert.equal(onExpression.fixes, undefined);
  });

  test('an unknown flag or profile stays silent', () => {
    const parameters = { flag: { type: 'bool' }, profile: { type: 'object' } };
    for (const properties of [
      { ...full, oidcIssuerProfile: { enabled: "[parameters('flag')]" } },
      { ...full, securityProfile: "[parameters('profile')]" },
    ]) {
      const findings = analyzeText(template([CLOUD_RESOURCE, cluster(properties)], { parameters })).findings.filter(
        (f) => f.code.startsWith('aks-'),
      );
      assert.deepEqual(findings, [], JSON.stringify(properties));
    }
  });

  test('a cluster in a copy loop is read once: a literal is reported once, a value that depends on copyIndex() not at all', () => {
    const looped = {
      ...cluster({ ...full, oidcIssuerProfile: { enabled: false } }),
      name: "[format('aks-{0}', copyIndex())]",
      copy: { name: 'clusters', count: 2 },
    };
    assert.equal(ofCode(analyzeText(template([CLOUD_RESOURCE, looped])), 'aks-oidc-issuer-disabled').length, 1);
    const perCopy = { ...looped, properties: { ...full, oidcIssuerProfile: { enabled: '[equals(copyIndex(), 0)]' } } };
    assert.deepEqual(ofCode(analyzeText(template([CLOUD_RESOURCE, perCopy])), 'aks-oidc-issuer-disabled'), []);
  });

  test('a missing OIDC issuer is not reported on Kubernetes 1.34 or later, where AKS enables it by default', () => {
    for (const [version, expected] of [
      ['1.34', 0],
      ['1.35.1', 0],
      ['1.33.7', 1],
      ['1.30', 1],
    ] as const) {
      const text = template([
        CLOUD_RESOURCE,
        cluster({ kubernetesVersion: version, securityProfile: full.securityProfile }),
      ]);
      assert.equal(ofCode(analyzeText(text), 'aks-oidc-issuer-disabled').length, expected, version);
    }
  });
});

describe('region-missing severity per provider', () => {
  function severities(provider: string, levels?: Record<string, 'warning'>) {
    const resource = {
      ...CLOUD_RESOURCE,
      name: `my-cloud/r${provider}`,
      properties: { ...CLOUD_RESOURCE.properties, provider, region: undefined },
    };
    return ofCode(analyzeText(template([resource]), { ruleLevels: levels }), 'region-missing').map((f) => f.severity);
  }

  test('an error for AWS and GCP, a warning for Azure and Generic', () => {
    assert.deepEqual(severities('AWS'), ['error']);
    assert.deepEqual(severities('GCP'), ['error']);
    assert.deepEqual(severities('Azure'), ['warning']);
    assert.deepEqual(severities('Generic'), ['warning']);
  });

  test('a level the user sets applies to every provider', () => {
    assert.deepEqual(severities('AWS', { 'region-missing': 'warning' }), ['warning']);
  });

  test('the AWS message says Anyscale rejects the resource', () => {
    const resource = {
      ...CLOUD_RESOURCE,
      name: 'my-cloud/eks',
      location: 'westus2',
      properties: { ...CLOUD_RESOURCE.properties, provider: 'AWS', region: undefined },
    };
    const [finding] = ofCode(analyzeText(template([resource])), 'region-missing');
    assert.match(
      finding.message,
      /defaults to the location "westus2", which is not a known AWS region\. Anyscale validates region against AWS's regions, so it rejects the cloud resource\./,
    );
  });
});

describe('aks-location-unsupported', () => {
  test('names the documented list and its date, and how to request another region; no claim about older regions', () => {
    const [finding] = ofCode(
      analyzeText(template([CLOUD_RESOURCE, cluster({}, 'westus')])),
      'aks-location-unsupported',
    );
    assert.equal(finding.severity, 'warning');
    assert.match(
      finding.message,
      /^The AKS cluster's location "westus" is not one of the 12 regions where Anyscale on Azure is documented as available \(supported regions page, 2026-10-05\): /,
    );
    assert.match(finding.message, /contact support to request access to westus\. /);
    assert.doesNotMatch(finding.message, /older regions/);
  });
});

describe("ARM's template limits", () => {
  test('a template over 4 MB without whitespace is an error; 4 MB of indentation is not', () => {
    const filler = 'x'.repeat(1024);
    const variables: Record<string, string> = {};
    for (let i = 0; i < 4200; i++) variables[`v${i}`] = filler;
    const large = JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      variables,
      resources: [],
    });
    const [finding] = ofCode(analyzeText(large), 'template-limit-exceeded');
    assert.ok(finding, 'no finding on a 4.1 MB template');
    assert.equal(finding.severity, 'error');
    assert.match(finding.message, /at least 4\.1 MB .* over ARM's limit of 4 MB/);
    const padded = template([]).replace('"resources"', `${' '.repeat(5 * 1024 * 1024)}"resources"`);
    assert.deepEqual(ofCode(analyzeText(padded), 'template-limit-exceeded'), []);
  });

  test('a nested template counts its own outputs, and the parent does not count them', () => {
    const outputs: Record<string, unknown> = {};
    for (let i = 0; i < 65; i++) outputs[`o${i}`] = { type: 'string', value: `out ${i}` };
    const nested = {
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: 'inner',
      properties: {
        mode: 'Incremental',
        template: {
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
          contentVersion: '1.0.0.0',
          resources: [],
          outputs,
        },
      },
    };
    const text = template([nested]);
    const findings = ofCode(analyzeText(text), 'template-limit-exceeded');
    assert.equal(findings.length, 1);
    assert.match(findings[0].message, /^This nested template has 65 outputs, over ARM's limit of 64/);
    assert.equal(text.slice(findings[0].start, findings[0].end), '"outputs"');
  });
});

describe('gateway-disabled-in-values', () => {
  const gateway =
    'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: gateway\n  namespace: anyscale-operator\nspec:\n  gatewayClassName: eg\n';
  const values = (enabled: boolean) =>
    `global:\n  cloudProvider: azure\nnetworking:\n  gateway:\n    enabled: ${enabled}\n    name: gateway\n    namespace: anyscale-operator\n`;

  function codesWith(...valuesFiles: string[]): string[] {
    const index = new WorkspaceIndex();
    valuesFiles.forEach((text, i) =>
      index.set(`/ws/values-${i}.yaml`, analyzeDocument(text, { fileName: `/ws/values-${i}.yaml` }).facts),
    );
    return analyzeDocument(
      gateway,
      { fileName: '/ws/gateway.yaml' },
      { uri: '/ws/gateway.yaml', workspace: index },
    ).findings.map((f) => f.code);
  }

  test('reported when values disable the gateway and none enables it', () => {
    assert.ok(codesWith(values(false)).includes('gateway-disabled-in-values'));
    assert.ok(!codesWith(values(false), values(true)).includes('gateway-disabled-in-values'));
    assert.ok(!codesWith(values(true)).includes('gateway-disabled-in-values'));
    assert.ok(!codesWith('global:\n  cloudProvider: azure\n').includes('gateway-disabled-in-values'));
  });
});

const AKS_CORPUS = path.join(CORPUS, 'arm', 'aks');
const OUR_CODES = [
  'aks-oidc-issuer-disabled',
  'aks-workload-identity-disabled',
  'aks-location-unsupported',
  'aks-node-vm-too-small',
  'ingress-application-gateway',
  'template-limit-exceeded',
];

/**
 * What our rules say of each real AKS template once an Anyscale cloud resource is added to it: every finding here was
 * read against the template and is right (the samples create clusters without OIDC issuer and workload identity,
 * most with a single System pool of a 2-vCPU size such as Standard_D2s_v3 or Standard_DS2_v2; the private cluster's
 * Standard_DS3_v2 has 4; locations come from resourceGroup() and stay unknown; ResourceModules' cluster writes both
 * flags as if(parameters(…), createObject(…), null()) expressions, which stay unknown, and is silent).
 */
const EXPECTED_WITH_ANYSCALE: Readonly<Record<string, readonly string[]>> = {
  'bicep-samples_101-aks-vmss-systemassigned-identity_main.json': [
    'aks-node-vm-too-small',
    'aks-oidc-issuer-disabled',
    'aks-workload-identity-disabled',
  ],
  'bicep-samples_101-aks_main.json': [
    'aks-node-vm-too-small',
    'aks-oidc-issuer-disabled',
    'aks-workload-identity-disabled',
  ],
  'bicep-samples_201-private-aks-cluster_aks.json': ['aks-oidc-issuer-disabled', 'aks-workload-identity-disabled'],
  'quickstart_aks-azure-linux_azuredeploy.json': [
    'aks-node-vm-too-small',
    'aks-oidc-issuer-disabled',
    'aks-workload-identity-disabled',
  ],
  'quickstart_aks-vmss-systemassigned-identity_azuredeploy.json': [
    'aks-node-vm-too-small',
    'aks-oidc-issuer-disabled',
    'aks-workload-identity-disabled',
  ],
  'quickstart_aks_azuredeploy.json': [
    'aks-node-vm-too-small',
    'aks-oidc-issuer-disabled',
    'aks-workload-identity-disabled',
  ],
  'resourcemodules_container-service-managed-cluster_main.json': [],
  'resourcemodules_kubernetes-configuration-extension_main.json': [],
};

describe(
  'the AKS corpus',
  { skip: fs.existsSync(AKS_CORPUS) ? false : `${AKS_CORPUS} is not present: skipped` },
  () => {
    for (const file of fs.existsSync(AKS_CORPUS)
      ? fs.readdirSync(AKS_CORPUS).filter((f) => !f.includes('.parameters.'))
      : []) {
      const text = fs.readFileSync(path.join(AKS_CORPUS, file), 'utf8');
      test(`${file}: silent as it is`, () => {
        assert.deepEqual(
          analyzeText(text)
            .findings.filter((f) => OUR_CODES.includes(f.code))
            .map((f) => f.code),
          [],
        );
      });
      test(`${file}: with an Anyscale cloud resource next to it, only the findings read and judged right`, () => {
        const root = JSON.parse(text);
        if (Array.isArray(root.resources)) root.resources.push(CLOUD_RESOURCE);
        const codes = analyzeText(JSON.stringify(root, null, 2))
          .findings.filter((f) => OUR_CODES.includes(f.code))
          .map((f) => f.code)
          .sort();
        assert.deepEqual(codes, EXPECTED_WITH_ANYSCALE[file]);
      });
    }
  },
);
