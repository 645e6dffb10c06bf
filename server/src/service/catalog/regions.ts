// Public region names of the clouds a cloud resource's compute can run in (Azure, AWS, Google Cloud), and how ARM
// compares Azure location names. Anyscale checks `region` against these lists; validated with zod when the module loads.
import { z } from 'zod';
import { NAMING, SUPPORTED_LOCATIONS, SUPPORTED_LOCATIONS_AS_OF, type Provider, type ProviderName } from './anyscale';
import { Citations, cite, Grade, Source, SOURCES } from './source';
import { didYouMean } from '../text/suggest';

const Region = z.object({
  name: z.string().max(NAMING.regionMaxLength).regex(NAMING.regionPattern),
  displayName: z.string().min(1),
});
export type Region = z.infer<typeof Region>;

const RegionList = z.object({
  /** The key a provider's `regionList` names. */
  list: z.enum(['azure', 'aws', 'gcp']),
  provider: z.enum(['Azure', 'AWS', 'GCP']),
  source: Source,
  /**
   * Each list is the provider's own documented region list. That Anyscale's "known regions" are exactly these is not
   * stated anywhere (domain §2.2 [UNKNOWN]), so region-unknown only warns and a stale list errs towards silence.
   */
  grade: Grade,
  regions: z
    .array(Region)
    .min(1)
    .refine((regions) => new Set(regions.map((r) => r.name)).size === regions.length, 'a region name is listed twice'),
});
export type RegionList = z.infer<typeof RegionList>;
export type RegionListName = RegionList['list'];

const AZURE = RegionList.parse({
  list: 'azure',
  provider: 'Azure',
  source: SOURCES.azureRegions,
  grade: 'documented',
  // Public Azure regions as `az account list-locations` names them, including regions that need access approval.
  regions: [
    { name: 'eastus', displayName: 'East US' },
    { name: 'eastus2', displayName: 'East US 2' },
    { name: 'centralus', displayName: 'Central US' },
    { name: 'northcentralus', displayName: 'North Central US' },
    { name: 'southcentralus', displayName: 'South Central US' },
    { name: 'westcentralus', displayName: 'West Central US' },
    { name: 'westus', displayName: 'West US' },
    { name: 'westus2', displayName: 'West US 2' },
    { name: 'westus3', displayName: 'West US 3' },
    { name: 'canadacentral', displayName: 'Canada Central' },
    { name: 'canadaeast', displayName: 'Canada East' },
    { name: 'mexicocentral', displayName: 'Mexico Central' },
    { name: 'brazilsouth', displayName: 'Brazil South' },
    { name: 'brazilsoutheast', displayName: 'Brazil Southeast' },
    { name: 'chilecentral', displayName: 'Chile Central' },
    { name: 'northeurope', displayName: 'North Europe' },
    { name: 'westeurope', displayName: 'West Europe' },
    { name: 'uksouth', displayName: 'UK South' },
    { name: 'ukwest', displayName: 'UK West' },
    { name: 'francecentral', displayName: 'France Central' },
    { name: 'francesouth', displayName: 'France South' },
    { name: 'germanywestcentral', displayName: 'Germany West Central' },
    { name: 'germanynorth', displayName: 'Germany North' },
    { name: 'switzerlandnorth', displayName: 'Switzerland North' },
    { name: 'switzerlandwest', displayName: 'Switzerland West' },
    { name: 'norwayeast', displayName: 'Norway East' },
    { name: 'norwaywest', displayName: 'Norway West' },
    { name: 'swedencentral', displayName: 'Sweden Central' },
    { name: 'swedensouth', displayName: 'Sweden South' },
    { name: 'denmarkeast', displayName: 'Denmark East' },
    { name: 'polandcentral', displayName: 'Poland Central' },
    { name: 'italynorth', displayName: 'Italy North' },
    { name: 'spaincentral', displayName: 'Spain Central' },
    { name: 'austriaeast', displayName: 'Austria East' },
    { name: 'belgiumcentral', displayName: 'Belgium Central' },
    { name: 'israelcentral', displayName: 'Israel Central' },
    { name: 'qatarcentral', displayName: 'Qatar Central' },
    { name: 'uaenorth', displayName: 'UAE North' },
    { name: 'uaecentral', displayName: 'UAE Central' },
    { name: 'southafricanorth', displayName: 'South Africa North' },
    { name: 'southafricawest', displayName: 'South Africa West' },
    { name: 'centralindia', displayName: 'Central India' },
    { name: 'southindia', displayName: 'South India' },
    { name: 'westindia', displayName: 'West India' },
    { name: 'jioindiawest', displayName: 'Jio India West' },
    { name: 'jioindiacentral', displayName: 'Jio India Central' },
    { name: 'eastasia', displayName: 'East Asia' },
    { name: 'southeastasia', displayName: 'Southeast Asia' },
    { name: 'japaneast', displayName: 'Japan East' },
    { name: 'japanwest', displayName: 'Japan West' },
    { name: 'koreacentral', displayName: 'Korea Central' },
    { name: 'koreasouth', displayName: 'Korea South' },
    { name: 'indonesiacentral', displayName: 'Indonesia Central' },
    { name: 'malaysiawest', displayName: 'Malaysia West' },
    { name: 'australiaeast', displayName: 'Australia East' },
    { name: 'australiasoutheast', displayName: 'Australia Southeast' },
    { name: 'australiacentral', displayName: 'Australia Central' },
    { name: 'australiacentral2', displayName: 'Australia Central 2' },
    { name: 'newzealandnorth', displayName: 'New Zealand North' },
  ],
});

