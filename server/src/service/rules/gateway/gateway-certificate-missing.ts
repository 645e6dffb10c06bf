// gateway-certificate-missing: an HTTPS listener that terminates TLS (tls.mode Terminate, the default) needs at
// least one certificateRefs entry; without one the Gateway rejects the listener and Anyscale hosts get no TLS.
import { TERMINATE_MODE } from '../../catalog/gateway';
import type { GatewayRule } from '../gatewayRule';

export const gatewayCertificateMissing: GatewayRule = {
  code: 'gateway-certificate-missing',
  title: 'An HTTPS listener with tls.mode Terminate needs certificateRefs',
  defaultSeverity: 'error',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ manifest, report }) {
    for (const listener of manifest.listeners) {
      if (listener.protocol?.value !== 'HTTPS' || listener.certificateRefs) continue;
      if (listener.tlsMode && listener.tlsMode.value !== TERMINATE_MODE) continue;
      report({
        at: listener.anchor,
        message: `HTTPS listener${listener.name ? ` "${listener.name.value}"` : ''} terminates TLS but has no tls.certificateRefs: reference the Anyscale certificate secret (anyscale-<cloud resource id>-certificate, or anyscale-svc-… for services).`,
      });
    }
  },
};
