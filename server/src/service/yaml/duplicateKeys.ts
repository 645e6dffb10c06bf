// Keys written twice in one map, found as the `yaml` parser's `uniqueKeys` option finds them but in one pass per map:
// that option compares each key with every key before it, so a map of 20,000 keys (a lock file, a generated list)
// took 21 s to parse. Two keys are the same when their scalar values are; two merge keys (`<<`) are not, since
// go-yaml v2, which Helm reads values with, takes several.
import { isMap, isPair, isScalar, isSeq, YAMLParseError, type Document, type YAMLMap } from 'yaml';
import { isMergeKey } from './anchors';

/** One "Map keys must be unique" error per key that repeats an earlier key of its map, where the key is written. */
export function duplicateKeyErrors(document: Document.Parsed): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  // Only collections can hold keys: scalars, most of a document, are passed over without a call of their own.
  const walk = (node: unknown): void => {
    if (isMap(node)) {
      checkKeys(node, errors);
      for (const { key, value } of node.items) {
        if (!isScalar(key)) walk(key);
        if (!isScalar(value)) walk(value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) if (!isScalar(item)) walk(item);
    } else if (isPair(node)) {
      walk(node.key);
      walk(node.value);
    }
  };
  walk(document.contents);
  return errors;
}

function checkKeys(map: YAMLMap, errors: YAMLParseError[]): void {
  /** Per key value written so far: whether a key other than a merge key had it. */
  const seen = new Map<unknown, boolean>();
  for (const { key } of map.items) {
    if (!isScalar(key)) continue;
    const merge = isMergeKey(key);
    const plainBefore = seen.get(key.value);
    if (plainBefore === true || (plainBefore === false && !merge)) {
      const at = key.range?.[0] ?? 0;
      errors.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
    }
    seen.set(key.value, plainBefore === true || !merge);
  }
}
