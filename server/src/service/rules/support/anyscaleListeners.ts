// Which Gateway listeners are meant for Anyscale and written with a hostname Anyscale on Azure does not serve: what
// gateway-hostname-not-azure reports, and why gateway-service-listener-missing stays silent (the listener meant for
// the missing host is already reported).
import { ANYSCALE_HOSTNAMES, TLS_SECRET } from '../../catalog/gateway';
import type { GatewayListener } from '../../yaml/gatewayManifest';

const { session: SESSION, service: SERVICE } = ANYSCALE_HOSTNAMES.azure;

/** The older hostnames (the non-Azure control plane's), each with the Azure hostname that replaces it. */
export const AZURE_HOSTNAME_FOR_NON_AZURE = new Map<string, string>([
  [ANYSCALE_HOSTNAMES.nonAzure.session, SESSION],
  [ANYSCALE_HOSTNAMES.nonAzure.service, SERVICE],
]);

/** The Anyscale TLS secrets the listener names: which kind of traffic it is for, when that shows. */
export function anyscaleSecretKind(listener: GatewayListener): 'session' | 'service' | undefined {
  for (const ref of listener.certificateRefs ?? []) {
    const match = ref && TLS_SECRET.pattern.exec(ref.value);
    if (match) return match[1] ? 'service' : 'session';
  }
  return undefined;
}

/**
 * A listener whose written hostname is neither Azure host, and which is meant for Anyscale: its hostname is the older
 * non-Azure one, or it names an Anyscale TLS secret, or its hostname mentions anyscale. Listeners for other
 * applications sharing the Gateway are not.
 */
export function hasNonAzureAnyscaleHostname(listener: GatewayListener): boolean {
  const hostname = listener.hostname?.value;
  if (hostname === undefined || hostname === SESSION || hostname === SERVICE) return false;
  return (
    AZURE_HOSTNAME_FOR_NON_AZURE.has(hostname) ||
    anyscaleSecretKind(listener) !== undefined ||
    hostname.toLowerCase().includes('anyscale')
  );
}
