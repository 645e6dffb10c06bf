// gateway-service-listener-missing: on Anyscale on Azure a Gateway with the *.i.azure.anyscaleuserdata.com listener
// (head nodes: workspaces, the dashboard) but none for *.s.azure.anyscaleuserdata.com leaves Anyscale services
// unreachable; the cloud-resources overview (Networking) says the HTTPS listeners must use both hostnames. A warning,
// not an error: Anyscale's reference deployment adds the *.s listener only once the operator has created its
// anyscale-svc-… secret, with the first service. Silent when a listener or hostname is filled in later (it may be the
// service one) or when a listener meant for Anyscale has a non-Azure hostname (gateway-hostname-not-azure reports it).
import { ANYSCALE_HOSTNAMES } from '../../catalog/gateway';
import { hasNonAzureAnyscaleHostname } from '../support/anyscaleListeners';
import type { GatewayRule } from '../gatewayRule';

const { session: SESSION, service: SERVICE } = ANYSCALE_HOSTNAMES.azure;

export const gatewayServiceListenerMissing: GatewayRule = {
  code: 'gateway-service-listener-missing',
  title: 'On Anyscale on Azure, a Gateway with the *.i listener also needs one for *.s.azure.anyscaleuserdata.com',
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ manifest, azure, report }) {
    if (!azure || manifest.kind !== 'Gateway') return;
    const { listeners } = manifest;
    if (listeners.some((l) => l.filledInLater || l.hostnameFilledInLater || hasNonAzureAnyscaleHostname(l))) return;
    if (!listeners.some((l) => l.hostname?.value === SESSION)) return;
    if (listeners.some((l) => l.hostname?.value === SERVICE)) return;
    report({
      at: manifest.listenersAnchor,
      message: `This Gateway has no listener for "${SERVICE}": Anyscale services are unreachable through it (workspaces and the dashboard work, through "${SESSION}"). Add an HTTPS listener for "${SERVICE}" with the anyscale-svc-<cloud resource id>-certificate secret once the operator has created it (with the first service).`,
    });
  },
};
