// "Verify Egress for This Cloud Resource" (client/src/features/cloudTree/egressScope.ts) over
// test/fixtures/egress-scope: two cloud resources of one template with their own storage accounts and the cloud's
// registry, a values file beside them naming a Private Link control plane, and another folder's cloud. Each resource
// keeps the catalog's targets, its own storage account, the registry and the values file's host; nobody else's.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EgressTargetInfo, IndexedCloud, IndexedCloudResource } from '../../shared/protocol';
import { egressTargetsFor } from '../../client/src/features/cloudTree/egressScope';
import { deriveWorkspaceTargets } from '../../server/src/service/egress/workspace';
import { cloudTree } from '../../server/src/service/index/cloudTree';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { FIXTURES } from '../support/paths';
import { indexDocument } from '../support/indexDocument';

const ROOT = path.join(FIXTURES, 'egress-scope');
const FILES = ['infra/cloud.json', 'infra/values.yaml', 'other/other.json'].map((file) => path.join(ROOT, file));

function workspace(): { clouds: IndexedCloud[]; targets: EgressTargetInfo[] } {
  const index = new WorkspaceIndex();
  for (const file of FILES)
    indexDocument(index, pathToFileURL(file).href, fs.readFileSync(file, 'utf8'), { fileName: file });
  const { targets } = deriveWorkspaceTargets(
    FILES.map((file) => ({ path: file, text: fs.readFileSync(file, 'utf8') })),
    {},
  );
  return { clouds: cloudTree(index.outlines()), targets };
}

function scoped(
  clouds: IndexedCloud[],
  targets: EgressTargetInfo[],
  cloud: string,
  name: string,
): { resource: IndexedCloudResource; hosts: string[] } {
  const resource = clouds
    .find((candidate) => candidate.label === cloud)
    ?.cloudResources.find((candidate) => candidate.label === name);
  assert.ok(resource, `${cloud}/${name} in the index`);
  const files = new Set(resource.files.map((file) => fileURLToPath(file.uri)));
  return {
    resource,
    hosts: egressTargetsFor(resource, files, targets)
      .filter((target) => target.origin === 'workspace')
      .map((target) => target.host)
      .sort(),
  };
}

test("a cloud resource keeps its own storage account, its cloud's registry and the values file beside it; not another resource's account", () => {
  const { clouds, targets } = workspace();
  const registry = ['scopeacr.azurecr.io', 'scopeacr.westus2.data.azurecr.io'];
  const controlPlane = 'cld-scope0123.azure.anyscale-cloud.dev';
  assert.deepEqual(
    scoped(clouds, targets, 'scope-cloud', 'default').hosts,
    [controlPlane, ...registry, 'scopeone.blob.core.windows.net', 'scopeone.dfs.core.windows.net'].sort(),
  );
  assert.deepEqual(
    scoped(clouds, targets, 'scope-cloud', 'gpu').hosts,
    [controlPlane, ...registry, 'scopetwo.blob.core.windows.net', 'scopetwo.dfs.core.windows.net'].sort(),
  );
  assert.deepEqual(scoped(clouds, targets, 'other-cloud', 'default').hosts, [
    'scopethree.blob.core.windows.net',
    'scopethree.dfs.core.windows.net',
  ]);
  assert.ok(
    targets.some((target) => target.host === 'scopethree.dfs.core.windows.net'),
    'the workspace as a whole needs the other account',
  );
});

test("every target that is not read from a workspace file (the catalog's, the settings', a targets file's) is kept", () => {
  const { clouds, targets } = workspace();
  const { resource } = scoped(clouds, targets, 'scope-cloud', 'gpu');
  const others = targets.filter((target) => target.origin !== 'workspace');
  assert.ok(others.length > 5, 'the catalog has targets');
  const fromSettings: EgressTargetInfo = { ...others[0], host: 'proxy.example.com', origin: 'settings' };
  const fromFile: EgressTargetInfo = { ...others[0], host: 'firewall.example.com', origin: 'file' };
  const kept = egressTargetsFor(resource, new Set(), [...targets, fromSettings, fromFile]);
  assert.deepEqual(kept, [...others, fromSettings, fromFile], 'with none of its files known, only those');
});
