// Decides what a document is, so that each kind gets its own model and rules. Anything we do not serve is
// "other" and is ignored silently: a package.json or a tsconfig must never get a diagnostic from us.
import type { JsonNode } from '../json/nodes';
import { entries, items, propertyValue, stringOf } from '../json/nodes';

export type DocumentKind = 'armTemplate' | 'armParameters' | YamlKind | 'other';

/** Kinds of YAML documents: Helm values of the Anyscale operator (1.x or pre-1.0 layout) and Gateway API manifests. */
export type YamlKind = 'operatorValues' | 'legacyOperatorValues' | 'gatewayManifest';

export function classifyJson(root: JsonNode | undefined): DocumentKind {
  if (!root || root.type !== 'object') return 'other';
  const schema = stringOf(propertyValue(root, '$schema'))?.toLowerCase();
  if (schema !== undefined) {
    if (schema.includes('deploymenttemplate')) return 'armTemplate';
    if (schema.includes('deploymentparameters')) return 'armParameters';
  }
  const resources = propertyValue(root, 'resources');
  const hasTypedItem = (node: JsonNode) => node.type === 'object' && propertyValue(node, 'type') !== undefined;
  if (resources?.type === 'array' && items(resources).some(hasTypedItem)) return 'armTemplate';
  if (resources?.type === 'object' && stringOf(propertyValue(root, 'languageVersion')) !== undefined && entries(resources).some(([, node]) => hasTypedItem(node))) {
    return 'armTemplate';
  }
  return 'other';
}
