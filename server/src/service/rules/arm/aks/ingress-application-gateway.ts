// ingress-application-gateway: Application Gateway is not supported as the primary ingress load balancer of Anyscale on
// Azure (documented: the networking page, "Ingress requirements"; the networking guide seed §3.3 repeats it). Clients
// reach head nodes and services through a layer-4 (TCP) load balancer, Azure Load Balancer, in front of an Ingress or
// Gateway API controller that the operator does not install. Reported on each Application Gateway of a template that
// deploys Anyscale.
import { isResourceType } from '../../../arm/template';
import { APPLICATION_GATEWAY_TYPE } from '../../../catalog/aks';
import type { TemplateRule } from '../../templateRule';
import { deploysAnyscale } from '../../support/aksClusters';

export const ingressApplicationGateway: TemplateRule = {
  code: 'ingress-application-gateway',
  title:
    'Application Gateway is not supported as the primary ingress load balancer for Anyscale; use a layer-4 Azure Load Balancer',
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'armTemplate',
  check(context) {
    const gateways = context.template.resources.filter(
      (resource) => !resource.existing && isResourceType(resource, APPLICATION_GATEWAY_TYPE),
    );
    if (gateways.length === 0 || !deploysAnyscale(context)) return;
    for (const gateway of gateways) {
      context.report({
        at: gateway.typeNode ?? gateway.node,
        message:
          'Application Gateway is not supported as the primary ingress load balancer for Anyscale on Azure: clients need a layer-4 (TCP) load balancer (Azure Load Balancer) ' +
          'in front of an Ingress or Gateway API controller, which the Anyscale operator does not install. If this gateway serves other applications, Anyscale traffic still needs its own path.',
      });
    }
  },
};
