// The order ARM creates a template's resources in, as far as the template pins it down: dependsOn entries
// (names, resource IDs, resourceId(...) calls, symbolic names), nested children after their parent, and an inline
// nested deployment's contents inside that deployment, and the copies of a `copy` loop one batch after another.
// Built once per analysis, shared by the ordering rules.
import { items, type JsonNode, propertyValue } from '../../json/nodes';
import { copiesAtOnce, withEvaluatedName } from '../../arm/anyscaleView';
import { knownCopyCount } from '../../arm/expressions/copyLoops';
import type { ArmResource, TemplateScope } from '../../arm/template';
import { knownString } from '../../arm/value';
import type { TemplateContext } from '../templateContext';
import type { ResourceIdParts } from '../../arm/expressions/resourceId';
import { memoKey } from '../../memo';
import { ReadNodes } from '../../json/editedRegion';

export interface CreationOrder {
  /**
   * For each of `context.anyscale.cloudResources`, in the same order: how many cloud resources, itself included,
   * ARM creates one after another up to and including it — 1 for one that waits for no other cloud resource. Two
   * with the same depth don't wait for each other (the copies of a parallel loop share one). Undefined when a
   * dependsOn entry on the way can't be resolved, or a loop on the way has an unknown count, mode or batch size.
   */
  readonly cloudResourceDepths: readonly (number | undefined)[];
  /**
   * The nodes the order was computed from besides the model (types, names, parents, scopes) and the values: each
   * resource's `dependsOn` and each cloud resource's `copy`. In a view carried over an edit (the same model, the
   * values carried), the order stands when the edit touched neither.
   */
  readonly readNodes: ReadNodes;
}

const PROVIDERS_SEGMENT = '/providers/';

/** Resources (by their position in the template) under a lower-cased key. */
type Table = Map<string, number[]>;

function addTo(table: Table, key: string, position: number): void {
  const list = table.get(key);
  if (list) list.push(position);
  else table.set(key, [position]);
}

/**
 * The resources of one template scope, findable the ways a dependsOn entry can name them. Each lookup table is
 * built on its first use, so a template whose dependsOn entries all have one shape builds one table.
 */
class ScopeIndex {
  private readonly positions: number[] = [];
  private readonly tables = new Map<string, Table>();
  private readonly typedTables = new Map<string, Map<string, Table>>();
  /** Lower-cased resource types, one string per distinct spelling. */
  private readonly lowerTypes = new Map<string, string>();

  constructor(
    private readonly resources: readonly ArmResource[],
    /** A resource with its name evaluated when written as an expression (`[concat(parameters('cloud'), '/aks')]`). */
    private readonly named: (resource: ArmResource) => ArmResource,
  ) {}

  add(position: number): void {
    this.positions.push(position);
  }

  private lowerType(type: string): string {
    let lower = this.lowerTypes.get(type);
    if (lower === undefined) this.lowerTypes.set(type, (lower = type.toLowerCase()));
    return lower;
  }

  private table(kind: string, keyOf: (resource: ArmResource) => string | undefined): Table {
    let table = this.tables.get(kind);
    if (!table) {
      table = new Map();
      for (const position of this.positions) {
        const key = keyOf(this.resources[position]);
        if (key !== undefined) addTo(table, key, position);
      }
      this.tables.set(kind, table);
    }
    return table;
  }

  /** Per lower-cased type, resources by a lower-cased name: two levels, so no key is built per resource. */
  private typedTable(kind: string, nameOf: (resource: ArmResource) => string | undefined): Map<string, Table> {
    let typed = this.typedTables.get(kind);
    if (!typed) {
      typed = new Map();
      for (const position of this.positions) {
        const resource = this.resources[position];
        const name = nameOf(resource);
        if (resource.type === undefined || name === undefined) continue;
        const type = this.lowerType(resource.type);
        let table = typed.get(type);
        if (!table) typed.set(type, (table = new Map()));
        addTo(table, name.toLowerCase(), position);
      }
      this.typedTables.set(kind, typed);
    }
    return typed;
  }

  private bySymbol(symbol: string): number[] | undefined {
    return this.table('symbol', (r) => r.symbolicName?.toLowerCase()).get(symbol);
  }

  private byName(name: string): number[] | undefined {
    return this.table('name', (r) => knownString(this.named(r).name)?.toLowerCase()).get(name);
  }

  private byLeaf(leaf: string): number[] | undefined {
    return this.table('leaf', (r) => knownString(this.named(r).leafName)?.toLowerCase()).get(leaf);
  }

  private byTypeAndName(type: string, name: string): number[] | undefined {
    return this.typedTable('name', (r) => knownString(this.named(r).name))
      .get(this.lowerType(type))
      ?.get(name.toLowerCase());
  }

  private byTypeAndLeaf(type: string, leaf: string): number[] | undefined {
    return this.typedTable('leaf', (r) => knownString(this.named(r).leafName))
      .get(this.lowerType(type))
      ?.get(leaf.toLowerCase());
  }

