// Parses a YAML text once into its documents (a file may hold several, split by `---`), keeping every node's
// offsets, and offers the few lookups the classifiers and models need. Built on the `yaml` package.
import {
  Composer,
  isMap,
  isScalar,
  Parser,
  type CST,
  type Document,
  type Node,
  type YAMLError,
  type YAMLMap,
} from 'yaml';
import type { TextRange } from '../text/range';
import { anchorNamesOf } from './anchorNames';
import { duplicateKeyErrors } from './duplicateKeys';
import { Memo } from '../memo';

export interface YamlDocument {
  readonly document: Document.Parsed;
  /** The document's text including its leading comments and `---` marker: what a whole-document edit replaces. */
  readonly span: TextRange;
  readonly root: Node | null;
  /** The document's concrete syntax tree, from the same parse: where each token is written (anchorNames.ts). */
  readonly cst: CST.Document;
  /**
   * What is read from the document once per parse: its operator values (valuesFromYaml.ts operatorValuesOf), its
   * anchor names (anchorNames.ts anchorNamesIn).
   */
  readonly memo: Memo;
}

export interface YamlSyntaxError extends TextRange {
  readonly message: string;
  /** See SyntaxProblem (json/parseJson.ts): Helm reads it, the `yaml` package does not; or it nests deeper than we read. */
  readonly onlyThisParserRejects?: boolean;
}

export interface ParsedYaml {
  readonly documents: readonly YamlDocument[];
  readonly syntaxErrors: readonly YamlSyntaxError[];
}

/**
 * Deeper than this is refused before parsing: the `yaml` package recurses once per level and runs out of stack near
 * 800, where V8 may abort the whole process (not throw) if it is compiling a regular expression at that moment.
 * Real values files and manifests nest a few dozen levels at most.
 */
const MAX_YAML_DEPTH = 400;

/** Nested deeper than this extension reads (see MAX_YAML_DEPTH): not checked, which is no error of the file's. */
const tooDeep = (at: number): YamlSyntaxError => ({
  start: at,
  end: at + 1,
  message: `nested too deeply for this extension to read (it reads up to ${MAX_YAML_DEPTH} levels)`,
  onlyThisParserRejects: true,
});

/**
 * Where the nesting first goes deeper than MAX_YAML_DEPTH, or undefined. A cheap over-estimate, one pass: block levels
 * from the stack of indentations (and `- ` markers) plus the flow brackets open (`{`, `[`, outside quotes and comments).
 */
