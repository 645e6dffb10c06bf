// Moving keys of a YAML document to new paths, as edits of its text: each pair's lines go (with the comments above
// it and those under it indented into it, and its section when every key of it moves), and are written under the
// deepest section of the new path that is already there, the sections still missing created once for all the keys
// that go into them. The value is written as it was, its lines moved right or left with its key. A key that had a
// blank line above it has one in its new place too, so groups of keys stay apart; a heading comment above a group
// (# --- networking ---) heads the section written for it; an empty flow map (global: {}) loses its braces to take
// keys. Every line no move touches stays as written. Computed on the one parse of the text, however many keys move.
import { isAlias, isMap, isNode, isScalar, stringify, visit, type Node, type Pair, type YAMLMap } from 'yaml';
import type { TextEdit, TextRange } from '../types';
import { aliasedNodes, resolved } from './anchors';
import { nodeAt, type YamlDocument } from './document';
import { walkNodes } from './walkNodes';

export interface KeyMove {
  /** The pair as the parser read it, and its keys from the root. */
  readonly pair: Pair;
  readonly segments: readonly string[];
  readonly keyRange: TextRange;
  readonly valueRange: TextRange;
  /** The new path, dotted. */
  readonly toPath: string;
}

/**
 * Where new keys go in a section: the offset, their indentation, how far further in each new section's go, and
 * whether they are the first lines under the section's key (no blank line goes there); and the braces of an empty
 * flow map that must go for the section to take them.
 */
interface Place {
  readonly at: number;
  readonly indent: string;
  readonly step: string;
  readonly underKey: boolean;
  readonly braces?: TextRange;
}

/** One move worked out: what it deletes and what it writes where. */
interface Planned {
  readonly move: KeyMove;
  /** The lines the pair leaves: its own and its comments, or its section's when every key there moves. */
  readonly lines: TextRange;
  /** The deepest section of the new path already written, and where its key starts (undefined for the root). */
  readonly place: Place;
  readonly keyStart: number | undefined;
  readonly depth: number;
  /** The keys to write under the section, the last the pair's new name, and the pair's lines as they will read. */
  readonly keys: readonly string[];
  readonly written: string;
  /** A blank line stood above the lines the pair leaves: one goes above it in its new place. */
  readonly blankAbove: boolean;
  /** The heading comment lines that went with the pair: above the outermost line written for it. */
  readonly heading: readonly string[];
}

/** Where the line holding `offset` starts; a byte-order mark is before the first line, not in it. */
function lineStart(text: string, offset: number): number {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return start === 0 && text.startsWith('\uFEFF') && offset > 0 ? 1 : start;
}

/** The offset just after the line holding `offset` (after its newline), or the text's end. */
function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline + 1;
}

