// Operator values as the value rules see them, whatever they were written in: a Helm values file (YAML) or the
// flat dotted configurationSettings of the AKS extension in an ARM template. Each written key is a Setting with
// its catalog entry and where its key and value are; form-specific edits come from a ValuesEditor.
import type { ChartKey, LegacyKey } from '../catalog/chart';
import type { KnownValue } from '../arm/value';
import type { Fix, TextEdit, TextRange } from '../types';

export interface Setting {
  /** The 1.x path, dotted: `global.auth.iamIdentity`. For a legacy key, the key as written. */
  readonly path: string;
  /** The catalog entry; undefined for unknown keys, legacy keys and keys inside free-form maps. */
  readonly key?: ChartKey;
  /** Set for a pre-1.0 key, with where it moved. */
  readonly legacy?: LegacyKey;
  /** The section the key was written in (`''` at the top level); the candidates for a did-you-mean. */
  readonly parent: string;
  readonly keyRange: TextRange;
  readonly valueRange: TextRange;
  /** What is written: a scalar, a map or a list; `unknown` for an ARM expression or a value filled in later. */
  readonly shape: 'scalar' | 'map' | 'array' | 'unknown';
  /**
   * YAML only, a value a templating tool fills in (`{{ .Values.url }}/`, shape `unknown`): the text as written. Only
   * what it says whatever is filled in may be checked, such as a slash at its end.
   */
  readonly template?: string;
  /** A scalar's value: string, number, boolean or null. */
  readonly value?: string | number | boolean | null;
  /** Written where secrets belong: the AKS extension's configurationProtectedSettings. */
  readonly secret?: boolean;
  /** A list's scalar items, with where each is written. */
  readonly items?: readonly { readonly value: unknown; readonly range: TextRange }[];
  /** ARM only: the evaluated value when it is written elsewhere (a parameter default or file, a variable). */
  readonly source?: KnownValue;
  /**
   * YAML only: read through an anchor (an alias `*name`, or a merge key `<<: *name`), so written where the anchor is,
   * which other places may use too: no fix edits it.
   */
  readonly viaAnchor?: boolean;
}

/** A list item of a setting, as Setting.items holds them. */
export type SettingItem = NonNullable<Setting['items']>[number];

export interface ValuesEditor {
  /**
   * A fix that replaces a scalar value (or one item of a list) keeping its quoting style, or undefined when the value
   * is not written as a plain literal there: an ARM expression, a YAML alias or template (`{{ }}`), a multi-line scalar,
   * a value read through a YAML anchor.
   */
  replaceValue(
    setting: Setting,
    value: string | number | boolean,
    title: string,
    preferred?: boolean,
    item?: SettingItem,
  ): Fix | undefined;
  /** Renames a key in place, keeping its section: `name` is the new last segment. Undefined for a key read through a YAML anchor. */
  renameKey(setting: Setting, name: string): TextEdit | undefined;
  /** Moves a setting to another path (creating the sections it needs). */
  move(setting: Setting, toPath: string, title: string): Fix | undefined;
  /**
   * Moves every given setting it can at once (the "migrate the whole file" fix), titled after the settings it moves:
   * a setting it cannot move cleanly is left where it is (see move).
   */
  moveAll(
    moves: readonly { setting: Setting; toPath: string }[],
    title: (moved: readonly Setting[]) => string,
  ): Fix | undefined;
}

export interface OperatorValues {
  /** `yaml`: a values file, typed YAML; `extension`: AKS extension configurationSettings, every value a string. */
  readonly form: 'yaml' | 'extension';
  readonly layout: '1.x' | 'legacy';
  readonly settings: readonly Setting[];
  /** Where a finding about a missing key goes when none of its sections is written. */
  readonly anchor: TextRange;
  readonly editor: ValuesEditor;
  get(path: string): Setting | undefined;
  /**
   * Where a finding about a missing path goes: the key of its nearest section that is written (`auth:` for
   * `global.auth.audience`, else `global:`), else the anchor.
   */
  whereMissing(path: string): TextRange;
  /** The value of a path as a non-empty trimmed string, when it is written as a scalar. */
  text(path: string): string | undefined;
  /** True when a path is set to true: the boolean, or the string "true" an AKS extension's settings hold. */
  isTrue(path: string): boolean;
}

export function operatorValues(
  form: OperatorValues['form'],
  layout: OperatorValues['layout'],
  settings: readonly Setting[],
  anchor: TextRange,
  editor: ValuesEditor,
): OperatorValues {
  const byPath = new Map<string, Setting>();
  for (const setting of settings) if (!byPath.has(setting.path)) byPath.set(setting.path, setting);
  return {
    form,
    layout,
    settings,
    anchor,
    editor,
    get: (path) => byPath.get(path),
    whereMissing(path) {
      for (let end = path.lastIndexOf('.'); end > 0; end = path.lastIndexOf('.', end - 1)) {
        const section = byPath.get(path.slice(0, end));
        if (section) return section.keyRange;
      }
      return anchor;
    },
    isTrue(path) {
      const value = byPath.get(path)?.value;
      return value === true || value === 'true';
    },
    text(path) {
      const setting = byPath.get(path);
      const value = setting?.value;
      const text =
        typeof value === 'string'
          ? value.trim()
          : typeof value === 'number' || typeof value === 'boolean'
            ? String(value)
            : undefined;
      return text === '' ? undefined : text;
    },
  };
}
