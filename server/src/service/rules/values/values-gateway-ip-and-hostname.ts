// values-gateway-ip-and-hostname: the operator creates DNS records pointing at the gateway from its IP or its
// hostname, and the chart's values say to give either one. With both set, which one it uses is not documented: a
// warning, not an error.
import { isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesGatewayIpAndHostname = valuesRule({
  code: 'values-gateway-ip-and-hostname',
  title: 'Give either networking.gateway.ip or networking.gateway.hostname, not both',
  defaultSeverity: 'warning',
  category: 'gateway',
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
        "networking.gateway.ip and networking.gateway.hostname are both set: the chart's values say to give the load balancer's address as either one, and which one the operator uses when both are set is not documented.",
      related: [{ ...first.keyRange, message: `${first.path} is set here` }],
    });
  },
});
