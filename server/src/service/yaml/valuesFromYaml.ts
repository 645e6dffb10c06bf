// Operator values from one YAML document: walks the sections the chart catalog lists (never into free-form maps
// such as node selectors or the ingress-nginx subchart), recording each key in effect once: those a section writes and
// those it takes from maps merged in with `<<: *anchor`, with aliases read through, as Helm reads them (anchors.ts).
import { isMap, isScalar, isSeq, type Node, type Scalar, type YAMLMap } from 'yaml';
import { chartChildren, chartKey, legacyKey, type ChartKey } from '../catalog/chart';
import { operatorValues, type OperatorValues, type Setting } from '../values/model';
import type { YamlDocument } from './document';
import { isFilledInLater, isTemplatedNode } from './templateActions';
import { yamlNodeRange } from './nodeRange';
import { aliasedNodes, pairsInEffect, resolved } from './anchors';
import { yamlValuesEditor, type SettingSource } from './valuesEditor';
import { memoKey } from '../memo';

/**
 * The booleans of go-yaml v2, which Helm reads values with (YAML 1.1): besides true and false, a plain `y`, `yes`,
 * `on` and `n`, `no`, `off` in their three spellings, which YAML 1.2 and the `yaml` package read as strings.
 */
const YAML_11_BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'].map((word) => [word, true] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'].map((word) => [word, false] as const),
]);

/** A scalar's value as Helm reads it: a plain YAML 1.1 boolean word is that boolean. */
function helmValue(scalar: Scalar): unknown {
  const boolean =
    scalar.type === 'PLAIN' && typeof scalar.value === 'string' ? YAML_11_BOOLEANS.get(scalar.value) : undefined;
  return boolean ?? scalar.value;
}

/** Where a setting is in the YAML tree: what the editor needs to move it. */
function shapeOf(node: Node | null, text: string): Pick<Setting, 'shape' | 'value' | 'items' | 'template'> {
  // Set, to a value not known, as an ARM expression in an extension's settings is: quoted or not (`{{ .Values.id }}`
  // unquoted is a YAML map).
  if (isTemplatedNode(node, text)) return { shape: 'unknown', template: text.slice(node.range[0], node.range[1]) };
  if (isMap(node)) return { shape: 'map' };
  if (isScalar(node) && typeof node.value === 'string' && isFilledInLater(node.value))
    return { shape: 'unknown', template: node.value };
  if (isSeq(node)) {
    const items = node.items.filter(isScalar).map((item) => ({ value: helmValue(item), range: yamlNodeRange(item) }));
    return { shape: 'array', items };
  }
  if (isScalar(node)) {
    const value = helmValue(node);
    return {
      shape: 'scalar',
      value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null,
    };
  }
  return { shape: 'scalar', value: null };
}

/** Where a document's memo keeps its operator values. */
export const OPERATOR_VALUES = memoKey<OperatorValues>('operator values');

/**
 * The operator values of a document of the parse, read once: the analysis reads them and the Cloud Resources outline
 * of the same analysis takes them over (`layout` is the document's, as its classification gives it, for both).
 */
export function operatorValuesOf(text: string, yaml: YamlDocument, layout: OperatorValues['layout']): OperatorValues {
  return yaml.memo.get(OPERATOR_VALUES, () => valuesFromYaml(text, yaml, layout));
}

export function valuesFromYaml(text: string, yaml: YamlDocument, layout: OperatorValues['layout']): OperatorValues {
  const settings: Setting[] = [];
  const sources = new Map<Setting, SettingSource>();

  const root = yaml.root;
  // Only an alias (`*name`) names a node: a text without a `*` has none, and the walk is ~5% of an analysis.
  const aliased = root && text.includes('*') ? aliasedNodes(root) : new Set<Node>();
  /**
   * `inAnchor`: the map is read through an anchor, so its settings are written where other places may use them too.
   * `freeForm`: the map is one the chart hands on as it is (a subchart's values): only the keys the catalog names in
   * it are read (`ingress-nginx.enabled`).
   */
  const visit = (
    map: YAMLMap,
    parentPath: string,
    segments: readonly string[],
    inAnchor: boolean,
    freeForm = false,
  ) => {
    for (const { pair, merged } of pairsInEffect(map, root as Node)) {
      const keyNode = pair.key;
      if (!isScalar(keyNode) || typeof keyNode.value !== 'string') continue;
      const name = keyNode.value;
      const path = parentPath === '' ? name : `${parentPath}.${name}`;
      if (freeForm && !chartKey(path)) continue;
      const written = pair.value as Node | null;
      const value = resolved(written, root as Node) ?? null;
      const key: ChartKey | undefined = chartKey(path);
      const legacy = key ? undefined : legacyKey(path);
      const keyRange = yamlNodeRange(keyNode);
      // A value read through an alias is reported where it is written: at its anchor.
      const shown = value ?? written;
      const valueRange = shown?.range ? yamlNodeRange(shown) : { start: keyRange.end, end: keyRange.end };
      // Read through an anchor, or holding one that an alias uses (`controlPlaneURL: &url …` and `*url` elsewhere).
      const viaAnchor = inAnchor || merged || written !== value || (written !== null && aliased.has(written));
      const setting: Setting = {
        path,
        key,
        legacy,
        parent: parentPath,
        keyRange,
        valueRange,
        ...shapeOf(value, text),
        ...(viaAnchor ? { viaAnchor } : {}),
      };
      settings.push(setting);
      if (!viaAnchor) sources.set(setting, { pair, segments: [...segments, name] });
      // Descend into catalog sections, and into `aws` at the top level, where the legacy `aws.credentialSecret` lives.
      if (!isMap(value) || setting.shape !== 'map') continue;
      if (key?.type === 'object' || (path === 'aws' && !key)) visit(value, path, [...segments, name], viaAnchor);
      else if (key?.type === 'map' && chartChildren(path).length > 0)
        visit(value, path, [...segments, name], viaAnchor, true);
    }
  };
  if (isMap(root)) visit(root, '', [], false);
  const rootRange = root?.range ? yamlNodeRange(root) : yaml.span;
  const firstLineEnd = text.indexOf('\n', rootRange.start);
  const anchor = {
    start: rootRange.start,
    end: firstLineEnd < 0 || firstLineEnd > rootRange.end ? rootRange.end : firstLineEnd,
  };
  return operatorValues('yaml', layout, settings, anchor, yamlValuesEditor(text, yaml, sources));
}
