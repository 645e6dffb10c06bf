// Generates realistic ARM templates of any size for the benchmarks: one cloud and N chained cloud resources
// cycling through the four providers, each written the way the docs write them; the same with every name and
// property passed through parameters and variables; a long chain of variables built with concat(); and a template
// at the limits ARM deploys (4 MB, 800 resources with copies, 256 parameters, 512 variables).
import { MAX_PARAMETERS, MAX_RESOURCES, MAX_VARIABLES } from '../../server/src/service/catalog/armLimits';

const PROVIDERS = [
  {
    provider: 'Azure',
    region: 'uksouth',
    bucket: (i: number) => `abfss://data${i}@acct${i}.dfs.core.windows.net`,
    endpoint: (i: number) => `https://acct${i}.blob.core.windows.net`,
    identity: '11111111-2222-3333-4444-555555555555',
  },
  {
    provider: 'AWS',
    region: 'us-west-2',
    bucket: (i: number) => `s3://bucket-${i}`,
    endpoint: () => '',
    identity: 'arn:aws:iam::123456789012:role/anyscale-operator-role',
  },
  {
    provider: 'GCP',
    region: 'us-central1',
    bucket: (i: number) => `gs://bucket-${i}`,
    endpoint: () => '',
    identity: 'anyscale-operator@my-project.iam.gserviceaccount.com',
  },
  {
    provider: 'Generic',
    region: 'dc1',
    bucket: (i: number) => `s3://onprem-${i}`,
    endpoint: () => '',
    identity: undefined,
  },
];

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

export function generateTemplate(cloudResources: number): string {
  const resources: object[] = [
    {
      type: 'Anyscale.Platform/clouds',
      apiVersion: '2026-09-01',
      name: 'bench-cloud',
      location: 'uksouth',
      properties: {},
    },
  ];
  for (let i = 0; i < cloudResources; i++) {
    const p = PROVIDERS[i % PROVIDERS.length];
    const previous =
      i === 0
        ? "[resourceId('Anyscale.Platform/clouds', 'bench-cloud')]"
        : `[resourceId('Anyscale.Platform/clouds/cloudResources', 'bench-cloud', 'res${i - 1}')]`;
    resources.push({
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: `bench-cloud/res${i}`,
      location: 'uksouth',
      dependsOn: [previous],
      properties: {
        provider: p.provider,
        computeStack: 'K8S',
        region: p.region,
        cloudStorageBucketName: p.bucket(i),
        cloudStorageBucketEndpoint: p.endpoint(i),
        ...(p.identity ? { anyscaleOperatorIamIdentity: p.identity } : {}),
      },
    });
  }
  return JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', resources }, null, 2);
}

/**
 * N chained cloud resources whose names, dependsOn and properties are all expressions over parameters (with
 * defaults) and variables, as the docs' own template writes them: every value has to be evaluated.
 */
export function generateParameterizedTemplate(cloudResources: number): string {
  const parameters: Record<string, object> = {
    cloudName: { type: 'string', defaultValue: 'bench-cloud' },
    prefix: { type: 'string', defaultValue: 'res' },
    location: { type: 'string', defaultValue: 'uksouth' },
  };
  const variables: Record<string, unknown> = {};
  PROVIDERS.forEach((p, index) => {
    parameters[`provider${index}`] = { type: 'string', defaultValue: p.provider };
    parameters[`region${index}`] = { type: 'string', defaultValue: p.region };
    variables[`bucketFormat${index}`] = p.bucket(0).replace(/0/g, '{0}');
    if (p.endpoint(0) !== '') variables[`endpointFormat${index}`] = p.endpoint(0).replace(/0/g, '{0}');
    if (p.identity) variables[`identity${index}`] = p.identity;
  });
  const name = (i: number) => `[concat(parameters('cloudName'), '/', parameters('prefix'), '-', '${i}')]`;
  const resources: object[] = [
    {
      type: 'Anyscale.Platform/clouds',
      apiVersion: '2026-09-01',
      name: "[parameters('cloudName')]",
      location: "[parameters('location')]",
      properties: {},
    },
  ];
  for (let i = 0; i < cloudResources; i++) {
    const index = i % PROVIDERS.length;
    const p = PROVIDERS[index];
    const previous =
      i === 0
        ? "[resourceId('Anyscale.Platform/clouds', parameters('cloudName'))]"
        : `[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloudName'), concat(parameters('prefix'), '-', '${i - 1}'))]`;
    resources.push({
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: name(i),
      location: "[parameters('location')]",
      dependsOn: [previous],
      properties: {
        provider: `[parameters('provider${index}')]`,
        computeStack: 'K8S',
        region: `[parameters('region${index}')]`,
        cloudStorageBucketName: `[format(variables('bucketFormat${index}'), concat(parameters('prefix'), '${i}'))]`,
        cloudStorageBucketEndpoint:
          p.endpoint(0) === ''
            ? ''
            : `[format(variables('endpointFormat${index}'), concat(parameters('prefix'), '${i}'))]`,
        ...(p.identity ? { anyscaleOperatorIamIdentity: `[variables('identity${index}')]` } : {}),
      },
    });
  }
  return JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', parameters, variables, resources }, null, 2);
}

