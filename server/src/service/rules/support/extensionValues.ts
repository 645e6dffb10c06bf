// Operator values inside ARM templates: each Microsoft.KubernetesConfiguration/extensions resource of type
// Anyscale.AKS.Operator carries them as flat dotted keys with string values in configurationSettings (and
// configurationProtectedSettings). This turns each such resource into OperatorValues at its JSON positions and
// runs a values check on it. Settings written as ARM expressions are unknown and never guessed; a setting whose
// value comes from a parameter or a variable is reported where that value is written, like every ARM rule, and a fix
// rewrites it there (valueFix: only a literal, never an expression).
import { entries, equalsIgnoreCase, propertyValue, type JsonNode } from '../../json/nodes';
import { isResourceType, type ArmResource } from '../../arm/template';
import { knownString, type KnownValue } from '../../arm/value';
import { chartKey, legacyKey, OPERATOR_EXTENSION } from '../../catalog/chart';
import { operatorValues, type OperatorValues, type Setting, type ValuesEditor } from '../../values/model';
import { indexedCloudResource, type WorkspaceView } from '../../index/workspaceIndex';
import { rangeOf } from '../runner';
import type { Report, TextEdit, TextRange } from '../../types';
import { valueFix } from './valueEdits';
import type { TemplateContext, ValuesContext } from '../templateContext';

/** True when a flat key sits inside a free-form map (node selectors, resources, the ingress-nginx subchart). */
function insideFreeForm(path: string): boolean {
  const segments = path.split('.');
  for (let depth = segments.length - 1; depth > 0; depth--) {
    const ancestor = chartKey(segments.slice(0, depth).join('.'));
    if (ancestor) return ancestor.type !== 'object';
  }
  return false;
}

/** Where each setting is: its key node, and its value as read (where it is written, for the fixes that rewrite it). */
interface Written {
  readonly keyNodes: Map<Setting, JsonNode>;
  readonly values: Map<Setting, KnownValue>;
}

function readSettings(
  node: JsonNode | undefined,
  resource: ArmResource,
  context: TemplateContext,
  secret: boolean,
  written: Written,
): void {
  for (const [rawKey, valueNode, property] of entries(node)) {
    // `--set` syntax allows list indexes (`operator.tolerations[0].key`); the catalog knows the list itself.
    const path = rawKey.replace(/\[\d+\]/g, '');
    const key = chartKey(path);
    if (!key && insideFreeForm(path)) continue;
    const value = context.value(valueNode, resource);
    const read = value.known ? value.value : undefined;
    const shape = !value.known
      ? 'unknown'
      : read !== null && typeof read === 'object'
        ? Array.isArray(read)
          ? 'array'
          : 'map'
        : 'scalar';
    const scalar = typeof read === 'string' || typeof read === 'number' || typeof read === 'boolean' ? read : null;
    const keyNode = property.children![0];
    const setting: Setting = {
      path,
      key,
      legacy: key ? undefined : legacyKey(path),
      parent: path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '',
      keyRange: rangeOf(keyNode),
      valueRange: rangeOf(valueNode),
      shape,
      value: shape === 'scalar' ? scalar : undefined,
      secret,
      source: value.known && value.origin !== valueNode ? value : undefined,
    };
    written.keyNodes.set(setting, keyNode);
    if (value.known) written.values.set(setting, value);
  }
}

function extensionEditor({ keyNodes, values }: Written, taken: ReadonlySet<string>): ValuesEditor {
  const rename = (setting: Setting, toPath: string): TextEdit | undefined => {
    const keyNode = keyNodes.get(setting);
    return keyNode && !taken.has(toPath) ? { ...rangeOf(keyNode), newText: JSON.stringify(toPath) } : undefined;
  };
  return {
    // Settings are strings: a value the chart needs as another type is written as a string too.
    replaceValue(setting, value, title, preferred) {
      const read = values.get(setting);
      return read && valueFix(read, typeof value === 'string' ? value : String(value), title, preferred);
    },
    renameKey: (setting, name) => ({
      ...setting.keyRange,
      newText: JSON.stringify(setting.parent === '' ? name : `${setting.parent}.${name}`),
    }),
    move(setting, toPath, title) {
      const edit = rename(setting, toPath);
      return edit && { title, edits: [edit] };
    },
    moveAll(moves, title) {
      const renamed = moves.flatMap(({ setting, toPath }) => {
        const edit = rename(setting, toPath);
        return edit ? [{ setting, edit }] : [];
      });
      return renamed.length > 0
        ? { title: title(renamed.map(({ setting }) => setting)), edits: renamed.map(({ edit }) => edit) }
        : undefined;
    },
  };
}

