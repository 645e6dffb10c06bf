// Generates realistic ARM templates of any size for the benchmarks: one cloud and N chained cloud resources
// cycling through the four providers, each written the way the docs write them.
const PROVIDERS = [
  { provider: 'Azure', region: 'uksouth', bucket: (i: number) => `abfss://data${i}@acct${i}.dfs.core.windows.net`, endpoint: (i: number) => `https://acct${i}.blob.core.windows.net`, identity: '11111111-2222-3333-4444-555555555555' },
  { provider: 'AWS', region: 'us-west-2', bucket: (i: number) => `s3://bucket-${i}`, endpoint: () => '', identity: 'arn:aws:iam::123456789012:role/anyscale-operator-role' },
  { provider: 'GCP', region: 'us-central1', bucket: (i: number) => `gs://bucket-${i}`, endpoint: () => '', identity: 'anyscale-operator@my-project.iam.gserviceaccount.com' },
  { provider: 'Generic', region: 'dc1', bucket: (i: number) => `s3://onprem-${i}`, endpoint: () => '', identity: undefined },
];

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
  return JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', resources }, null, 2);
}
