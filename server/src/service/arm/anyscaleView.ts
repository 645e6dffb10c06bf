// Views over the Anyscale.Platform resources of a template: clouds and cloud resources, with their
// properties read once (case-insensitively, as ARM does) and shared by every rule. A cloud resource with a `copy`
// loop whose count is known becomes one cloud resource per copy, each evaluated with its own copyIndex().
import { equalsIgnoreCase, findProperty, type JsonNode, propertyValue } from '../json/nodes';
import {
  CLOUD_RESOURCE_TYPE,
  CLOUD_TYPE,
  COMPUTE_CONFIG_PATHS,
  COMPUTE_CONFIG_TYPE,
  CONTAINER_IMAGE_TYPE,
  JOB_TYPE,
  PROJECT_TYPE,
  type Provider,
  providerNamed,
  SERVICE_TYPE,
  type WorkloadKind,
  WORKSPACE_TYPE,
} from '../catalog/anyscale';
import { knownCopyCount, type CopyLoop } from './expressions/copyLoops';
import { isResourceType, renamed, resourceNames, type ArmResource, type ArmTemplate } from './template';
import { ABSENT, known, knownString, literalValue, unknown, type Value } from './value';
import { Memo, memoKey } from '../memo';
import type { EditedRegion } from '../json/editedRegion';
import type { Evaluator } from './expressions/evaluate';
import { CLOUD_RESOURCE_PROPERTIES } from '../../../../shared/protocol';

export interface PropertyRead {
  /** The `"key": value` property node, when the property is written. */
  readonly property?: JsonNode;
  readonly keyNode?: JsonNode;
  readonly valueNode?: JsonNode;
  readonly value: Value;
}

/** A written property's read (a class, like every object an analysis keeps: see docs/performance.md). */
class WrittenRead implements PropertyRead {
  readonly keyNode: JsonNode | undefined;
  readonly valueNode: JsonNode | undefined;

  constructor(
    readonly property: JsonNode,
    readonly value: Value,
  ) {
    this.keyNode = property.children?.[0];
    this.valueNode = property.children?.[1];
  }
}

export type Evaluate = (node: JsonNode | undefined, resource: ArmResource, copyIndex?: number) => Value;

/**
 * How many copies of a loop ARM creates at the same time: 1 for `mode: "serial"` with `batchSize: 1`, the batch
 * size for a serial loop, everything for a parallel one (ARM's default); undefined when mode or batch size isn't known.
 */
export function copiesAtOnce(loop: CopyLoop): number | undefined {
  if (loop.mode === ABSENT) return Infinity;
  const mode = knownString(loop.mode);
  if (mode === undefined) return undefined;
  if (equalsIgnoreCase(mode, 'parallel')) return Infinity;
  if (!equalsIgnoreCase(mode, 'serial')) return undefined;
  const batchSize = loop.batchSize;
  return batchSize.known &&
    typeof batchSize.value === 'number' &&
    Number.isInteger(batchSize.value) &&
    batchSize.value >= 1
    ? batchSize.value
    : undefined;
}

const MISSING: PropertyRead = { value: ABSENT };

/**
 * The properties the rules read, each with a slot: the first read finds all of them in one pass over `properties`
 * (a cloud resource has a handful), so no read searches the object or allocates a key.
 */
const PROPERTY_SLOTS: readonly string[] = CLOUD_RESOURCE_PROPERTIES;
const LOCATION_SLOT = PROPERTY_SLOTS.length;

/** Slots by the exact spelling, the way rules and most templates write the names; other spellings are compared. */
const SLOTS_BY_NAME = new Map(PROPERTY_SLOTS.map((name, slot) => [name, slot]));

function slotOf(key: string): number {
  const exact = SLOTS_BY_NAME.get(key);
  if (exact !== undefined) return exact;
  for (let slot = 0; slot < PROPERTY_SLOTS.length; slot++) if (equalsIgnoreCase(PROPERTY_SLOTS[slot], key)) return slot;
  return -1;
}

/**
 * One empty entry per slot. A view's per-slot arrays are copies of it made by slice: V8 may allocate what an array
 * literal or `new Array` makes straight into the old generation, never what a built-in makes (docs/performance.md).
 */
const NO_SLOTS: readonly undefined[] = Array.from({ length: LOCATION_SLOT + 1 }, () => undefined);

