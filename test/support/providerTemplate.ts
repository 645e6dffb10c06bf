// A template for the CLI, index and editor tests that read it with parameter files: a cloud and one cloud resource
// whose provider and bucket come from parameters without defaults, so that each parameter file gives it its values;
// and such a parameter file.

/** A template whose cloud resource takes its provider and bucket from parameters; neither has a default. */
export const PROVIDER_TEMPLATE = JSON.stringify(
  {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { provider: { type: 'string' }, bucket: { type: 'string' } },
    resources: [
      { type: 'Anyscale.Platform/clouds', apiVersion: '2026-09-01', name: 'c', location: 'uksouth', properties: {} },
      {
        type: 'Anyscale.Platform/clouds/cloudResources',
        apiVersion: '2026-09-01',
        name: 'c/default',
        location: 'uksouth',
        dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'c')]"],
        properties: {
          provider: "[parameters('provider')]",
          computeStack: 'K8S',
          region: 'uksouth',
          cloudStorageBucketName: "[parameters('bucket')]",
          anyscaleOperatorIamIdentity: '6b4a1f2e-3c5d-4e6f-8a9b-0c1d2e3f4a5b',
        },
      },
    ],
  },
  null,
  2,
);

/** A parameter file of PROVIDER_TEMPLATE giving `provider` (line 5) and a bucket, with `extra` entries after them. */
export const parametersFile = (provider: string, extra = '') =>
  `{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "contentVersion": "1.0.0.0",\n  "parameters": {\n    "provider": { "value": "${provider}" },\n    "bucket": { "value": "abfss://data@acct.dfs.core.windows.net" }${extra}\n  }\n}\n`;

/**
 * A workspace where PROVIDER_TEMPLATE (infra/cloud.json) and a parameter file of it (shared/p.json, provider "Aws",
 * not beside it) sit under configs that give provider-invalid different levels: a warning beside the template, an
 * error beside the parameter file.
 */
export const TWO_CONFIGS: Readonly<Record<string, string>> = {
  'infra/cloud.json': PROVIDER_TEMPLATE,
  'infra/.anyscale-azure.json': '{ "rules": { "provider-invalid": "warning" } }',
  'shared/p.json': parametersFile('Aws'),
  'shared/.anyscale-azure.json': '{ "rules": { "provider-invalid": "error" } }',
};
