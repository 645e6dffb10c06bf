// values-auth-audience: on Azure the operator requests tokens for the control plane's API, so global.auth.audience
// is required, shaped `api://<application ID>/.default`.
import { REFERENCE_AUDIENCE, VALUE_SHAPES } from '../../catalog/chart';
import { isCompleteValues, isUnset, providerOf, quoted } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.auth.audience';

export const valuesAuthAudience = valuesRule({
  code: 'values-auth-audience',
  title: 'On Azure, global.auth.audience must be set, shaped api://<application ID>/.default',
  defaultSeverity: 'warning',
  category: 'identity',
  checkValues({ values, report }) {
    if (providerOf(values) !== 'azure') return;
    const setting = values.get(PATH);
    const audience = values.text(PATH);
    if (isUnset(values, PATH)) {
      if (!isCompleteValues(values)) return;
      report({
        at: setting?.valueRange ?? values.whereMissing(PATH),
        message: `${PATH} is required on Azure: the operator authenticates to the control plane API with it. Anyscale's reference deployment uses ${quoted(REFERENCE_AUDIENCE.value)}.`,
      });
      return;
    }
    if (!setting || audience === undefined || VALUE_SHAPES.audience.test(audience)) return;
    report({
      at: setting.valueRange,
      message: `${PATH} ${quoted(audience)} is not shaped api://<application ID>/.default, such as the reference deployment's ${quoted(REFERENCE_AUDIENCE.value)}.`,
    });
  },
});