export class CloudResource {
  /** Property nodes per slot (the last one is the top-level `location`), found on the first read. */
  private properties?: (JsonNode | undefined)[];
  private reads: (PropertyRead | undefined)[] = NO_SLOTS.slice();
  /** Reads of properties without a slot. */
  private otherReads?: Map<string, PropertyRead>;
  /** The provider once read: null when it is not a known provider. */
  private knownProvider?: Provider | null;

  constructor(
    /** The resource as rules see it: for one copy of a loop, with that copy's name. */
    readonly resource: ArmResource,
    private readonly evaluate: Evaluate,
    /** The resource as the template declares it (the same object unless this is one copy of a loop). */
    readonly declared: ArmResource = resource,
    /** The resource's `copy` loop, when it has one. */
    readonly loop?: CopyLoop,
    /** Which copy this is, when the loop's count is known and the loop is expanded. */
    readonly copyIndex?: number,
  ) {}

  private read(property: JsonNode | undefined): PropertyRead {
    if (!property) return MISSING;
    return new WrittenRead(property, this.evaluate(property.children?.[1], this.declared, this.copyIndex));
  }

  private slotted(slot: number): PropertyRead {
    let read = this.reads[slot];
    if (!read) {
      if (!this.properties) {
        const found: (JsonNode | undefined)[] = NO_SLOTS.slice();
        const object = this.resource.properties;
        if (object?.type === 'object') {
          for (const property of object.children ?? []) {
            const key = property.children?.[0]?.value;
            if (typeof key !== 'string') continue;
            const at = slotOf(key);
            // ARM reads the first of two spellings of one key, as findProperty does.
            if (at >= 0 && !found[at]) found[at] = property;
          }
        }
        found[LOCATION_SLOT] = findProperty(this.resource.node, 'location');
        this.properties = found;
      }
      read = this.reads[slot] = this.read(this.properties[slot]);
    }
    return read;
  }

  /** A property of `properties`, e.g. `provider`. */
  prop(name: string): PropertyRead {
    const slot = slotOf(name);
    if (slot >= 0) return this.slotted(slot);
    this.otherReads ??= new Map();
    let read = this.otherReads.get(name);
    if (!read) this.otherReads.set(name, (read = this.read(findProperty(this.resource.properties, name))));
    return read;
  }

  /** A top-level property of the resource, e.g. `location`. */
  top(name: string): PropertyRead {
    if (equalsIgnoreCase(name, 'location')) return this.slotted(LOCATION_SLOT);
    const key = `/${name}`;
    this.otherReads ??= new Map();
    let read = this.otherReads.get(key);
    if (!read) this.otherReads.set(key, (read = this.read(findProperty(this.resource.node, name))));
    return read;
  }

  /** The provider when it is known and spelled exactly right; undefined otherwise. */
  get provider(): Provider | undefined {
    if (this.knownProvider === undefined) {
      const name = knownString(this.prop('provider').value);
      this.knownProvider = (name === undefined ? undefined : providerNamed(name)) ?? null;
    }
    return this.knownProvider ?? undefined;
  }

  /** The node to report on when a finding is about the resource as a whole. */
  get anchor(): JsonNode {
    return this.resource.nameNode ?? this.resource.typeNode ?? this.resource.node;
  }

  /**
   * The same cloud resource in the next version, with what it has read, reading on with that version's evaluator:
   * for a resource the edit left standing, whose values that evaluator carried (see anyscaleView).
   */
  carriedTo(evaluate: Evaluate): CloudResource {
    const next = new CloudResource(this.resource, evaluate, this.declared, this.loop, this.copyIndex);
    next.properties = this.properties;
    next.reads = this.reads;
    next.otherReads = this.otherReads;
    next.knownProvider = this.knownProvider;
    return next;
  }
}

export interface AnyscaleView {
  readonly clouds: readonly ArmResource[];
  /** In template order; the copies of a loop one after another. */
  readonly cloudResources: readonly CloudResource[];
  /** True when a copy loop was expanded: the same finding may then come from several copies. */
  readonly hasCopies: boolean;
  /** What the rules compute once per view (creation order, storage values, API versions). */
  readonly memo: Memo;
}

/** Each copy of a cloud resource's loop, with its name evaluated for that copy. */
function copiesOf(
  resource: ArmResource,
  loop: CopyLoop,
  count: number,
  evaluate: Evaluate,
  out: CloudResource[],
): void {
  const ownType = knownString(literalValue(resource.typeNode));
  for (let index = 0; index < count; index++) {
    const names = resourceNames(evaluate(resource.nameNode, resource, index), ownType, resource.parent);
    out.push(new CloudResource(renamed(resource, names), evaluate, resource, loop, index));
  }
}