const isComment = (line: string) => line.trimStart().startsWith('#');
/** A line with nothing on it but spaces (and its line break: the last line of a file without one is not blank). */
const isBlank = (line: string) => line.endsWith('\n') && line.trim() === '';
/** A comment that heads a part of the file rather than one key: drawn with a run of ---, ===, ###, *** or the like. */
const isHeading = (line: string) => isComment(line) && /([-=#*~_])\1\1/.test(line);
/** How far a line is indented. */
const indentOf = (line: string) => line.length - line.trimStart().length;

/** A key as YAML writes it: plain when it reads back as itself, otherwise quoted. */
function keyText(key: string): string {
  return stringify(key, { lineWidth: 0 }).trimEnd();
}

/**
 * The ranges of whole lines, sorted, with those that overlap, touch or have only blank lines between them made one:
 * the blank lines between two groups that both go are not left behind.
 */
function merged(text: string, ranges: readonly TextRange[]): TextRange[] {
  const out: TextRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && (range.start <= last.end || text.slice(last.end, range.start).trim() === ''))
      out[out.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    else out.push(range);
  }
  return out;
}

/** What moveKeys does: the edits, and the moves they make (a move that cannot be made cleanly is left out). */
export interface MovedKeys {
  readonly edits: TextEdit[];
  readonly moved: readonly KeyMove[];
}

/** The edits that make the moves; undefined when none can be made cleanly. A move that cannot is left out. */
export function moveKeys(text: string, yaml: YamlDocument, moves: readonly KeyMove[]): MovedKeys | undefined {
  const root = yaml.root;
  let aliased: Set<Node> | undefined;

  /** The line before the one starting at `start` (with its line break), or '' at the document's start. */
  const lineBefore = (start: number) => (start > yaml.span.start ? text.slice(lineStart(text, start - 1), start) : '');

  /** Where the line of the key at `keyStart` starts, when the key starts it; undefined for a key of a flow map. */
  const keyLineStart = (keyStart: number): number | undefined => {
    const start = lineStart(text, keyStart);
    return text.slice(start, keyStart).trim() === '' ? start : undefined;
  };

  /**
   * Where the comment lines from `end` on that are indented further than `column` stop (`end` when there are none):
   * they are the pair's above them (entries commented out at the end of its map), blank lines between them too.
   */
  const commentsUnder = (end: number, column: number): number => {
    let under = end;
    for (let at = end; at < text.length; at = nextLineStart(text, at)) {
      const line = text.slice(at, nextLineStart(text, at));
      if (isComment(line) && indentOf(line) > column) under = nextLineStart(text, at);
      else if (line.trim() !== '') break;
    }
    return under;
  };

  /** The pair's own lines and the comments under it, when its key starts its line (a flow map's pair is not moved). */
  const pairLines = (move: KeyMove): TextRange | undefined => {
    const start = keyLineStart(move.keyRange.start);
    if (start === undefined) return undefined;
    const end = nextLineStart(text, Math.max(move.valueRange.end - 1, move.keyRange.end));
    return { start, end: commentsUnder(end, move.keyRange.start - start) };
  };

  /**
   * Where the comment lines right above the line at `start`, indented as far as it, begin (`start` when there are
   * none): they say what the key below them is, and move with it. A comment indented further belongs to what is
   * above (a section's last keys, or it is a line of a block scalar). Comments that open the document, with nothing
   * but blank lines or a `---` above them, are the file's: they stay.
   */
  const commentsAbove = (start: number): number => {
    const column = indentOf(text.slice(start, nextLineStart(text, start)));
    let first = start;
    while (isComment(lineBefore(first)) && indentOf(lineBefore(first)) === column) first -= lineBefore(first).length;
    let above = first;
    for (let line = lineBefore(above); /^\s*(---|%|$)/.test(line) && line !== ''; line = lineBefore(above))
      above -= line.length;
    return lineBefore(above) === '' ? start : first;
  };

  /** The document's indentation step: how far its first block section's keys sit right of the section's key; else 2. */
  const indentStep = (): number => {
    for (const item of isMap(root) ? root.items : []) {
      const section = item.value;
      const inner = isMap(section) && !section.flow ? section.items[0]?.key : undefined;
      const outerStart = isScalar(item.key) ? item.key.range?.[0] : undefined;
      const innerStart = isScalar(inner) ? inner.range?.[0] : undefined;
      if (outerStart === undefined || innerStart === undefined) continue;
      const step = innerStart - lineStart(text, innerStart) - (outerStart - lineStart(text, outerStart));
      if (step > 0) return step;
    }
    return 2;
  };
  const step = ' '.repeat(indentStep());

  /** True when an alias elsewhere names an anchor in the node: moving the anchor could put it after the alias. */
  const holdsAliasedAnchor = (node: Node): boolean => {
    const anchored: Node[] = [];
    walkNodes(node, (inner) => {
      if (isNode(inner) && inner.anchor) anchored.push(inner);
    });
    if (anchored.length === 0) return false;
    aliased ??= root ? aliasedNodes(root) : new Set<Node>();
    return anchored.some((anchor) => aliased!.has(anchor));
  };

  /**
   * The pair as it reads in its new place, its key at `keyIndent` under `name`: the comment lines of `comments`, then
   * the key with its value as written (quotes, comments, layout), the value's lines moved right or left with the key.
   * (YAML already wants every line of a value further right than its key, so they keep their meaning.) Undefined
   * when a line would have to move left past its own start: a comment written further left than the value.
   */
  const pairWritten = (
    move: KeyMove,
    comments: readonly TextRange[],
    name: string,
    keyIndent: string,
    pairEnd: number,
  ): string | undefined => {
    const lines = comments.flatMap(({ start, end }) =>
      text
        .slice(start, end)
        .split('\n')
        .slice(0, -1)
        .map((comment) => keyIndent + comment.trim()),
    );
    const keyLine = lineStart(text, move.keyRange.start);
    const keyLineEnd = nextLineStart(text, move.keyRange.start);
    const colon = /^[ \t]*:/.exec(text.slice(move.keyRange.end, keyLineEnd));
    if (!colon) return undefined;
    const column = move.keyRange.start - keyLine;
    const afterColon = text.slice(move.keyRange.end + colon[0].length, keyLineEnd).replace(/\r?\n$/, '');
    lines.push(`${keyIndent}${keyText(name)}:${afterColon}`);
    // The value's own lines, each moved by as much as the key moved.
    const shift = keyIndent.length - column;
    for (const written of text.slice(keyLineEnd, pairEnd).split('\n').slice(0, -1)) {
      const line = written.replace(/\r$/, '');
      if (line === '') lines.push(line);
      else if (shift >= 0) lines.push(' '.repeat(shift) + line);
      else if (line.slice(0, -shift).trim() === '') lines.push(line.slice(-shift));
      else return undefined;
    }
    return `${lines.join('\n')}\n`;
  };

  /** The pair at `segments`, in its map. */
  const pairAt = (segments: readonly string[]): { map: YAMLMap; pair: Pair } | undefined => {
    const map = nodeAt(root, segments.slice(0, -1));
    const name = segments[segments.length - 1];
    const pair = isMap(map) ? map.items.find((item) => isScalar(item.key) && item.key.value === name) : undefined;
    return isMap(map) && pair ? { map, pair } : undefined;
  };

  /** Where the key of the section at `segments` starts; undefined for the root. */
  const sectionKeyStart = (segments: readonly string[]): number | undefined => {
    const key = pairAt(segments)?.pair.key;
    return isScalar(key) ? key.range?.[0] : undefined;
  };

  /** Where the heading among the comment lines of `range` ends: after its last heading line; at the start if none. */
  const headingEnd = ({ start, end }: TextRange): number => {
    let headingTo = start;
    for (let at = start; at < end; at = nextLineStart(text, at))
      if (isHeading(text.slice(at, nextLineStart(text, at)))) headingTo = nextLineStart(text, at);
    return headingTo;
  };

  /**
   * True when a pair below `pair` that a heading above it heads stays: the heading heads the pairs down to a blank
   * line or the next heading.
   */
  const headsPairThatStays = (map: YAMLMap, pair: Pair, goes: (item: Pair) => boolean): boolean => {
    for (let index = map.items.indexOf(pair) + 1; index < map.items.length; index++) {
      const above = map.items[index - 1];
      const aboveEnd = ((above.value ?? above.key) as Node | null)?.range?.[1];
      const keyStart = (map.items[index].key as Node | null)?.range?.[0];
      if (aboveEnd === undefined || keyStart === undefined) return true;
      const between = text.slice(nextLineStart(text, Math.max(aboveEnd - 1, 0)), lineStart(text, keyStart));
      if (between.split('\n').some((line, at, all) => at < all.length - 1 && (line.trim() === '' || isHeading(line))))
        return false;
      if (!goes(map.items[index])) return true;
    }
    return false;
  };

  /**
   * The lines of the pair's section, from its key's line, when every key of it moves and none moves into it; else
   * undefined.
   */
  const emptiedSection = (move: KeyMove, moving: readonly KeyMove[]): TextRange | undefined => {
    const segments = move.segments.slice(0, -1);
    const section = nodeAt(root, segments);
    const path = `${segments.join('.')}.`;
    if (
      segments.length === 0 ||
      !isMap(section) ||
      !section.items.every((item) => moving.some((other) => other.pair === item)) ||
      moving.some((other) => other.toPath.startsWith(path))
    )
      return undefined;
    const keyStart = sectionKeyStart(segments);
    const start = keyStart === undefined ? undefined : keyLineStart(keyStart);
    if (keyStart === undefined || start === undefined) return undefined;
    const end = nextLineStart(text, Math.max((section.range?.[1] ?? keyStart) - 1, keyStart));
    return { start, end: commentsUnder(end, keyStart - start) };
  };

  /** Where the keys written under a section go: after the line of its last value and the comments under it. */
  const sectionEnd = (section: YAMLMap): number => {
    const last = section.items[section.items.length - 1];
    const end = (last.value as Node | null)?.range?.[1] ?? (last.key as Node).range?.[1] ?? 0;
    const keyStart = (last.key as Node).range?.[0] ?? 0;
    return commentsUnder(nextLineStart(text, Math.max(end - 1, 0)), keyStart - lineStart(text, keyStart));
  };

  /**
   * True when the value uses an anchor (an alias, a merge key) that would come after it once it is written at `at`,
   * or one that is nowhere: YAML reads an alias only after its anchor.
   */
  const usesAnchorAfter = (value: Node, at: number): boolean => {
    let after = false;
    visit(value, (_key, node) => {
      if (!isAlias(node)) return undefined;
      const anchor = resolved(node, root as Node);
      const start = anchor?.range?.[0];
      const [from, to] = value.range ?? [0, 0];
      const inside = start !== undefined && start >= from && start < to;
      if (start !== undefined && (inside || start < at)) return undefined;
      after = true;
      return visit.BREAK;
    });
    return after;
  };

  /** Keys going into a block section that has some: after its last, as far in as its first. */
  const inSection = (section: YAMLMap, keyStart: number | undefined): Place | undefined => {
    const firstKey = section.items[0]?.key;
    if (section.flow || !isScalar(firstKey) || !firstKey.range) return undefined;
    const indent = text.slice(lineStart(text, firstKey.range[0]), firstKey.range[0]);
    if (!/^ *$/.test(indent)) return undefined;
    // New keys step in as far as the section's own keys do from it; at the top level, as the document's do.
    const ownStep = keyStart === undefined ? 0 : indent.length - (keyStart - lineStart(text, keyStart));
    return { at: sectionEnd(section), indent, step: ownStep > 0 ? ' '.repeat(ownStep) : step, underKey: false };
  };

  /**
   * Keys going under a key written with nothing after it (`global:`): on the next line, one step further in. `line`
   * is the key's line from the key on, as it will read.
   */
  const underEmptyKey = (
    keyStart: number,
    line = text.slice(keyStart, nextLineStart(text, keyStart)),
  ): Place | undefined => {
    if (!/^[^\s#:][^#]*:[ \t]*(#.*)?\r?\n?$/.test(line)) return undefined;
    const indent = ' '.repeat(keyStart - lineStart(text, keyStart)) + step;
    return { at: nextLineStart(text, keyStart), indent, step, underKey: true };
  };

  /**
   * Keys going into an empty flow map on its key's line (`global: {}`): its braces go, with the spaces before them,
   * and the keys go under the key as under `global:` (not when an anchor or a tag stands before them: `&g {}`).
   */
  const intoEmptyFlowMap = (section: YAMLMap, keyStart: number): Place | undefined => {
    const [start, end] = section.range ?? [];
    const lineEnd = nextLineStart(text, keyStart);
    if (start === undefined || end === undefined || end > lineEnd) return undefined;
    const braces = { start: start - /[ \t]*$/.exec(text.slice(keyStart, start))![0].length, end };
    const place = underEmptyKey(keyStart, text.slice(keyStart, braces.start) + text.slice(end, lineEnd));
    return place && { ...place, braces };
  };

  const plan = (move: KeyMove, moving: readonly KeyMove[]): Planned | undefined => {
    const own = pairLines(move);
    const target = move.toPath.split('.');
    const value = move.pair.value as Node | null;
    if (!own || nodeAt(root, target) !== undefined || (value && holdsAliasedAnchor(value))) return undefined;
    const from = commentsAbove(own.start);
    const section = emptiedSection(move, moving);
    // An emptied section goes, and the comments above it (what it was for) go with its key.
    const outermost = section ? pairAt(move.segments.slice(0, -1)) : pairAt(move.segments);
    const above = { start: section ? commentsAbove(section.start) : from, end: section ? section.start : own.start };
    // A heading above them goes too, unless a pair it heads stays.
    const headingTo = headingEnd(above);
    const goes = (item: Pair) =>
      moving.some((other) => other.pair === item) ||
      (isMap(item.value) && item.value.items.every((inner) => moving.some((other) => other.pair === inner)));
    const headingStays =
      headingTo > above.start && (!outermost || headsPairThatStays(outermost.map, outermost.pair, goes));
    const lines = {
      start: headingStays ? headingTo : above.start,
      end: section ? Math.max(section.end, own.end) : own.end,
    };
    // The deepest section of the new path that is already written, and the keys still to create below it.
    let depth = target.length - 1;
    let found: Node | null | undefined = nodeAt(root, target.slice(0, depth));
    while (depth > 0 && found === undefined) found = nodeAt(root, target.slice(0, --depth));
    const keyStart = sectionKeyStart(target.slice(0, depth));
    // A key written with nothing after it reads as an empty scalar: its keys go under it.
    const nothingWritten = isScalar(found) && found.range?.[0] === found.range?.[1];
    const place =
      nothingWritten && keyStart !== undefined
        ? underEmptyKey(keyStart)
        : isMap(found) && found.flow && found.items.length === 0 && keyStart !== undefined
          ? intoEmptyFlowMap(found, keyStart)
          : isMap(found)
            ? inSection(found, keyStart)
            : undefined;
    if (!place || (value && usesAnchorAfter(value, place.at))) return undefined;
    const keys = target.slice(depth);
    // Of a section that goes, the first pair takes the comments above it along, and the last those under it.
    const items = section && isMap(outermost?.pair.value) ? outermost.pair.value.items : [move.pair];
    const first = items[0] === move.pair;
    const comments = [
      ...(first ? [{ start: headingTo, end: above.end }] : []),
      ...(section ? [{ start: from, end: own.start }] : []),
    ];
    const keyIndent = place.indent + place.step.repeat(keys.length - 1);
    const pairEnd = items[items.length - 1] === move.pair ? lines.end : own.end;
    const written = pairWritten(move, comments, keys[keys.length - 1], keyIndent, pairEnd);
    if (written === undefined) return undefined;
    const heading = headingStays || !first ? [] : text.slice(above.start, headingTo).split('\n').slice(0, -1);
    return {
      move,
      lines,
      place,
      keyStart,
      depth,
      keys,
      written,
      blankAbove: isBlank(lineBefore(first ? lines.start : from)),
      heading: heading.map((line) => line.trim()),
    };
  };

  /**
   * The edit that deletes whole lines, leaving the lines around them reading as before: a blank line between comments
   * above and below them (else the two would read as one, the lower one's key's), one blank line fewer where they sat
   * between two, and none at the end of the file where they were its last lines. (Ranges with only blank lines
   * between them are one already, so no other deletion takes the blank lines above or below.)
   */
  const deletion = ({ start, end }: TextRange): TextEdit => {
    const above = lineBefore(start);
    const below = text.slice(end, nextLineStart(text, end));
    if (isComment(above) && isComment(below)) return { start, end, newText: '\n' };
    if (above.trim() === '' && below.trim() === '' && end < text.length)
      return { start, end: end + below.length, newText: '' };
    if (isBlank(above) && end === text.length) return deletion({ start: start - above.length, end });
    // The last lines of a file that ends without a line break: the break before them goes, so it still does.
    if (end === text.length && !text.endsWith('\n') && above !== '')
      return { start: start - (above.endsWith('\r\n') ? 2 : 1), end, newText: '' };
    return { start, end, newText: '' };
  };

  /**
   * The pairs going under one section, the sections still missing written once each, in the order of the moves. Above
   * the first line written for a pair (the section written for it, or itself): a blank line when it had one, and the
   * heading that went with it; neither right under the key of a section written for it.
   */
  const underSection = (
    entries: readonly Pick<Planned, 'keys' | 'written' | 'blankAbove' | 'heading'>[],
    indent: string,
    step: string,
  ): string => {
    let out = '';
    const opened = new Set<string>();
    for (const { keys, written, blankAbove, heading } of entries) {
      const lead = (blankAbove ? '\n' : '') + heading.map((line) => `${indent}${line}\n`).join('');
      if (keys.length === 1) out += lead + written;
      else if (!opened.has(keys[0])) {
        opened.add(keys[0]);
        const inner = entries
          .filter((entry) => entry.keys.length > 1 && entry.keys[0] === keys[0])
          .map((entry, index) => ({
            ...entry,
            keys: entry.keys.slice(1),
            ...(index === 0 ? { blankAbove: false, heading: [] } : {}),
          }));
        out += `${lead}${indent}${keyText(keys[0])}:\n${underSection(inner, indent + step, step)}`;
      }
    }
    return out;
  };

  /**
   * The deletions, and what goes at the end of each section: where a section ends at or inside deleted lines, its
   * new keys take their place; where two end at one place, the deeper one's first.
   */
  const editsOf = (plans: readonly Planned[], deleted: readonly TextRange[]): TextEdit[] => {
    // One section per place and depth: two sections may end at one place (a nested one and the top level).
    const bySection = new Map<string, Planned[]>();
    for (const planned of plans) {
      const key = `${planned.place.at} ${planned.depth}`;
      bySection.set(key, [...(bySection.get(key) ?? []), planned]);
    }
    const insertions = [...bySection.values()]
      .map((group) => ({
        at: group[0].place.at,
        depth: group[0].depth,
        underKey: group[0].place.underKey,
        written: underSection(group, group[0].place.indent, group[0].place.step),
      }))
      .sort((a, b) => a.at - b.at || b.depth - a.depth);
    const within = (at: number) => deleted.find((range) => range.start <= at && at <= range.end);
    const written = new Map<TextRange | number, string>();
    for (const { at, underKey, written: block } of insertions) {
      const place = within(at) ?? at;
      const before = written.get(place);
      // No blank line right under a section's key, nor a second one where one stands above the place already.
      const start = typeof place === 'number' ? place : place.start;
      const bare = before === undefined && (underKey || lineBefore(start) === '' || isBlank(lineBefore(start)));
      written.set(place, (before ?? '') + (bare ? block.replace(/^\n/, '') : block));
    }
    // The braces of an empty flow map the keys go into go once, however many keys go there.
    const result: TextEdit[] = [...bySection.values()].flatMap(([{ place }]) =>
      place.braces ? [{ ...place.braces, newText: '' }] : [],
    );
    for (const range of deleted) {
      const block = written.get(range);
      result.push(block === undefined ? deletion(range) : { ...range, newText: block });
    }
    for (const [place, block] of written) {
      if (typeof place !== 'number') continue;
      const prefix = place === text.length && !text.endsWith('\n') ? '\n' : '';
      result.push({ start: place, end: place, newText: prefix + block });
    }
    // A file that ends without a line break still does.
    const unbroken = !text.endsWith('\n');
    return result
      .map((edit) =>
        unbroken && edit.end === text.length && edit.newText.endsWith('\n')
          ? { ...edit, newText: edit.newText.slice(0, -1) }
          : edit,
      )
      .sort((a, b) => a.start - b.start);
  };

  // A section whose key goes with a deleted pair cannot take new keys: a move into it is left out, and the rest
  // worked out again (what empties a section depends on what moves).
  let chosen = moves;
  let plans: Planned[];
  let deleted: TextRange[];
  for (;;) {
    const moving = chosen;
    plans = chosen.map((move) => plan(move, moving)).filter((planned) => planned !== undefined);
    deleted = merged(
      text,
      plans.map((planned) => planned.lines),
    );
    const kept = plans.filter(
      ({ keyStart: at }) => at === undefined || !deleted.some((range) => range.start <= at && at < range.end),
    );
    if (kept.length === chosen.length) break;
    chosen = kept.map((planned) => planned.move);
  }
  if (plans.length === 0) return undefined;
  return { edits: editsOf(plans, deleted), moved: chosen };
}
