// values-deprecated-key: a key the chart still reads but has deprecated (global.region → global.aws.region).
// The fix moves the value to its replacement.
import { valuesRule } from '../valuesRule';

export const valuesDeprecatedKey = valuesRule({
  code: 'values-deprecated-key',
  title: 'Deprecated operator values keys (global.region) should move to their replacement (global.aws.region)',
  defaultSeverity: 'warning',
  category: 'operator',
  checkValues({ values, report }) {
    for (const setting of values.settings) {
      const deprecated = setting.key?.deprecated;
      if (!deprecated) continue;
      const fix = values.editor.move(setting, deprecated.replacement, `Move to ${deprecated.replacement}`);
      report({
        at: setting.keyRange,
        message: `${setting.path} is deprecated: use ${deprecated.replacement}. ${deprecated.note}`,
        fixes: fix && [fix],
      });
    }
  },
});