/** True when a resource deploys the Anyscale operator as an AKS extension (shared with the AKS rules). */
export function isOperatorExtension(resource: ArmResource, context: TemplateContext): boolean {
  if (resource.existing || !isResourceType(resource, OPERATOR_EXTENSION.resourceType)) return false;
  // The extension type may come from a parameter or a variable, as the docs' templates write most properties.
  const extensionType = knownString(context.value(propertyValue(resource.properties, 'extensionType'), resource));
  return extensionType !== undefined && equalsIgnoreCase(extensionType, OPERATOR_EXTENSION.extensionType);
}

/** The template's own cloud resources, as the cross-file checks see the workspace. */
function templateWorkspace(context: TemplateContext): WorkspaceView {
  const cloudResources = context.anyscale.cloudResources.map((cloudResource) => ({
    uri: '',
    ...indexedCloudResource(cloudResource),
  }));
  return { azure: true, cloudResources, operatorValues: [], deployed: context.deployed };
}

/** The operator values of one extension resource, or undefined when its configurationSettings are not written out. */
export function extensionValues(resource: ArmResource, context: TemplateContext): OperatorValues | undefined {
  const settingsNode = propertyValue(resource.properties, 'configurationSettings');
  const protectedNode = propertyValue(resource.properties, 'configurationProtectedSettings');
  // Settings computed by an expression (`[union(…)]`) can't be read: nothing is checked, nothing is missing.
  if (settingsNode?.type !== 'object') return undefined;
  const written: Written = { keyNodes: new Map(), values: new Map() };
  readSettings(settingsNode, resource, context, false, written);
  readSettings(protectedNode, resource, context, true, written);
  const settings = [...written.keyNodes.keys()];
  const layout = settings.some((s) => s.key) || !settings.some((s) => s.legacy) ? '1.x' : 'legacy';
  const anchorNode = propertyValue(resource.properties, 'extensionType') ?? resource.typeNode ?? resource.node;
  return operatorValues(
    'extension',
    layout,
    settings,
    rangeOf(anchorNode),
    extensionEditor(written, new Set(settings.map((s) => s.path))),
  );
}

function sameRange(a: TextRange, b: TextRange): boolean {
  return a.start === b.start && a.end === b.end;
}

/** The setting whose value, written elsewhere, sits at a range of the extension. */
function sourcedAt(settings: readonly Setting[], range: TextRange): (Setting & { source: KnownValue }) | undefined {
  return settings.find(
    (s): s is Setting & { source: KnownValue } => s.source !== undefined && sameRange(s.valueRange, range),
  );
}

/** A finding on a setting's value, moved to where the value is written when that is elsewhere (its fixes edit it there). */
function reportAtSource(report: Report, settings: readonly Setting[]): Report {
  const at = report.at;
  const source = 'known' in at || 'offset' in at ? undefined : sourcedAt(settings, at)?.source;
  return source ? { ...report, at: source } : report;
}

export function forEachOperatorExtension(context: TemplateContext, run: (valuesContext: ValuesContext) => void): void {
  let workspace: WorkspaceView | undefined;
  for (const resource of context.template.resources) {
    if (!isOperatorExtension(resource, context)) continue;
    const values = extensionValues(resource, context);
    if (!values) continue;
    workspace ??= templateWorkspace(context);
    run({
      values,
      azure: true,
      workspace,
      report: (report) => context.report(reportAtSource(report, values.settings)),
    });
  }
}