  /** A dependsOn entry written as text: a symbolic name, a resource ID, `<type>/<name>`, a full name or a leaf name. */
  resolveText(text: string): number[] | undefined {
    const lower = text.toLowerCase();
    const symbol = this.bySymbol(lower);
    if (symbol) return symbol;
    const providers = lower.lastIndexOf(PROVIDERS_SEGMENT);
    if (providers >= 0) return this.byTypedSegments(text.slice(providers + PROVIDERS_SEGMENT.length).split('/'));
    const segments = text.split('/');
    if (segments.length >= 3 && segments[0].includes('.')) {
      const typed = this.byTypedSegments(segments);
      if (typed) return typed;
    }
    // A one-segment text names a top-level resource (its leaf is its name) or a child by its own name.
    return segments.length === 1 ? this.byLeaf(lower) : this.byName(lower);
  }

  /** `Namespace/type/name[/type/name…]` (resource-ID order) or `Namespace/type[/type…]/name[/name…]`. */
  private byTypedSegments(segments: string[]): number[] | undefined {
    if (segments.length < 3 || segments.length % 2 === 0) return undefined;
    const pairs = (segments.length - 1) / 2;
    const interleavedType = [segments[0]];
    const interleavedName: string[] = [];
    for (let i = 1; i < segments.length; i += 2) {
      interleavedType.push(segments[i]);
      interleavedName.push(segments[i + 1]);
    }
    return (
      this.byTypeAndName(interleavedType.join('/'), interleavedName.join('/')) ??
      this.byTypeAndName(segments.slice(0, pairs + 1).join('/'), segments.slice(pairs + 1).join('/'))
    );
  }

  /**
   * A resource ID function call's type and names, each evaluated: by type and full name when every name is known,
   * else by type and the last name (the cloud segment is often a parameter the evaluator cannot know:
   * `resourceId('…/cloudResources', parameters('cloud'), 'first')`).
   */
  resolveResourceId(parts: ResourceIdParts): number[] | undefined {
    const type = knownString(parts.type);
    const names = parts.names.map(knownString);
    if (type === undefined || names.length === 0) return undefined;
    if (names.every((name) => name !== undefined)) return this.byTypeAndName(type, names.join('/'));
    const last = names[names.length - 1];
    return last === undefined ? undefined : this.byTypeAndLeaf(type, last);
  }
}

/** The resources an entry names; undefined when it can't be resolved (an expression other than resourceId, no match). */
function resolveEntry(
  entry: JsonNode,
  resource: ArmResource,
  index: ScopeIndex,
  context: TemplateContext,
): number[] | undefined {
  const parts = context.resourceId(entry, resource);
  if (parts) return index.resolveResourceId(parts);
  const text = knownString(context.value(entry, resource));
  return text === undefined ? undefined : index.resolveText(text);
}

/**
 * Adds the positions of the resources a resource's dependsOn names to `into`; false when any entry can't be
 * resolved. Every entry that resolves adds all its resources, even when a name is ambiguous: an extra edge can only
 * hide a warning, never raise one.
 */
function addDependencies(
  resource: ArmResource,
  dependsOn: JsonNode | undefined,
  index: ScopeIndex,
  context: TemplateContext,
  into: number[],
): boolean {
  if (!dependsOn) return true;
  if (dependsOn.type === 'array') {
    for (const entry of items(dependsOn)) {
      const targets = resolveEntry(entry, resource, index, context);
      if (!targets) return false;
      for (const target of targets) into.push(target);
    }
    return true;
  }
  const value = context.value(dependsOn, resource);
  if (!value.known || !Array.isArray(value.value)) return false;
  for (const entry of value.value) {
    const targets = typeof entry === 'string' ? index.resolveText(entry) : undefined;
    if (!targets) return false;
    for (const target of targets) into.push(target);
  }
  return true;
}

/** Where each of the view's cloud resources is in the template; the view keeps the template's order, so one pass pairs them. */
function cloudResourcePositions(context: TemplateContext, positionOf: (resource: ArmResource) => number): Int32Array {
  const resources = context.template.resources;
  const cloudResources = context.anyscale.cloudResources;
  const positions = new Int32Array(cloudResources.length);
  let next = 0;
  for (let i = 0; i < resources.length && next < cloudResources.length; i++) {
    while (next < cloudResources.length && cloudResources[next].declared === resources[i]) positions[next++] = i;
  }
  if (next < cloudResources.length)
    cloudResources.forEach((cloudResource, j) => (positions[j] = positionOf(cloudResource.declared)));
  return positions;
}