const AWS = RegionList.parse({
  list: 'aws',
  provider: 'AWS',
  source: SOURCES.awsRegions,
  grade: 'documented',
  // Commercial AWS Regions and the two AWS GovCloud (US) Regions; the China and European Sovereign Cloud partitions are left out.
  regions: [
    { name: 'us-east-1', displayName: 'US East (N. Virginia)' },
    { name: 'us-east-2', displayName: 'US East (Ohio)' },
    { name: 'us-west-1', displayName: 'US West (N. California)' },
    { name: 'us-west-2', displayName: 'US West (Oregon)' },
    { name: 'ca-central-1', displayName: 'Canada (Central)' },
    { name: 'ca-west-1', displayName: 'Canada West (Calgary)' },
    { name: 'mx-central-1', displayName: 'Mexico (Central)' },
    { name: 'sa-east-1', displayName: 'South America (São Paulo)' },
    { name: 'eu-central-1', displayName: 'Europe (Frankfurt)' },
    { name: 'eu-central-2', displayName: 'Europe (Zurich)' },
    { name: 'eu-west-1', displayName: 'Europe (Ireland)' },
    { name: 'eu-west-2', displayName: 'Europe (London)' },
    { name: 'eu-west-3', displayName: 'Europe (Paris)' },
    { name: 'eu-south-1', displayName: 'Europe (Milan)' },
    { name: 'eu-south-2', displayName: 'Europe (Spain)' },
    { name: 'eu-north-1', displayName: 'Europe (Stockholm)' },
    { name: 'il-central-1', displayName: 'Israel (Tel Aviv)' },
    { name: 'me-south-1', displayName: 'Middle East (Bahrain)' },
    { name: 'me-central-1', displayName: 'Middle East (UAE)' },
    { name: 'af-south-1', displayName: 'Africa (Cape Town)' },
    { name: 'ap-east-1', displayName: 'Asia Pacific (Hong Kong)' },
    { name: 'ap-east-2', displayName: 'Asia Pacific (Taipei)' },
    { name: 'ap-south-1', displayName: 'Asia Pacific (Mumbai)' },
    { name: 'ap-south-2', displayName: 'Asia Pacific (Hyderabad)' },
    { name: 'ap-northeast-1', displayName: 'Asia Pacific (Tokyo)' },
    { name: 'ap-northeast-2', displayName: 'Asia Pacific (Seoul)' },
    { name: 'ap-northeast-3', displayName: 'Asia Pacific (Osaka)' },
    { name: 'ap-southeast-1', displayName: 'Asia Pacific (Singapore)' },
    { name: 'ap-southeast-2', displayName: 'Asia Pacific (Sydney)' },
    { name: 'ap-southeast-3', displayName: 'Asia Pacific (Jakarta)' },
    { name: 'ap-southeast-4', displayName: 'Asia Pacific (Melbourne)' },
    { name: 'ap-southeast-5', displayName: 'Asia Pacific (Malaysia)' },
    { name: 'ap-southeast-6', displayName: 'Asia Pacific (New Zealand)' },
    { name: 'ap-southeast-7', displayName: 'Asia Pacific (Thailand)' },
    { name: 'us-gov-east-1', displayName: 'AWS GovCloud (US-East)' },
    { name: 'us-gov-west-1', displayName: 'AWS GovCloud (US-West)' },
  ],
});

