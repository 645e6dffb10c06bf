// Every node of a parsed YAML document in the order written. The `yaml` package's visit() copies the path to each
// node it visits, which made it a tenth of a values file's analysis (docs/performance.md); the walks of the service
// that need no path (anchors, aliases, keys written twice) use this one.
import {
  isAlias,
  isDocument,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Alias,
  type Document,
  type Node,
  type Pair,
} from 'yaml';

/**
 * Calls `visitor` with each pair, alias, scalar, map and list under `root`, in the order written: a pair before its
 * key and value, a collection before its items.
 */
export function walkNodes(root: Node | Document | null, visitor: (node: Node | Pair | Alias) => void): void {
  const walk = (node: unknown): void => {
    if (isPair(node)) {
      visitor(node);
      walk(node.key);
      walk(node.value);
    } else if (isAlias(node) || isScalar(node)) {
      visitor(node);
    } else if (isMap(node) || isSeq(node)) {
      visitor(node);
      for (const item of node.items) walk(item);
    }
  };
  walk(isDocument(root) ? root.contents : root);
}
