// Decides what each YAML document is. Only the Anyscale operator's values and Gateway API manifests are ours;
// everything else (other charts' values, other Kubernetes manifests, fragments) is "other" and stays silent.
// A values file needs an Anyscale-specific key: `global:` or `operator:` alone belong to many charts. Keys read
// through YAML anchors count (anchors.ts): Helm reads them so.
import { isMap, isScalar, type Node } from 'yaml';
import { DISTINCTIVE_LEGACY_KEYS } from '../catalog/chart';
import { GATEWAY_KINDS } from '../catalog/gateway';
import type { DocumentKind, YamlKind } from '../documents/classifyJson';
import { valueInEffect } from './anchors';
import { mapValue, stringValue } from './document';

/** Keys under `global` that only the Anyscale operator's values have. */
const DISTINCTIVE_GLOBAL_KEYS = ['cloudDeploymentId', 'cloudProvider', 'controlPlaneURL', 'auth'];
/** Top-level sections that only the Anyscale operator's values have. */
const DISTINCTIVE_SECTIONS = ['workloads', 'credentialMount'];

export function classifyYamlDocument(root: Node | null): YamlKind | 'other' {
  if (!isMap(root)) return 'other';
  const kind = stringValue(mapValue(root, 'kind'));
  const apiVersion = stringValue(mapValue(root, 'apiVersion'));
  if (kind !== undefined && apiVersion !== undefined) {
    const group = GATEWAY_KINDS.get(kind);
    return group !== undefined && apiVersion.startsWith(group) ? 'gatewayManifest' : 'other';
  }
  const global = valueInEffect(root, 'global', root);
  if (isMap(global) && DISTINCTIVE_GLOBAL_KEYS.some((key) => valueInEffect(global, key, root) !== undefined))
    return 'operatorValues';
  if (DISTINCTIVE_SECTIONS.some((key) => isMap(valueInEffect(root, key, root)))) return 'operatorValues';
  if (
    root.items.some(
      (pair) => isScalar(pair.key) && typeof pair.key.value === 'string' && DISTINCTIVE_LEGACY_KEYS.has(pair.key.value),
    )
  )
    return 'legacyOperatorValues';
  return 'other';
}

const PRECEDENCE: readonly DocumentKind[] = ['operatorValues', 'legacyOperatorValues', 'gatewayManifest'];

/** The kind of a whole file: its most specific document kind. */
export function fileKind(kinds: readonly (YamlKind | 'other')[]): DocumentKind {
  return PRECEDENCE.find((kind) => kinds.includes(kind as YamlKind)) ?? 'other';
}
