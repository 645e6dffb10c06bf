// The typed model of an ARM deployment template, built once per document version from jsonc-parser's tree.
// Resources are flattened from every place ARM allows them: the `resources` array, the languageVersion 2.0
// `resources` object (symbolic names), nested child `resources`, and inline nested deployments — each nested
// deployment with its own scope (parameters, variables, outputs).
import {
  entries,
  equalsIgnoreCase,
  findProperty,
  isObject,
  items,
  type JsonNode,
  propertyValue,
  stringOf,
} from '../json/nodes';
import { ReadNodes, type EditedRegion } from '../json/editedRegion';
import { literalValue, knownString, type Value, known, unknown } from './value';
import { Memo } from '../memo';

/** Where a string token is, quotes included. */
export interface StringRange {
  readonly start: number;
  readonly end: number;
}

/** The section of a template scope a declaration is in. */
export type SectionKind = 'parameter' | 'variable' | 'output';

export interface Declaration<K extends SectionKind = SectionKind> {
  readonly kind: K;
  /** The scope whose section declares it. */
  readonly scope: TemplateScope;
  readonly name: string;
  /** The property node `"name": {...}` in `parameters`, `variables` or `outputs`. */
  readonly property: JsonNode;
  readonly keyNode: JsonNode;
  readonly valueNode: JsonNode;
  // The same nodes under the names the expression table gives any declaration it numbers (a `variables.copy`
  // loop's too: see NamedDeclaration), so that the table can number these objects themselves.
  /** keyNode. */
  readonly nameNode: JsonNode;
  /** valueNode. */
  readonly node: JsonNode;
  readonly copyLoop: false;
}

export interface TemplateScope {
  /** The template object: the document root, or `properties.template` of a nested deployment. */
  readonly node: JsonNode;
  readonly parent?: TemplateScope;
  /** The `Microsoft.Resources/deployments` resource that holds this scope (nested scopes only). */
  readonly deployment?: ArmResource;
  readonly languageVersion?: string;
  readonly parameters: ReadonlyMap<string, Declaration<'parameter'>>;
  readonly variables: ReadonlyMap<string, Declaration<'variable'>>;
  readonly outputs: ReadonlyMap<string, Declaration<'output'>>;
  /** Resources declared directly in this scope, nested children included, nested deployments' contents excluded. */
  readonly resources: ArmResource[];
}

export interface ArmResource {
  readonly node: JsonNode;
  readonly scope: TemplateScope;
  /** The parent resource when declared in another resource's `resources`. */
  readonly parent?: ArmResource;
  /** The key in a languageVersion 2.0 `resources` object. */
  readonly symbolicName?: string;
  readonly typeNode?: JsonNode;
  /** The full resource type, e.g. `Anyscale.Platform/clouds/cloudResources`, when known. */
  readonly type?: string;
  readonly nameNode?: JsonNode;
  /** The full name as written or composed with the parent's (`cloud/child`). */
  readonly name: Value;
  /** The last segment of the name (the child's own name). */
  readonly leafName: Value;
  /** Everything before the last segment (the parent's name), when the resource is a child. */
  readonly parentName: Value;
  readonly apiVersionNode?: JsonNode;
  readonly properties?: JsonNode;
  /** `existing: true` resources are references, not deployments; rules about what is deployed skip them. */
  readonly existing: boolean;
}

export interface ArmTemplate {
  readonly root: JsonNode;
  /** The document's text, which `root` was parsed from. */
  readonly text: string;
  readonly rootScope: TemplateScope;
  readonly scopes: TemplateScope[];
  /** Every resource of every scope, in document order. */
  readonly resources: ArmResource[];
  /** Strings written over several lines (raw line breaks between the quotes), which only Azure CLI and PowerShell deploy. */
  readonly multiLineStrings: readonly StringRange[];
  /** What is computed once per template (the expression table, usages). */
  readonly memo: Memo;
  /** The nodes the model was built from: what an edit must leave standing for the next version to keep it. */
  readonly modelNodes: ModelNodes;
}

