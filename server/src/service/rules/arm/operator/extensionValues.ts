// Operator values inside ARM templates: each Microsoft.KubernetesConfiguration/extensions resource of type
// Anyscale.AKS.Operator carries them as flat dotted keys with string values in configurationSettings (and
// configurationProtectedSettings). This turns each such resource into OperatorValues at its JSON positions and
// runs a values check on it. Settings written as ARM expressions are unknown and never guessed; a setting whose
// value comes from a parameter or a variable is reported where that value is written, like every ARM rule.
import { entries, equalsIgnoreCase, propertyValue, type JsonNode } from '../../../json/nodes';
import { isResourceType, type ArmResource } from '../../../arm/template';
import { knownString, type KnownValue } from '../../../arm/value';
import { chartKey, legacyKey, OPERATOR_EXTENSION } from '../../../catalog/chart';
import { operatorValues, type OperatorValues, type Setting, type ValuesEditor } from '../../../values/model';
import type { IndexedCloudResource, WorkspaceView } from '../../../index/workspaceIndex';
import { rangeOf, type Fix, type Report, type TextEdit, type TextRange } from '../../rule';
import type { TemplateContext } from '../../templateContext';
import type { ValuesContext } from '../../values/valuesRule';

/** True when a flat key sits inside a free-form map (node selectors, resources, the ingress-nginx subchart). */
function insideFreeForm(path: string): boolean {
  const segments = path.split('.');
  for (let depth = segments.length - 1; depth > 0; depth--) {
    const ancestor = chartKey(segments.slice(0, depth).join('.'));
    if (ancestor) return ancestor.type !== 'object';
  }
  return false;
}

function readSettings(node: JsonNode | undefined, resource: ArmResource, context: TemplateContext, secret: boolean, keyNodes: Map<Setting, JsonNode>): void {
  for (const [rawKey, valueNode, property] of entries(node)) {
    // `--set` syntax allows list indexes (`operator.tolerations[0].key`); the catalog knows the list itself.
    const path = rawKey.replace(/\[\d+\]/g, '');
    const key = chartKey(path);
    if (!key && insideFreeForm(path)) continue;
    const value = context.value(valueNode, resource);
    const written = value.known ? value.value : undefined;
    const shape = !value.known ? 'unknown' : written !== null && typeof written === 'object' ? (Array.isArray(written) ? 'array' : 'map') : 'scalar';
    const scalar = typeof written === 'string' || typeof written === 'number' || typeof written === 'boolean' ? written : null;
    const keyNode = property.children![0];
    keyNodes.set({
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
    }, keyNode);
  }
}

function extensionEditor(keyNodes: ReadonlyMap<Setting, JsonNode>, taken: ReadonlySet<string>): ValuesEditor {
  const rename = (setting: Setting, toPath: string): TextEdit | undefined => {
    const keyNode = keyNodes.get(setting);
    return keyNode && !taken.has(toPath) ? { ...rangeOf(keyNode), newText: JSON.stringify(toPath) } : undefined;
  };
  return {
    replaceValue: (setting, value) => ({ ...setting.valueRange, newText: JSON.stringify(value) }),
    renameKey: (setting, name) => ({ ...setting.keyRange, newText: JSON.stringify(setting.parent === '' ? name : `${setting.parent}.${name}`) }),
    move(setting, toPath, title) {
      const edit = rename(setting, toPath);
      return edit && { title, edits: [edit] };
    },
    moveAll(moves, title) {
      const edits = moves.flatMap(({ setting, toPath }) => rename(setting, toPath) ?? []);
      return edits.length > 0 ? { title, edits } : undefined;
    },
  };
}

function isOperatorExtension(resource: ArmResource, context: TemplateContext): boolean {
  if (resource.existing || !isResourceType(resource, OPERATOR_EXTENSION.resourceType)) return false;
  // The extension type may come from a parameter or a variable, as the docs' templates write most properties.
  const extensionType = knownString(context.value(propertyValue(resource.properties, 'extensionType'), resource));
  return extensionType !== undefined && equalsIgnoreCase(extensionType, OPERATOR_EXTENSION.extensionType);
}

