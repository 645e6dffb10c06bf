// Facts every Anyscale on Azure user meets, as hover and docs state them, each with its sources and grade: the
// Anyscale Platform Contributor role each user needs on the cloud (domain §4.3; a missing role shows as 404), where
// the control plane and its metadata live whatever the data-plane region (domain §2.1, data residency), and that a
// cloud resource's location only places its record, its compute running in its region (domain §2.2).
import { z } from 'zod';
import { Grade, Source, SOURCES } from './source';

const Fact = z.object({
  /** Markdown, one short paragraph. */
  text: z.string(),
  sources: z.array(Source).min(1),
  grade: Grade,
  /** The docs page (under docs/) that says more. */
  docsPage: z.string(),
});
export type Fact = z.infer<typeof Fact>;

const IDENTITY_ACCESS = Source.parse({
  title: 'Identity and access in Anyscale on Azure (Microsoft Learn)',
  url: 'https://learn.microsoft.com/en-us/azure/anyscale-on-azure/identity-access',
});

/** The role name as the portal shows it; the role definition is named `Anyscale Platform Contributor Role` [REF]. */
export const CONTRIBUTOR_ROLE = 'Anyscale Platform Contributor';

/**
 * [DOC] quickstart, add-cloud-resource, identity-access; the networking guide repeats it: each user who creates
 * workspaces, jobs or services needs the role explicitly on the cloud; subscription Owner/Contributor does not carry
 * over; without it ARM answers 404 (not 403) because the caller cannot read the parent cloud.
 */
export const CONTRIBUTOR_ROLE_FACT: Fact = Fact.parse({
  text:
    `**Access:** each user who creates workspaces, jobs or services needs the **${CONTRIBUTOR_ROLE}** role explicitly on this ` +
    'cloud (or a scope above it); Owner or Contributor on the subscription does not carry over to the Anyscale resource provider. ' +
    'Without it, creating a workload or a cloud resource can fail with **HTTP 404** instead of 403, as though the cloud did not ' +
    'exist: the caller cannot read the parent cloud. A 404 alone does not prove which: check the cloud, the tenant and the role.',
  sources: [SOURCES.anyscaleQuickstart, SOURCES.addCloudResource, IDENTITY_ACCESS],
  grade: 'documented',
  docsPage: 'rbac.md',
});

/**
 * [DOC] supported-regions ("Data residency"); the networking guide repeats it: the control plane is in the United States,
 * separate from the data-plane region, and operational metadata flows there.
 */
export const DATA_RESIDENCY_FACT: Fact = Fact.parse({
  text:
    '**Data residency:** this region is where the data plane (the Kubernetes cluster, storage) runs. The Anyscale ' +
    'control plane is in the **United States** whatever the region, and its metadata goes there: system logs, ' +
    'metrics and cluster state, and structured application logs when log ingestion is on.',
  sources: [SOURCES.supportedRegions],
  grade: 'documented',
  docsPage: 'regions.md',
});

/**
 * [DOC] cloud-resources-overview ("Regions": location is the Azure region ARM tracks the resource record in, region the
 * cloud provider region where compute runs) and add-cloud-resource ("Use the same Azure region as the parent Anyscale
 * cloud. It doesn't affect where compute runs.").
 */
export const RECORD_LOCATION_FACT: Fact = Fact.parse({
  text:
    "**Location of the record:** a cloud resource's `location` is the Azure region Azure Resource Manager keeps its " +
    "record in; use its cloud's location. It doesn't affect where compute runs: that is `properties.region`.",
  sources: [SOURCES.cloudResourcesOverview, SOURCES.addCloudResource],
  grade: 'documented',
  docsPage: 'regions.md',
});

/** A fact as a hover section: its text (then `detail`, what it means here), its sources, and a link to the docs page. */
export function factMarkdown(fact: Fact, docsPageUrl: (page: string) => string, detail?: string): string {
  const sources = fact.sources.map((s) => `[${s.title}](${s.url})`).join(' · ');
  const text = detail ? `${fact.text} ${detail}` : fact.text;
  return `${text}\n\n${sources} · [more](${docsPageUrl(fact.docsPage)})`;
}