/**
 * The resource with its name evaluated when it is written as an expression (`[concat(parameters('cloud'), '/aks')]`),
 * so the naming rules check, and dependsOn entries find, the name a deployment would use; the resource itself when
 * the name is a literal or cannot be known.
 */
export function withEvaluatedName(resource: ArmResource, evaluate: Evaluate): ArmResource {
  if (resource.name.known || resource.nameNode?.type !== 'string') return resource;
  const parent =
    resource.parent && !resource.parent.name.known && resource.parent.nameNode
      ? renamed(resource.parent, {
          name: evaluate(resource.parent.nameNode, resource.parent),
          leafName: resource.parent.leafName,
          parentName: resource.parent.parentName,
        })
      : resource.parent;
  const names = resourceNames(
    evaluate(resource.nameNode, resource),
    knownString(literalValue(resource.typeNode)),
    parent,
  );
  return names.name.known ? renamed(resource, names) : resource;
}

/**
 * The previous version's view of an edited template, to take over what still stands: the template's model must be
 * the previous version's (carryTemplate), and the values `evaluate` reads those the previous view read, carried
 * (carryValues.ts).
 */
export interface PreviousView {
  readonly view: AnyscaleView;
  readonly edit: EditedRegion;
}

/**
 * The previous view's cloud resources (each copy of a loop) by the resource declaring them, for each resource the
 * edit did not touch: their properties and values are as they were.
 */
function standingCloudResources({ view, edit }: PreviousView): Map<ArmResource, CloudResource[]> {
  const standing = new Map<ArmResource, CloudResource[]>();
  for (const cloudResource of view.cloudResources) {
    if (edit.stale(cloudResource.declared.node)) continue;
    const copies = standing.get(cloudResource.declared);
    if (copies) copies.push(cloudResource);
    else standing.set(cloudResource.declared, [cloudResource]);
  }
  return standing;
}

/**
 * `copyLoop` reads a resource's copy loop; without it (no evaluator), loops are not expanded. With `previous`, the
 * cloud resources of every resource the edit left standing are taken over with what they have read.
 */
export function anyscaleView(
  template: ArmTemplate,
  evaluate: Evaluate,
  copyLoop?: (resource: ArmResource) => CopyLoop | undefined,
  previous?: PreviousView,
): AnyscaleView {
  const clouds: ArmResource[] = [];
  const cloudResources: CloudResource[] = [];
  const standing = previous && standingCloudResources(previous);
  let hasCopies = false;
  for (const resource of template.resources) {
    if (resource.existing) continue;
    if (isResourceType(resource, CLOUD_TYPE)) clouds.push(withEvaluatedName(resource, evaluate));
    else if (isResourceType(resource, CLOUD_RESOURCE_TYPE)) {
      const kept = standing?.get(resource);
      if (kept) {
        for (const cloudResource of kept) cloudResources.push(cloudResource.carriedTo(evaluate));
        hasCopies ||= kept[0].copyIndex !== undefined;
        continue;
      }
      const loop = copyLoop?.(resource);
      const count = loop && knownCopyCount(loop.count);
      if (loop && count !== undefined) {
        copiesOf(resource, loop, count, evaluate, cloudResources);
        hasCopies = true;
      } else cloudResources.push(new CloudResource(withEvaluatedName(resource, evaluate), evaluate, resource, loop));
    }
  }
  // What the rules computed from the previous view is kept where it says it stands (MemoKey).
  const memo = previous ? previous.view.memo.carriedOver(previous.edit) : new Memo();
  return { clouds, cloudResources, hasCopies, memo };
}

/** The view as an evaluator sees it (loops expanded); `previous`: see anyscaleView. */
export function evaluatedView(template: ArmTemplate, evaluator: Evaluator, previous?: PreviousView): AnyscaleView {
  return anyscaleView(
    template,
    (node, resource, copyIndex) => evaluator.value(node, resource, copyIndex),
    (resource) => evaluator.copyLoop(resource),
    previous,
  );
}

// The proxied resources of a cloud (projects, compute configs, container images and the workloads: jobs, services,
// workspaces), read on first use and kept in the view's memo: most templates have none, and the cloud-resource rules
// never pay for them.

export type ProxiedKind = 'project' | 'computeConfig' | 'containerImage' | WorkloadKind;

