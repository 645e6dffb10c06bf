// values-ingress-nginx-end-of-life: `ingress-nginx.enabled: true` installs the chart's bundled Ingress-NGINX
// controller, which reached end of life in March 2026; Anyscale recommends Envoy Gateway (networking.gateway) for
// each cloud resource. No fix: moving to a Gateway is a change of the cluster, not of one value.
import { INGRESS_NGINX_END_OF_LIFE } from '../../catalog/gateway';
import { valuesRule } from '../valuesRule';

const PATH = 'ingress-nginx.enabled';

export const valuesIngressNginxEndOfLife = valuesRule({
  code: 'values-ingress-nginx-end-of-life',
  title: 'The bundled Ingress-NGINX controller reached end of life: use a Gateway (Envoy Gateway) instead',
  defaultSeverity: 'warning',
  category: 'gateway',
  checkValues({ values, report }) {
    const enabled = values.get(PATH);
    if (!enabled || !values.isTrue(PATH)) return;
    report({
      at: enabled.valueRange,
      message: `${PATH} installs the chart's bundled Ingress-NGINX controller, which reached end of life in ${INGRESS_NGINX_END_OF_LIFE.since}. Anyscale recommends Envoy Gateway: install it, create a Gateway for this cloud resource, and set networking.gateway.enabled: true with networking.gateway.name (see ${INGRESS_NGINX_END_OF_LIFE.source.url}).`,
    });
  },
});
