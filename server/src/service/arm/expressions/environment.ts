// What ARM's environment() returns in the public Azure cloud (AzureCloud), the cloud Anyscale on Azure runs in.
import type { JsonObject } from './functions';

export const AZURE_CLOUD_ENVIRONMENT: JsonObject = {
  name: 'AzureCloud',
  gallery: 'https://gallery.azure.com/',
  graph: 'https://graph.windows.net/',
  portal: 'https://portal.azure.com',
  graphAudience: 'https://graph.windows.net/',
  activeDirectoryDataLake: 'https://datalake.azure.net/',
  batch: 'https://batch.core.windows.net/',
  media: 'https://rest.media.azure.net',
  sqlManagement: 'https://management.core.windows.net:8443/',
  vmImageAliasDoc:
    'https://raw.githubusercontent.com/Azure/azure-rest-api-specs/master/arm-compute/quickstart-templates/aliases.json',
  resourceManager: 'https://management.azure.com/',
  authentication: {
    loginEndpoint: 'https://login.microsoftonline.com/',
    audiences: ['https://management.core.windows.net/', 'https://management.azure.com/'],
    tenant: 'common',
    identityProvider: 'AAD',
  },
  suffixes: {
    acrLoginServer: '.azurecr.io',
    azureDatalakeAnalyticsCatalogAndJob: 'azuredatalakeanalytics.net',
    azureDatalakeStoreFileSystem: 'azuredatalakestore.net',
    azureFrontDoorEndpointSuffix: 'azurefd.net',
    keyvaultDns: '.vault.azure.net',
    sqlServerHostname: '.database.windows.net',
    storage: 'core.windows.net',
  },
};
