// Where in a YAML document the cursor is, for completions: the path of the map a key is being typed in, or of the
// key whose value is being typed. Read from the lines' indentation rather than a parse, so that half-typed YAML
// (`global:\n  cloudPro|`, which parses as the string "cloudPro") still places the cursor; simple one-line flow
// collections (`global: {cloudProvider: |}`) are followed too. Documents of a multi-document file are kept apart.
import type { TextRange } from '../types';

/** The path segment of a sequence item: `spec.listeners[].hostname` is `['spec', 'listeners', '[]', 'hostname']`. */
export const ITEM = '[]';

export interface YamlCursor {
  /** The text range of the document (between `---` markers) the cursor is in. */
  readonly document: TextRange;
  /** `key`: a key is being written (or nothing yet, at the start of a line); `value`: a key's value. */
  readonly kind: 'key' | 'value';
  /** For a key, the path of the map it goes in; for a value, the path of its key. Sequence items are `ITEM`. */
  readonly path: readonly string[];
  /** Right after a `- ` (or inside `[…]`): a scalar item could be written here as well as a map's first key. */
  readonly itemStart: boolean;
  /** For a key, the keys already written in the same map; for an item, the items already in the sequence. */
  readonly siblings: readonly string[];
  /** The word (or the inside of the quoted scalar) at the cursor: what a completion replaces. */
  readonly replace: TextRange;
  /** The value is written inside quotes. */
  readonly quoted: boolean;
  /** A key whose `:` is already written after the cursor (a key being renamed): insert the name only. */
  readonly keyHasColon: boolean;
  /** Inside a flow collection (`{…}`, `[…]`): no block structure may be inserted. */
  readonly inFlow: boolean;
  /** Right after `key:` with no space yet (`:` opened the list): a value is inserted with a space before it. */
  readonly spaceBefore: boolean;
  /** The document's indentation step (2 unless its keys say otherwise). */
  readonly indentUnit: number;
}

