// The template's AKS cluster extensions (Microsoft.KubernetesConfiguration/extensions) as the extension rules read
// them: each deployed extension resource with its extension type evaluated (a parameter or a variable often holds it)
// and its `properties` read as ARM would see them. Computed once per run and shared by every extension rule.
import { equalsIgnoreCase, findProperty, type JsonNode } from '../../json/nodes';
import { isResourceType, type ArmResource } from '../../arm/template';
import { ABSENT, knownString, type Value } from '../../arm/value';
import { EXTENSION_RESOURCE_TYPE } from '../../catalog/clusterExtensions';
import { memoKey } from '../../memo';
import type { TemplateContext } from '../templateContext';

/** A property as read: where it is written (when it is) and its value as ARM would see it. */
export interface ExtensionProperty {
  readonly property?: JsonNode;
  readonly keyNode?: JsonNode;
  readonly valueNode?: JsonNode;
  readonly value: Value;
}

const MISSING: ExtensionProperty = { value: ABSENT };

export class ClusterExtension {
  private readonly reads = new Map<string, ExtensionProperty>();

  constructor(
    readonly resource: ArmResource,
    private readonly context: TemplateContext,
  ) {}

  /** A property at a path under `properties` (`['scope', 'cluster', 'releaseNamespace']`), looked up as ARM does. */
  prop(...path: string[]): ExtensionProperty {
    const key = path.join('\u0000').toLowerCase();
    let read = this.reads.get(key);
    if (!read) this.reads.set(key, (read = this.read(path)));
    return read;
  }

  private read(path: readonly string[]): ExtensionProperty {
    let object: JsonNode | undefined = this.resource.properties;
    let property: JsonNode | undefined;
    for (const name of path) {
      property = findProperty(object, name);
      object = property?.children?.[1];
      if (!property) return MISSING;
    }
    const valueNode = property!.children?.[1];
    return {
      property,
      keyNode: property!.children?.[0],
      valueNode,
      value: this.context.value(valueNode, this.resource),
    };
  }

  /** The extension type when it is known. */
  get extensionType(): string | undefined {
    return knownString(this.prop('extensionType').value);
  }

  /** True when the extension type is known and is `type` (extension types compare ignoring case). */
  is(type: string): boolean {
    const extensionType = this.extensionType;
    return extensionType !== undefined && equalsIgnoreCase(extensionType, type);
  }

  /** The resource's apiVersion when it is a known string. */
  get apiVersion(): string | undefined {
    return knownString(this.context.value(this.resource.apiVersionNode, this.resource));
  }

  /** The node to report on when a finding is about the extension as a whole: its extension type, else its type. */
  get anchor(): JsonNode {
    return this.prop('extensionType').valueNode ?? this.resource.typeNode ?? this.resource.node;
  }
}

const EXTENSIONS = memoKey<readonly ClusterExtension[]>('cluster extensions');

/** The template's deployed cluster extensions (not `existing` references), in document order. */
export function clusterExtensions(context: TemplateContext): readonly ClusterExtension[] {
  return context.anyscale.memo.get(EXTENSIONS, () =>
    context.template.resources
      .filter((resource) => !resource.existing && isResourceType(resource, EXTENSION_RESOURCE_TYPE))
      .map((resource) => new ClusterExtension(resource, context)),
  );
}

/** True when a value is known to be absent: not written, or written as null (ARM drops null properties). */
export function isAbsent(value: Value): boolean {
  return value === ABSENT || (value.known && value.value === null);
}