/**
 * The shape of ARM Tools' own performance test: N variables, each the previous one concatenated with one more
 * character, the last one feeding a cloud resource's bucket, so the whole chain has to be evaluated.
 */
export function generateVariableChain(variables: number): string {
  const chain: Record<string, string> = { v0: 'x' };
  for (let i = 1; i < variables; i++) chain[`v${i}`] = `[concat(variables('v${i - 1}'), 'x')]`;
  const resources = [
    {
      type: 'Anyscale.Platform/clouds',
      apiVersion: '2026-09-01',
      name: 'bench-cloud',
      location: 'uksouth',
      properties: {},
    },
    {
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: 'bench-cloud/chain',
      location: 'uksouth',
      dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'bench-cloud')]"],
      properties: {
        provider: 'Azure',
        computeStack: 'K8S',
        region: 'uksouth',
        cloudStorageBucketName: `[concat('abfss://data@', variables('v${variables - 1}'), '.dfs.core.windows.net')]`,
        cloudStorageBucketEndpoint: `[concat('https://', variables('v${variables - 1}'), '.blob.core.windows.net')]`,
        anyscaleOperatorIamIdentity: PROVIDERS[0].identity,
      },
    },
  ];
  return JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', variables: chain, resources }, null, 2);
}

/**
 * ARM's limits for one template (server/src/service/catalog/armLimits.ts): the envelope the engine is built for. The
 * size is "4 MB" read as 4,000,000 bytes, under the catalog's 4 MiB, so that the template is within either reading.
 */
export const ARM_LIMITS = {
  bytes: 4_000_000,
  resources: MAX_RESOURCES.value,
  parameters: MAX_PARAMETERS.value,
  variables: MAX_VARIABLES.value,
} as const;

/**
 * How the envelope template's 800 resources are written: a cloud, cloud resources written out, one copied by a loop,
 * a nested deployment and the cloud resources of its inner-scope template.
 */
const ENVELOPE = { written: 600, copies: 100, nested: ARM_LIMITS.resources - 600 - 100 - 2 } as const;

/**
 * A template at ARM's limits: 256 parameters (with defaults and descriptions), 512 variables built from them, and
 * 800 resources counting copies — a cloud, 600 cloud resources, one cloud resource copied 100 times, and a nested
 * deployment with inner scope whose own template holds 98 more — with names, properties and tags written as
 * expressions, tags padding the text to just under 4 MB.
 */
