// Every egress catalog entry carries a grade (documented / spec / reference deployment / inferred) next to its source,
// and only documented or spec facts may be required. The operator's image registries (chart values, spec) and the
// Marketplace registry hosts of AKS cluster extensions (AKS docs) are in the catalog, each with its grade.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DERIVED, REQUIRED_TARGETS } from '../../server/src/service/egress/catalog';
import { FLOW_LABELS } from '../../shared/egress/flows';
import { deriveWorkspaceTargets, fromThisMachine } from '../../server/src/service/egress/workspace';
import { readWorkspaceFiles } from '../../server/src/node/egressWorkspace';
import { FIXTURES } from '../support/paths';
import { Grade } from '../../server/src/service/catalog/source';

test('every catalog entry has a grade, and none graded inferred or reference deployment is required', () => {
  for (const entry of REQUIRED_TARGETS) {
    assert.ok(Grade.safeParse(entry.grade).success, `${entry.pattern} has no grade`);
    if (entry.grade === 'inferred' || entry.grade === 'reference deployment') {
      assert.equal(entry.required, false, `${entry.pattern} is graded ${entry.grade} but required`);
      assert.match(entry.purpose, /inferred|reference deployment/, `${entry.pattern}: the purpose says how sure it is`);
    }
  }
});

test('every target derived from the workspace has a grade too; inferred ones are optional and say so', async () => {
  for (const [kind, entry] of Object.entries(DERIVED)) {
    const grade: unknown = (entry as { grade?: unknown }).grade;
    assert.ok(Grade.safeParse(grade).success, `DERIVED.${kind} has no grade`);
    if (grade === 'inferred' || grade === 'reference deployment') {
      assert.equal(entry.required, false, `DERIVED.${kind} is graded ${grade} but required`);
      assert.match(
        entry.purpose,
        /inferred|reference deployment|depends on/,
        `DERIVED.${kind}: the purpose says how sure it is`,
      );
    }
  }
  // The cloud's own storage and registry: the flow is documented (networking guide), the hosts are Azure's endpoints.
  assert.equal(DERIVED.blob.grade, 'documented');
  assert.equal(DERIVED.acr.grade, 'documented');
  assert.equal(DERIVED.acrData.grade, 'documented');
  // The cld-<id> host form is inferred: a cloud ID's host is optional, so a failed probe of it never makes the CLI exit 1.
  assert.equal(DERIVED.cloud.grade, 'inferred');
  const cloud = deriveWorkspaceTargets([], { cloudIds: ['cld_abc'] }).targets.find(
    (t) => t.host === 'cld-abc.azure.anyscale-cloud.dev',
  );
  assert.equal(cloud?.required, false);
  assert.equal(cloud?.pattern, '*.azure.anyscale-cloud.dev');
  // A cloud host the user's own values file names (global.controlPlaneURL) is what the operator dials: still required.
  const files = (await readWorkspaceFiles([path.join(FIXTURES, 'egress', 'workspace')])).files;
  assert.equal(
    deriveWorkspaceTargets(files, {}).targets.find((t) => t.host === 'cld-abc123.azure.anyscale-cloud.dev')?.required,
    true,
  );
});

test('the Marketplace registry of cluster extensions and its regional data endpoints are documented (AKS docs)', () => {
  for (const host of [
    'arcmktplaceprod.azurecr.io',
    'arcmktplaceprod.centralindia.data.azurecr.io',
    'arcmktplaceprod.japaneast.data.azurecr.io',
    'arcmktplaceprod.westus2.data.azurecr.io',
    'arcmktplaceprod.westeurope.data.azurecr.io',
    'arcmktplaceprod.eastus.data.azurecr.io',
    '*.ingestion.msftcloudes.com',
    '*.microsoftmetrics.com',
    'marketplaceapi.microsoft.com',
  ]) {
    const entry = REQUIRED_TARGETS.find((t) => t.pattern === host);
    assert.ok(entry, host);
    assert.equal(entry.grade, 'documented', host);
    assert.equal(entry.group, 'cluster-extensions', host);
    assert.match(entry.source.url, /learn\.microsoft\.com\/en-us\/azure\/aks\//, host);
  }
});

test("the operator's image registries come from the chart values; that their FQDNs must be allowed is inferred, so optional", () => {
  for (const host of [
    'anyscaleoperator.azurecr.io',
    'us-docker.pkg.dev',
    'registry-1.docker.io',
    'auth.docker.io',
    'production.cloudflare.docker.com',
  ]) {
    const entry = REQUIRED_TARGETS.find((t) => t.pattern === host);
    assert.ok(entry, host);
    assert.equal(entry.grade, 'inferred', host);
    assert.equal(entry.required, false, host);
    assert.equal(entry.flow, 'aks-storage-registry', host);
    assert.match(entry.source.url, /github\.com\/anyscale\/helm-charts\/.*values\.yaml/, host);
  }
  assert.match(
    REQUIRED_TARGETS.find((t) => t.pattern === 'anyscaleoperator.azurecr.io')?.purpose ?? '',
    /AKS extension/,
  );
  assert.match(REQUIRED_TARGETS.find((t) => t.pattern === 'us-docker.pkg.dev')?.purpose ?? '', /Helm/);
  // In a workspace's list they are optional targets: a failed probe of one never makes the CLI exit 1.
  const { targets } = deriveWorkspaceTargets([], {});
  const operator = targets.find((t) => t.host === 'anyscaleoperator.azurecr.io');
  assert.equal(operator?.required, false);
  assert.equal(operator?.needsHost, undefined);
});

test("from this machine, a cloud storage account's Blob host is the client → storage path of anyscale job submit", async () => {
  const files = (await readWorkspaceFiles([path.join(FIXTURES, 'egress', 'workspace')])).files;
  const forCluster = deriveWorkspaceTargets(files, {}).targets;
  const local = fromThisMachine(forCluster);
  const blob = local.find((t) => t.host === 'contosodata.blob.core.windows.net');
  assert.equal(blob?.flow, 'client-storage');
  assert.equal(FLOW_LABELS['client-storage'], 'client → storage');
  assert.match(blob?.purpose ?? '', /anyscale job submit.*working_dir/);
  assert.match(blob?.purpose ?? '', /restricted to VNets/);
  assert.match(blob?.source.url ?? '', /docs\.anyscale\.com/);
  assert.equal(blob?.required, true, 'documented (networking guide FAQ): allowed to be required');
  // The cluster's list, the Data Lake host and Anyscale's start-up storage stay AKS → storage.
  assert.equal(forCluster.find((t) => t.host === 'contosodata.blob.core.windows.net')?.flow, 'aks-storage-registry');
  assert.equal(local.find((t) => t.host === 'contosodata.dfs.core.windows.net')?.flow, 'aks-storage-registry');
  assert.equal(
    local.find((t) => t.host === 'anyscaleazwestus2prod.blob.core.windows.net')?.flow,
    'aks-storage-registry',
  );
  assert.equal(local.length, forCluster.length, 'relabelled, never duplicated: one row per host');
});