/** An object or an array: what a splice replaces (json/spliceJson.ts). */
function isContainer(node: JsonNode): boolean {
  return node.type === 'object' || node.type === 'array';
}

/**
 * The nodes a model was built from. `content`: those whose whole value it read (types, names, `existing`,
 * `languageVersion`); `shape`: the objects and arrays it holds or looked up keys or items in (scopes, sections,
 * declarations, resource lists, resources), and every object and array above those and above `content`. An edit
 * that replaced none of `shape` and is inside none of `content` (json/editedRegion.ts) leaves the model as it was:
 * the same scopes, declarations and resources. A splice replaces an object or an array, never a string or a
 * property, so `shape` needs nothing else: a variable written as a string adds nothing to it.
 */
export class ModelNodes {
  private readonly shape = new Set<JsonNode>();
  readonly content = new ReadNodes();

  walked(node: JsonNode | undefined): void {
    if (node && isContainer(node)) this.shape.add(node);
  }

  /** Adds the containers above the walked and read nodes, once the model is built. */
  close(): void {
    const above = (node: JsonNode) => {
      for (let next = node.parent; next && !this.shape.has(next); next = next.parent)
        if (isContainer(next)) this.shape.add(next);
    };
    [...this.shape].forEach(above);
    this.content.forEach(above);
  }

  /** True when the model stands after the edit. */
  standAfter(edit: EditedRegion): boolean {
    const old = edit.replaced.old;
    return !(old && this.shape.has(old)) && this.content.standAfter(edit);
  }
}

/** A class, not an object literal, like every object an analysis keeps per declaration (docs/performance.md). */
class SectionDeclaration<K extends SectionKind> implements Declaration<K> {
  constructor(
    readonly kind: K,
    readonly scope: TemplateScope,
    readonly name: string,
    readonly property: JsonNode,
    readonly keyNode: JsonNode,
    readonly valueNode: JsonNode,
  ) {}

  get nameNode(): JsonNode {
    return this.keyNode;
  }

  get node(): JsonNode {
    return this.valueNode;
  }

  get copyLoop(): false {
    return false;
  }
}

/** A section's declarations by lower-cased name; of two spellings of one name the last wins, as in ARM. */
function declarations<K extends SectionKind>(
  section: JsonNode | undefined,
  kind: K,
  scope: TemplateScope,
): Map<string, Declaration<K>> {
  const children = section?.type === 'object' ? section.children : undefined;
  const table = new Map<string, Declaration<K>>();
  // Indexed: a loop run once per section stays unoptimized for a while, and there for…of makes an object per step.
  for (let i = 0; i < (children?.length ?? 0); i++) {
    const property = children![i];
    const keyNode = property.children?.[0];
    const valueNode = property.children?.[1];
    const name = keyNode?.value;
    if (keyNode && valueNode && typeof name === 'string')
      table.set(name.toLowerCase(), new SectionDeclaration(kind, scope, name, property, keyNode, valueNode));
  }
  return table;
}

function typeEquals(a: string | undefined, b: string): boolean {
  return a !== undefined && equalsIgnoreCase(a, b);
}

/** Splits a known full name into the parent part and the leaf; a name without `/` has no parent part. */
function splitName(name: Value): { leaf: Value; parent: Value } {
  const text = knownString(name);
  if (text === undefined || !name.known)
    return {
      leaf: name.known ? name : unknown(name.reason),
      parent: name.known ? unknown('name is not a string') : unknown(name.reason),
    };
  const slash = text.lastIndexOf('/');
  if (slash < 0) return { leaf: name, parent: unknown('top-level name has no parent segment') };
  // Both parts keep where the name is written and used (a parameter file, a variable), like the name itself.
  return {
    leaf: known(text.slice(slash + 1), name.origin, name.originUri, name.usage),
    parent: known(text.slice(0, slash), name.origin, name.originUri, name.usage),
  };
}

