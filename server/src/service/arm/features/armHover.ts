// Hover in ARM templates, one hover with every section that applies at the position: what an expression evaluates
// to first (./expressionHover, per parameter file), then the property's documentation (Anyscale resource keys and
// `properties`, on the key and on an expression value), the display name of a region or location value, what a
// cloud resource's provider value means and that its location only places the record (./cloudResourceHover), the
// Anyscale Platform Contributor role (a cloud's type and name, a role assignment naming an Anyscale Platform role), the
// US control plane (a cloud's location, a cloud resource's region), the managed
// KubeRay extension (./extensionHover), and the rule title and docs link of each diagnostic there
// (features/diagnosticHover, as in YAML).
import type { Analysis, ParameterFileInput, TextRange } from '../../types';
import { isResourceType, type ArmResource } from '../template';
import { isExpression } from '../value';
import { CONTRIBUTOR_ROLE_FACT, DATA_RESIDENCY_FACT, factMarkdown } from '../../catalog/accessAndResidency';
import { SUPPORTED_LOCATIONS } from '../../catalog/anyscale';
import {
  nestedPropertiesOf,
  propertiesOfType,
  propertyMarkdown,
  RESOURCE_KEYS,
  type PropertyDoc,
} from '../../catalog/propertyDocs';
import { normalizeAzureLocation, notDocumentedLocation, regionListFor } from '../../catalog/regions';
import { equalsIgnoreCase, propertyValue } from '../../json/nodes';
import { positionContext, type PositionContext } from './completion/context';
import { providerHere, type ProviderHere, type ProviderSources } from './completion/properties';
import { isAnyscaleResource, isCloud, isCloudResource, isKey, type LazyView } from './completion/resources';
import type { HoverInfo } from '../../features/editing';
import { HOVER_SECTION_BREAK, withDiagnostics } from '../../features/diagnosticHover';
import {
  computeStackValueSection,
  providerValueSection,
  recordLocationSection,
  regionByParameterFile,
  regionMeaning,
} from './cloudResourceHover';
import { expressionHover } from './expressionHover';
import { extensionHover } from './extensionHover';

export interface ArmHoverOptions {
  /** The parameter files the template is checked with: the expression section shows a value per file. */
  readonly parameterFiles: readonly ParameterFileInput[];
  /** The docs page of a rule code. */
  readonly docsUrl: (code: string) => string;
  /** A page of the docs (`rbac.md`, `regions.md`). */
  readonly docsPageUrl: (page: string) => string;
}

function docNamed(docs: readonly PropertyDoc[] | undefined, name: string): PropertyDoc | undefined {
  return docs?.find((doc) => equalsIgnoreCase(doc.name, name));
}

/**
 * The documentation of the property under the cursor (its name, or a value that is an expression), inside an Anyscale
 * resource; a cloud resource's property says whether its provider requires it, the provider read as completion reads
 * it (or why it is not known).
 */
function propertySection(
  context: PositionContext,
  resource: ArmResource,
  sources: ProviderSources,
): string | undefined {
  const path = context.inResource;
  const name = path[path.length - 1];
  if (typeof name !== 'string') return undefined;
  if (path.length === 1) {
    const doc = docNamed(RESOURCE_KEYS, name);
    return doc && propertyMarkdown(doc, doc.name, false);
  }
  if (path.length === 2 && isKey(path[0], 'properties')) {
    const doc = docNamed(propertiesOfType(resource.type), name);
    if (!doc) return undefined;
    // As completion reads it: also written below the key, which a key typed without its colon hides from the tree.
    const here: ProviderHere = isCloudResource(resource) ? providerHere(context, resource, sources) : {};
    const unknown = here.provider ? undefined : here.unknown;
    return propertyMarkdown(doc, `properties.${doc.name}`, true, here.provider, unknown);
  }
  if (path.length === 3 && isKey(path[0], 'properties')) {
    // A job's `config` fields, the write-only ones saying that ARM never returns them.
    const doc = docNamed(nestedPropertiesOf(resource.type, path.slice(1, 2)), name);
    return doc && propertyMarkdown(doc, `properties.${String(path[1])}.${doc.name}`, false);
  }
  return undefined;
}

/**
 * What a location or region value names: `uksouth` → UK South, and whether Anyscale is documented as available there
 * (an Azure region that is not: in location-unsupported's words, which say support can be asked for it). A cloud
 * resource's region is named for its provider as completion reads it (providerHere); when the parameter files give
 * a `provider` expression different providers, for each of them, naming its files.
 */
function regionSection(context: PositionContext, resource: ArmResource, sources: ProviderSources): string | undefined {
  const value = context.token?.value;
  if (value === undefined || value.startsWith('[')) return undefined;
  const path = context.inResource;
  if (path.length === 1 && isKey(path[0], 'location')) {
    const supported = SUPPORTED_LOCATIONS.find((l) => l.name === normalizeAzureLocation(value));
    if (supported) return `**${supported.displayName}** (\`${supported.name}\`): Anyscale on Azure is available here.`;
    const azure = regionListFor('azure')?.regions.find((r) => r.name === normalizeAzureLocation(value));
    return (
      azure && `**${azure.displayName}** (\`${azure.name}\`): an Azure region, but ${notDocumentedLocation(azure.name)}`
    );
  }
  if (
    path.length === 2 &&
    isKey(path[0], 'properties') &&
    (isKey(path[1], 'region') || isKey(path[1], 'cloudStorageBucketRegion')) &&
    isCloudResource(resource)
  ) {
    const here = providerHere(context, resource, sources);
    if (here.byParameterFile) {
      const each = regionByParameterFile(value, here.byParameterFile);
      return [`\`provider\` differs by parameter file, and with it what \`${value}\` is:`, '', ...each].join('\n');
    }
    const meaning = regionMeaning(value, here.provider);
    return meaning && `${meaning}.`;
  }
  return undefined;
}

