// Property-name completions inside Anyscale resources: the resource's own keys (type, apiVersion, name, …) and the
// names of `properties` — for a cloud resource the ones its provider requires first — each with its documentation,
// leaving out the ones already written.
import type { ArmResource } from '../../arm/template';
import { findProperty, type JsonNode } from '../../json/nodes';
import { isRequired, propertiesOfType, propertyMarkdown, RESOURCE_KEYS, type PropertyDoc } from '../../catalog/propertyDocs';
import type { CompletionEntry } from '../editing';
import type { PositionContext } from './context';
import { propertyName, type ValueShape } from './insert';
import { isAnyscaleResource, isCloudResource, isKey, providerOf, type LazyView } from './resources';

/** Properties whose values have completions: inserting the name opens them. */
const HAS_VALUE_COMPLETIONS = new Set(['type', 'apiVersion', 'location', 'provider', 'computeStack', 'region', 'cloudStorageBucketRegion', 'cloudStorageBucketName', 'cloudStorageBucketEndpoint', 'anyscaleOperatorIamIdentity']);
const SHAPES: Readonly<Record<string, ValueShape>> = { properties: 'object', tags: 'object', dependsOn: 'array' };

function written(object: JsonNode | undefined, name: string, typing: string | undefined): boolean {
  const property = findProperty(object, name);
  // The name being typed is not "already written".
  return property !== undefined && property.children?.[0]?.value !== typing;
}

function entries(context: PositionContext, docs: readonly PropertyDoc[], object: JsonNode | undefined, required: (doc: PropertyDoc) => boolean): CompletionEntry[] {
  const typing = context.token?.value;
  return docs
    .filter((doc) => !written(object, doc.name, typing))
    .map((doc, index) => {
      const isNeeded = required(doc);
      return propertyName(context, doc.name, SHAPES[doc.name] ?? 'string', {
        detail: isNeeded ? 'required' : 'optional',
        documentation: propertyMarkdown(doc, doc.name, docs !== RESOURCE_KEYS),
        sortText: `${isNeeded ? 0 : 1}${String(index).padStart(2, '0')}`,
        retrigger: HAS_VALUE_COMPLETIONS.has(doc.name),
      });
    });
}

/** Names for the key position at `inResource` (`['']` = the resource's own keys, `['properties', '']` = its properties). */
export function propertyNameCompletions(context: PositionContext, resource: ArmResource, view: LazyView): CompletionEntry[] {
  if (!isAnyscaleResource(resource)) return [];
  const path = context.inResource;
  if (path.length === 1) return entries(context, RESOURCE_KEYS, resource.node, (doc) => doc.requiredFor.length > 0);
  if (path.length === 2 && isKey(path[0], 'properties')) {
    const docs = propertiesOfType(resource.type);
    if (!docs) return [];
    const provider = isCloudResource(resource) ? providerOf(resource, view) : undefined;
    return entries(context, docs, resource.properties, (doc) => isRequired(doc, provider));
  }
  return [];
}