export function tooDeepAt(text: string): number | undefined {
  const indents: number[] = [];
  let flow = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    let i = lineStart;
    while (i < lineEnd && (text[i] === ' ' || text[i] === '\t')) i++;
    if (flow === 0 && i < lineEnd && text[i] !== '#') {
      const indent = i - lineStart;
      while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
    }
    let dashes = 0;
    let atValueStart = true;
    for (; i < lineEnd; i++) {
      const char = text[i];
      if (char === '#' && (i === lineStart || /\s/.test(text[i - 1]))) break;
      if (flow > 0 || atValueStart) {
        if (char === '[' || char === '{') flow++;
        else if ((char === ']' || char === '}') && flow > 0) flow--;
        else if (char === '"' || char === "'") {
          // A quoted scalar: skip to its closing quote on this line (`\"` and `''` escapes stay inside).
          for (i++; i < lineEnd; i++) {
            if (char === '"' && text[i] === '\\') i++;
            else if (text[i] === char && char === "'" && text[i + 1] === "'") i++;
            else if (text[i] === char) break;
          }
        } else if (char === '-' && flow === 0 && /\s/.test(text[i + 1] ?? ' ')) dashes++;
        else if (char !== ' ' && char !== '\t' && flow === 0) atValueStart = false;
      }
      // After `key: ` a flow collection may start the value.
      if (flow === 0 && char === ':' && /\s/.test(text[i + 1] ?? ' ')) atValueStart = true;
      if (indents.length + dashes + flow > MAX_YAML_DEPTH) return i;
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/**
 * The `yaml` package's errors for one document, where they point. A key indented deeper than the keys beside it (`a: 1`
 * then `   b: 2`) reads as the continuation of the value above it: the package reports it twice at the end of that line
 * ("Nested mappings are not allowed in compact mappings", "Implicit keys need to be on a single line"). That is one
 * error, on the key's own line.
 */
function documentErrors(text: string, errors: readonly YAMLError[]): YamlSyntaxError[] {
  const continued = errors.filter((error) => error.code === 'MULTILINE_IMPLICIT_KEY');
  const out: YamlSyntaxError[] = [];
  for (const error of errors) {
    const [start, end] = error.pos;
    if (error.code === 'MULTILINE_IMPLICIT_KEY') {
      let keyStart = text.lastIndexOf('\n', end - 1) + 1;
      while (keyStart < end && (text[keyStart] === ' ' || text[keyStart] === '\t')) keyStart++;
      out.push({
        start: keyStart,
        end: Math.max(end, keyStart + 1),
        message: `YAML syntax error: ${error.message}: this key continues the value on the line above it (is it indented deeper than the keys beside it?)`,
      });
    } else if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
      // The parser says so where the document ends; the mistake is the quote that opens the string.
      const opening = openingQuote(text, start, error.message.includes('"') ? '"' : "'");
      const lineEnd = text.indexOf('\n', opening);
      out.push({
        start: opening,
        end: Math.max(opening + 1, lineEnd < 0 ? text.length : lineEnd),
        message: `YAML syntax error: ${error.message}: this string is never closed`,
      });
    } else if (!continued.some((other) => other.pos[0] === start)) {
      out.push({ start, end: Math.max(end, start + 1), message: `YAML syntax error: ${error.message}` });
    }
  }
  return out;
}

/**
 * The quote opening a string left open before `before`: the last `quote` that does not stand for itself inside such a
 * string (`\"` in double quotes, `''` in single quotes); `before` itself when there is none.
 */
function openingQuote(text: string, before: number, quote: '"' | "'"): number {
  for (let at = text.lastIndexOf(quote, before - 1); at >= 0; at = text.lastIndexOf(quote, at - 1)) {
    if (quote === '"' ? text[at - 1] !== '\\' : text[at - 1] !== "'" && text[at + 1] !== "'") return at;
  }
  return Math.min(before, Math.max(0, text.length - 1));
}

/**
 * In a document the `yaml` package cannot parse, an alias whose name ends in `:` (`*a: b`, `{*a: b}`): to the package
 * (YAML 1.2, where `:` may be part of a name) it is an alias named `a:` followed by a stray value, hence its errors;
 * Helm's reader (go-yaml v2, scannerc.go yaml_parser_scan_anchor) ends the name at `:` and reads the key `*a`. The
 * file is fine for Helm and kubectl, so it is one problem of ours, not the package's errors.
 */
function aliasWrittenAsKey(document: CST.Document | undefined): YamlSyntaxError | undefined {
  const found =
    document &&
    anchorNamesOf(document).find(
      (written) => written.kind === 'alias' && written.name.length > 1 && written.name.endsWith(':'),
    );
  if (!found) return undefined;
  const name = found.name.slice(0, -1);
  return {
    start: found.range.start - 1,
    end: found.range.end,
    message: `\`*${name}:\` is read by Helm (go-yaml) as the alias \`*${name}\` used as a key, but by this extension's YAML parser (YAML 1.2, where a name may hold \`:\`) as an alias named '${name}:': write \`*${name} :\` (a space before the colon), which both read alike, to have this file checked`,
    onlyThisParserRejects: true,
  };
}

export function parseYaml(text: string): ParsedYaml {
  const documents: YamlDocument[] = [];
  const syntaxErrors: YamlSyntaxError[] = [];
  const deep = tooDeepAt(text);
  if (deep !== undefined) return { documents, syntaxErrors: [tooDeep(deep)] };
  let previousEnd = 0;
  // What parseAllDocuments does, keeping each document's CST token: the composer makes one document of each.
  const cst: CST.Document[] = [];
  const tokens = function* () {
    for (const token of new Parser().parse(text)) {
      if (token.type === 'document') cst.push(token);
      yield token;
    }
  };
  // Keys written twice are found by duplicateKeys.ts: the parser's own check takes time in the square of a map's keys.
  for (const document of new Composer({ uniqueKeys: false }).compose(tokens())) {
    // Should the parser's stack still run out, it says so once per level it unwinds: one clear error is enough.
    const exhausted = document.errors.find((error) => error.code === 'RESOURCE_EXHAUSTION');
    if (exhausted) syntaxErrors.push(tooDeep(exhausted.pos[0]));
    else {
      const errors = [...document.errors, ...duplicateKeyErrors(document)].sort((a, b) => a.pos[0] - b.pos[0]);
      const aliasKey = errors.length > 0 ? aliasWrittenAsKey(cst[documents.length]) : undefined;
      syntaxErrors.push(...(aliasKey ? [aliasKey] : documentErrors(text, errors)));
    }
    const end = document.range[1];
    documents.push({
      document,
      span: { start: previousEnd, end },
      root: document.contents,
      cst: cst[documents.length],
      memo: new Memo(),
    });
    previousEnd = end;
  }
  return { documents, syntaxErrors };
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
