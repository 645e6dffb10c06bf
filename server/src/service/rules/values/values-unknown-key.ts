// values-unknown-key: a key the anyscale-operator chart does not have. Helm ignores it without a word, so a typo
// (`cloudDeploymentID`) leaves the real key at its default. Suggests the closest key of the same section.
import { chartChildren, isLegacyParent, keyName } from '../../catalog/chart';
import { didYouMean } from '../../text/suggest';
import { valuesRule } from '../valuesRule';

export const valuesUnknownKey = valuesRule({
  code: 'values-unknown-key',
  title: 'Operator values use only keys the anyscale-operator chart has; Helm silently ignores any other key',
  defaultSeverity: 'warning',
  category: 'operator',
  checkValues({ values, report }) {
    for (const setting of values.settings) {
      if (setting.key || setting.legacy || isLegacyParent(setting.path)) continue;
      const name = setting.parent === '' ? setting.path : setting.path.slice(setting.parent.length + 1);
      const guess = didYouMean(name, chartChildren(setting.parent).map(keyName));
      const where = setting.parent === '' ? 'at the top level' : `under ${setting.parent}`;
      const guessPath = guess === undefined ? undefined : setting.parent === '' ? guess : `${setting.parent}.${guess}`;
      // With the key it means written in the same map, a rename would write it twice (a YAML error): say which one
      // Helm reads. One merged in with `<<` is not written there, and a key written in the map replaces it.
      const other = guessPath === undefined ? undefined : values.get(guessPath);
      const alsoWritten = other && !other.viaAnchor;
      const rename = guess === undefined || alsoWritten ? undefined : values.editor.renameKey(setting, guess);
      const hint = !guess
        ? ''
        : alsoWritten
          ? ` Did you mean "${guess}"? It is set too, and that is the value Helm reads: remove this one.`
          : ` Did you mean "${guess}"?`;
      report({
        at: setting.keyRange,
        message: `The anyscale-operator chart has no key "${name}" ${where}: Helm ignores it silently.${hint}`,
        fixes: rename ? [{ title: `Rename to "${guess}"`, edits: [rename] }] : undefined,
      });
    }
  },
});
