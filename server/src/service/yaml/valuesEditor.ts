// Edits to operator values in YAML: replace a scalar keeping its quotes (scalarFix, also the Gateway rules' fixes);
// rename a key; move one key or many to their new paths (moveKeys.ts), a move that only renames the key in its own
// map being a rename where it is. No fix where a clean edit is not possible.
import { parse, type Pair } from 'yaml';
import type { Fix, TextEdit, TextRange } from '../types';
import type { Setting, ValuesEditor } from '../values/model';
import { nodeAt, type YamlDocument } from './document';
import { moveKeys, type KeyMove } from './moveKeys';

/** Where valuesFromYaml read a setting: what the editor rewrites. */
export interface SettingSource {
  readonly pair: Pair;
  /** The keys as written, from the root. */
  readonly segments: readonly string[];
}

/**
 * A scalar written as YAML like `original`: in its quotes; else plain when that reads back as the same string, else
 * double-quoted.
 */
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

export function yamlValuesEditor(
  text: string,
  yaml: YamlDocument,
  sources: ReadonlyMap<Setting, SettingSource>,
): ValuesEditor {
  type Move = { readonly setting: Setting; readonly toPath: string };
  /**
   * The moves as moveKeys takes them, each with its setting: those of settings written in this document, not read
   * through an anchor.
   */
  const keyMoves = (moves: readonly Move[]): Map<KeyMove, Setting> =>
    new Map(
      moves.flatMap(({ setting, toPath }) => {
        const source = sources.get(setting);
        return source
          ? [[{ ...source, keyRange: setting.keyRange, valueRange: setting.valueRange, toPath }, setting] as const]
          : [];
      }),
    );
  /** True when the new path only renames the key in the map it is in (additionalPatches to patches). */
  const renamesInPlace = ({ setting, toPath }: Move): boolean => {
    const segments = sources.get(setting)?.segments;
    const target = toPath.split('.');
    return segments?.length === target.length && segments.slice(0, -1).every((segment, at) => segment === target[at]);
  };
  const renameKey = (setting: Setting, name: string): TextEdit | undefined =>
    setting.viaAnchor
      ? undefined
      : { ...setting.keyRange, newText: scalarText(name, text.slice(setting.keyRange.start, setting.keyRange.end)) };
  /** The key renamed where it is, its value and comments as written; none where its new path is written already. */
  const renamedInPlace = ({ setting, toPath }: Move): TextEdit | undefined =>
    nodeAt(yaml.root, toPath.split('.')) === undefined
      ? renameKey(setting, toPath.slice(toPath.lastIndexOf('.') + 1))
      : undefined;
  /** The fix that makes the moves it can, titled after the settings it moves. */
  const fixOf = (moves: readonly Move[], title: (moved: readonly Setting[]) => string): Fix | undefined => {
    const settingOf = keyMoves(moves.filter((move) => !renamesInPlace(move)));
    const moved = moveKeys(text, yaml, [...settingOf.keys()]);
    const renamed = moves.filter(renamesInPlace).flatMap((move) => {
      const edit = renamedInPlace(move);
      return edit ? [{ setting: move.setting, edit }] : [];
    });
    const edits = [...(moved?.edits ?? []), ...renamed.map(({ edit }) => edit)].sort((a, b) => a.start - b.start);
    const settings = [...(moved?.moved ?? []).map((move) => settingOf.get(move)!), ...renamed.map((r) => r.setting)];
    return edits.length > 0 ? { title: title(settings), edits } : undefined;
  };

  return {
    replaceValue(setting, value, title, preferred, item) {
      if (setting.viaAnchor) return undefined;
      if (item) return scalarFix(text, item.range, item.value, value, title, preferred);
      return setting.shape === 'scalar'
        ? scalarFix(text, setting.valueRange, setting.value, value, title, preferred)
        : undefined;
    },
    renameKey,
    move: (setting, toPath, title) => fixOf([{ setting, toPath }], () => title),
    moveAll: fixOf,
  };
}