function build(context: TemplateContext): CreationOrder {
  const resources = context.template.resources;
  const count = resources.length;
  // Only nested resources need a resource's position from the resource itself; a flat template never builds this map.
  let positions: Map<ArmResource, number> | undefined;
  const positionOf = (resource: ArmResource): number => {
    positions ??= new Map(resources.map((r, i) => [r, i]));
    return positions.get(resource) ?? 0;
  };
  const cloudResources = context.anyscale.cloudResources;
  const cloudPositions = cloudResourcePositions(context, positionOf);
  // How many cloud resources one after another each resource adds: a loop of n copies made b at a time adds ⌈n / b⌉.
  const weight = new Int32Array(count);
  const uncertain = new Uint8Array(2 * count);
  const readNodes = new ReadNodes();
  const atOnce = cloudResources.map((cloudResource, j) => {
    const position = cloudPositions[j];
    readNodes.add(cloudResource.loop?.node);
    if (!cloudResource.loop) {
      weight[position] = 1;
      return 1;
    }
    const batch = copiesAtOnce(cloudResource.loop);
    // An unexpanded loop (unknown count) or an unknown batch size: how many come one after another isn't known.
    if (cloudResource.copyIndex === undefined || batch === undefined) uncertain[2 * position + 1] = 1;
    weight[position] = batch === undefined ? 1 : Math.ceil((knownCopyCount(cloudResource.loop.count) ?? 1) / batch);
    return batch ?? 1;
  });
  const evaluatedNames = new Map<ArmResource, ArmResource>();
  const named = (resource: ArmResource): ArmResource => {
    if (resource.name.known) return resource;
    let withName = evaluatedNames.get(resource);
    if (!withName) evaluatedNames.set(resource, (withName = withEvaluatedName(resource, context.value)));
    return withName;
  };
  const indexes = new Map<TemplateScope, ScopeIndex>();
  const indexOf: ScopeIndex[] = [];
  for (let i = 0; i < count; i++) {
    const scope = resources[i].scope;
    let index = indexes.get(scope);
    if (!index) indexes.set(scope, (index = new ScopeIndex(resources, named)));
    index.add(i);
    indexOf.push(index);
  }
  // A nested deployment is done when everything inside it is.
  const inside = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const deployment = resources[i].scope.deployment;
    if (!deployment) continue;
    const position = positionOf(deployment);
    const list = inside.get(position);
    if (list) list.push(i);
    else inside.set(position, [i]);
  }

  // Two nodes per resource: 2i "resource i can start", 2i+1 "resource i is done". Each node's edges point at the
  // nodes it waits for, stored flat: node n's edges are edges[offsets[n] .. offsets[n + 1]).
  const nodes = 2 * count;
  const offsets = new Int32Array(nodes + 1);
  const edges: number[] = [];
  const dependencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const resource = resources[i];
    const dependsOn = propertyValue(resource.node, 'dependsOn');
    readNodes.add(dependsOn);
    offsets[2 * i] = edges.length;
    if (resource.parent) edges.push(2 * positionOf(resource.parent) + 1);
    if (resource.scope.deployment) edges.push(2 * positionOf(resource.scope.deployment));
    dependencies.length = 0;
    if (!addDependencies(resource, dependsOn, indexOf[i], context, dependencies)) uncertain[2 * i] = 1;
    for (const dependency of dependencies) edges.push(2 * dependency + 1);
    offsets[2 * i + 1] = edges.length;
    edges.push(2 * i);
    for (const inner of inside.get(i) ?? []) edges.push(2 * inner + 1);
  }
  offsets[nodes] = edges.length;

  // Longest chain of cloud resources, by an iterative depth-first walk (a 10,000-long chain would overflow recursion).
  const depth = new Int32Array(nodes);
  const state = new Uint8Array(nodes); // 0 unvisited, 1 on the walk, 2 finished
  const cursor = new Int32Array(nodes);
  const stack: number[] = [];
  for (let root = 0; root < nodes; root++) {
    if (state[root] !== 0) continue;
    state[root] = 1;
    cursor[root] = offsets[root];
    stack.push(root);
    while (stack.length > 0) {
      const node = stack[stack.length - 1];
      if (cursor[node] < offsets[node + 1]) {
        const next = edges[cursor[node]++];
        if (state[next] === 0) {
          state[next] = 1;
          cursor[next] = offsets[next];
          stack.push(next);
        } else if (state[next] === 1) {
          uncertain[node] = 1; // a dependency cycle: ARM rejects it, and no order follows from it
        }
        continue;
      }
      let longest = 0;
      let isUncertain = uncertain[node];
      for (let e = offsets[node]; e < offsets[node + 1]; e++) {
        const edge = edges[e];
        if (depth[edge] > longest) longest = depth[edge];
        isUncertain |= uncertain[edge];
      }
      depth[node] = longest + (node & 1 ? weight[node >> 1] : 0);
      uncertain[node] = isUncertain;
      state[node] = 2;
      stack.pop();
    }
  }

  const cloudResourceDepths = Array.from(cloudPositions, (position, j) => {
    if (uncertain[2 * position + 1]) return undefined;
    const copyIndex = cloudResources[j].copyIndex;
    // The loop's last batch ends at the resource's depth; copy i is in batch ⌊i / b⌋.
    return copyIndex === undefined
      ? depth[2 * position + 1]
      : depth[2 * position + 1] - weight[position] + Math.floor(copyIndex / atOnce[j]) + 1;
  });
  return { cloudResourceDepths, readNodes };
}

const CREATION_ORDER = memoKey<CreationOrder>('creation order', (order, edit) => order.readNodes.standAfter(edit));

/** The creation order of the analysed template, computed on first use and shared by every rule of the analysis. */
export function creationOrder(context: TemplateContext): CreationOrder {
  return context.anyscale.memo.get(CREATION_ORDER, () => build(context));
}
