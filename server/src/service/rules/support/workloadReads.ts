// Shared by the workload rules: the proxied resources of the template, the option objects of a compute config spec,
// and what an ARM-ID-valued property names (a full ID string, a resourceId() call, or a bare name).
import { arrayItems, proxiedResources, nodeAtPath, type ProxiedResource } from '../../arm/anyscaleView';
import type { ArmResource } from '../../arm/template';
import { isExpression, knownString, type KnownValue, type Value } from '../../arm/value';
import { armStringLiteral } from '../../arm/expressions/lexical';
import { ARM_ID_API_VERSION, CLOUD_RESOURCE_TYPE, NAMING } from '../../catalog/anyscale';
import { equalsIgnoreCase, items, type JsonNode } from '../../json/nodes';
import type { TemplateContext } from '../templateContext';

export function proxied(context: TemplateContext): readonly ProxiedResource[] {
  return proxiedResources(context.template, context.anyscale, context.value);
}

/** True at the API version where the name-carrying properties take full ARM resource IDs (2026-09-01). */
export function takesArmIds(apiVersion: string | undefined): boolean {
  return apiVersion !== undefined && equalsIgnoreCase(apiVersion, ARM_ID_API_VERSION);
}

/** The literal option objects of a compute config: `spec.options[]` of a ComputeConfigSpecOrReference or of a compute config's properties. */
export function specOptions(config: JsonNode | undefined): JsonNode[] {
  const options = nodeAtPath(config, ['spec', 'options']);
  return options?.type === 'array' ? items(options).filter((option) => option.type === 'object') : [];
}

/** A resource an ARM ID names: its full type and its names, one per type segment after the namespace. */
export interface NamedResource {
  readonly type: string;
  readonly names: readonly (string | undefined)[];
}

/** `/subscriptions/<s>/resourceGroups/<g>/providers/<namespace>/<type>/<name>[/<type>/<name>…]`. */
const FULL_ID = /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/([^/]+)((?:\/[^/]+\/[^/]+)+)\/?$/i;

/** The resource a full ARM resource ID names, or undefined when the text is not one. */
export function parseArmId(text: string): NamedResource | undefined {
  const match = FULL_ID.exec(text);
  if (!match) return undefined;
  const segments = match[2].slice(1).split('/');
  const types = [match[1]];
  const names: string[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    types.push(segments[i]);
    names.push(segments[i + 1]);
  }
  return { type: types.join('/'), names };
}

/** What an ARM-ID-valued node names: a known full ID, or a resource ID function's parts; undefined when neither is known. */
export function namedResource(
  context: TemplateContext,
  node: JsonNode | undefined,
  resource: ArmResource,
): NamedResource | undefined {
  const value = context.value(node, resource);
  const text = knownString(value);
  if (text !== undefined) return parseArmId(text);
  const parts = context.resourceId(node, resource);
  const type = parts && knownString(parts.type);
  return parts && type !== undefined ? { type, names: parts.names.map((name) => knownString(name)) } : undefined;
}

/** An item of an array property: its value, and its node when the array is written in place. */
export interface ArrayItem {
  readonly value: Value;
  readonly node?: JsonNode;
}

/** The items of an array property (see arrayItems), each with its node when the array is written in place. */
export function itemsOf(context: TemplateContext, array: JsonNode | undefined, resource: ArmResource): ArrayItem[] {
  const nodes = array?.type === 'array' ? (array.children ?? []) : [];
  return arrayItems(array, resource, context.value).map((value, index) => ({ value, node: nodes[index] }));
}

/** Where to report on an item: its value when known (then the finding follows it into a parameter), else its node. */
export function itemAnchor(item: ArrayItem): KnownValue | JsonNode | undefined {
  return item.value.known ? item.value : item.node;
}

/** The name of the cloud resource an item of cloudResourceNames names: by ID or resourceId(), or a bare name (older API versions). */
export function cloudResourceNameOf(
  context: TemplateContext,
  item: ArrayItem,
  resource: ArmResource,
): string | undefined {
  const text = knownString(item.value);
  if (text !== undefined && NAMING.namePattern.test(text)) return text;
  const named = text !== undefined ? parseArmId(text) : item.node && namedResource(context, item.node, resource);
  return named && equalsIgnoreCase(named.type, CLOUD_RESOURCE_TYPE) ? named.names[1] : undefined;
}

/** `[concat(parameters('cloud'), '/…')]`: the name's cloud segment is the first argument, a parameter or a variable. */
const CLOUD_FROM_CONCAT = /^\[\s*concat\s*\(\s*((?:parameters|variables)\s*\(\s*'[^']*'\s*\))\s*,\s*'\//i;

/**
 * The expression argument that gives the resource's cloud name in a fix: the `parameters('…')` or `variables('…')`
 * its own name starts with, so that the fix keeps following it; else the known name as a quoted literal. Undefined when the
 * cloud's name is not known.
 */
export function cloudArgument(resource: ProxiedResource): string | undefined {
  if (resource.cloudName === undefined) return undefined;
  const written = resource.declared.nameNode?.value;
  const fromConcat = typeof written === 'string' && isExpression(written) ? CLOUD_FROM_CONCAT.exec(written) : null;
  return fromConcat ? fromConcat[1] : armStringLiteral(resource.cloudName);
}