const ROLE_ASSIGNMENT_TYPE = 'Microsoft.Authorization/roleAssignments';
/** How a role definition ID, a variable or a name mentions an Anyscale Platform role: `Anyscale Platform Contributor`, `anyscalePlatformContributorRoleId`. */
const ANYSCALE_PLATFORM_ROLE = /anyscale[\s_-]?platform/i;

/** True for a path inside the resource that is exactly `keys` (compared as ARM does). */
function isPath(path: readonly (string | number)[], ...keys: string[]): boolean {
  return path.length === keys.length && keys.every((key, i) => isKey(path[i], key));
}

/** A role assignment whose role definition ID or name, as written, mentions an Anyscale Platform role. */
function assignsAnyscalePlatformRole(resource: ArmResource, text: string): boolean {
  const written = (node: { offset: number; length: number } | undefined) =>
    node !== undefined && ANYSCALE_PLATFORM_ROLE.test(text.slice(node.offset, node.offset + node.length));
  return written(resource.nameNode) || written(propertyValue(resource.properties, 'roleDefinitionId'));
}

/**
 * The Anyscale Platform Contributor role, on a cloud's `type` and `name` (key or value) and on the `type` and
 * `roleDefinitionId` of a role assignment that names an Anyscale Platform role.
 */
function accessSection(
  context: PositionContext,
  resource: ArmResource,
  text: string,
  options: ArmHoverOptions,
): string | undefined {
  const path = context.inResource;
  const onCloud = isCloud(resource) && (isPath(path, 'type') || isPath(path, 'name'));
  const onRoleAssignment =
    isResourceType(resource, ROLE_ASSIGNMENT_TYPE) &&
    (isPath(path, 'type') || isPath(path, 'properties', 'roleDefinitionId')) &&
    assignsAnyscalePlatformRole(resource, text);
  return onCloud || onRoleAssignment ? factMarkdown(CONTRIBUTOR_ROLE_FACT, options.docsPageUrl) : undefined;
}

/**
 * Where the control plane is, on the regions the data plane runs in (key or value): a cloud resource's `region` and a
 * cloud's `location`. Not on a cloud resource's `location`, which only places its record in ARM (domain §2.2,
 * cloud-resources-overview "Regions": compute runs in `region`). A cloud's location is the region of its primary
 * resource's AKS node pools (domain §2.1, supported-regions: "A cloud created in eastus can only run workloads on AKS
 * node pools in eastus"), the page the residency note comes from; the cloud's other resources run in their own regions.
 */
function residencySection(
  context: PositionContext,
  resource: ArmResource,
  options: ArmHoverOptions,
): string | undefined {
  const path = context.inResource;
  const onLocation = isCloud(resource) && isPath(path, 'location');
  const onRegion = isCloudResource(resource) && isPath(path, 'properties', 'region');
  return onLocation || onRegion ? factMarkdown(DATA_RESIDENCY_FACT, options.docsPageUrl) : undefined;
}

export function armHover(
  text: string,
  analysis: Pick<Analysis, 'template' | 'anyscale' | 'findings' | 'syntaxErrors'>,
  offset: number,
  options: ArmHoverOptions,
): HoverInfo | undefined {
  const template = analysis.template;
  if (!template) return undefined;
  const sections: string[] = [];
  let range: TextRange | undefined;
  // One past the position, so that hovering a string's opening quote counts as inside it.
  // The text the tree was parsed from: a value nested too deep to follow is blanked out there (json/depth.ts).
  if (analysis.syntaxErrors.length === 0) {
    // What the value under the cursor is comes before what the property means.
    const expression = expressionHover(template, offset, options.parameterFiles);
    if (expression) {
      sections.push(expression.markdown);
      range = { start: expression.node.offset, end: expression.node.offset + expression.node.length };
    }
  }
  const context = positionContext(
    template.text,
    Math.min(offset + 1, text.length),
    template.root,
    template,
    analysis.syntaxErrors.length === 0,
  );
  const resource = context.resource;
  if (resource && context.token) {
    const anyscale = isAnyscaleResource(resource);
    const view: LazyView = () => analysis.anyscale;
    const sources: ProviderSources = {
      view,
      template,
      parameterFiles: options.parameterFiles,
      syntaxErrors: analysis.syntaxErrors,
    };
    // An expression value is documented as its key is, below what it evaluates to; a literal value says what it names.
    const onExpressionValue = !context.atKey && isExpression(context.token.value);
    const property = anyscale
      ? context.atKey || onExpressionValue
        ? propertySection(context, resource, sources)
        : regionSection(context, resource, sources)
      : undefined;
    const found = [
      property,
      providerValueSection(context, resource),
      computeStackValueSection(context, resource, sources),
      recordLocationSection(context, resource, sources, options.docsPageUrl),
      accessSection(context, resource, template.text, options),
      residencySection(context, resource, options),
    ].filter((s) => s !== undefined);
    if (found.length > 0) {
      sections.push(...found);
      range ??= { start: context.token.start, end: context.token.end };
    }
  }
  const extension = resource && context.token && extensionHover(resource, context.inResource, context.atKey);
  if (extension) {
    sections.push(extension);
    range ??= { start: context.token!.start, end: context.token!.end };
  }
  const own = range && { markdown: sections.join(HOVER_SECTION_BREAK), range };
  return withDiagnostics(own, offset, { findings: analysis.findings, docsUrl: options.docsUrl });
}
