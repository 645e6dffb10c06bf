// values-gateway-name-missing: with networking.gateway.enabled the operator attaches its routes to the Gateway
// named in networking.gateway.name; without a name there is nothing to attach to.
import { isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesGatewayNameMissing = valuesRule({
  code: 'values-gateway-name-missing',
  title: 'networking.gateway.enabled needs networking.gateway.name',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    const enabled = values.get('networking.gateway.enabled');
    if (!enabled || (enabled.value !== true && enabled.value !== 'true')) return;
    if (!isUnset(values, 'networking.gateway.name')) return;
    report({
      at: enabled.valueRange,
      message:
        'networking.gateway.enabled is true but networking.gateway.name is not set: the operator needs the name of the Gateway to attach its routes to ("gateway" in the docs).',
    });
  },
});
