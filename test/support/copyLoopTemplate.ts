// A template whose copies of one copy loop lead to different findings, for the tests of what each copy is counted
// (checkTemplate's foundOnlyInCopies, the Cloud Resources tree's and `anyscale-azure index`'s rows): a cloud, its
// complete Azure primary, and a serial loop of three AWS cloud resources `c/r0`…`c/r2` whose provider is the
// expression given.
//
// With `[if(equals(copyIndex(), 1), 'aws', 'AWS')]`, each copy leads to:
// - every copy: location-differs-from-cloud (a warning: westus2, not its cloud's uksouth), the same finding;
// - copies 0 and 2 (AWS): required-property-missing (an error naming the copy: c/r0, c/r2), bucket-cors-required (an
//   info, the same for both: the bucket is one literal);
// - copy 1: provider-invalid (an error: "aws");
// - copies 1 and 2: bucket-shared (a warning, the same for both: copy 0 has the bucket already).

export const COPY_PROVIDER = "[if(equals(copyIndex(), 1), 'aws', 'AWS')]";

export function copyLoopTemplate(provider = COPY_PROVIDER, parameters: Record<string, unknown> = {}): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters,
      resources: [
        { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'c', location: 'uksouth', properties: {} },
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: 'c/default',
          location: 'uksouth',
          dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'c')]"],
          properties: {
            provider: 'Azure',
            computeStack: 'K8S',
            region: 'uksouth',
            cloudStorageBucketName: 'abfss://data@acct.dfs.core.windows.net',
            cloudStorageBucketEndpoint: 'https://acct.dfs.core.windows.net',
            anyscaleOperatorIamIdentity: '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
          },
        },
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: "[concat('c/r', copyIndex())]",
          location: 'westus2',
          copy: { name: 'regions', count: 3, mode: 'serial', batchSize: 1 },
          dependsOn: ["[resourceId('Anyscale.Platform/clouds/cloudResources', 'c', 'default')]"],
          properties: { provider, computeStack: 'K8S', region: 'us-east-1', cloudStorageBucketName: 's3://b' },
        },
      ],
    },
    null,
    2,
  );
}
