// Gateway API manifests as the gateway rules see them: a Gateway's name, namespace and listeners (protocol,
// hostname, TLS mode and certificate references), each with where it is written. Other kinds carry their name only.
import { isMap, isSeq, type Node } from 'yaml';
import type { TextRange } from '../types';
import { mapValue, stringValue, type YamlDocument } from './document';
import { yamlNodeRange } from './nodeRange';

export interface WrittenString {
  readonly value: string;
  readonly range: TextRange;
}

export interface GatewayListener {
  readonly name?: WrittenString;
  readonly protocol?: WrittenString;
  readonly hostname?: WrittenString;
  /** `tls.mode`; absent means Terminate. */
  readonly tlsMode?: WrittenString;
  /** The `certificateRefs` entries' names; undefined when `certificateRefs` is absent or empty. */
  readonly certificateRefs?: readonly (WrittenString | undefined)[];
  /** Where a finding about the listener as a whole goes: its `name` (or first key). */
  readonly anchor: TextRange;
}

export interface GatewayManifest {
  readonly kind: string;
  readonly name?: WrittenString;
  readonly namespace?: WrittenString;
  readonly listeners: readonly GatewayListener[];
  readonly anchor: TextRange;
}

function written(node: Node | null | undefined): WrittenString | undefined {
  const value = stringValue(node);
  return value === undefined || !node ? undefined : { value, range: yamlNodeRange(node) };
}

function listenerOf(node: Node): GatewayListener | undefined {
  if (!isMap(node)) return undefined;
  const tls = mapValue(node, 'tls');
  const refs = isMap(tls) ? mapValue(tls, 'certificateRefs') : undefined;
  const certificateRefs =
    isSeq(refs) && refs.items.length > 0
      ? refs.items.map((ref) => (isMap(ref) ? written(mapValue(ref, 'name')) : undefined))
      : undefined;
  const name = written(mapValue(node, 'name'));
  return {
    name,
    protocol: written(mapValue(node, 'protocol')),
    hostname: written(mapValue(node, 'hostname')),
    tlsMode: isMap(tls) ? written(mapValue(tls, 'mode')) : undefined,
    certificateRefs,
    anchor: name?.range ?? yamlNodeRange(node),
  };
}

export function gatewayManifest(yaml: YamlDocument): GatewayManifest | undefined {
  const root = yaml.root;
  if (!isMap(root)) return undefined;
  const kind = stringValue(mapValue(root, 'kind')) ?? '';
  const metadata = mapValue(root, 'metadata');
  const spec = mapValue(root, 'spec');
  const listenersNode = isMap(spec) && kind === 'Gateway' ? mapValue(spec, 'listeners') : undefined;
  const listeners = isSeq(listenersNode) ? listenersNode.items.flatMap((item) => listenerOf(item as Node) ?? []) : [];
  const name = isMap(metadata) ? written(mapValue(metadata, 'name')) : undefined;
  return {
    kind,
    name,
    namespace: isMap(metadata) ? written(mapValue(metadata, 'namespace')) : undefined,
    listeners,
    anchor: name?.range ?? yamlNodeRange(root),
  };
}