const GCP = RegionList.parse({
  list: 'gcp',
  provider: 'GCP',
  source: SOURCES.gcpRegions,
  grade: 'documented',
  regions: [
    { name: 'us-central1', displayName: 'Iowa' },
    { name: 'us-east1', displayName: 'South Carolina' },
    { name: 'us-east4', displayName: 'Northern Virginia' },
    { name: 'us-east5', displayName: 'Columbus' },
    { name: 'us-south1', displayName: 'Dallas' },
    { name: 'us-west1', displayName: 'Oregon' },
    { name: 'us-west2', displayName: 'Los Angeles' },
    { name: 'us-west3', displayName: 'Salt Lake City' },
    { name: 'us-west4', displayName: 'Las Vegas' },
    { name: 'northamerica-northeast1', displayName: 'Montréal' },
    { name: 'northamerica-northeast2', displayName: 'Toronto' },
    { name: 'northamerica-south1', displayName: 'Querétaro' },
    { name: 'southamerica-east1', displayName: 'São Paulo' },
    { name: 'southamerica-west1', displayName: 'Santiago' },
    { name: 'europe-west1', displayName: 'Belgium' },
    { name: 'europe-west2', displayName: 'London' },
    { name: 'europe-west3', displayName: 'Frankfurt' },
    { name: 'europe-west4', displayName: 'Netherlands' },
    { name: 'europe-west6', displayName: 'Zurich' },
    { name: 'europe-west8', displayName: 'Milan' },
    { name: 'europe-west9', displayName: 'Paris' },
    { name: 'europe-west10', displayName: 'Berlin' },
    { name: 'europe-west12', displayName: 'Turin' },
    { name: 'europe-central2', displayName: 'Warsaw' },
    { name: 'europe-north1', displayName: 'Finland' },
    { name: 'europe-north2', displayName: 'Stockholm' },
    { name: 'europe-southwest1', displayName: 'Madrid' },
    { name: 'me-central1', displayName: 'Doha' },
    { name: 'me-central2', displayName: 'Dammam' },
    { name: 'me-west1', displayName: 'Tel Aviv' },
    { name: 'africa-south1', displayName: 'Johannesburg' },
    { name: 'asia-east1', displayName: 'Taiwan' },
    { name: 'asia-east2', displayName: 'Hong Kong' },
    { name: 'asia-northeast1', displayName: 'Tokyo' },
    { name: 'asia-northeast2', displayName: 'Osaka' },
    { name: 'asia-northeast3', displayName: 'Seoul' },
    { name: 'asia-south1', displayName: 'Mumbai' },
    { name: 'asia-south2', displayName: 'Delhi' },
    { name: 'asia-southeast1', displayName: 'Singapore' },
    { name: 'asia-southeast2', displayName: 'Jakarta' },
    { name: 'asia-southeast3', displayName: 'Bangkok' },
    { name: 'australia-southeast1', displayName: 'Sydney' },
    { name: 'australia-southeast2', displayName: 'Melbourne' },
  ],
});

/** The three region lists, one per provider whose `region` Anyscale validates. */
export const REGION_LISTS: readonly RegionList[] = [AZURE, AWS, GCP];

const NAMES_BY_LIST = new Map<RegionListName, readonly string[]>(
  REGION_LISTS.map((l) => [l.list, l.regions.map((r) => r.name)]),
);
const NAME_SETS = new Map<RegionListName, ReadonlySet<string>>(
  REGION_LISTS.map((l) => [l.list, new Set(NAMES_BY_LIST.get(l.list))]),
);

/** The region list that validates a provider's `region`; undefined for `none` (Generic regions are free-form labels). */
export function regionListFor(list: Provider['regionList']): RegionList | undefined {
  return REGION_LISTS.find((l) => l.list === list);
}

/**
 * The region of this exact name in the list of the provider, in every list when the provider is not known (none for
 * Generic, whose regions are labels), with its list: `us-west-2` → US West (Oregon), AWS.
 */
