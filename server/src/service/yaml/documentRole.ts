// What a YAML document is to the editing features (completions, hover): operator values, a Gateway API manifest,
// an empty document (where the snippets go), or something else, which gets nothing. Looser than the checks'
// classification: a document being written may have only `global:` so far, or a `kind:` without its apiVersion.
import { isMap, isScalar, parseDocument, type Node } from 'yaml';
import { chartChildren, keyName } from '../catalog/chart';
import { GATEWAY_KINDS } from '../catalog/gateway';
import type { TextRange } from '../types';
import { classifyYamlDocument } from './classifyYaml';
import { mapValue, stringValue, tooDeepAt, type ParsedYaml } from './document';

export type DocumentRole =
  | { readonly role: 'values' }
  | { readonly role: 'gateway'; readonly kind: string }
  | { readonly role: 'empty' }
  | { readonly role: 'other' };

/** The chart's top-level sections; `ingress-nginx` alone is the subchart's values, not ours. */
const SECTIONS = new Set(
  chartChildren('')
    .map(keyName)
    .filter((name) => name !== 'ingress-nginx'),
);

export function documentRole(root: Node | null): DocumentRole {
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return { role: 'empty' };
  const kind = classifyYamlDocument(root);
  if (kind === 'operatorValues' || kind === 'legacyOperatorValues') return { role: 'values' };
  if (!isMap(root)) return { role: 'other' };
  const manifestKind = stringValue(mapValue(root, 'kind'));
  if (kind === 'gatewayManifest') return { role: 'gateway', kind: manifestKind ?? '' };
  // Half-written manifests: a Gateway API kind without its apiVersion yet, or the other way round.
  const apiVersion = stringValue(mapValue(root, 'apiVersion'));
  if (manifestKind !== undefined)
    return GATEWAY_KINDS.has(manifestKind) && apiVersion === undefined
      ? { role: 'gateway', kind: manifestKind }
      : { role: 'other' };
  if (apiVersion !== undefined)
    return [...GATEWAY_KINDS.values()].some((group) => apiVersion.startsWith(group))
      ? { role: 'gateway', kind: '' }
      : { role: 'other' };
  const keys = root.items.map((pair) => (isScalar(pair.key) ? pair.key.value : undefined));
  return keys.length > 0 && keys.every((key) => typeof key === 'string' && SECTIONS.has(key))
    ? { role: 'values' }
    : { role: 'other' };
}

/**
 * The roles of one version's documents around cursors, each parse done once: a document's role read without the
 * cursor's line (half-typed, `global:\n  cloudPro` parses as a string) and, when that tells nothing, with it
 * (`global: {cloudProvider: }` is all on one line). A 13 MB document takes seconds to parse, and completion used to
 * parse it twice per request.
 */
export class DocumentRoles {
  private readonly roles = new Map<string, DocumentRole>();
  /** Per document: nested too deep for the parser (see tooDeepAt). */
  private readonly tooDeep = new Map<string, boolean>();

  /** `parsed` gives the whole text's parse: a one-document text's role is read from it rather than from a parse of its own. */
  constructor(
    private readonly text: string,
    private readonly parsed: () => ParsedYaml,
  ) {}

  private role(key: string, parse: () => Node | null): DocumentRole {
    let role = this.roles.get(key);
    if (!role) this.roles.set(key, (role = documentRole(parse())));
    return role;
  }

  around(document: TextRange, offset: number): DocumentRole {
    const text = this.text;
    const span = `${document.start}:${document.end}`;
    if (!this.tooDeep.has(span))
      this.tooDeep.set(span, tooDeepAt(text.slice(document.start, document.end)) !== undefined);
    if (this.tooDeep.get(span)) return { role: 'other' };
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const newline = text.indexOf('\n', offset);
    const lineEnd = newline < 0 ? text.length : newline;
    const without = this.role(
      `${span} without ${lineStart}`,
      () => parseDocument(text.slice(document.start, lineStart) + text.slice(lineEnd, document.end)).contents,
    );
    if (without.role === 'values' || without.role === 'gateway') return without;
    const whole = this.role(span, () => {
      const documents = document.start === 0 && document.end === text.length ? this.parsed().documents : [];
      return documents.length === 1
        ? documents[0].root
        : parseDocument(text.slice(document.start, document.end)).contents;
    });
    return whole.role === 'values' || whole.role === 'gateway' ? whole : without;
  }
}
