// Generates realistic ARM templates of any size for the benchmarks: one cloud and N chained cloud resources
// cycling through the four providers, each written the way the docs write them; the same with every name and
// property passed through parameters and variables; and a long chain of variables built with concat().
const PROVIDERS = [
  { provider: 'Azure', region: 'uksouth', bucket: (i: number) => `abfss://data${i}@acct${i}.dfs.core.windows.net`, endpoint: (i: number) => `https://acct${i}.blob.core.windows.net`, identity: '11111111-2222-3333-4444-555555555555' },
  { provider: 'AWS', region: 'us-west-2', bucket: (i: number) => `s3://bucket-${i}`, endpoint: () => '', identity: 'arn:aws:iam::123456789012:role/anyscale-operator-role' },
  { provider: 'GCP', region: 'us-central1', bucket: (i: number) => `gs://bucket-${i}`, endpoint: () => '', identity: 'anyscale-operator@my-project.iam.gserviceaccount.com' },
  { provider: 'Generic', region: 'dc1', bucket: (i: number) => `s3://onprem-${i}`, endpoint: () => '', identity: undefined },
];

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

export function generateTemplate(cloudResources: number): string {
  const resources: object[] = [{ type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'bench-cloud', location: 'uksouth', properties: {} }];
  for (let i = 0; i < cloudResources; i++) {
    const p = PROVIDERS[i % PROVIDERS.length];
    const previous = i === 0 ? "[resourceId('Anyscale.Platform/clouds', 'bench-cloud')]" : `[resourceId('Anyscale.Platform/clouds/cloudResources', 'bench-cloud', 'res${i - 1}')]`;
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
  const resources: object[] = [{ type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: "[parameters('cloudName')]", location: "[parameters('location')]", properties: {} }];
  for (let i = 0; i < cloudResources; i++) {
    const index = i % PROVIDERS.length;
    const p = PROVIDERS[index];
    const previous = i === 0 ? "[resourceId('Anyscale.Platform/clouds', parameters('cloudName'))]" : `[resourceId('Anyscale.Platform/clouds/cloudResources', parameters('cloudName'), concat(parameters('prefix'), '-', '${i - 1}'))]`;
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
        cloudStorageBucketEndpoint: p.endpoint(0) === '' ? '' : `[format(variables('endpointFormat${index}'), concat(parameters('prefix'), '${i}'))]`,
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
    { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'bench-cloud', location: 'uksouth', properties: {} },
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
