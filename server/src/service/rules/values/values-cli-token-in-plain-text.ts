// values-cli-token-in-plain-text: an Anyscale CLI token is a credential. Written in a values file it ends up in
// source control: pass it with --set from a secret store. (In AKS extension configurationSettings, where anyone who
// can read the extension can read it, extension-secret-in-settings reports it and moves it to the protected settings.)
import { isPlaceholder } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.auth.anyscaleCliToken';

export const valuesCliTokenInPlainText = valuesRule({
  code: 'values-cli-token-in-plain-text',
  title: 'global.auth.anyscaleCliToken must not be written in plain text in a values file',
  defaultSeverity: 'warning',
  category: 'identity',
  checkValues({ values, report }) {
    // In an AKS extension's configurationSettings it is extension-secret-in-settings' finding (with a fix that moves it).
    if (values.form === 'extension') return;
    const setting = values.get(PATH);
    if (!setting || setting.secret) return;
    const token = values.text(PATH);
    if (token === undefined || isPlaceholder(token)) return;
    report({
      at: setting.valueRange,
      message: `${PATH} holds a CLI token in plain text: anyone who can read this file can act as you. Pass it at install time (helm --set global.auth.anyscaleCliToken=$TOKEN) or from a Secret.`,
    });
  },
});
