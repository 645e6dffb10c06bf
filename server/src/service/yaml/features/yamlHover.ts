// Hover on a key of operator values or of a Gateway manifest: what the catalog says about it (meaning, type,
// default, allowed values, deprecation, source); on a pre-1.0 key, where chart 1.0 moved it. On a Gateway
// manifest's value: what that value is for (an Anyscale hostname, a certificate secret, and that secret's cloud
// resource, checked against the operator values beside the manifest as gateway-tls-secret-cloud-mismatch checks it),
// then its field. Then, as in ARM templates, the rule title and docs link of each diagnostic there
// (features/diagnosticHover).
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { chartKey, legacyKey } from '../../catalog/chart';
import type { HoverInfo } from '../../features/editing';
import { withDiagnostics, type HoverDiagnostics } from '../../features/diagnosticHover';
import type { WorkspaceView } from '../../index/workspaceIndex';
import {
  isSecretOf,
  operatorSecretName,
  secretCloudResource,
  valuesBeside,
} from '../../rules/support/secretCloudResource';
import type { TextRange } from '../../types';
import { chartKeyMarkdown, gatewayFieldMarkdown, gatewayValueMarkdown, legacyKeyMarkdown } from './catalogMarkdown';
import { parseYaml, type ParsedYaml, type YamlDocument } from '../document';
import { documentRole } from '../documentRole';
import { gatewayManifest } from '../gatewayManifest';
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

export interface YamlHoverOptions {
  /** The text's parse when the caller has it (the LSP keeps the analysis's); else the text is parsed. */
  readonly parsed?: ParsedYaml;
  /** The document's findings the hover names. */
  readonly diagnostics?: HoverDiagnostics;
  /** The document's URI and the workspace its checks see (this file's facts included): what a TLS secret name is checked against. */
  readonly uri?: string;
  readonly workspace?: WorkspaceView;
}

export function yamlHoverAt(text: string, offset: number, options: YamlHoverOptions = {}): HoverInfo | undefined {
  const own = catalogHover(text, options.parsed ?? parseYaml(text), offset, options);
  return options.diagnostics ? withDiagnostics(own, offset, options.diagnostics) : own;
}

/** What the catalogs say about the key or Gateway value under `offset`. */
function catalogHover(
  text: string,
  parsed: ParsedYaml,
  offset: number,
  options: YamlHoverOptions,
): HoverInfo | undefined {
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
      markdown:
        hit.value === undefined
          ? gatewayFieldMarkdown(field)
          : gatewayValueMarkdown(field, hit.value, secretCloudMarkdown(text, yaml, hit, options)),
      range: hit.range,
    };
  }
  return undefined;
}

/**
 * On a listener's TLS secret name (as the gateway rules read the manifest, anchors included): the cloud resource it is
 * for, and whether it is the one the operator values beside the manifest name.
 */
function secretCloudMarkdown(
  text: string,
  yaml: YamlDocument,
  hit: Hit,
  options: YamlHoverOptions,
): string | undefined {
  const refs = gatewayManifest(text, yaml)?.listeners.flatMap((listener) => listener.certificateRefs ?? []);
  const ref = refs?.find((written) => written?.range.start === hit.range.start);
  const secret = ref && secretCloudResource(ref.value);
  if (!secret) return undefined;
  const values = options.workspace && valuesBeside(options.uri, options.workspace);
  const code = (value: string) => `\`${value}\``;
  if (!values) return `For cloud resource ${code(secret.id)}.`;
  const file = `${code(values.fileName)} beside this manifest`;
  if (isSecretOf(secret, values))
    return `For cloud resource ${code(values.id)}, the one ${file} sets in ${code(values.key)}.`;
  return `For cloud resource ${code(secret.id)}, but ${file} sets ${code(values.key)} to ${code(values.id)}: the operator creates ${code(operatorSecretName(secret, values))}, so no secret of this name will exist for it.`;
}
