// region-missing: every provider requires `properties.region` on a cloud resource. The API falls back to the
// resource's `location`, which is only the right compute region for an Azure cluster in that same region. For AWS and
// GCP the fallback is an Azure region, which Anyscale validates against that provider's regions and rejects: an error
// (documented: cloud-resources-overview, "Anyscale validates region against that provider's known regions"; spec: the
// default is the location). For Azure and Generic (and an unknown provider) a warning.
import { findProperty, type JsonNode } from '../../../json/nodes';
import { knownString, type KnownValue } from '../../../arm/value';
import type { CloudResource } from '../../../arm/anyscaleView';
import { isAzureRegion, isKnownRegion, normalizeAzureLocation, regionListFor } from '../../../catalog/regions';
import { regionFallbackRejected } from '../../../catalog/anyscale';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

const BLANK_INDENT = /^[ \t]*$/;

/**
 * Where the finding goes: the empty value when one is written (where it is written, through parameters and
 * variables), else the `properties` key, else the resource.
 */
function reportNode(cloudResource: CloudResource): JsonNode | KnownValue {
  const written = cloudResource.prop('region');
  if (written.value.known) return written.value;
  return findProperty(cloudResource.resource.node, 'properties')?.children?.[0] ?? cloudResource.anchor;
}

/** A fix that writes `"region": "<region>"`: over an empty literal value, or before the first property of `properties`. */
function insertRegion(text: string, cloudResource: CloudResource, region: string): Fix | undefined {
  const quoted = JSON.stringify(region);
  const title = `Set region to ${quoted} (the location it defaults to)`;
  const written = cloudResource.prop('region');
  if (written.value.known) return valueFix(written.value, region, title, true);
  // Only offered for provider Azure, so `properties` holds at least the provider.
  const first = cloudResource.resource.properties?.children?.[0];
  if (!first) return undefined;
  const lineStart = text.lastIndexOf('\n', first.offset - 1) + 1;
  const indent = text.slice(lineStart, first.offset);
  const separator = BLANK_INDENT.test(indent) ? `\n${indent}` : ' ';
  return {
    title,
    edits: [{ start: first.offset, end: first.offset, newText: `"region": ${quoted},${separator}` }],
    preferred: true,
  };
}

export const regionMissing: TemplateRule = {
  code: 'region-missing',
  title:
    'A cloud resource should set properties.region; otherwise it defaults to location (an error for AWS and GCP, whose regions are never an Azure location)',
  defaultSeverity: 'warning',
  category: 'region',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const written = cloudResource.prop('region');
      if (written.property && !(written.value.known && (written.value.value === null || written.value.value === '')))
        continue;
      const provider = cloudResource.provider;
      const location = knownString(cloudResource.top('location').value);
      const defaultRegion = location === undefined ? undefined : normalizeAzureLocation(location);
      const list = provider ? regionListFor(provider.regionList) : undefined;
      const state = !written.property
        ? 'is not set'
        : written.value.known && written.value.value === null
          ? 'is null'
          : 'is empty';
      const consequence =
        defaultRegion === undefined
          ? ", so Anyscale uses the resource's location as the compute region"
          : list && !isKnownRegion(list, defaultRegion)
            ? `, so it defaults to the location "${defaultRegion}", which is not a known ${list.provider} region`
            : `, so it defaults to the location "${defaultRegion}"`;
      const example = provider && provider.name !== 'Azure' ? `, such as "${provider.regionExample}"` : '';
      // An AWS or GCP region is never an Azure location, so the fallback cannot be right.
      const rejected = provider !== undefined && regionFallbackRejected(provider);
      const outcome = rejected
        ? ` Anyscale validates region against ${provider.name}'s regions, so it rejects the cloud resource.`
        : '';
      const fix =
        provider?.name === 'Azure' && defaultRegion !== undefined && isAzureRegion(defaultRegion)
          ? insertRegion(context.text, cloudResource, defaultRegion)
          : undefined;
      context.report({
        cloudResource,
        at: reportNode(cloudResource),
        message: `properties.region ${state}${consequence}.${outcome} The Anyscale docs require region for every provider: set it to the region where the cluster runs${example}.`,
        severity: rejected ? 'error' : undefined,
        fixes: fix ? [fix] : undefined,
      });
    }
  },
};
