// gateway-hostname-not-azure: Anyscale on Azure serves head nodes on *.i.azure.anyscaleuserdata.com and services on
// *.s.azure.anyscaleuserdata.com. The older *.i.anyscaleuserdata.com forms belong to the non-Azure control plane:
// on an Azure workspace the listener never matches, and TLS and routing fail.
import { ANYSCALE_HOSTNAMES } from '../../catalog/gateway';
import { scalarFix } from '../../yaml/valuesEditor';
import type { GatewayRule } from './gatewayRule';

const REPLACEMENTS = new Map<string, string>([
  [ANYSCALE_HOSTNAMES.nonAzure.session, ANYSCALE_HOSTNAMES.azure.session],
  [ANYSCALE_HOSTNAMES.nonAzure.service, ANYSCALE_HOSTNAMES.azure.service],
]);

export const gatewayHostnameNotAzure: GatewayRule = {
  code: 'gateway-hostname-not-azure',
  title: 'On Anyscale on Azure, HTTPS listeners use *.i.azure.anyscaleuserdata.com and *.s.azure.anyscaleuserdata.com',
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ text, manifest, azure, report }) {
    if (!azure) return;
    for (const listener of manifest.listeners) {
      const hostname = listener.hostname;
      const replacement = hostname && REPLACEMENTS.get(hostname.value);
      if (!hostname || !replacement) continue;
      const fix = scalarFix(text, hostname.range, hostname.value, replacement, `Use ${replacement}`, true);
      report({
        at: hostname.range,
        message: `Listener hostname "${hostname.value}" belongs to the non-Azure control plane: Anyscale on Azure uses "${replacement}".`,
        fixes: fix && [fix],
      });
    }
  },
};
