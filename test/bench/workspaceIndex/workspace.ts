// The generated workspace of the index bench (./run.ts): 2,000 files, 50 of them relevant to the index — 20 templates
// declaring 5 clouds (15 with literal names, 5 named by their 2 parameter files each), 15 operator values files beside
// templates and 5 Gateway manifests — and 1,950 others: JSON and YAML that are not ours (package manifests, settings,
// ARM templates of storage accounts, Kubernetes manifests, CI workflows) and source files, across nested folders.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const TOTAL_FILES = 2000;
export const RELEVANT_FILES = 50;
const TEMPLATES = 20;
const PARAMETERIZED = 5;
const VALUES = 15;
const GATEWAYS = 5;
const CLOUDS = 5;

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const PARAMETERS_SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

function write(root: string, relative: string, text: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function cloudResource(
  cloud: string,
  name: string,
  provider: string,
  region: string,
  previous: string | undefined,
): object {
  return {
    type: 'Anyscale.Platform/clouds/cloudResources',
    apiVersion: '2026-09-01',
    name: `${cloud}/${name}`,
    location: 'westus2',
    dependsOn: [
      previous
        ? `[resourceId('Anyscale.Platform/clouds/cloudResources', '${cloud}', '${previous}')]`
        : `[resourceId('Anyscale.Platform/clouds', '${cloud}')]`,
    ],
    properties: {
      provider,
      computeStack: 'K8S',
      region,
      cloudStorageBucketName:
        provider === 'Azure'
          ? `abfss://data@acct${name.replace(/-/g, '')}.dfs.core.windows.net`
          : `s3://${name}-bucket`,
      cloudStorageBucketEndpoint:
        provider === 'Azure' ? `https://acct${name.replace(/-/g, '')}.blob.core.windows.net` : '',
      anyscaleOperatorIamIdentity:
        provider === 'Azure'
          ? '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f'
          : 'arn:aws:iam::123456789012:role/anyscale-operator-role',
    },
  };
}

function literalTemplate(team: number): string {
  const cloud = `cloud-${team % CLOUDS}`;
  const names = [`res-${team}-0`, `res-${team}-1`, `res-${team}-2`];
  return json({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    resources: [
      { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: cloud, location: 'westus2', properties: {} },
      cloudResource(cloud, names[0], 'Azure', 'westus2', undefined),
      cloudResource(cloud, names[1], 'AWS', 'us-west-2', names[0]),
      cloudResource(cloud, names[2], 'Azure', 'eastus', names[1]),
    ],
  });
}

/** The add-cloud-resource doc's template shape: every name and property from parameters. */
function parameterizedTemplate(): string {
  const names = [
    'cloudName',
    'resourceName',
    'location',
    'provider',
    'region',
    'cloudStorageBucketName',
    'cloudStorageBucketEndpoint',
    'anyscaleOperatorIamIdentity',
  ];
  return json({
    $schema: SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
    resources: [
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: "[concat(parameters('cloudName'), '/', parameters('resourceName'))]",
        location: "[parameters('location')]",
        properties: {
          provider: "[parameters('provider')]",
          region: "[parameters('region')]",
          computeStack: 'K8S',
          cloudStorageBucketName: "[parameters('cloudStorageBucketName')]",
          cloudStorageBucketEndpoint: "[parameters('cloudStorageBucketEndpoint')]",
          anyscaleOperatorIamIdentity: "[parameters('anyscaleOperatorIamIdentity')]",
        },
      },
    ],
  });
}

function parameterFile(team: number, provider: 'Azure' | 'AWS'): string {
  const value = (v: string) => ({ value: v });
  const azure = provider === 'Azure';
  return json({
    $schema: PARAMETERS_SCHEMA,
    contentVersion: '1.0.0.0',
    parameters: {
      cloudName: value(`cloud-${team % CLOUDS}`),
      resourceName: value(`p-${team}-${provider.toLowerCase()}`),
      location: value('westus2'),
      provider: value(provider),
      region: value(azure ? 'westus2' : 'us-west-2'),
      cloudStorageBucketName: value(azure ? 'abfss://data@acctp.dfs.core.windows.net' : 's3://p-bucket'),
      cloudStorageBucketEndpoint: value(azure ? 'https://acctp.blob.core.windows.net' : ''),
      anyscaleOperatorIamIdentity: value(
        azure ? '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f' : 'arn:aws:iam::123456789012:role/anyscale-operator-role',
      ),
    },
  });
}

