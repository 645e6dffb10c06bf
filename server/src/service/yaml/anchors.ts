// YAML anchors as Helm reads a values file (go-yaml, YAML 1.1): an alias (`*url`) stands for the node anchored
// `&url` before it, and a merge key (`<<: *base`, `<<: [*a, *b]`) inserts the keys of the maps it names into the map,
// unless it already has them; of several maps, the first one that has a key wins (the merge type,
// yaml.org/type/merge.html). The `yaml` package reads YAML 1.2, which has no merge type, and leaves `<<` a plain key.
// What is read through an anchor is written where the anchor is, and other places may use it too: the caller marks
// it so, and no fix edits it.
import { isAlias, isMap, isScalar, isSeq, visit, type Alias, type Node, type Pair, type YAMLMap } from 'yaml';

export interface PairInEffect {
  readonly pair: Pair;
  /** Written in a map merged in with `<<`, not in the map itself. */
  readonly merged: boolean;
}

/** A `<<` key written plain (quoted, `"<<"` is an ordinary key). */
export function isMergeKey(pair: Pair): boolean {
  return isScalar(pair.key) && pair.key.value === '<<' && (pair.key.type === undefined || pair.key.type === 'PLAIN');
}

/** The node an alias names: the last node before it with that anchor, within `root`. */
export function resolveAlias(alias: Alias, root: Node): Node | undefined {
  const at = alias.range?.[0] ?? 0;
  let found: Node | undefined;
  visit(root, (_, node) => {
    if (!isAlias(node) && !isScalar(node) && !isMap(node) && !isSeq(node)) return undefined;
    if ((node.range?.[0] ?? 0) >= at) return visit.BREAK;
    if (!isAlias(node) && node.anchor === alias.source) found = node;
    return undefined;
  });
  return found;
}

/** The maps a merge key's value names, in order: a map, an alias of one, or a list of those. */
function mergedMaps(value: unknown, root: Node): YAMLMap[] {
  const sources = isSeq(value) ? value.items : [value];
  const maps: YAMLMap[] = [];
  for (const source of sources) {
    const map = isAlias(source) ? resolveAlias(source, root) : source;
    if (isMap(map)) maps.push(map);
  }
  return maps;
}

/**
 * The pairs of `map` in effect, in order: its own (every one written, merge keys left out), then those of the maps it
 * merges (each read the same way) whose keys it does not already have. `root` is the document's root, where aliases
 * are resolved.
 */
export function pairsInEffect(map: YAMLMap, root: Node): PairInEffect[] {
  // The maps being read: one merged into itself through an alias (`&a { <<: *a }`) is not read again.
  const reading = new Set<YAMLMap>();
  const read = (current: YAMLMap): PairInEffect[] => {
    reading.add(current);
    const pairs: PairInEffect[] = [];
    const keys = new Set<unknown>();
    const merges: Pair[] = [];
    for (const pair of current.items) {
      if (isMergeKey(pair)) merges.push(pair);
      else {
        pairs.push({ pair, merged: false });
        if (isScalar(pair.key)) keys.add(pair.key.value);
      }
    }
    for (const merge of merges) {
      for (const source of mergedMaps(merge.value, root)) {
        if (reading.has(source)) continue;
        for (const { pair } of read(source)) {
          if (!isScalar(pair.key) || keys.has(pair.key.value)) continue;
          keys.add(pair.key.value);
          pairs.push({ pair, merged: true });
        }
      }
    }
    reading.delete(current);
    return pairs;
  };
  return read(map);
}

/** The node itself, or the one it names when it is an alias (undefined when no anchor before it has that name). */
export function resolved(node: Node | null, root: Node): Node | null | undefined {
  return isAlias(node) ? resolveAlias(node, root) : node;
}

/** The value of a string key in effect in a map (written in it, or merged in), aliases resolved, or undefined. */
export function valueInEffect(map: YAMLMap, key: string, root: Node): Node | null | undefined {
  const found = pairsInEffect(map, root).find(({ pair }) => isScalar(pair.key) && pair.key.value === key);
  return found && resolved(found.pair.value as Node | null, root);
}