export function regionNamed(
  name: string,
  provider: Provider | undefined,
): { readonly region: Region; readonly list: RegionList } | undefined {
  for (const list of provider ? REGION_LISTS.filter((l) => l.list === provider.regionList) : REGION_LISTS) {
    const region = list.regions.find((r) => r.name === name);
    if (region) return { region, list };
  }
  return undefined;
}

export function isKnownRegion(list: RegionList, name: string): boolean {
  return NAME_SETS.get(list.list)!.has(name);
}

/** The providers whose region list holds exactly this name, e.g. `us-west-2` → AWS. */
export function providersKnowingRegion(name: string): ProviderName[] {
  return REGION_LISTS.filter((l) => NAME_SETS.get(l.list)!.has(name)).map((l) => l.provider);
}

/**
 * The region of `list` the input most likely means: another casing or punctuation (`West-US-2` → `westus2`),
 * another provider's spelling of the same letters (`us-west-2` on Azure → `westus2`, `westus2` on AWS → `us-west-2`)
 * or a small typo. Undefined when nothing is close.
 */
export function suggestRegion(input: string, list: RegionList): string | undefined {
  return didYouMean(input, NAMES_BY_LIST.get(list.list)!);
}

/** True when the text is a syntactically valid `region` / `cloudStorageBucketRegion`. */
export function isValidRegionSyntax(text: string): boolean {
  return text.length <= NAMING.regionMaxLength && NAMING.regionPattern.test(text);
}

const NOT_REGION_CHARACTERS = /[^a-z0-9]+/g;
const EDGE_HYPHENS = /^-+|-+$/g;

/** The input lowercased with other characters turned into single hyphens (`US_West 2` → `us-west-2`), when that is valid. */
export function regionSyntaxFor(input: string): string | undefined {
  const candidate = input.toLowerCase().replace(NOT_REGION_CHARACTERS, '-').replace(EDGE_HYPHENS, '');
  return candidate.length > 0 && isValidRegionSyntax(candidate) ? candidate : undefined;
}

const WHITESPACE = /\s+/g;

/**
 * An Azure location as ARM compares it: case-insensitive and ignoring spaces, so `UK South`, `UKSouth` and `uksouth`
 * are the same location.
 */
export function normalizeAzureLocation(location: string): string {
  return location.replace(WHITESPACE, '').toLowerCase();
}

/** The documented locations with the page's date, for messages: "the 12 regions where … (supported regions page, …)". */
export const DOCUMENTED_LOCATIONS = `the ${SUPPORTED_LOCATIONS.length} regions where Anyscale on Azure is documented as available (supported regions page, ${SUPPORTED_LOCATIONS_AS_OF})`;

/**
 * Why an Azure region outside the list is reported, as the documentation states it: not among the documented regions (as
 * of the page's date), and support can be asked for it. Only the list is documented; that Anyscale's resource provider
 * rejects a particular region (westus) comes from a Terraform comment, so messages do not claim it.
 */
export function notDocumentedLocation(location: string): string {
  const list = SUPPORTED_LOCATIONS.map((l) => l.name).join(', ');
  return `not one of ${DOCUMENTED_LOCATIONS}: ${list}. Use one of them, or contact support to request access to ${location}.`;
}

const SUPPORTED_LOCATION_NAMES = SUPPORTED_LOCATIONS.map((l) => l.name);
const SUPPORTED_LOCATION_SET: ReadonlySet<string> = new Set(SUPPORTED_LOCATION_NAMES);

/** True when the location (in any casing or spacing ARM accepts) is one where Anyscale.Platform is available. */
export function isSupportedLocation(location: string): boolean {
  return SUPPORTED_LOCATION_SET.has(location) || SUPPORTED_LOCATION_SET.has(normalizeAzureLocation(location));
}

/** True when the location names a public Azure region at all, supported by Anyscale or not. */
export function isAzureRegion(location: string): boolean {
  return NAME_SETS.get('azure')!.has(normalizeAzureLocation(location));
}

/** The supported location a misspelled one most likely means, e.g. `uk-south` → `uksouth`. */
export function suggestSupportedLocation(location: string): string | undefined {
  return didYouMean(normalizeAzureLocation(location), SUPPORTED_LOCATION_NAMES);
}

/** Sources and grades of this module's plain facts (test/unit/grades.test.ts checks every export has one). */
export const CITATIONS: Citations = Citations.parse({
  DOCUMENTED_LOCATIONS: cite(SOURCES.supportedRegions, 'documented'),
});
