// Hover on a key of operator values or of a Gateway manifest: what the catalog says about it (meaning, type,
// default, allowed values, deprecation, source); on a pre-1.0 key, where chart 1.0 moved it. On a Gateway
// manifest's value: what that value is for (an Anyscale hostname, a certificate secret), then its field. Then, as in
// ARM templates, the rule title and docs link of each diagnostic there (features/diagnosticHover).
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { chartKey, legacyKey } from '../../catalog/chart';
import type { HoverInfo } from '../../features/editing';
import { withDiagnostics, type HoverDiagnostics } from '../../features/diagnosticHover';
import type { TextRange } from '../../types';
import { chartKeyMarkdown, gatewayFieldMarkdown, gatewayValueMarkdown, legacyKeyMarkdown } from './catalogMarkdown';
import { parseYaml, type ParsedYaml } from '../document';
import { documentRole } from '../documentRole';
import { gatewayField, gatewayFieldPath } from '../gatewayFields';
import { ITEM } from '../yamlPosition';

const contains = (range: readonly number[] | null | undefined, offset: number, end = 1): range is readonly number[] =>
  !!range && offset >= range[0] && offset <= range[end];

interface Hit {
  /** The key's path from the root (sequence items as `ITEM`); on a value, the path of the key it belongs to. */
  readonly path: string[];
  readonly range: TextRange;
  /** Set on a scalar value: its text. */
  readonly value?: string;
}

/** The key, or the scalar value, under `offset`. */
function keyAt(node: Node | null, offset: number, path: readonly string[]): Hit | undefined {
  if (isScalar(node))
    return node.range && contains(node.range, offset)
      ? { path: [...path], range: { start: node.range[0], end: node.range[1] }, value: String(node.value) }
      : undefined;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key;
      if (!isScalar(key) || typeof key.value !== 'string') continue;
      if (contains(key.range, offset))
        return { path: [...path, key.value], range: { start: key.range[0], end: key.range[1] } };
      const value = pair.value as Node | null;
      if (value && contains(value.range, offset, 2)) return keyAt(value, offset, [...path, key.value]);
    }
  } else if (isSeq(node)) {
    for (const item of node.items as Node[])
      if (contains(item.range, offset, 2)) return keyAt(item, offset, [...path, ITEM]);
  }
  return undefined;
}

/**
 * `parsed` is the text's parse when the caller has it (the LSP keeps the analysis's), else the text is parsed;
 * `diagnostics`, the document's findings the hover names.
 */
export function yamlHoverAt(
  text: string,
  offset: number,
  parsed: ParsedYaml = parseYaml(text),
  diagnostics?: HoverDiagnostics,
): HoverInfo | undefined {
  const own = catalogHover(parsed, offset);
  return diagnostics ? withDiagnostics(own, offset, diagnostics) : own;
}

/** What the catalogs say about the key or Gateway value under `offset`. */
function catalogHover(parsed: ParsedYaml, offset: number): HoverInfo | undefined {
  const yaml = parsed.documents.find((document) => offset >= document.span.start && offset <= document.span.end);
  const hit = yaml && keyAt(yaml.root, offset, []);
  if (!yaml || !hit) return undefined;
  const role = documentRole(yaml.root);
  if (role.role === 'values') {
    if (hit.path.includes(ITEM) || hit.value !== undefined) return undefined;
    const path = hit.path.join('.');
    const key = chartKey(path);
    const legacy = key ? undefined : legacyKey(path);
    const markdown = key ? chartKeyMarkdown(key) : legacy ? legacyKeyMarkdown(legacy) : undefined;
    return markdown ? { markdown, range: hit.range } : undefined;
  }
  if (role.role === 'gateway') {
    const field = gatewayField(gatewayFieldPath(hit.path), role.kind);
    if (!field) return undefined;
    return {
      markdown: hit.value === undefined ? gatewayFieldMarkdown(field) : gatewayValueMarkdown(field, hit.value),
      range: hit.range,
    };
  }
  return undefined;
}
