// The AKS cluster an extension resource (or any extension resource with a `scope`) is installed on, when the template
// says which: from `scope` (a literal ID or `Microsoft.ContainerService/managedClusters/<name>`, or an expression:
// format(), concat(), resourceId(), parameters, variables), else from a dependsOn entry naming one of the template's
// clusters (a resource ID, resourceId(), a name or a symbolic name), else — when the scope does not name some other
// resource — the only managed cluster of the template scope. When none of these pins it down the result is undefined, and every check that needs the cluster stays silent.
// Shared: any rule about "the cluster this resource targets" imports it.
import { equalsIgnoreCase, items, propertyValue, stringOf, type JsonNode } from '../../json/nodes';
import { isResourceType, type ArmResource } from '../../arm/template';
import { knownString } from '../../arm/value';
import { MANAGED_CLUSTER_TYPE } from '../../catalog/aks';
import { memoKey } from '../../memo';
import type { TemplateContext } from '../templateContext';

export interface TargetCluster {
  /** The managedClusters resource (possibly an `existing` reference, whose properties are not in the template). */
  readonly cluster: ArmResource;
  /** How it was found. */
  readonly via: 'scope' | 'dependsOn' | 'only cluster';
  /** The node that names it (the scope or dependsOn entry); absent when it is the only cluster. */
  readonly namedAt?: JsonNode;
}

/** What a scope or dependsOn entry names: a cluster (by name, or with a name we cannot know), something else, or unknown. */
type Named = { kind: 'cluster'; name?: string } | { kind: 'other' } | undefined;

const CLUSTER_ID = /(?:^|\/providers\/)Microsoft\.ContainerService\/managedClusters\/([^/]+)$/i;

/** Reads a resource ID or a `<namespace>/<type>/<name>` reference. */
function namedByText(text: string): Named {
  const match = CLUSTER_ID.exec(text);
  if (match) return { kind: 'cluster', name: match[1] };
  return text.includes('/') ? { kind: 'other' } : undefined;
}

function namedBy(node: JsonNode, resource: ArmResource, context: TemplateContext): Named {
  const value = context.value(node, resource);
  const text = knownString(value);
  if (text !== undefined) return namedByText(text);
  if (value.known) return undefined;
  const parts = context.resourceId(node, resource);
  const type = parts && knownString(parts.type);
  if (type === undefined) return undefined;
  if (!equalsIgnoreCase(type, MANAGED_CLUSTER_TYPE)) return { kind: 'other' };
  const name = parts!.names[0];
  return { kind: 'cluster', name: name && knownString(name) };
}

/** The template's managed clusters that can be matched: not in a copy loop (which copy would it be?). */
function clustersOf(context: TemplateContext): readonly ArmResource[] {
  return context.template.resources.filter(
    (resource) => isResourceType(resource, MANAGED_CLUSTER_TYPE) && !propertyValue(resource.node, 'copy'),
  );
}

function clusterNamed(
  clusters: readonly ArmResource[],
  name: string,
  context: TemplateContext,
): ArmResource | undefined {
  return clusters.find((cluster) => {
    const clusterName = knownString(cluster.name) ?? knownString(context.value(cluster.nameNode, cluster));
    return clusterName !== undefined && equalsIgnoreCase(clusterName, name);
  });
}

/** A dependsOn entry written as a languageVersion 2.0 symbolic name. */
function bySymbol(clusters: readonly ArmResource[], entry: JsonNode): ArmResource | undefined {
  const text = stringOf(entry);
  return text === undefined
    ? undefined
    : clusters.find((cluster) => cluster.symbolicName !== undefined && equalsIgnoreCase(cluster.symbolicName, text));
}

function fromDependsOn(
  resource: ArmResource,
  clusters: readonly ArmResource[],
  context: TemplateContext,
): TargetCluster | undefined {
  const found = new Map<ArmResource, JsonNode>();
  for (const entry of items(propertyValue(resource.node, 'dependsOn'))) {
    const symbolic = bySymbol(clusters, entry);
    // A dependsOn entry may also be a plain resource name.
    const plain = symbolic ? undefined : knownString(context.value(entry, resource));
    const named = symbolic
      ? undefined
      : plain !== undefined && !plain.includes('/')
        ? { kind: 'cluster' as const, name: plain }
        : namedBy(entry, resource, context);
    const cluster =
      symbolic ??
      (named?.kind === 'cluster' && named.name !== undefined ? clusterNamed(clusters, named.name, context) : undefined);
    if (cluster && !found.has(cluster)) found.set(cluster, entry);
  }
  if (found.size !== 1) return undefined;
  const [[cluster, namedAt]] = found;
  return { cluster, via: 'dependsOn', namedAt };
}

function resolve(resource: ArmResource, context: TemplateContext): TargetCluster | undefined {
  const clusters = clustersOf(context);
  if (clusters.length === 0) return undefined;
  const scopeNode = propertyValue(resource.node, 'scope');
  if (scopeNode) {
    const named = namedBy(scopeNode, resource, context);
    // The scope is another kind of resource: no cluster of this template is the target.
    if (named?.kind === 'other') return undefined;
    if (named?.name !== undefined) {
      // A cluster this template does not declare (deployed elsewhere): nothing to check here.
      const cluster = clusterNamed(clusters, named.name, context);
      return cluster && { cluster, via: 'scope', namedAt: scopeNode };
    }
  }
  const byDependsOn = fromDependsOn(resource, clusters, context);
  if (byDependsOn) return byDependsOn;
  const inScope = clusters.filter((cluster) => cluster.scope === resource.scope);
  return inScope.length === 1 ? { cluster: inScope[0], via: 'only cluster' } : undefined;
}

const TARGETS = memoKey<Map<ArmResource, TargetCluster | undefined>>('target clusters');

/** The managed cluster `resource` is installed on, when the template pins it down; undefined otherwise. */
export function targetCluster(resource: ArmResource, context: TemplateContext): TargetCluster | undefined {
  const targets = context.anyscale.memo.get(TARGETS, () => new Map());
  if (!targets.has(resource)) targets.set(resource, resolve(resource, context));
  return targets.get(resource);
}
