// values-control-plane-url-trailing-slash: the chart refuses to render a controlPlaneURL ending in "/"
// ("controlPlaneURL must not end with a trailing slash"). The fix drops the slash. A URL a templating tool fills in
// (`{{ .Values.url }}/`) ends with the slash whatever it is filled with: reported, never rewritten. In pre-1.0 values
// the key is the top-level controlPlaneURL, which the pre-1.0 chart checks the same way.
import { writtenPath } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesControlPlaneUrlTrailingSlash = valuesRule({
  code: 'values-control-plane-url-trailing-slash',
  title: 'global.controlPlaneURL must not end with a slash: the chart refuses to render it',
  defaultSeverity: 'error',
  category: 'operator',
  readsLegacyLayout: true,
  checkValues({ values, report }) {
    const path = writtenPath(values, 'global.controlPlaneURL');
    const setting = values.get(path);
    const url = values.text(path) ?? setting?.template?.trim();
    if (!setting || url === undefined || !url.endsWith('/')) return;
    const bare = url.replace(/\/+$/, '');
    const fix = values.editor.replaceValue(setting, bare, 'Remove the trailing "/"', true);
    report({
      at: setting.valueRange,
      message: `${path} "${url}" ends with "/": the chart fails with "controlPlaneURL must not end with a trailing slash". Write "${bare}".`,
      fixes: fix && [fix],
    });
  },
});