/** A resource's full name, leaf and parent part from its own `name` value (as written, or evaluated for one copy). */
export function resourceNames(
  ownName: Value,
  ownType: string | undefined,
  parent: ArmResource | undefined,
): Pick<ArmResource, 'name' | 'leafName' | 'parentName'> {
  if (parent && !(ownType ?? '').includes('/')) {
    // A nested child names only itself; its full name is the parent's name plus its own.
    const parentText = knownString(parent.name);
    const ownText = knownString(ownName);
    const name =
      parentText !== undefined && ownText !== undefined && ownName.known
        ? known(`${parentText}/${ownText}`, ownName.origin)
        : unknown(ownName.known ? (parent.name.known ? 'name is not a string' : parent.name.reason) : ownName.reason);
    return { name, leafName: ownName, parentName: parent.name };
  }
  const split = splitName(ownName);
  return { name: ownName, leafName: split.leaf, parentName: split.parent };
}

/**
 * A resource as the model keeps it (a class, like every object an analysis keeps: see docs/performance.md). Its
 * `properties` and `apiVersion` are read through their property nodes, so that an edit inside them leaves the model
 * standing (ModelNodes).
 */
class Resource implements ArmResource {
  readonly name: Value;
  readonly leafName: Value;
  readonly parentName: Value;
  private readonly apiVersionProperty: JsonNode | undefined;
  private readonly propertiesProperty: JsonNode | undefined;

  constructor(
    readonly node: JsonNode,
    readonly scope: TemplateScope,
    readonly parent: ArmResource | undefined,
    readonly symbolicName: string | undefined,
    readonly typeNode: JsonNode | undefined,
    readonly type: string | undefined,
    readonly nameNode: JsonNode | undefined,
    names: Pick<ArmResource, 'name' | 'leafName' | 'parentName'>,
    readonly existing: boolean,
  ) {
    this.name = names.name;
    this.leafName = names.leafName;
    this.parentName = names.parentName;
    this.apiVersionProperty = findProperty(node, 'apiVersion');
    this.propertiesProperty = findProperty(node, 'properties');
  }

  get apiVersionNode(): JsonNode | undefined {
    return this.apiVersionProperty?.children?.[1];
  }

  get properties(): JsonNode | undefined {
    return this.propertiesProperty?.children?.[1];
  }
}

/** The resource under other names: one copy of a loop's, or its name evaluated. */
export function renamed(
  resource: ArmResource,
  names: Pick<ArmResource, 'name' | 'leafName' | 'parentName'>,
): ArmResource {
  const { node, scope, parent, symbolicName, typeNode, type, nameNode, existing } = resource;
  return new Resource(node, scope, parent, symbolicName, typeNode, type, nameNode, names, existing);
}

/** What a scope's tables hold until they are filled. */
const NO_DECLARATIONS: ReadonlyMap<string, never> = new Map<string, never>();

class TemplateBuilder {
  readonly scopes: TemplateScope[] = [];
  readonly resources: ArmResource[] = [];
  readonly nodes = new ModelNodes();

  buildScope(node: JsonNode, parent?: TemplateScope, deployment?: ArmResource): TemplateScope {
    // Its declarations point back at it: the tables are filled in once it exists.
    const languageVersion = propertyValue(node, 'languageVersion');
    const scope: { -readonly [K in keyof TemplateScope]: TemplateScope[K] } = {
      node,
      parent,
      deployment,
      languageVersion: stringOf(languageVersion),
      parameters: NO_DECLARATIONS,
      variables: NO_DECLARATIONS,
      outputs: NO_DECLARATIONS,
      resources: [],
    };
    scope.parameters = this.declarations(propertyValue(node, 'parameters'), 'parameter', scope);
    scope.variables = this.declarations(propertyValue(node, 'variables'), 'variable', scope);
    scope.outputs = this.declarations(propertyValue(node, 'outputs'), 'output', scope);
    this.scopes.push(scope);
    const resourcesNode = propertyValue(node, 'resources');
    this.nodes.walked(node);
    this.nodes.content.add(languageVersion);
    this.nodes.walked(resourcesNode);
    if (resourcesNode?.type === 'array') {
      for (const item of items(resourcesNode)) this.addResource(item, scope, undefined, undefined);
    } else if (resourcesNode?.type === 'object') {
      for (const [symbolicName, item] of entries(resourcesNode)) this.addResource(item, scope, undefined, symbolicName);
    }
    return scope;
  }

