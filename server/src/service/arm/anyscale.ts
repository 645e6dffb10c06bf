// Views over the Anyscale.Platform resources of a template: clouds and cloud resources, with their
// properties read once (case-insensitively, as ARM does) and shared by every rule.
import type { JsonNode } from '../json/nodes';
import { findProperty } from '../json/nodes';
import { CLOUD_RESOURCE_TYPE, CLOUD_TYPE, providerNamed, type Provider } from '../catalog/anyscale';
import { isResourceType, type ArmResource, type ArmTemplate } from './template';
import { ABSENT, knownString, type Value } from './value';

export interface PropertyRead {
  /** The `"key": value` property node, when the property is written. */
  readonly property?: JsonNode;
  readonly keyNode?: JsonNode;
  readonly valueNode?: JsonNode;
  readonly value: Value;
}

export type Evaluate = (node: JsonNode | undefined, resource: ArmResource) => Value;

const MISSING: PropertyRead = { value: ABSENT };

export class CloudResource {
  private readonly reads = new Map<string, PropertyRead>();
  private providerRead?: { provider: Provider | undefined };

  constructor(
    readonly resource: ArmResource,
    private readonly evaluate: Evaluate,
  ) {}

  /** A property of `properties`, e.g. `provider`. */
  prop(name: string): PropertyRead {
    let read = this.reads.get(name);
    if (!read) {
      const property = findProperty(this.resource.properties, name);
      read = property ? { property, keyNode: property.children?.[0], valueNode: property.children?.[1], value: this.evaluate(property.children?.[1], this.resource) } : MISSING;
      this.reads.set(name, read);
    }
    return read;
  }

  /** A top-level property of the resource, e.g. `location`. */
  top(name: string): PropertyRead {
    const key = `/${name}`;
    let read = this.reads.get(key);
    if (!read) {
      const property = findProperty(this.resource.node, name);
      read = property ? { property, keyNode: property.children?.[0], valueNode: property.children?.[1], value: this.evaluate(property.children?.[1], this.resource) } : MISSING;
      this.reads.set(key, read);
    }
    return read;
  }

  /** The provider when it is known and spelled exactly right; undefined otherwise. */
  get provider(): Provider | undefined {
    if (!this.providerRead) {
      const name = knownString(this.prop('provider').value);
      this.providerRead = { provider: name === undefined ? undefined : providerNamed(name) };
    }
    return this.providerRead.provider;
  }

  /** The node to report on when a finding is about the resource as a whole. */
  get anchor(): JsonNode {
    return this.resource.nameNode ?? this.resource.typeNode ?? this.resource.node;
  }
}

export interface AnyscaleView {
  readonly clouds: readonly ArmResource[];
  readonly cloudResources: readonly CloudResource[];
}

export function anyscaleView(template: ArmTemplate, evaluate: Evaluate): AnyscaleView {
  const clouds: ArmResource[] = [];
  const cloudResources: CloudResource[] = [];
  for (const resource of template.resources) {
    if (resource.existing) continue;
    if (isResourceType(resource, CLOUD_TYPE)) clouds.push(resource);
    else if (isResourceType(resource, CLOUD_RESOURCE_TYPE)) cloudResources.push(new CloudResource(resource, evaluate));
  }
  return { clouds, cloudResources };
}
