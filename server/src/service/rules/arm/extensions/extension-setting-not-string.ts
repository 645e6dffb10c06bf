// extension-setting-not-string: a value in a cluster extension's configurationSettings (or
// configurationProtectedSettings) that is not a string. Both are maps of strings [SPEC] (extensions REST spec;
// domain §1.8): `true` or `2` must be written "true" or "2". The one rule for every extension type: for the Anyscale
// operator's settings, values-wrong-type checks only what a string must look like for its chart key.
import { entries, type JsonNode } from '../../../json/nodes';
import type { KnownValue } from '../../../arm/value';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { valueFix } from '../../support/valueEdits';
import { clusterExtensions, type ClusterExtension } from '../../support/extensionResources';

const SETTINGS = ['configurationSettings', 'configurationProtectedSettings'] as const;

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function checkSettings(
  context: TemplateContext,
  extension: ClusterExtension,
  section: string,
  settings: JsonNode | undefined,
): void {
  for (const [key, valueNode] of entries(settings)) {
    const value = context.value(valueNode, extension.resource);
    // Unknown values are never guessed; null is how templates leave a setting out.
    if (!value.known || value.value === null || typeof value.value === 'string') continue;
    const scalar = typeof value.value === 'number' || typeof value.value === 'boolean';
    const text = scalar ? String(value.value) : undefined;
    const fix = text === undefined ? undefined : valueFix(value as KnownValue, text, `Write "${text}"`, true);
    context.report({
      at: value,
      message: `${section} "${key}" is ${describe(value.value)}, not a string: ${section} is a map of strings${text === undefined ? '' : ` — write "${text}"`}. The extension's chart reads the text.`,
      fixes: fix && [fix],
    });
  }
}

export const extensionSettingNotString: TemplateRule = {
  code: 'extension-setting-not-string',
  title:
    'Cluster extension configurationSettings and configurationProtectedSettings values must be strings ("true", not true)',
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      for (const section of SETTINGS) checkSettings(context, extension, section, extension.prop(section).valueNode);
    }
  },
};
