// Where a node of the `yaml` package's tree is written, as a range of offsets: what YAML findings and problems point at.
import type { Node } from 'yaml';
import type { TextRange } from '../text/range';

/** A node's value range (without a trailing comment); a pair with no value has none. */
export function yamlNodeRange(node: Node): TextRange {
  const [start, end] = node.range ?? [0, 0];
  return { start, end };
}

/** A node's range, at least one character long: a problem on an empty value still has a character to underline. */
export function underlinedRange(node: Node): TextRange {
  const { start, end } = yamlNodeRange(node);
  return { start, end: Math.max(end, start + 1) };
}
