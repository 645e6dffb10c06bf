// values-gateway-ip-and-hostname: the operator creates DNS records pointing at the gateway from either its IP or
// its hostname; the chart takes one of the two, never both.
import { isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesGatewayIpAndHostname = valuesRule({
  code: 'values-gateway-ip-and-hostname',
  title: 'networking.gateway.ip and networking.gateway.hostname are mutually exclusive',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    const ip = values.get('networking.gateway.ip');
    const hostname = values.get('networking.gateway.hostname');
    if (!ip || !hostname || isUnset(values, 'networking.gateway.ip') || isUnset(values, 'networking.gateway.hostname'))
      return;
    const second = ip.keyRange.start > hostname.keyRange.start ? ip : hostname;
    const first = second === ip ? hostname : ip;
    report({
      at: second.keyRange,
      message:
        'networking.gateway.ip and networking.gateway.hostname are both set: give the load balancer address as one of them, not both.',
      related: [{ ...first.keyRange, message: `${first.path} is set here` }],
    });
  },
});
