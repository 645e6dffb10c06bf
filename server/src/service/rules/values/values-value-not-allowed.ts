// values-value-not-allowed: a key whose catalog entry lists the only accepted values (global.cloudProvider,
// networking.gateway.apiVersion, the items of excludeComponentVerification) holds something else. A value that is
// right apart from its case gets a preferred fix: the chart compares exactly.
import { didYouMean } from '../../text/suggest';
import type { TextRange } from '../../types';
import type { SettingItem } from '../../values/model';
import { quoted } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesValueNotAllowed = valuesRule({
  code: 'values-value-not-allowed',
  title:
    'global.cloudProvider (aws, gcp, azure, generic, lowercase), networking.gateway.apiVersion and excludeComponentVerification take only their listed values',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    for (const setting of values.settings) {
      const allowed = setting.key?.allowed;
      if (!allowed || !setting.key) continue;
      const key = setting.key;
      const candidates: { value: unknown; range: TextRange; item?: SettingItem }[] =
        setting.shape === 'array'
          ? (setting.items ?? []).map((item) => ({ ...item, item }))
          : setting.shape === 'scalar'
            ? [{ value: setting.value, range: setting.valueRange }]
            : [];
      for (const { value, range, item } of candidates) {
        if (typeof value !== 'string' || value === '' || allowed.includes(value)) continue;
        const guess = didYouMean(value, allowed);
        const sameLetters = guess !== undefined && guess.toLowerCase() === value.toLowerCase();
        const fix =
          guess === undefined
            ? undefined
            : values.editor.replaceValue(setting, guess, `Write "${guess}"`, sameLetters, item);
        report({
          at: range,
          message: `${key.path}${item ? ' lists' : ' is'} ${quoted(value)}, which the chart does not accept: use ${item ? 'items from' : 'one of'} ${allowed.join(', ')}.${key.allowedNote ? ` ${key.allowedNote}` : ''}${guess ? ` Did you mean "${guess}"?` : ''}`,
          fixes: fix && [fix],
        });
      }
    }
  },
});
