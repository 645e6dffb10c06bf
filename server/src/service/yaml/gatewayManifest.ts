// Gateway API manifests as the gateway rules see them: a Gateway's name, namespace and listeners (protocol,
// hostname, TLS mode and certificate references), each with where it is written. Other kinds carry their name only.
// Read as kubectl reads them (go-yaml v2): an alias stands for the node it names and a merge key (`<<: *base`) puts
// the keys of the maps it names into the map; a value read that way is written at its anchor, where other places may
// read it too, so it is marked `viaAnchor` and no fix edits it (anchors.ts).
import { isAlias, isMap, isSeq, type Node, type YAMLMap } from 'yaml';
import type { TextRange } from '../types';
import { stringValue, type YamlDocument } from './document';
import { isFilledInLater, isTemplatedNode } from './templateActions';
import { yamlNodeRange } from './nodeRange';
import { aliasedNodes, pairInEffect, resolved } from './anchors';

export interface WrittenString {
  readonly value: string;
  readonly range: TextRange;
  /** Read through an alias or a merge key, or written in an anchored node an alias names: a fix must not edit it. */
  readonly viaAnchor?: boolean;
}

export interface GatewayListener {
  readonly name?: WrittenString;
  readonly protocol?: WrittenString;
  readonly hostname?: WrittenString;
  /** `tls.mode`; absent means Terminate. */
  readonly tlsMode?: WrittenString;
  /**
   * The `certificateRefs` entries' names (undefined for a name not written or filled in later); undefined when
   * `certificateRefs` is absent or empty. `[undefined]` when it, or `tls`, is filled in later: written, not known.
   */
  readonly certificateRefs?: readonly (WrittenString | undefined)[];
  /** Where a finding about the listener as a whole goes: its `name` (or first key). */
  readonly anchor: TextRange;
  /** The listener, or the whole list, is filled in later (`- {{ toYaml .Values.https }}`): nothing of it is known. */
  readonly filledInLater?: boolean;
  /** Its `hostname` is written but filled in later (`"{{ .Values.host }}"`): it may be any host. */
  readonly hostnameFilledInLater?: boolean;
}

export interface GatewayManifest {
  readonly kind: string;
  readonly name?: WrittenString;
  readonly namespace?: WrittenString;
  readonly listeners: readonly GatewayListener[];
  readonly anchor: TextRange;
  /** Where a finding about the listeners as a whole goes: the `listeners` key, or `anchor` without one. */
  readonly listenersAnchor: TextRange;
}

/** A node as read, and whether it is read through an anchor (see WrittenString.viaAnchor). */
interface Read {
  readonly node: Node | null | undefined;
  readonly viaAnchor: boolean;
}

/** The document being read: its root, where aliases resolve, and the nodes its aliases name. */
class ManifestReader {
  private readonly aliased: ReadonlySet<Node>;

  constructor(
    private readonly root: Node,
    private readonly text: string,
  ) {
    this.aliased = aliasedNodes(root);
  }

  /** A node written in place (`viaAnchor`: inside one read through an anchor), an alias read through. */
  item(written: unknown, viaAnchor: boolean): Read {
    const node = resolved(written as Node | null, this.root);
    return { node, viaAnchor: viaAnchor || node !== written || (node != null && this.aliased.has(node)) };
  }

  /** Where the key in effect in a map is written (in it, or in the map merged in). */
  keyRange(map: Read, key: string): TextRange | undefined {
    if (!isMap(map.node)) return undefined;
    const found = pairInEffect(map.node as YAMLMap, key, this.root);
    return found ? yamlNodeRange(found.pair.key as Node) : undefined;
  }

  /** The value of a key in effect in a map: written in it or merged in, an alias read through. */
  value(map: Read, key: string): Read {
    if (!isMap(map.node)) return { node: undefined, viaAnchor: map.viaAnchor };
    const found = pairInEffect(map.node as YAMLMap, key, this.root);
    if (!found) return { node: undefined, viaAnchor: map.viaAnchor };
    return this.item(found.pair.value, map.viaAnchor || found.merged);
  }

  written(read: Read): WrittenString | undefined {
    const value = stringValue(read.node);
    // A value filled in later is not known: read as not written, so that no rule guesses at it.
    if (value === undefined || !read.node || isFilledInLater(value)) return undefined;
    return { value, range: yamlNodeRange(read.node), ...(read.viaAnchor ? { viaAnchor: true } : {}) };
  }

  /** A value written for a template to fill in: a string holding `{{ … }}` or `${…}`, or an unquoted `{{ … }}`. */
  isFilledInLater(read: Read): boolean {
    const value = stringValue(read.node);
    return (value !== undefined && isFilledInLater(value)) || isTemplatedNode(read.node, this.text);
  }

  /** A listener as unknown: written (`- {{ … }}`), nothing of it known. */
  filledInLater(node: Node): GatewayListener {
    return { anchor: yamlNodeRange(node), filledInLater: true };
  }

  listener(item: unknown): GatewayListener | undefined {
    const listener = this.item(item, false);
    if (isTemplatedNode(listener.node, this.text)) return this.filledInLater(listener.node);
    if (!isMap(listener.node)) return undefined;
    const tls = this.value(listener, 'tls');
    const refs = this.value(tls, 'certificateRefs');
    const certificateRefs =
      isTemplatedNode(tls.node, this.text) || isTemplatedNode(refs.node, this.text)
        ? [undefined]
        : isSeq(refs.node) && refs.node.items.length > 0
          ? refs.node.items.map((ref) => this.written(this.value(this.item(ref, refs.viaAnchor), 'name')))
          : undefined;
    const name = this.written(this.value(listener, 'name'));
    const hostname = this.value(listener, 'hostname');
    return {
      name,
      protocol: this.written(this.value(listener, 'protocol')),
      hostname: this.written(hostname),
      ...(this.isFilledInLater(hostname) ? { hostnameFilledInLater: true } : {}),
      tlsMode: this.written(this.value(tls, 'mode')),
      certificateRefs,
      // A listener written as an alias (`- *https`) is the alias; else its name, wherever that is written.
      anchor: isAlias(item) ? yamlNodeRange(item) : (name?.range ?? yamlNodeRange(listener.node)),
    };
  }
}

export function gatewayManifest(text: string, yaml: YamlDocument): GatewayManifest | undefined {
  const root = yaml.root;
  if (!isMap(root)) return undefined;
  const reader = new ManifestReader(root, text);
  const document = reader.item(root, false);
  const kind = stringValue(reader.value(document, 'kind').node) ?? '';
  const metadata = reader.value(document, 'metadata');
  const spec = reader.value(document, 'spec');
  const listenersNode = kind === 'Gateway' ? reader.value(spec, 'listeners').node : undefined;
  const listeners = isSeq(listenersNode)
    ? listenersNode.items.flatMap((item) => reader.listener(item) ?? [])
    : isTemplatedNode(listenersNode, text)
      ? [reader.filledInLater(listenersNode)]
      : [];
  const name = reader.written(reader.value(metadata, 'name'));
  const anchor = name?.range ?? yamlNodeRange(root);
  return {
    kind,
    name,
    namespace: reader.written(reader.value(metadata, 'namespace')),
    listeners,
    anchor,
    listenersAnchor: reader.keyRange(spec, 'listeners') ?? anchor,
  };
}