interface Line {
  readonly start: number;
  readonly text: string;
  /** Columns of the `- ` markers before the content. */
  readonly dashes: readonly number[];
  /** Column where the content (key or scalar) starts, after indentation and dashes. */
  readonly column: number;
  readonly key?: string;
  /** Nothing but whitespace or a comment. */
  readonly blank: boolean;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\],&*!|>%@`?-][^#]*?|-[^\s#]*?)\s*:(?:\s|$)/;
const DOCUMENT_MARKER = /^(---|\.\.\.)(\s|$)/;

function unquote(key: string): string {
  if (key.startsWith('"')) {
    try {
      return JSON.parse(key) as string;
    } catch {
      return key.slice(1, -1);
    }
  }
  return key.startsWith("'") ? key.slice(1, -1).replace(/''/g, "'") : key;
}

function parseLine(text: string, start: number): Line {
  let column = text.length - text.trimStart().length;
  const dashes: number[] = [];
  while (
    text[column] === '-' &&
    (column + 1 === text.length || text[column + 1] === ' ' || text[column + 1] === '\t')
  ) {
    dashes.push(column);
    column++;
    while (text[column] === ' ' || text[column] === '\t') column++;
  }
  const content = text.slice(column);
  const key = KEY.exec(content)?.[1];
  const blank = content.trim() === '' || content.startsWith('#');
  return {
    start,
    text,
    dashes,
    column,
    key: key === undefined ? undefined : unquote(key),
    blank: blank && dashes.length === 0,
  };
}

interface DocumentLines {
  readonly lines: Line[];
  readonly document: TextRange;
  readonly indentUnit: number;
}

/**
 * A text's lines, split once and parsed once per document, for every cursor in one version of it: a 13 MB file has
 * hundreds of thousands, and completion used to split all of them again for each request.
 */
export class YamlLines {
  private readonly all: { readonly start: number; readonly text: string }[] = [];
  /** The indexes of the `---` and `...` lines, in order. */
  private readonly markers: number[] = [];
  private readonly documents = new Map<string, DocumentLines>();

  constructor(text: string) {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      const end = newline < 0 ? text.length : newline;
      const line = text.slice(start, end).replace(/\r$/, '');
      if (DOCUMENT_MARKER.test(line)) this.markers.push(this.all.length);
      this.all.push({ start, text: line });
      if (newline < 0) break;
      start = newline + 1;
    }
  }

  /** The lines of the document around `offset`, and the index of the cursor's line among them. */
  around(offset: number): DocumentLines & { readonly current: number } {
    const all = this.all;
    let low = 0;
    let high = all.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (all[middle].start <= offset) low = middle;
      else high = middle - 1;
    }
    const cursorLine = low;
    let first: number;
    let last: number;
    if (DOCUMENT_MARKER.test(all[cursorLine].text) && offset > all[cursorLine].start) {
      first = last = cursorLine;
    } else {
      // The document runs from after the last marker before the cursor's line to before the first one after it.
      const next = this.markers.findIndex((marker) => marker > cursorLine);
      let previous = (next < 0 ? this.markers.length : next) - 1;
      if (previous >= 0 && this.markers[previous] === cursorLine) previous--;
      first = previous >= 0 ? this.markers[previous] + 1 : 0;
      last = next < 0 ? all.length - 1 : this.markers[next] - 1;
    }
    const key = `${first}:${last}`;
    let document = this.documents.get(key);
    if (!document) {
      const slice = all.slice(first, last + 1);
      const lines = slice.map((line) => parseLine(line.text, line.start));
      const documentEnd = slice[slice.length - 1].start + slice[slice.length - 1].text.length;
      document = { lines, document: { start: slice[0].start, end: documentEnd }, indentUnit: indentUnitOf(lines) };
      this.documents.set(key, document);
    }
    return { ...document, current: cursorLine - first };
  }
}

/**
 * The path of the map that holds content at `column` on line `index` (the line's own dashes included), walking up
 * the lines above: a key less indented is a parent; a `- ` before the column is a sequence item; a sequence may sit
 * at its key's own column (`listeners:\n- name: …`).
 */
function parentPath(lines: readonly Line[], index: number, column: number): string[] {
  const reversed: string[] = [];
  let need = column;
  let compactSequence = false;
  const enterItems = (dashes: readonly number[]) => {
    const outer = dashes.filter((dash) => dash < need);
    if (outer.length === 0) return;
    for (let i = 0; i < outer.length; i++) reversed.push(ITEM);
    need = outer[0];
    compactSequence = true;
  };
  enterItems(lines[index].dashes);
  for (let i = index - 1; i >= 0 && (need > 0 || compactSequence); i--) {
    const line = lines[i];
    if (line.blank) continue;
    if (
      line.key !== undefined &&
      (line.column < need || (compactSequence && line.dashes.length === 0 && line.column === need))
    ) {
      reversed.push(line.key);
      need = line.column;
      compactSequence = false;
      enterItems(line.dashes);
    } else if (line.column >= need) {
      enterItems(line.dashes);
    }
  }
  return reversed.reverse();
}

/** Keys written at `column` in the same map as line `index`, above and below it. */
function siblingKeys(lines: readonly Line[], index: number, column: number): string[] {
  const keys: string[] = [];
  const scan = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < lines.length; i += step) {
      const line = lines[i];
      if (line.blank) continue;
      if (line.column < column || (line.dashes.length > 0 && line.dashes[line.dashes.length - 1] >= column)) return;
      if (line.column > column) continue;
      if (step === 1 && line.dashes.length > 0) return; // the next item of the sequence
      if (line.key !== undefined) keys.push(line.key);
      if (line.dashes.length > 0) return; // the first key of this item
    }
  };
  if (lines[index].dashes.length === 0) scan(index - 1, -1);
  scan(index + 1, 1);
  return keys;
}

/** Scalar items of the block sequence whose `- ` markers are at `dash`, around line `index`. */
function siblingItems(lines: readonly Line[], index: number, dash: number): string[] {
  const items: string[] = [];
  const scan = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < lines.length; i += step) {
      const line = lines[i];
      if (line.blank) continue;
      if (line.dashes[0] !== dash) {
        if (line.column <= dash) return;
        continue;
      }
      if (line.key === undefined)
        items.push(
          unquote(
            line.text
              .slice(line.column)
              .replace(/\s+#.*$/, '')
              .trim(),
          ),
        );
    }
  };
  scan(index - 1, -1);
  scan(index + 1, 1);
  return items;
}

function indentUnitOf(lines: readonly Line[]): number {
  const indents = lines
    .filter((line) => line.key !== undefined && line.column > 0 && line.dashes.length === 0)
    .map((line) => line.column);
  return indents.length > 0 ? Math.min(...indents) : 2;
}

/** The end of the word (or quoted scalar) that starts at the cursor, on the same line. */
function wordEnd(lineText: string, from: number, quote: string | undefined): number {
  let end = from;
  if (quote) {
    while (end < lineText.length && lineText[end] !== quote) end++;
    return end;
  }
  while (end < lineText.length && !/[\s:#,{}[\]]/.test(lineText[end])) end++;
  return end;
}

/** Deeper flow collections are not followed: each level copies its path, so 50,000 `{` would take gigabytes. */
const MAX_FLOW_DEPTH = 64;

/** A value being typed inside a one-line flow collection: `{a: {b: |` or `[X, |`. */
function flowCursor(
  content: string,
  contentStart: number,
  basePath: readonly string[],
):
  | {
      kind: 'key' | 'value';
      path: string[];
      itemStart: boolean;
      siblings: string[];
      prefixStart: number;
      quote?: string;
    }
  | undefined {
  type Frame = {
    seq: boolean;
    path: string[];
    entries: string[];
    key?: string;
    afterColon: boolean;
    tokenStart: number;
  };
  const frames: Frame[] = [];
  let quote: string | undefined;
  for (let i = 0; i < content.length; i++) {
    const char = content[i];
    const frame = frames[frames.length - 1];
    if (quote) {
      if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      continue;
    }
    if (char === '{' || char === '[') {
      const path = frame
        ? frame.seq
          ? [...frame.path, ITEM]
          : frame.key !== undefined
            ? [...frame.path, frame.key]
            : undefined
        : [...basePath];
      if (!path || frames.length === MAX_FLOW_DEPTH) return undefined;
      frames.push({ seq: char === '[', path, entries: [], afterColon: false, tokenStart: i + 1 });
    } else if (!frame) {
      if (char !== ' ' && char !== '\t') return undefined;
    } else if (char === '}' || char === ']') {
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) parent.tokenStart = i + 1;
    } else if (char === ',') {
      const token = content.slice(frame.tokenStart, i).trim();
      if (frame.seq && token) frame.entries.push(unquote(token));
      if (!frame.seq && frame.key !== undefined) frame.entries.push(frame.key);
      frame.key = undefined;
      frame.afterColon = false;
      frame.tokenStart = i + 1;
    } else if (char === ':' && !frame.seq && !frame.afterColon) {
      frame.key = unquote(content.slice(frame.tokenStart, i).trim());
      frame.afterColon = true;
      frame.tokenStart = i + 1;
    }
  }
  const frame = frames[frames.length - 1];
  if (!frame) return undefined;
  let prefixStart = frame.tokenStart;
  while (content[prefixStart] === ' ' || content[prefixStart] === '\t') prefixStart++;
  if (quote) prefixStart = content.lastIndexOf(quote) + 1;
  prefixStart += contentStart;
  if (frame.seq)
    return { kind: 'value', path: frame.path, itemStart: true, siblings: frame.entries, prefixStart, quote };
  if (frame.afterColon && frame.key !== undefined)
    return { kind: 'value', path: [...frame.path, frame.key], itemStart: false, siblings: [], prefixStart, quote };
  return { kind: 'key', path: frame.path, itemStart: false, siblings: frame.entries, prefixStart };
}

/** `lines` are the text's, when the caller keeps them for the version (see YamlLines). */
export function yamlCursorAt(text: string, offset: number, textLines = new YamlLines(text)): YamlCursor | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  const { lines, current, document, indentUnit } = textLines.around(offset);
  const line = lines[current];
  const column = offset - line.start;
  const before = line.text.slice(0, column);
  if (DOCUMENT_MARKER.test(line.text) || /(^|\s)#/.test(before)) return undefined;
  const cursor = (
    fields: Omit<YamlCursor, 'document' | 'indentUnit' | 'replace' | 'quoted' | 'spaceBefore'>,
    prefixStart: number,
    quote: string | undefined,
    spaceBefore = false,
  ): YamlCursor => {
    const end = line.start + wordEnd(line.text, column, quote);
    return {
      ...fields,
      document,
      indentUnit,
      replace: { start: prefixStart, end },
      quoted: quote !== undefined,
      spaceBefore,
    };
  };

  // A key (or a sequence item) being typed: only indentation, dashes and one word before the cursor.
  const keyMatch = /^(\s*(?:-\s+)*)([^\s:#'"{}[\],]*)$/.exec(before);
  if (keyMatch) {
    const keyColumn = keyMatch[1].length;
    const here: Line = { ...parseLine(keyMatch[1], line.start), column: keyColumn };
    const context = [...lines.slice(0, current), here];
    const path = parentPath(context, current, keyColumn);
    const itemStart = here.dashes.length > 0;
    const keyHasColon = /^[^\s:#]*\s*:(\s|$)/.test(line.text.slice(column));
    const siblings = itemStart
      ? [
          ...siblingKeys(lines, current, keyColumn),
          ...siblingItems(lines, current, here.dashes[here.dashes.length - 1]),
        ]
      : siblingKeys(lines, current, keyColumn);
    return cursor(
      { kind: 'key', path, itemStart, siblings, keyHasColon, inFlow: false },
      line.start + keyColumn,
      undefined,
    );
  }

  // A value after `key: `, possibly in a flow collection.
  if (line.key === undefined || column <= line.column) return undefined;
  const colon = KEY.exec(line.text.slice(line.column));
  if (!colon) return undefined;
  const valueStart = line.column + colon[0].length;
  const keyPath = [...parentPath(lines, current, line.column), line.key];
  if (!/\s$/.test(colon[0])) {
    return cursor(
      { kind: 'value', path: keyPath, itemStart: false, siblings: [], keyHasColon: false, inFlow: false },
      offset,
      undefined,
      true,
    );
  }
  if (column < valueStart) return undefined;
  const value = line.text.slice(valueStart, column);
  const trimmed = value.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const flow = flowCursor(value, line.start + valueStart, keyPath.slice(0, -1).concat(line.key));
    if (!flow) return undefined;
    return cursor(
      {
        kind: flow.kind,
        path: flow.path,
        itemStart: flow.itemStart,
        siblings: flow.siblings,
        keyHasColon: false,
        inFlow: true,
      },
      flow.prefixStart,
      flow.quote,
    );
  }
  if (/^[&*!|>]/.test(trimmed)) return undefined;
  const quote = trimmed[0] === '"' || trimmed[0] === "'" ? trimmed[0] : undefined;
  if (quote && trimmed.length > 1 && trimmed.endsWith(quote)) return undefined; // after the closing quote
  const prefixStart = line.start + valueStart + (value.length - trimmed.length) + (quote ? 1 : 0);
  return cursor(
    { kind: 'value', path: keyPath, itemStart: false, siblings: [], keyHasColon: false, inFlow: false },
    prefixStart,
    quote,
  );
}