const PROXIED_TYPES: ReadonlyArray<readonly [string, ProxiedKind]> = [
  [PROJECT_TYPE, 'project'],
  [COMPUTE_CONFIG_TYPE, 'computeConfig'],
  [CONTAINER_IMAGE_TYPE, 'containerImage'],
  [JOB_TYPE, 'job'],
  [SERVICE_TYPE, 'service'],
  [WORKSPACE_TYPE, 'workspace'],
];

function proxiedKindOf(resource: ArmResource): ProxiedKind | undefined {
  for (const [type, kind] of PROXIED_TYPES) if (isResourceType(resource, type)) return kind;
  return undefined;
}

export function isWorkload(kind: ProxiedKind): kind is WorkloadKind {
  return kind === 'job' || kind === 'service' || kind === 'workspace';
}

/** The node at a path of literal keys under an object, as ARM reads keys (ignoring case); undefined past an expression. */
export function nodeAtPath(object: JsonNode | undefined, keys: readonly string[]): JsonNode | undefined {
  let node = object;
  for (const key of keys) node = node?.type === 'object' ? propertyValue(node, key) : undefined;
  return node;
}

export class ProxiedResource {
  constructor(
    /** The resource with its name evaluated when it is an expression. */
    readonly resource: ArmResource,
    readonly kind: ProxiedKind,
    /** The cloud it belongs to: the first segment of its full name, when known. */
    readonly cloudName: string | undefined,
    /** Its apiVersion as written (ARM requires a literal), when it is a string. */
    readonly apiVersion: string | undefined,
    /** The resource as the template declares it. */
    readonly declared: ArmResource,
  ) {}

  /**
   * A workload's `ComputeConfigSpecOrReference` object (`computeConfigName` and/or `spec`), or a compute config's own
   * `properties` (whose `spec` is the same shape); undefined for other kinds, or when not written as an object.
   */
  get computeConfig(): JsonNode | undefined {
    if (this.kind === 'computeConfig')
      return this.resource.properties?.type === 'object' ? this.resource.properties : undefined;
    if (!isWorkload(this.kind)) return undefined;
    const node = nodeAtPath(this.resource.properties, COMPUTE_CONFIG_PATHS[this.kind]);
    return node?.type === 'object' ? node : undefined;
  }

  /** The anchor of a finding about the resource as a whole. */
  get anchor(): JsonNode {
    return this.resource.nameNode ?? this.resource.typeNode ?? this.resource.node;
  }
}

const PROXIED = memoKey<readonly ProxiedResource[]>('proxied resources');

/** The proxied Anyscale.Platform resources the template deploys (not `existing` ones), in template order. */
export function proxiedResources(
  template: ArmTemplate,
  view: AnyscaleView,
  evaluate: Evaluate,
): readonly ProxiedResource[] {
  return view.memo.get(PROXIED, () => {
    const found: ProxiedResource[] = [];
    for (const resource of template.resources) {
      if (resource.existing) continue;
      const kind = proxiedKindOf(resource);
      if (!kind) continue;
      const named = withEvaluatedName(resource, evaluate);
      const fullName = knownString(named.name);
      const slash = fullName?.indexOf('/') ?? -1;
      const cloudName = fullName !== undefined && slash > 0 ? fullName.slice(0, slash) : undefined;
      found.push(
        new ProxiedResource(named, kind, cloudName, knownString(literalValue(resource.apiVersionNode)), resource),
      );
    }
    return found;
  });
}

/**
 * The items of an array property as ARM reads them, each a value: a literal array's items one by one (each evaluated),
 * or the items of an array an expression gives — each at its own literal when the array is written literally elsewhere
 * (a parameter default, a variable, a parameter file), else at the expression. Empty when the array is not known.
 */
export function arrayItems(node: JsonNode | undefined, resource: ArmResource, evaluate: Evaluate): Value[] {
  if (!node) return [];
  if (node.type === 'array') return (node.children ?? []).map((item) => evaluate(item, resource));
  const value = evaluate(node, resource);
  if (!value.known || !Array.isArray(value.value)) return [];
  const origin = value.origin;
  const usage = value.usage ?? (origin !== node ? node : undefined);
  const items = value.value as unknown[];
  if (origin.type === 'array' && origin.children?.length === items.length) {
    return origin.children.map((child, i) => {
      const written = value.originUri === undefined ? literalValue(child) : known(child.value, child);
      return written.known && written.value === items[i]
        ? known(items[i], child, value.originUri, usage)
        : known(items[i], origin, value.originUri, usage);
    });
  }
  return items.map((item) => (item === undefined ? unknown('absent') : known(item, origin, value.originUri, usage)));
}
