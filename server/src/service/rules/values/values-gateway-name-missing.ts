// values-gateway-name-missing: with networking.gateway.enabled the operator routes through the Gateway named in
// networking.gateway.name, which the docs set to `gateway`. Neither the chart nor the docs say what happens without a
// name (the chart's default is empty), so this is information, and says it is inferred.
import { isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesGatewayNameMissing = valuesRule({
  code: 'values-gateway-name-missing',
  title: 'networking.gateway.enabled without networking.gateway.name (inferred: routes would name no Gateway)',
  defaultSeverity: 'info',
  category: 'gateway',
  checkValues({ values, report }) {
    const enabled = values.get('networking.gateway.enabled');
    if (!enabled || !values.isTrue(enabled.path)) return;
    if (!isUnset(values, 'networking.gateway.name')) return;
    report({
      at: enabled.valueRange,
      message:
        'networking.gateway.enabled is true but networking.gateway.name is not set. The docs set it to the name of your Gateway ("gateway"); without it the routes the operator creates would name no Gateway (inferred: neither the chart nor the docs say what an empty name does).',
    });
  },
});