  private declarations<K extends SectionKind>(
    section: JsonNode | undefined,
    kind: K,
    scope: TemplateScope,
  ): Map<string, Declaration<K>> {
    const table = declarations(section, kind, scope);
    // A name (a key) changed replaces the section: walking it is enough.
    this.nodes.walked(section);
    for (const declaration of table.values()) this.nodes.walked(declaration.valueNode);
    return table;
  }

  private addResource(
    node: JsonNode,
    scope: TemplateScope,
    parent: ArmResource | undefined,
    symbolicName: string | undefined,
  ): void {
    if (!isObject(node)) return;
    const typeNode = propertyValue(node, 'type');
    const ownType = knownString(literalValue(typeNode));
    let type: string | undefined = ownType;
    if (parent && ownType !== undefined && !ownType.includes('/')) {
      type = parent.type !== undefined ? `${parent.type}/${ownType}` : undefined;
    }
    const nameNode = propertyValue(node, 'name');
    const names = resourceNames(literalValue(nameNode), ownType, parent);
    const existingNode = propertyValue(node, 'existing');
    const resource = new Resource(
      node,
      scope,
      parent,
      symbolicName,
      typeNode,
      type,
      nameNode,
      names,
      existingNode?.type === 'boolean' && existingNode.value === true,
    );
    scope.resources.push(resource);
    this.resources.push(resource);
    this.nodes.walked(node);
    this.nodes.content.add(typeNode);
    this.nodes.content.add(nameNode);
    this.nodes.content.add(existingNode);

    const children = propertyValue(node, 'resources');
    this.nodes.walked(children);
    for (const child of items(children)) this.addResource(child, scope, resource, undefined);

    if (typeEquals(type, 'Microsoft.Resources/deployments')) {
      this.nodes.walked(resource.properties);
      const inner = propertyValue(resource.properties, 'template');
      if (isObject(inner)) this.buildScope(inner, scope, resource);
    }
  }
}

/** The model of the template `root`, parsed from `text`. */
export function buildTemplate(
  root: JsonNode,
  text: string,
  multiLineStrings: readonly StringRange[] = [],
): ArmTemplate {
  const builder = new TemplateBuilder();
  const rootScope = builder.buildScope(root);
  builder.nodes.close();
  return {
    root,
    text,
    rootScope,
    scopes: builder.scopes,
    resources: builder.resources,
    multiLineStrings,
    memo: new Memo(),
    modelNodes: builder.nodes,
  };
}

/**
 * The model of `root`, spliced from the tree `previous` was built from by `edit`: `previous`'s scopes, declarations
 * and resources when the edit left standing every node they were built from (ModelNodes), else a model built anew.
 * Either way with a memo of its own: what is computed per version is carried, or not, by its own rules.
 */
export function carryTemplate(
  previous: ArmTemplate,
  edit: EditedRegion,
  root: JsonNode,
  text: string,
  multiLineStrings: readonly StringRange[] = [],
): ArmTemplate {
  if (root !== previous.root || !previous.modelNodes.standAfter(edit))
    return buildTemplate(root, text, multiLineStrings);
  return { ...previous, text, multiLineStrings, memo: new Memo() };
}

export function isResourceType(resource: ArmResource, type: string): boolean {
  return typeEquals(resource.type, type);
}
