// Hover on three values of a cloud resource that say where and on what it runs: a `provider` value (the clusters it
// means and what it makes of the region, the bucket, its endpoint and the operator identity, then the `provider`
// key's own documentation), a `computeStack` value (what it runs compute on, then the key's documentation), and its
// `location` (only where Azure Resource Manager keeps the record: compute runs in `properties.region`, named here when
// it is written).
import type { ArmResource } from '../template';
import { isExpression } from '../value';
import { COMPUTE_STACK_KINDS, computeStackNamed, providerNamed, type Provider } from '../../catalog/anyscale';
import { factMarkdown, RECORD_LOCATION_FACT } from '../../catalog/accessAndResidency';
import { IDENTITY_SHAPES } from '../../catalog/identity';
import {
  CLOUD_RESOURCE_PROPERTIES,
  propertyMarkdown,
  requirementLabel,
  type PropertyDoc,
} from '../../catalog/propertyDocs';
import { isValidRegionSyntax, regionListFor, regionNamed } from '../../catalog/regions';
import { AZURE_BLOB_HOST_SUFFIX, bucketShape } from '../../catalog/storage';
import { propertyValue } from '../../json/nodes';
import type { PositionContext } from './completion/context';
import { providerHere, valueWithFiles, type ProviderOfFiles, type ProviderSources } from './completion/properties';
import { isCloudResource, isKey, literalProperty } from './completion/resources';

const docOf = (name: string) => CLOUD_RESOURCE_PROPERTIES.find((doc) => doc.name === name)!;
const PROVIDER_DOC = docOf('provider');
const COMPUTE_STACK_DOC = docOf('computeStack');
const REGION_DOC = docOf('region');
const BUCKET_DOC = docOf('cloudStorageBucketName');
const ENDPOINT_DOC = docOf('cloudStorageBucketEndpoint');
const IDENTITY_DOC = docOf('anyscaleOperatorIamIdentity');

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

/**
 * What a provider makes of the other properties of its cloud resource, as the catalog has it: each one's requirement
 * for the provider with its grade, then what its value is.
 */
function providerMeaning(provider: Provider): string {
  const regions = regionListFor(provider.regionList);
  const region = regions
    ? `the ${regions.provider} region compute runs in, e.g. ${code(provider.regionExample)}`
    : `a free-form routing label, e.g. ${code(provider.regionExample)}`;
  const bucket =
    provider.bucketSchemes.length === 0
      ? `any ${code('<scheme>://<bucket>')}`
      : provider.bucketSchemes.map((scheme) => code(bucketShape(scheme))).join(' or ');
  const endpoint = provider.requiresBucketEndpoint
    ? `the storage account's Blob endpoint, ${code(`https://<account>${AZURE_BLOB_HOST_SUFFIX}`)}`
    : '`""` unless the bucket is S3-compatible storage at another endpoint';
  const identity = provider.identity === 'none' ? 'not used' : IDENTITY_SHAPES[provider.identity].description;
  const item = (doc: PropertyDoc, meaning: string) =>
    `- ${code(doc.name)} (${requirementLabel(doc, provider)}): ${meaning}`;
  return [
    `${code(provider.name)}: a cloud resource on **${provider.kubernetes}**. With this provider:`,
    '',
    item(REGION_DOC, region),
    item(BUCKET_DOC, `${bucket}, e.g. ${code(provider.bucketExample)}`),
    item(ENDPOINT_DOC, endpoint),
    item(IDENTITY_DOC, identity),
  ].join('\n');
}

/**
 * On a cloud resource's `provider` value: what that provider means, then the key's documentation (the four names,
 * case-sensitive, the primary resource's); only the key's documentation for a value that is no provider. Nothing on
 * an expression, whose own hover says what it evaluates to.
 */
export function providerValueSection(context: PositionContext, resource: ArmResource): string | undefined {
  const value = context.token?.value;
  if (value === undefined || isExpression(value) || !atValueOf(context, resource, 'properties', 'provider'))
    return undefined;
  const provider = providerNamed(value);
  const key = propertyMarkdown(PROVIDER_DOC, `properties.${PROVIDER_DOC.name}`, true, provider);
  return provider ? `${providerMeaning(provider)}\n\n${key}` : key;
}

