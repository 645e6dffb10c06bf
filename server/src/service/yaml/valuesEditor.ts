// Edits to operator values in YAML: replace a scalar keeping its quotes (scalarFix, also the Gateway rules' fixes);
// move one key (delete its lines, insert it under the deepest section that already exists, creating the rest); move
// many at once by rewriting the document with the `yaml` package (comments kept). No fix where a clean edit is not possible.
import {
  isMap,
  isNode,
  isScalar,
  parse,
  Scalar,
  stringify,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { Fix, TextEdit, TextRange } from '../types';
import type { Setting, ValuesEditor } from '../values/model';
import { nodeAt, type YamlDocument } from './document';

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line holding `offset` (after its newline), or the text's end. */
function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline + 1;
}

/** A scalar written as YAML: plain when that reads back as the same string, otherwise double-quoted. */
/** Where valuesFromYaml read a setting: what the editor rewrites. */
export interface SettingSource {
  readonly pair: Pair;
  /** The keys as written, from the root. */
  readonly segments: readonly string[];
}

export function scalarText(value: string, original: string): string {
  if (original.startsWith('"')) return JSON.stringify(value);
  if (original.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  try {
    if (value !== '' && !/[#:]\s|\s$|^\s/.test(value) && parse(value) === value) return value;
  } catch {
    // not valid as a plain scalar: quote it
  }
  return JSON.stringify(value);
}

/** The value YAML reads from a scalar's text, or `undefined` when it is not one scalar on its own. */
function readScalar(written: string): unknown {
  try {
    return parse(written);
  } catch {
    return undefined;
  }
}

/** Written text a fix never rewrites: an alias, anchor or tag, a block scalar, a scalar over several lines, a template. */
const NOT_A_PLAIN_LITERAL = /^[*&!|>]|\n|\{\{/;
/** Characters that end a plain scalar inside a flow collection: a replacement holding one is quoted. */
const FLOW_INDICATOR = /[,[\]{}]/;

/**
 * A fix that rewrites the YAML scalar at `range` — the value a rule read — keeping its quoting. Only when the text
 * there reads back as exactly the value the rule saw (`seen`; an empty value is null): never over an alias, a tag,
 * a block or multi-line scalar, or a value holding a template (`{{ }}`), which something else renders first.
 */
export function scalarFix(
  text: string,
  range: TextRange,
  seen: unknown,
  replacement: string | number | boolean,
  title: string,
  preferred = false,
): Fix | undefined {
  const written = text.slice(range.start, range.end);
  let newText: string;
  if (written === '') {
    // `key:` with nothing after it: the value goes after the colon, apart from it and from a comment that follows.
    const before = text[range.start - 1];
    if (seen !== null || (before !== ':' && before !== ' ' && before !== '\t')) return undefined;
    const after = text[range.start];
    const scalar = typeof replacement === 'string' ? scalarText(replacement, '') : String(replacement);
    newText = `${before === ':' ? ' ' : ''}${scalar}${after === undefined || /\s/.test(after) ? '' : ' '}`;
  } else {
    if (NOT_A_PLAIN_LITERAL.test(written) || readScalar(written) !== seen) return undefined;
    newText = typeof replacement === 'string' ? scalarText(replacement, written) : String(replacement);
    if (!/^["']/.test(newText) && FLOW_INDICATOR.test(newText)) newText = JSON.stringify(replacement);
  }
  return { title, edits: [{ ...range, newText }], preferred };
}

function indentBlock(block: string, indent: string): string {
  return block
    .split('\n')
    .map((line) => (line === '' ? line : indent + line))
    .join('\n');
}

export function yamlValuesEditor(
  text: string,
  yaml: YamlDocument,
  sources: ReadonlyMap<Setting, SettingSource>,
): ValuesEditor {
  const root = yaml.root;

  /** The block map the key's pair sits in must start the key on its own line; flow maps are not edited. */
  const pairLines = (setting: Setting) => {
    const start = lineStart(text, setting.keyRange.start);
    if (text.slice(start, setting.keyRange.start).trim() !== '') return undefined;
    return { start, end: nextLineStart(text, Math.max(setting.valueRange.end - 1, setting.keyRange.end)) };
  };

  /** The lines to delete when a setting moves away: its own, or its parent's when it is the parent's only key. */
  const linesToDelete = (setting: Setting, source: SettingSource) => {
    const lines = pairLines(setting);
    const parentSegments = source.segments.slice(0, -1);
    const parent = nodeAt(root, parentSegments);
    if (!lines || parentSegments.length === 0 || !isMap(parent) || parent.items.length !== 1) return lines;
    const parentKey = nodeAt(root, parentSegments.slice(0, -1));
    const pair = isMap(parentKey)
      ? parentKey.items.find(
          (item) => isScalar(item.key) && item.key.value === parentSegments[parentSegments.length - 1],
        )
      : undefined;
    const keyStart = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
    if (keyStart === undefined) return lines;
    const start = lineStart(text, keyStart);
    return text.slice(start, keyStart).trim() === '' ? { start, end: lines.end } : lines;
  };

  /** The pair at `segments` in a document; its key is a scalar, or a plain string where `setIn` wrote it. */
  const pairAt = (document: Document, segments: readonly string[]): Pair | undefined => {
    const parent = segments.length > 1 ? document.getIn(segments.slice(0, -1)) : document.contents;
    const name = segments.at(-1);
    return isMap(parent)
      ? parent.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === name)
      : undefined;
  };

  /**
   * The keys to write under the target section, the last holding the moved value. A scalar on its key's line is
   * written as it was, with its quotes and its comment (`cldrsrc_… # from ARM`); anything else is written anew.
   */
  const movedBlock = (keys: readonly string[], value: unknown): string => {
    const written = isScalar(value) && value.range ? scalarAsWritten(value.range[0], value.range[1]) : undefined;
    if (written === undefined) {
      const nested = keys.reduceRight<unknown>(
        (inner, key) => ({ [key]: inner }),
        isNode(value) ? value.toJSON() : null,
      );
      return stringify(nested, { indent: 2, lineWidth: 0 });
    }
    const lines = keys.map((key, i) => `${'  '.repeat(i)}${stringify(key, { lineWidth: 0 }).trimEnd()}:`);
    lines[lines.length - 1] += ` ${written}`;
    return `${lines.join('\n')}\n`;
  };

  /**
   * A scalar's text from where it starts to the end of its line (a comment may follow it), when it ends on that line:
   * not a block scalar (`|`, `>`) or a string folded over lines, which are written anew.
   */
  const scalarAsWritten = (start: number, end: number): string | undefined => {
    const lineEnd = text.indexOf('\n', start);
    const stop = lineEnd < 0 ? text.length : lineEnd;
    if (end > stop || /^[|>]/.test(text.slice(start, end))) return undefined;
    const rest = text.slice(start, stop).replace(/\r$/, '').trimEnd();
    return rest === '' ? undefined : rest;
  };

  const move = (setting: Setting, toPath: string, title: string): Fix | undefined => {
    const source = sources.get(setting);
    const lines = source && linesToDelete(setting, source);
    const target = toPath.split('.');
    if (!source || !lines || nodeAt(root, target) !== undefined) return undefined;
    // The deepest section of the target path that is already written, and the keys still to create below it.
    let depth = target.length - 1;
    let section: Node | null | undefined = nodeAt(root, target.slice(0, depth));
    while (depth > 0 && section === undefined) section = nodeAt(root, target.slice(0, --depth));
    if (!isMap(section) || section.flow || section.items.length === 0) return undefined;
    const map = section as YAMLMap;
    const firstKey = map.items[0].key;
    if (!isScalar(firstKey) || !firstKey.range) return undefined;
    const indent = text.slice(lineStart(text, firstKey.range[0]), firstKey.range[0]);
    if (indent.trim() !== '') return undefined;
    const value = source.pair.value;
    const block = indentBlock(movedBlock(target.slice(depth), value), indent);
    const lastItem = map.items[map.items.length - 1];
    const mapEnd = (lastItem.value as Node | null)?.range?.[1] ?? (lastItem.key as Node).range?.[1] ?? 0;
    const at = nextLineStart(text, Math.max(mapEnd - 1, 0));
    const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
    const edits: TextEdit[] = [];
    if (at === lines.end || at === lines.start) {
      edits.push({ start: lines.start, end: lines.end, newText: prefix + block });
    } else if (at > lines.start && at < lines.end) {
      edits.push({ start: lines.start, end: lines.end, newText: block });
    } else {
      edits.push({ start: lines.start, end: lines.end, newText: '' }, { start: at, end: at, newText: prefix + block });
      edits.sort((a, b) => a.start - b.start);
    }
    return { title, edits };
  };

  return {
    replaceValue(setting, value, title, preferred, item) {
      if (setting.viaAnchor) return undefined;
      if (item) return scalarFix(text, item.range, item.value, value, title, preferred);
      return setting.shape === 'scalar'
        ? scalarFix(text, setting.valueRange, setting.value, value, title, preferred)
        : undefined;
    },
    renameKey: (setting, name) =>
      setting.viaAnchor
        ? undefined
        : { ...setting.keyRange, newText: scalarText(name, text.slice(setting.keyRange.start, setting.keyRange.end)) },
    move,
    moveAll(moves, title) {
      if (!moves.some(({ setting }) => sources.has(setting))) return undefined;
      const document = yaml.document.clone();
      // A comment above the first key belongs to the file, not to that key: keep it when the key moves.
      const first = isMap(document.contents) ? document.contents.items[0]?.key : undefined;
      if (isScalar(first) && first.commentBefore && !document.commentBefore) {
        document.commentBefore = first.commentBefore;
        first.commentBefore = undefined;
      }
      for (const { setting, toPath } of moves) {
        const source = sources.get(setting);
        const target = toPath.split('.');
        if (!source || document.getIn(target) !== undefined) continue;
        const node = document.getIn(source.segments, true);
        // A comment on the lines above the key (`# the resource`) belongs to it: it moves with it.
        const movedKey = pairAt(document, source.segments)?.key;
        const comment = isScalar(movedKey) ? movedKey.commentBefore : undefined;
        document.deleteIn(source.segments);
        document.setIn(target, node);
        const pair = comment ? pairAt(document, target) : undefined;
        if (pair) {
          const key = isScalar(pair.key) ? pair.key : new Scalar(pair.key);
          key.commentBefore = comment;
          pair.key = key;
        }
      }
      // The legacy parents left empty by the moves (`aws:` after `aws.credentialSecret` moved) go too.
      for (const { setting } of moves) {
        const segments = sources.get(setting)?.segments ?? [];
        for (let depth = segments.length - 1; depth > 0; depth--) {
          const parent = document.getIn(segments.slice(0, depth));
          if (isMap(parent) && parent.items.length === 0) document.deleteIn(segments.slice(0, depth));
        }
      }
      return { title, edits: [{ ...yaml.span, newText: document.toString({ lineWidth: 0 }) }] };
    },
  };
}