export function generateEnvelopeTemplate(): string {
  const fixed = 3 + 2 * PROVIDERS.length;
  const parameters: Record<string, object> = {
    cloudName: { type: 'string', defaultValue: 'bench-cloud' },
    prefix: { type: 'string', defaultValue: 'res' },
    location: { type: 'string', defaultValue: 'uksouth' },
  };
  PROVIDERS.forEach((p, index) => {
    parameters[`provider${index}`] = { type: 'string', defaultValue: p.provider };
    parameters[`region${index}`] = { type: 'string', defaultValue: p.region };
  });
  for (let i = 0; Object.keys(parameters).length < ARM_LIMITS.parameters; i++) {
    parameters[`setting${i}`] = {
      type: 'string',
      defaultValue: `value-${i}`,
      metadata: { description: `Setting ${i} of the deployment, passed to the tags.` },
    };
  }
  const settings = ARM_LIMITS.parameters - fixed;
  const variables: Record<string, unknown> = {};
  PROVIDERS.forEach((p, index) => {
    variables[`bucketFormat${index}`] = p.bucket(0).replace(/0/g, '{0}');
    variables[`endpointFormat${index}`] = p.endpoint(0).replace(/0/g, '{0}');
    variables[`identity${index}`] = p.identity ?? '';
  });
  const tagVariables = ARM_LIMITS.variables - Object.keys(variables).length;
  for (let i = 0; i < tagVariables; i++) {
    // Every fourth tag variable builds on the one before it, so that variables are evaluated through variables.
    variables[`tag${i}`] =
      i % 4 === 3
        ? `[concat(variables('tag${i - 1}'), '-', parameters('setting${i % settings}'))]`
        : `[concat(parameters('prefix'), '-', parameters('setting${i % settings}'))]`;
  }
  const tags = (i: number, count: number): Record<string, string> => {
    const written: Record<string, string> = {};
    for (let j = 0; j < count; j++) {
      const k = (i * 7 + j) % tagVariables;
      written[`tag${j}`] =
        j % 3 === 2
          ? `literal tag ${j} of resource ${i}`
          : j % 3 === 1
            ? `[parameters('setting${k % settings}')]`
            : `[variables('tag${k}')]`;
    }
    return written;
  };
  const cloudResource = (i: number, name: string, tagCount: number, after?: string) => {
    const index = i % PROVIDERS.length;
    const p = PROVIDERS[index];
    return {
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name,
      location: "[parameters('location')]",
      // Chained one after another, as Anyscale creates them (cloud-resources-not-chained).
      dependsOn: [after ?? "[resourceId('Anyscale.Platform/clouds', parameters('cloudName'))]"],
      tags: tags(i, tagCount),
      properties: {
        provider: `[parameters('provider${index}')]`,
        computeStack: 'K8S',
        region: `[parameters('region${index}')]`,
        cloudStorageBucketName: `[format(variables('bucketFormat${index}'), concat(parameters('prefix'), '${i}'))]`,
        cloudStorageBucketEndpoint:
          p.endpoint(0) === ''
            ? ''
            : `[format(variables('endpointFormat${index}'), concat(parameters('prefix'), '${i}'))]`,
        ...(p.identity ? { anyscaleOperatorIamIdentity: `[variables('identity${index}')]` } : {}),
      },
    };
  };
  const build = (tagCount: number): string => {
    const resources: object[] = [
      {
        type: 'Anyscale.Platform/clouds',
        apiVersion: '2026-09-01',
        name: "[parameters('cloudName')]",
        location: "[parameters('location')]",
        properties: {},
      },
    ];
    const written = (i: number) =>
      `[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloudName'), concat(parameters('prefix'), '-', '${i}'))]`;
    for (let i = 0; i < ENVELOPE.written; i++)
      resources.push(
        cloudResource(
          i,
          `[concat(parameters('cloudName'), '/', parameters('prefix'), '-', '${i}')]`,
          tagCount,
          i > 0 ? written(i - 1) : undefined,
        ),
      );
    resources.push({
      ...cloudResource(
        ENVELOPE.written,
        "[concat(parameters('cloudName'), '/', parameters('prefix'), '-copy-', copyIndex())]",
        tagCount,
        written(ENVELOPE.written - 1),
      ),
      copy: { name: 'copies', count: ENVELOPE.copies, mode: 'serial', batchSize: 1 },
    });
    const inner: object[] = [];
    for (let i = 0; i < ENVELOPE.nested; i++)
      inner.push(
        cloudResource(
          i,
          `[concat(parameters('cloudName'), '/nested-', '${i}')]`,
          tagCount,
          i > 0
            ? `[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloudName'), 'nested-${i - 1}')]`
            : undefined,
        ),
      );
    resources.push({
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: 'nested-cloud-resources',
      dependsOn: ['copies'],
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: Object.fromEntries(
          Object.keys(parameters).map((name) => [name, { value: `[parameters('${name}')]` }]),
        ),
        template: { $schema: SCHEMA, contentVersion: '1.0.0.0', parameters, variables, resources: inner },
      },
    });
    return JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', parameters, variables, resources }, null, 2);
  };
  // As many tags per resource as keep the text under ARM's 4 MB.
  let tagCount = 1;
  while (build(tagCount * 2).length < ARM_LIMITS.bytes) tagCount *= 2;
  for (let step = tagCount / 2; step >= 1; step /= 2)
    if (build(tagCount + step).length < ARM_LIMITS.bytes) tagCount += step;
  return build(tagCount);
}
