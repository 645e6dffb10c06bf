// values-control-plane-url-trailing-slash: the chart refuses to render a controlPlaneURL ending in "/"
// ("controlPlaneURL must not end with a trailing slash"). The fix drops the slash. A URL a templating tool fills in
// (`{{ .Values.url }}/`) ends with the slash whatever it is filled with: reported, never rewritten.
import { valuesRule } from '../valuesRule';

const PATH = 'global.controlPlaneURL';

export const valuesControlPlaneUrlTrailingSlash = valuesRule({
  code: 'values-control-plane-url-trailing-slash',
  title: 'global.controlPlaneURL must not end with a slash: the chart refuses to render it',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    const setting = values.get(PATH);
    const url = values.text(PATH) ?? setting?.template?.trim();
    if (!setting || url === undefined || !url.endsWith('/')) return;
    const bare = url.replace(/\/+$/, '');
    const fix = values.editor.replaceValue(setting, bare, 'Remove the trailing "/"', true);
    report({
      at: setting.valueRange,
      message: `${PATH} "${url}" ends with "/": the chart fails with "controlPlaneURL must not end with a trailing slash". Write "${bare}".`,
      fixes: fix && [fix],
    });
  },
});
