// Hover on a value of a cloud resource that says where it runs: its `location` (only where Azure Resource Manager
// keeps the record: compute runs in `properties.region`, named here when it is written).
import type { ArmResource } from '../template';
import { factMarkdown, RECORD_LOCATION_FACT } from '../../catalog/accessAndResidency';
import { isValidRegionSyntax, regionNamed } from '../../catalog/regions';
import { propertyValue } from '../../json/nodes';
import type { PositionContext } from './completion/context';
import { isCloudResource, isKey, literalProperty, resourceProvider, type LazyView } from './completion/resources';

const code = (text: string) => `\`${text}\``;

/** The value at `keys` of a cloud resource (not its key). */
function atValueOf(context: PositionContext, resource: ArmResource, ...keys: string[]): boolean {
  const path = context.inResource;
  return (
    !context.atKey &&
    isCloudResource(resource) &&
    path.length === keys.length &&
    keys.every((key, i) => isKey(path[i], key))
  );
}

/** Where the cloud resource's compute runs, as its `properties.region` is written. */
function computeRegion(resource: ArmResource, view: LazyView): string {
  if (!propertyValue(resource.properties, 'region'))
    return '`properties.region` is not set here: the API specification then defaults it to this location (`region-missing`).';
  const region = literalProperty(resource, 'region');
  if (region === undefined) return 'Here `properties.region` is an expression: its hover shows what it evaluates to.';
  if (!isValidRegionSyntax(region)) return 'Here `properties.region` is not a valid region name (`region-invalid`).';
  const named = regionNamed(region, resourceProvider(resource, view));
  return `Here compute runs in ${named ? `**${named.region.displayName}** (${code(region)})` : code(region)}.`;
}

/** On a cloud resource's `location` value: it only places the record; compute runs in the region named. */
export function recordLocationSection(
  context: PositionContext,
  resource: ArmResource,
  view: LazyView,
  docsPageUrl: (page: string) => string,
): string | undefined {
  if (!context.token || !atValueOf(context, resource, 'location')) return undefined;
  return factMarkdown(RECORD_LOCATION_FACT, docsPageUrl, computeRegion(resource, view));
}
