// Shared by the AKS rules: whether a template deploys Anyscale (an Anyscale.Platform resource or the Anyscale operator
// extension), the managed clusters it deploys next to it with their node pools, and a reader of nested properties
// (`securityProfile.workloadIdentity.enabled`) that says where a missing one would be added. Values come from the
// evaluator: what cannot be known is unknown, and the rules stay silent on it. A cluster in a copy loop is read once,
// without a copy index: a value that depends on copyIndex() is unknown.
import { findProperty, isObject, items, propertyValue, type JsonNode } from '../../json/nodes';
import { isResourceType, type ArmResource } from '../../arm/template';
import { ABSENT, known, knownString, type Value } from '../../arm/value';
import { AGENT_POOL_TYPE, ANYSCALE_PROVIDER_PREFIX, MANAGED_CLUSTER_TYPE } from '../../catalog/aks';
import { memoKey } from '../../memo';
import { isOperatorExtension } from './extensionValues';
import type { TemplateContext } from '../templateContext';

export interface NodePool {
  /** The pool's own name, when known. */
  readonly name?: string;
  readonly vmSize: Value;
  /** `System` or `User` as written (ARM enums compare ignoring case); undefined when absent or unknown. */
  readonly mode?: string;
}

export interface ManagedCluster {
  readonly resource: ArmResource;
  /** Its pools: `properties.agentPoolProfiles` items and the agentPools child resources that name it. */
  readonly pools: NodePool[];
}

/** Where a nested property would go: the literal object that lacks `keys[0]`, and the keys still to add. */
export interface Missing {
  readonly object: JsonNode;
  readonly keys: readonly string[];
}

export interface NestedRead {
  readonly value: Value;
  /** Set when the property is absent and every object above it is written as a literal. */
  readonly missing?: Missing;
}

/** True when the template deploys an Anyscale.Platform resource or the Anyscale operator extension. */
export function deploysAnyscale(context: TemplateContext): boolean {
  return context.template.resources.some(
    (resource) =>
      (resource.type ?? '').toLowerCase().startsWith(ANYSCALE_PROVIDER_PREFIX.toLowerCase()) ||
      isOperatorExtension(resource, context),
  );
}

function poolOf(object: JsonNode | undefined, resource: ArmResource, context: TemplateContext, name: Value): NodePool {
  return {
    name: knownString(name),
    vmSize: context.value(propertyValue(object, 'vmSize'), resource),
    mode: knownString(context.value(propertyValue(object, 'mode'), resource)),
  };
}

function clustersOf(context: TemplateContext): ManagedCluster[] {
  const clusters: ManagedCluster[] = [];
  const byName = new Map<string, ManagedCluster>();
  for (const resource of context.template.resources) {
    if (resource.existing || !isResourceType(resource, MANAGED_CLUSTER_TYPE)) continue;
    const cluster: ManagedCluster = { resource, pools: [] };
    // Only a literal array: each profile's values are then read where they are written.
    for (const profile of items(propertyValue(resource.properties, 'agentPoolProfiles'))) {
      if (isObject(profile))
        cluster.pools.push(poolOf(profile, resource, context, context.value(propertyValue(profile, 'name'), resource)));
    }
    clusters.push(cluster);
    const name = knownString(resource.name);
    if (name !== undefined) byName.set(name.toLowerCase(), cluster);
  }
  for (const resource of context.template.resources) {
    if (resource.existing || !isResourceType(resource, AGENT_POOL_TYPE)) continue;
    const parentName = knownString(resource.parentName);
    const cluster =
      (resource.parent && clusters.find((c) => c.resource === resource.parent)) ??
      (parentName === undefined ? undefined : byName.get(parentName.toLowerCase()));
    // A pool of a cluster deployed elsewhere is still a pool Ray may run on: it stands on its own.
    const pool = poolOf(resource.properties, resource, context, resource.leafName);
    if (cluster) cluster.pools.push(pool);
    else clusters.push({ resource, pools: [pool] });
  }
  return clusters;
}

const CLUSTERS = memoKey<readonly ManagedCluster[]>('AKS clusters next to Anyscale');

/**
 * The managed clusters (and stray agentPools) a template deploys when it also deploys Anyscale: none otherwise, as a
 * cluster for something else is none of Anyscale's business. Computed once per run.
 */
export function anyscaleClusters(context: TemplateContext): readonly ManagedCluster[] {
  return context.anyscale.memo.get(CLUSTERS, () => (deploysAnyscale(context) ? clustersOf(context) : []));
}

/** True when the resource is a managed cluster (not a stray agent pool). */
export function isManagedCluster(cluster: ManagedCluster): boolean {
  return isResourceType(cluster.resource, MANAGED_CLUSTER_TYPE);
}

/**
 * The value at `keys` under an object node of a resource. Literal objects are walked node by node (so the value is
 * reported where it is written); an object written as an expression is evaluated and read into. An absent property
 * under literal objects comes with where it would be added.
 */
export function readNested(
  context: TemplateContext,
  resource: ArmResource,
  object: JsonNode | undefined,
  keys: readonly string[],
): NestedRead {
  let current = object;
  for (let depth = 0; depth < keys.length; depth++) {
    if (!current) return { value: ABSENT };
    if (current.type !== 'object') return { value: readInto(context.value(current, resource), keys.slice(depth)) };
    const property = findProperty(current, keys[depth]);
    if (!property) return { value: ABSENT, missing: { object: current, keys: keys.slice(depth) } };
    current = property.children?.[1];
  }
  return { value: context.value(current, resource) };
}

/** A nested value inside an evaluated object, reported where the object is written. */
function readInto(value: Value, keys: readonly string[]): Value {
  if (!value.known) return value;
  let inner: unknown = value.value;
  for (const key of keys) {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return ABSENT;
    const match = Object.keys(inner).find((k) => k.toLowerCase() === key.toLowerCase());
    if (match === undefined) return ABSENT;
    inner = (inner as Record<string, unknown>)[match];
  }
  return known(inner, value.origin, value.originUri, value.usage);
}
