// Rules about the AKS clusters that run Anyscale and the ingress in front of them.
import type { TemplateRule } from '../../templateRule';
import { aksOidcIssuerDisabled } from './aks-oidc-issuer-disabled';
import { aksWorkloadIdentityDisabled } from './aks-workload-identity-disabled';
import { aksLocationUnsupported } from './aks-location-unsupported';
import { aksNodeVmTooSmall } from './aks-node-vm-too-small';
import { ingressApplicationGateway } from './ingress-application-gateway';

export const aksRules: readonly TemplateRule[] = [
  aksOidcIssuerDisabled,
  aksWorkloadIdentityDisabled,
  aksLocationUnsupported,
  aksNodeVmTooSmall,
  ingressApplicationGateway,
];
