// Small readings of operator values shared by the values rules: which provider they are for, whether the document
// is a main values file (not an overlay passed with a second -f), and how to quote a value in a message.
import { legacyKeyOf, VALUE_SHAPES } from '../../catalog/chart';
import type { OperatorValues } from '../../values/model';
import type { IndexedCloudResource } from '../../index/workspaceIndex';

/** The cloud provider as the chart reads it; the AKS extension always runs on Azure. */
export function providerOf(values: OperatorValues): string | undefined {
  return values.text('global.cloudProvider') ?? (values.form === 'extension' ? 'azure' : undefined);
}

/**
 * Where these values set a 1.x key: in a pre-1.0 (legacy layout) document, the pre-1.0 key the old chart read in its
 * place (`controlPlaneURL` for `global.controlPlaneURL`); else the path itself.
 */
export function writtenPath(values: OperatorValues, path: string): string {
  return (values.layout === 'legacy' ? legacyKeyOf(path)?.legacy : undefined) ?? path;
}

/**
 * Whether missing keys can be reported: AKS extension settings always; a YAML document only when it has a `global`
 * section. Files without one are overlays (`helm -f values.yaml -f overlay.yaml`) whose keys come from elsewhere.
 * Neither while pre-1.0 keys remain: a half-migrated file gets the legacy-key findings first.
 */
export function isCompleteValues(values: OperatorValues): boolean {
  if (values.settings.some((setting) => setting.legacy)) return false;
  return values.form === 'extension' || values.get('global')?.shape === 'map';
}

/**
 * A cloud resource of the workspace as a message names it, quoted: by the name ARM gives it (`"my-cloud/default"`),
 * as two clouds may each have a `default`; by its own name when the cloud's is not known before deployment.
 */
export function quotedCloudResource(resource: IndexedCloudResource): string {
  return quoted(resource.armName ?? resource.name ?? '');
}

export function quoted(value: unknown): string {
  return JSON.stringify(value);
}

/** A documentation placeholder left in place, such as `<cloud-resource-id>`. */
export function isPlaceholder(value: string): boolean {
  return VALUE_SHAPES.placeholder.test(value.trim());
}

/**
 * True when a key is not set: absent, or an empty or null scalar. A value written as an ARM expression, or with
 * the wrong shape (values-wrong-type's finding), counts as set, and so does a key under a section filled in later
 * (`auth: {{ toYaml .Values.auth }}`): nothing says it is missing.
 */
export function isUnset(values: OperatorValues, path: string): boolean {
  const setting = values.get(path);
  if (setting) return setting.shape === 'scalar' && values.text(path) === undefined;
  const segments = path.split('.');
  return !segments.some((_, i) => i > 0 && values.get(segments.slice(0, i).join('.'))?.shape === 'unknown');
}
