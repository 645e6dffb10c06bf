// Drift: where an authored cloud resource and its deployed twin disagree. Every cloud-resource property is set at
// creation and can't be changed (cloud-resources-overview, "Change and remove a cloud resource"), so each
// difference is a redeployment that fails. A pure function over the authored values (each with where it is written)
// and the deployed resource; the rules (../rules/azure) turn the differences into findings.
import {
  CLOUD_RESOURCE_PROPERTIES,
  type DeployedCloudResource,
  type DeployedCloudResourceProperties,
} from '../../../../shared/protocol';
import { SOURCES } from '../catalog/source';

/** What ARM answers about changing or deleting a cloud resource (domain §1.3, §8). */
export const CLOUD_RESOURCE_LIFECYCLE = {
  /** Redeploying with a modified property fails with this, the resource's name appended. */
  cannotUpdate: 'Cannot update fields in the existing cloud resource',
  /** Deleting a cloud resource while it has running clusters. */
  deleteBlockedStatus: 409,
  source: SOURCES.cloudResourcesOverview,
} as const;

/** The properties compared: the top-level `location` and each creation-time property under `properties`. */
export type DriftProperty = 'location' | keyof DeployedCloudResourceProperties;

export const DRIFT_PROPERTIES: readonly DriftProperty[] = ['location', ...CLOUD_RESOURCE_PROPERTIES];

export interface AuthoredValue<At> {
  readonly property: DriftProperty;
  /** The value as the template gives it, known before deployment. */
  readonly value: string;
  /** Where it is written. */
  readonly at: At;
}

export interface Drift<At> {
  readonly property: DriftProperty;
  readonly authored: string;
  readonly deployed: string;
  readonly at: At;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether two spellings are the same value as ARM keeps it: locations ignoring case and spaces (ARM accepts
 * `West US 2` for `westus2`), GUIDs (a principal ID) ignoring case; every other property exactly, since Anyscale
 * compares them as written (providers are case-sensitive, regions are not converted).
 */
function same(property: DriftProperty, authored: string, deployed: string): boolean {
  if (property === 'location')
    return authored.replace(/\s+/g, '').toLowerCase() === deployed.replace(/\s+/g, '').toLowerCase();
  if (GUID.test(authored) && GUID.test(deployed)) return authored.toLowerCase() === deployed.toLowerCase();
  return authored === deployed;
}

function deployedValue(resource: DeployedCloudResource, property: DriftProperty): string | undefined {
  return property === 'location' ? resource.location : resource.properties[property];
}

/**
 * The authored values that differ from the deployed resource's. A property ARM did not return, or the template
 * leaves to a default, is not compared: nothing says what a redeployment would change there.
 */
export function driftOf<At>(authored: readonly AuthoredValue<At>[], deployed: DeployedCloudResource): Drift<At>[] {
  const drifts: Drift<At>[] = [];
  for (const { property, value, at } of authored) {
    const there = deployedValue(deployed, property);
    if (there === undefined || same(property, value, there)) continue;
    drifts.push({ property, authored: value, deployed: there, at });
  }
  return drifts;
}
