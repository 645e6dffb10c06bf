// Parses a YAML text once into its documents (a file may hold several, split by `---`), keeping every node's
// offsets, and offers the few lookups the classifiers and models need. Built on the `yaml` package.
import { parseAllDocuments, isMap, isScalar, type Document, type Node, type YAMLMap } from 'yaml';
import type { TextRange } from '../rules/rule';

export interface YamlDocument {
  readonly document: Document.Parsed;
  /** The document's text including its leading comments and `---` marker: what a whole-document edit replaces. */
  readonly span: TextRange;
  readonly root: Node | null;
}

export interface YamlSyntaxError extends TextRange {
  readonly message: string;
}

export interface ParsedYaml {
  readonly documents: readonly YamlDocument[];
  readonly syntaxErrors: readonly YamlSyntaxError[];
}

export function parseYaml(text: string): ParsedYaml {
  const documents: YamlDocument[] = [];
  const syntaxErrors: YamlSyntaxError[] = [];
  let previousEnd = 0;
  for (const document of parseAllDocuments(text, { prettyErrors: false })) {
    for (const error of document.errors) {
      syntaxErrors.push({ start: error.pos[0], end: Math.max(error.pos[1], error.pos[0] + 1), message: `YAML syntax error: ${error.message}` });
    }
    const end = document.range[1];
    documents.push({ document, span: { start: previousEnd, end }, root: document.contents });
    previousEnd = end;
  }
  return { documents, syntaxErrors };
}

/** A node's value range (without a trailing comment); a pair with no value has none. */
export function rangeOf(node: Node): TextRange {
  const [start, end] = node.range ?? [0, 0];
  return { start, end };
}

/** The value node of a string key in a map, or undefined (`null` when the key is written without a value). */
export function mapValue(map: YAMLMap, key: string): Node | null | undefined {
  for (const pair of map.items) {
    if (isScalar(pair.key) && pair.key.value === key) return pair.value as Node | null;
  }
  return undefined;
}

/** The string value of a scalar node, or undefined. */
export function stringValue(node: Node | null | undefined): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** Follows a path of string keys through nested maps. */
export function nodeAt(root: Node | null | undefined, path: readonly string[]): Node | null | undefined {
  let node: Node | null | undefined = root;
  for (const key of path) {
    if (!isMap(node)) return undefined;
    node = mapValue(node, key);
  }
  return node;
}
