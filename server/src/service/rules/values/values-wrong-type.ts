// values-wrong-type: a value of the wrong type for its key. In a values file, a quoted "true" is a string, and
// Helm templates treat every non-empty string as true ("false" included); a map where a string belongs renders
// garbage. In AKS extension configurationSettings every value is a string ("true", not true: that is
// extension-setting-not-string's finding); here, a string its key cannot read ("yes" for a boolean).
import type { ChartKey } from '../../catalog/chart';
import type { Setting } from '../../values/model';
import { valuesRule } from '../valuesRule';
import type { ValuesContext } from '../templateContext';

const EXPECTED: Record<ChartKey['type'], string> = {
  string: 'a string',
  boolean: 'true or false',
  integer: 'a whole number',
  array: 'a list',
  object: 'a section (a map of keys)',
  map: 'a map',
  any: 'any value',
};

function written(setting: Setting): string {
  if (setting.shape === 'map') return 'a map';
  if (setting.shape === 'array') return 'a list';
  return typeof setting.value === 'string' ? `the string ${JSON.stringify(setting.value)}` : String(setting.value);
}

/** A wrong type, with the value it was meant to be when that is unambiguous. */
interface Problem {
  readonly typed?: string | number | boolean;
}

/** A YAML value of the wrong type: a quoted "true" or "8080" was meant unquoted. */
function yamlProblem(key: ChartKey, setting: Setting): Problem | undefined {
  if (setting.value === null || key.type === 'any') return undefined;
  switch (key.type) {
    case 'string':
      return setting.shape === 'scalar' ? undefined : {};
    case 'boolean':
      if (typeof setting.value === 'boolean') return undefined;
      return typeof setting.value === 'string' && /^(true|false)$/.test(setting.value)
        ? { typed: setting.value === 'true' }
        : {};
    case 'integer':
      if (typeof setting.value === 'number' && Number.isInteger(setting.value)) return undefined;
      return typeof setting.value === 'string' &&
        /^\d+$/.test(setting.value) &&
        Number.isSafeInteger(Number(setting.value))
        ? { typed: Number(setting.value) }
        : {};
    case 'array':
      return setting.shape === 'array' ? undefined : {};
    default:
      return setting.shape === 'map' ? undefined : {};
  }
}

/**
 * An extension setting (always a string) that cannot mean what its key needs. A value that is not a string at all
 * (`true`, `2`, a map) is extension-setting-not-string's finding, for every extension type: one rule, one finding.
 */
function extensionProblem(key: ChartKey, setting: Setting): Problem | undefined {
  if (setting.shape !== 'scalar') return undefined;
  if (typeof setting.value !== 'string') return setting.value === null ? {} : undefined;
  if (key.type === 'boolean' && !/^(true|false)$/.test(setting.value)) return {};
  if (key.type === 'integer' && !/^\d+$/.test(setting.value)) return {};
  if (key.type === 'object') return {};
  return undefined;
}

function check({ values, report }: ValuesContext): void {
  for (const setting of values.settings) {
    const key = setting.key;
    if (!key || setting.shape === 'unknown') continue;
    const problem = values.form === 'yaml' ? yamlProblem(key, setting) : extensionProblem(key, setting);
    if (!problem) continue;
    const expected =
      values.form === 'extension' && key.type !== 'object' ? `a string (${EXPECTED[key.type]})` : EXPECTED[key.type];
    const why =
      values.form === 'extension'
        ? 'configurationSettings values must be strings, passed to the chart as text.'
        : key.type === 'boolean' && typeof setting.value === 'string'
          ? 'A quoted value is a string, and the chart treats every non-empty string as true, "false" included.'
          : 'The chart cannot use it.';
    const fix =
      problem.typed === undefined
        ? undefined
        : values.editor.replaceValue(setting, problem.typed, `Write ${JSON.stringify(problem.typed)}`, true);
    report({
      at: setting.shape === 'scalar' ? setting.valueRange : setting.keyRange,
      message: `${key.path} must be ${expected}, not ${written(setting)}. ${why}`,
      fixes: fix && [fix],
    });
  }
}

export const valuesWrongType = valuesRule({
  code: 'values-wrong-type',
  title:
    'Operator values have the type their key needs: booleans unquoted, sections as maps; AKS extension settings readable as that type',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues: check,
});