const valuesFile = (team: number) => `global:
  cloudDeploymentId: cldrsrc_team${team}
  cloudProvider: azure
  controlPlaneURL: https://console.azure.anyscale.com
  auth:
    iamIdentity: 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d
    audience: api://086bc555-6989-4362-ba30-fded273e432b/.default
workloads:
  serviceAccount:
    name: anyscale-operator
`;

const gatewayManifest = (team: number) => `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: anyscale-gateway-${team}
  namespace: anyscale-operator
spec:
  gatewayClassName: eg
  listeners:
  - name: https
    port: 443
    protocol: HTTPS
    hostname: '*.i.azure.anyscaleuserdata.com'
    tls:
      mode: Terminate
      certificateRefs:
      - kind: Secret
        name: anyscale-cldrsrc-team${team}-certificate
`;

/** A file that is not ours, of a kind chosen by its number, a few KB long. */
function otherFile(n: number): [string, string] {
  const folder = `apps/group-${n % 40}/service-${n % 13}`;
  const padding = 'x'.repeat(200 + (n % 7) * 300);
  switch (n % 6) {
    case 0:
      return [
        `${folder}/package-${n}.json`,
        json({ name: `service-${n}`, version: '1.0.0', description: padding, dependencies: { express: '^4.0.0' } }),
      ];
    case 1: {
      const storage = {
        type: 'Microsoft.Storage/storageAccounts',
        apiVersion: '2023-01-01',
        name: `st${n}`,
        location: 'westus2',
        sku: { name: 'Standard_LRS' },
        kind: 'StorageV2',
        tags: { note: padding },
      };
      return [
        `${folder}/storage-${n}.json`,
        json({ $schema: SCHEMA, contentVersion: '1.0.0.0', resources: [storage] }),
      ];
    }
    case 2:
      return [
        `${folder}/deployment-${n}.yaml`,
        `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-${n}\n  annotations:\n    note: ${padding}\n` +
          `spec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - name: app\n        image: app:${n}\n`,
      ];
    case 3:
      return [
        `${folder}/workflow-${n}.yml`,
        `name: ci-${n}\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n    - run: echo ${padding}\n`,
      ];
    case 4:
      return [`${folder}/module-${n}.ts`, `export const value${n} = '${padding}';\n`];
    default:
      return [`${folder}/notes-${n}.md`, `# Notes ${n}\n\n${padding}\n`];
  }
}

/** Writes the workspace under `root`; the template the bench saves and its cloud's id. */
export function generateWorkspace(root: string): { template: string; cloudId: string } {
  let files = 0;
  const add = (relative: string, text: string) => {
    write(root, relative, text);
    files++;
  };
  for (let team = 0; team < TEMPLATES; team++) {
    if (team < TEMPLATES - PARAMETERIZED) add(`infra/team-${team}/cloud.json`, literalTemplate(team));
    else {
      add(`infra/team-${team}/cloud.json`, parameterizedTemplate());
      add(`infra/team-${team}/cloud.parameters.azure.json`, parameterFile(team, 'Azure'));
      add(`infra/team-${team}/cloud.parameters.aws.json`, parameterFile(team, 'AWS'));
    }
    if (team < VALUES) add(`infra/team-${team}/values.yaml`, valuesFile(team));
  }
  for (let team = 0; team < GATEWAYS; team++) add(`gateway/gateway-${team}.yaml`, gatewayManifest(team));
  if (files !== RELEVANT_FILES) throw new Error(`${files} relevant files, not ${RELEVANT_FILES}`);
  for (let n = 0; files < TOTAL_FILES; n++) add(...otherFile(n));
  return { template: path.join(root, 'infra', 'team-0', 'cloud.json'), cloudId: 'cloud:cloud-0' };
}
