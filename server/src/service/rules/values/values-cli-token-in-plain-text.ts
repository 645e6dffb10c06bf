// values-cli-token-in-plain-text: an Anyscale CLI token is a credential. Written in a values file it ends up in
// source control; in AKS extension configurationSettings it is readable by anyone who can read the extension.
// Pass it with --set from a secret store, or in configurationProtectedSettings.
import { isPlaceholder } from './shared';
import { valuesRule } from './valuesRule';

const PATH = 'global.auth.anyscaleCliToken';

export const valuesCliTokenInPlainText = valuesRule({
  code: 'values-cli-token-in-plain-text',
  title: 'global.auth.anyscaleCliToken must not be written in plain text (values files, extension configurationSettings)',
  defaultSeverity: 'warning',
  category: 'operator',
  checkValues({ values, report }) {
    const setting = values.get(PATH);
    if (!setting || setting.secret) return;
    const token = values.text(PATH);
    if (values.form === 'extension') {
      if (setting.shape !== 'unknown' && token === undefined) return;
      report({ at: setting.keyRange, message: `${PATH} is in configurationSettings, which anyone who can read the extension can see: move it to configurationProtectedSettings.` });
      return;
    }
    if (token === undefined || isPlaceholder(token)) return;
    report({ at: setting.valueRange, message: `${PATH} holds a CLI token in plain text: anyone who can read this file can act as you. Pass it at install time (helm --set global.auth.anyscaleCliToken=$TOKEN) or from a Secret.` });
  },
});