/** The template's own cloud resources, as the cross-file checks see the workspace. */
function templateWorkspace(context: TemplateContext): WorkspaceView {
  const cloudResources = context.anyscale.cloudResources.map((cloudResource): IndexedCloudResource & { uri: string } => ({
    uri: '',
    name: knownString(cloudResource.resource.leafName),
    provider: knownString(cloudResource.prop('provider').value),
    operatorIdentity: knownString(cloudResource.prop('anyscaleOperatorIamIdentity').value),
  }));
  return { azure: true, cloudResources, operatorValues: [] };
}

/** The operator values of one extension resource, or undefined when its configurationSettings are not written out. */
export function extensionValues(resource: ArmResource, context: TemplateContext): OperatorValues | undefined {
  const settingsNode = propertyValue(resource.properties, 'configurationSettings');
  const protectedNode = propertyValue(resource.properties, 'configurationProtectedSettings');
  // Settings computed by an expression (`[union(…)]`) can't be read: nothing is checked, nothing is missing.
  if (settingsNode?.type !== 'object') return undefined;
  const keyNodes = new Map<Setting, JsonNode>();
  readSettings(settingsNode, resource, context, false, keyNodes);
  readSettings(protectedNode, resource, context, true, keyNodes);
  const settings = [...keyNodes.keys()];
  const layout = settings.some((s) => s.key) || !settings.some((s) => s.legacy) ? '1.x' : 'legacy';
  const anchorNode = propertyValue(resource.properties, 'extensionType') ?? resource.typeNode ?? resource.node;
  return operatorValues('extension', layout, settings, rangeOf(anchorNode), extensionEditor(keyNodes, new Set(settings.map((s) => s.path))));
}

function sameRange(a: TextRange, b: TextRange): boolean {
  return a.start === b.start && a.end === b.end;
}

/** The setting whose value, written elsewhere, sits at a range of the extension. */
function sourcedAt(settings: readonly Setting[], range: TextRange): (Setting & { source: KnownValue }) | undefined {
  return settings.find((s): s is Setting & { source: KnownValue } => s.source !== undefined && sameRange(s.valueRange, range));
}

/**
 * A fix that rewrites a setting's value rewrites it where it is written. A value from a parameter file is never
 * edited (checkTemplate drops those fixes); nor is a non-string one, which an edit written for a string would retype.
 */
function fixAtSource(fix: Fix, settings: readonly Setting[]): Fix | undefined {
  const edits: TextEdit[] = [];
  for (const edit of fix.edits) {
    const source = sourcedAt(settings, edit)?.source;
    if (source && source.origin.type !== 'string') return undefined;
    edits.push(source ? { ...edit, ...rangeOf(source) } : edit);
  }
  return { ...fix, edits };
}

/** A finding on a setting's value, moved to where the value is written when that is elsewhere. */
function reportAtSource(report: Report, settings: readonly Setting[]): Report {
  const at = report.at;
  const source = 'known' in at || 'offset' in at ? undefined : sourcedAt(settings, at)?.source;
  const fixes = report.fixes?.flatMap((fix) => fixAtSource(fix, settings) ?? []);
  return { ...report, at: source ?? at, fixes: fixes && fixes.length > 0 ? fixes : undefined };
}

export function forEachOperatorExtension(context: TemplateContext, run: (valuesContext: ValuesContext) => void): void {
  let workspace: WorkspaceView | undefined;
  for (const resource of context.template.resources) {
    if (!isOperatorExtension(resource, context)) continue;
    const values = extensionValues(resource, context);
    if (!values) continue;
    workspace ??= templateWorkspace(context);
    run({ values, azure: true, workspace, report: (report) => context.report(reportAtSource(report, values.settings)) });
  }
}
