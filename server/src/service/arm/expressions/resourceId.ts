// The resource ID functions (resourceId, subscriptionResourceId, tenantResourceId, managementGroupResourceId,
// extensionResourceId), built the way ARM builds them. Before deployment the subscription and resource group are
// unknown, so resourceId('A.B/c/d', 'x', 'y') has no known ID string; its parts (type and names) usually are known,
// and `ResourceIdParts` keeps them for callers that match resources (dependsOn).
import type { JsonNode } from '../../json/nodes';
import { known, knownString, unknown, withoutEnds, type Value } from '../value';

export type ResourceIdFunction =
  'resourceId' | 'subscriptionResourceId' | 'tenantResourceId' | 'managementGroupResourceId' | 'extensionResourceId';

const FUNCTIONS = new Map<string, ResourceIdFunction>(
  (
    [
      'resourceId',
      'subscriptionResourceId',
      'tenantResourceId',
      'managementGroupResourceId',
      'extensionResourceId',
    ] as const
  ).map((name) => [name.toLowerCase(), name]),
);

/** The resource ID function of that name (case-insensitive), if it is one. */
export function resourceIdFunction(name: string): ResourceIdFunction | undefined {
  return FUNCTIONS.get(name.toLowerCase());
}

export interface ResourceIdParts {
  readonly function: ResourceIdFunction;
  /** extensionResourceId's first argument: the ID of the resource the extension resource is applied to. */
  readonly scope?: Value;
  /** Only when passed as an argument; absent means the deployment's own subscription. */
  readonly subscriptionId?: Value;
  /** Only when passed as an argument; absent means the deployment's own resource group. */
  readonly resourceGroup?: Value;
  /** managementGroupResourceId's management group, when passed. */
  readonly managementGroup?: Value;
  /** The resource type as written, e.g. `Anyscale.Platform/clouds/cloudResources`. */
  readonly type: Value;
  /** The name arguments after the type, one per type segment after the namespace; empty when the type is not known. */
  readonly names: readonly Value[];
  /** The whole ID string; known only when every part is, so never for resourceId() without explicit subscription and group. */
  readonly id: Value;
}

/** How many leading arguments may come before the type, and what they are. */
const PREFIXES: Record<
  ResourceIdFunction,
  ReadonlyArray<ReadonlyArray<'subscriptionId' | 'resourceGroup' | 'managementGroup' | 'scope'>>
> = {
  resourceId: [[], ['resourceGroup'], ['subscriptionId', 'resourceGroup']],
  subscriptionResourceId: [[], ['subscriptionId']],
  tenantResourceId: [[]],
  managementGroupResourceId: [[], ['managementGroup']],
  extensionResourceId: [['scope']],
};

/** Locates the type among the arguments (the first known one containing '/') and builds the ID. */
export function resourceIdParts(fn: ResourceIdFunction, args: readonly Value[], origin: JsonNode): ResourceIdParts {
  const prefixes = PREFIXES[fn];
  let prefix: ReadonlyArray<'subscriptionId' | 'resourceGroup' | 'managementGroup' | 'scope'> | undefined;
  for (const candidate of prefixes) {
    const type = knownString(args[candidate.length] ?? unknown('missing'));
    if (type !== undefined && type.includes('/') && candidate.length + 1 < args.length) {
      prefix = candidate;
      break;
    }
  }
  if (!prefix) {
    const reason = `the resource type argument of ${fn}() is not known`;
    return { function: fn, type: unknown(reason), names: [], id: unknown(reason) };
  }
  const named: Partial<Record<'subscriptionId' | 'resourceGroup' | 'managementGroup' | 'scope', Value>> = {};
  prefix.forEach((role, i) => (named[role] = args[i]));
  const type = args[prefix.length];
  const names = args.slice(prefix.length + 1);
  return { function: fn, ...named, type, names, id: buildId(fn, knownString(type)!, named, names, origin) };
}

const deploymentParts = new Map<string, Value>();

/**
 * Why an ID is unknown when it takes a part from the deployment: one value per function and part, shared by every
 * call (a template can have thousands of dependsOn entries, each evaluated and kept).
 */
function deploymentPart(fn: ResourceIdFunction, fallback: string): Value {
  const key = `${fn} ${fallback}`;
  let value = deploymentParts.get(key);
  if (!value)
    deploymentParts.set(
      key,
      (value = unknown(`depends on the deployment's ${fallback} (${fn}() without a ${fallback} argument)`)),
    );
  return value;
}

function buildId(
  fn: ResourceIdFunction,
  type: string,
  named: Partial<Record<string, Value>>,
  names: readonly Value[],
  origin: JsonNode,
): Value {
  const segments = type.split('/');
  if (segments.length - 1 !== names.length)
    return unknown(`${fn}() for ${type} needs ${segments.length - 1} name argument(s), not ${names.length}`);
  for (const name of names)
    if (knownString(name) === undefined)
      return name.known ? unknown(`a name argument of ${fn}() is not a string`) : withoutEnds(name);
  const part = (role: string, fallback: string): string | Value => {
    const value = named[role];
    if (!value) return deploymentPart(fn, fallback);
    return (
      knownString(value) ??
      (value.known ? unknown(`the ${fallback} argument of ${fn}() is not a string`) : withoutEnds(value))
    );
  };
  const pieces: Array<string | Value> = [];
  if (fn === 'resourceId')
    pieces.push(
      '/subscriptions/',
      part('subscriptionId', 'subscription'),
      '/resourceGroups/',
      part('resourceGroup', 'resource group'),
    );
  else if (fn === 'subscriptionResourceId') pieces.push('/subscriptions/', part('subscriptionId', 'subscription'));
  else if (fn === 'managementGroupResourceId')
    pieces.push('/providers/Microsoft.Management/managementGroups/', part('managementGroup', 'management group'));
  else if (fn === 'extensionResourceId') pieces.push(part('scope', 'scope'));
  // The qualified type and names are written only once every part is known (most IDs wait for the deployment's).
  const unknownPart = pieces.find((piece) => typeof piece !== 'string');
  if (unknownPart) return unknownPart as Value;
  let qualified = segments[0];
  for (let i = 0; i < names.length; i++) qualified += `/${segments[i + 1]}/${knownString(names[i])!}`;
  pieces.push('/providers/', qualified);
  return known((pieces as string[]).join(''), origin);
}