/**
 * On a cloud resource's `computeStack` value: what the stack runs compute on (the provider's cluster when the provider
 * is known), then the key's documentation (the one value, case-sensitive, and its source); only the key's
 * documentation for a value Anyscale does not accept. Nothing on an expression, whose own hover says what it evaluates to.
 */
export function computeStackValueSection(
  context: PositionContext,
  resource: ArmResource,
  sources: ProviderSources,
): string | undefined {
  const value = context.token?.value;
  if (value === undefined || isExpression(value) || !atValueOf(context, resource, 'properties', 'computeStack'))
    return undefined;
  const stack = computeStackNamed(value);
  const here = providerHere(context, resource, sources);
  const provider = here.provider;
  const key = propertyMarkdown(COMPUTE_STACK_DOC, `properties.${COMPUTE_STACK_DOC.name}`, true, provider);
  if (!stack) return key;
  const onCluster = (files: ProviderOfFiles) =>
    files.provider
      ? `on **${files.provider.kubernetes}** for ${valueWithFiles(files)}`
      : `for ${valueWithFiles(files)}`;
  const cluster = provider
    ? `: with provider ${code(provider.name)}, on **${provider.kubernetes}**`
    : here.byParameterFile
      ? `; \`provider\` differs by parameter file: ${here.byParameterFile.map(onCluster).join(', ')}`
      : '';
  return `${code(stack)}: the cloud resource runs its compute on **${COMPUTE_STACK_KINDS[stack]}**${cluster}.\n\n${key}`;
}

/**
 * What a region value names for a provider (every list when it is not known): `**US West (Oregon)** (`us-west-2`):
 * AWS region`; undefined when it is on none of those lists, or the provider (Generic) has none.
 */
export function regionMeaning(value: string, provider: Provider | undefined): string | undefined {
  const named = regionNamed(value, provider);
  return named && `**${named.region.displayName}** (${code(named.region.name)}): ${named.list.provider} region`;
}

/**
 * What a region value is with each provider the parameter files give a `provider` expression, one list item each,
 * naming its files: `` - `AWS` with b.json: **US West (Oregon)** (`us-west-2`): AWS region ``.
 */
export function regionByParameterFile(value: string, byParameterFile: readonly ProviderOfFiles[]): string[] {
  return byParameterFile.map((files) => {
    const provider = files.provider;
    const meaning = !provider
      ? 'the provider is not known'
      : (regionMeaning(value, provider) ??
        (regionListFor(provider.regionList) ? `not in the ${provider.name} region list` : 'a free-form routing label'));
    return `- ${valueWithFiles(files)}: ${meaning}`;
  });
}

/**
 * Where the cloud resource's compute runs, as its `properties.region` is written, named in its provider's list (the
 * provider read as the region's own hover reads it, providerHere): per provider, naming its files, when the parameter
 * files give a `provider` expression different ones.
 */
function computeRegion(context: PositionContext, resource: ArmResource, sources: ProviderSources): string {
  if (!propertyValue(resource.properties, 'region'))
    return '`properties.region` is not set here: the API specification then defaults it to this location (`region-missing`).';
  const region = literalProperty(resource, 'region');
  if (region === undefined) return 'Here `properties.region` is an expression: its hover shows what it evaluates to.';
  if (!isValidRegionSyntax(region)) return 'Here `properties.region` is not a valid region name (`region-invalid`).';
  const here = providerHere(context, resource, sources);
  if (here.byParameterFile) {
    const each = regionByParameterFile(region, here.byParameterFile);
    return [
      `Here compute runs in ${code(region)}; \`provider\` differs by parameter file, and with it what that is:`,
      '',
      ...each,
    ].join('\n');
  }
  const named = regionNamed(region, here.provider);
  return `Here compute runs in ${named ? `**${named.region.displayName}** (${code(region)})` : code(region)}.`;
}

/** On a cloud resource's `location` value: it only places the record; compute runs in the region named. */
export function recordLocationSection(
  context: PositionContext,
  resource: ArmResource,
  sources: ProviderSources,
  docsPageUrl: (page: string) => string,
): string | undefined {
  if (!context.token || !atValueOf(context, resource, 'location')) return undefined;
  return factMarkdown(RECORD_LOCATION_FACT, docsPageUrl, computeRegion(context, resource, sources));
}
