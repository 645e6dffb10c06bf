// Property-name completions inside Anyscale resources: the resource's own keys (type, apiVersion, name, …) and the
// names of `properties` — for a cloud resource the ones its provider requires or should set first, saying which —
// each with its documentation, leaving out the ones already written.
import type { ArmResource } from '../../template';
import { findProperty, propertyValue, type JsonNode } from '../../../json/nodes';
import {
  isNeeded,
  nestedPropertiesOf,
  propertiesOfType,
  propertyMarkdown,
  requirementDetail,
  RESOURCE_KEYS,
  type PropertyDoc,
} from '../../../catalog/propertyDocs';
import type { Provider } from '../../../catalog/anyscale';
import { nodeAtPath } from '../../anyscaleView';
import type { CompletionEntry } from '../../../features/editing';
import type { PositionContext } from './context';
import { propertyName, type ValueShape } from './insert';
import { isAnyscaleResource, isCloudResource, isKey, resourceProvider, type LazyView } from './resources';

/** Properties whose values have completions: inserting the name opens them. */
const HAS_VALUE_COMPLETIONS = new Set([
  'type',
  'apiVersion',
  'location',
  'provider',
  'computeStack',
  'region',
  'cloudStorageBucketRegion',
  'cloudStorageBucketName',
  'cloudStorageBucketEndpoint',
  'anyscaleOperatorIamIdentity',
]);
const SHAPES: Readonly<Record<string, ValueShape>> = {
  properties: 'object',
  tags: 'object',
  dependsOn: 'array',
  // The workloads' objects and arrays (domain §1.5).
  config: 'object',
  deploymentConfig: 'object',
  computeConfig: 'object',
  spec: 'object',
  envVars: 'object',
  pyModules: 'array',
  pipRequirements: 'array',
  maxRetries: 'number',
  timeout: 'number',
  idleTerminationMinutes: 'number',
};

/**
 * The resource keys VS Code's JSON language features offer from the `$schema` of a template whose `resources` is an
 * array: the ARMResourceBase and resourceBase definitions of
 * https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json (also condition, copy, comments).
 * Offered by both lists they would show twice: there the JSON list keeps them, and ours the Anyscale properties.
 */
const SCHEMA_RESOURCE_KEYS = new Set(['name', 'type', 'apiVersion', 'location', 'tags', 'dependsOn']);
const DEPLOYMENT_TEMPLATE_SCHEMA =
  /^https:\/\/schema\.management\.azure\.com\/schemas\/[^/]+\/deploymentTemplate\.json#?$/i;

/** True for a resource of the root `resources` array in a template whose `$schema` is the deploymentTemplate schema. */
function schemaOffersResourceKeys(context: PositionContext, root: JsonNode): boolean {
  const schema = propertyValue(root, '$schema')?.value;
  return (
    isKey(context.path[0], 'resources') &&
    typeof context.path[1] === 'number' &&
    typeof schema === 'string' &&
    DEPLOYMENT_TEMPLATE_SCHEMA.test(schema)
  );
}

function written(object: JsonNode | undefined, name: string, typing: string | undefined): boolean {
  const property = findProperty(object, name);
  // The name being typed is not "already written".
  return property !== undefined && property.children?.[0]?.value !== typing;
}

/** `provider`: the cloud resource's, when it is one and its provider is known; the requirement is for it. */
function entries(
  context: PositionContext,
  docs: readonly PropertyDoc[],
  object: JsonNode | undefined,
  provider: Provider | undefined,
): CompletionEntry[] {
  const typing = context.token?.value;
  return docs
    .filter((doc) => !written(object, doc.name, typing))
    .map((doc, index) =>
      propertyName(context, doc.name, SHAPES[doc.name] ?? 'string', {
        detail: requirementDetail(doc, provider),
        documentation: propertyMarkdown(doc, doc.name, !RESOURCE_KEYS.includes(doc), provider),
        sortText: `${isNeeded(doc, provider) ? 0 : 1}${String(index).padStart(2, '0')}`,
        retrigger: HAS_VALUE_COMPLETIONS.has(doc.name),
      }),
    );
}

/** Names for the key position at `inResource` (`['']` = the resource's own keys, `['properties', '']` = its properties). */
export function propertyNameCompletions(
  context: PositionContext,
  resource: ArmResource,
  view: LazyView,
  root: JsonNode,
): CompletionEntry[] {
  if (!isAnyscaleResource(resource)) return [];
  const path = context.inResource;
  if (path.length === 1) {
    const docs = schemaOffersResourceKeys(context, root)
      ? RESOURCE_KEYS.filter((doc) => !SCHEMA_RESOURCE_KEYS.has(doc.name))
      : RESOURCE_KEYS;
    return entries(context, docs, resource.node, undefined);
  }
  if (path.length === 2 && isKey(path[0], 'properties')) {
    const docs = propertiesOfType(resource.type);
    if (!docs) return [];
    const provider = isCloudResource(resource) ? resourceProvider(resource, view) : undefined;
    return entries(context, docs, resource.properties, provider);
  }
  if (path.length === 3 && isKey(path[0], 'properties') && typeof path[1] === 'string') {
    const docs = nestedPropertiesOf(resource.type, [path[1]]);
    return docs ? entries(context, docs, nodeAtPath(resource.properties, [path[1]]), undefined) : [];
  }
  return [];
}
