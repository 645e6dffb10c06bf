// Every fact in the catalog names where it comes from; this is the shape of that citation.
import { z } from 'zod';

export const Source = z.object({
  title: z.string(),
  url: z.url(),
});
export type Source = z.infer<typeof Source>;

/**
 * How sure a fact is: stated in the product documentation, in a machine-readable contract (REST spec, chart), in
 * Anyscale's reference deployment (real-world, not product documentation), or inferred from the sources.
 */
export const Grade = z.enum(['documented', 'spec', 'reference deployment', 'inferred']);
export type Grade = z.infer<typeof Grade>;

export const SOURCES = {
  cloudResourcesOverview: {
    title: 'What is a cloud resource on Anyscale on Azure? (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/cloud-resources-overview',
  },
  addCloudResource: {
    title: 'Add a cloud resource with an ARM template (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/add-cloud-resource',
  },
  cloudResourcesOverviewNetworking: {
    title: 'What is a cloud resource on Anyscale on Azure? — Networking (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/cloud-resources-overview#networking',
  },
  containerImageBuilds: {
    title: 'Configure container image builds (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/configure-container-image-builds',
  },
  referenceDeployment: {
    title: 'Anyscale on Azure reference deployment (anyscale/terraform-kubernetes-anyscale-foundation-modules)',
    url: 'https://github.com/anyscale/terraform-kubernetes-anyscale-foundation-modules/tree/main/examples/azure/anyscale-on-azure',
  },
  supportedRegions: {
    title: 'Anyscale on Azure supported regions (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/supported-regions',
  },
  restSpec: {
    title: 'Anyscale.Platform REST API specification (Azure/azure-rest-api-specs)',
    url: 'https://github.com/Azure/azure-rest-api-specs/tree/main/specification/anyscale/resource-manager/Anyscale.Platform',
  },
  azureRegions: {
    title: 'Azure geographies and regions (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/reliability/regions-list',
  },
  templateExpressions: {
    title: 'Syntax and expressions in ARM templates (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/azure-resource-manager/templates/template-expressions',
  },
  awsRegions: {
    title: 'AWS Regions (AWS General Reference)',
    url: 'https://docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html',
  },
  gcpRegions: {
    title: 'Google Cloud regions and zones',
    url: 'https://cloud.google.com/compute/docs/regions-zones',
  },
  createWorkloadsArm: {
    title: 'Create workloads with ARM templates (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/create-workloads-arm',
  },
  templateLimits: {
    title: 'ARM template best practices: Template limits (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/azure-resource-manager/templates/best-practices#template-limits',
  },
  anyscaleQuickstart: {
    title: 'Quickstart: Deploy Anyscale on Azure (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/quickstart-azure-cli',
  },
  anyscaleNetworking: {
    title: 'Anyscale on Azure networking (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/networking',
  },
  aksOidcIssuer: {
    title: 'Create an OpenID Connect provider on AKS (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/use-oidc-issuer',
  },
  aksWorkloadIdentity: {
    title: 'Deploy and configure workload identity on an AKS cluster (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/aks/workload-identity-deploy-cluster',
  },
  identityAccess: {
    title: 'Identity and access in Anyscale on Azure (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/identity-access',
  },
  aksTemplateReference: {
    title: 'Microsoft.ContainerService managedClusters: ARM template reference (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/templates/microsoft.containerservice/managedclusters',
  },
  applicationGatewayTemplateReference: {
    title: 'Microsoft.Network applicationGateways: ARM template reference (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/templates/microsoft.network/applicationgateways',
  },
  vmSizes: {
    title: 'Sizes for virtual machines in Azure (Microsoft Learn)',
    url: 'https://learn.microsoft.com/en-us/azure/virtual-machines/sizes/overview',
  },
} satisfies Record<string, Source>;

/** Where a fact comes from and how sure it is. */
export const Cited = z.object({ source: Source, grade: Grade });
export type Cited = z.infer<typeof Cited>;

/** A fact's citation, checked when the catalog module loads: spread into the fact (`{ value: 4, ...cite(…) }`). */
export function cite(source: Source, grade: Grade): Cited {
  return Cited.parse({ source, grade });
}

/**
 * A catalog module's `CITATIONS`: the source and grade of each exported fact whose entries don't carry their own
 * (a plain value, or a table from one source with one grade), by export name. test/unit/grades.test.ts checks that
 * every exported fact is cited here or in its entries.
 */
export const Citations = z.record(z.string(), Cited);
export type Citations = z.infer<typeof Citations>;
