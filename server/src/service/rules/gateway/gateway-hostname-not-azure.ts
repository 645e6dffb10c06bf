// gateway-hostname-not-azure: Anyscale on Azure serves head nodes on *.i.azure.anyscaleuserdata.com and services on
// *.s.azure.anyscaleuserdata.com; the cloud-resources overview (Networking) says the HTTPS listeners must use both.
// Reported on an Azure workspace: the older *.i.anyscaleuserdata.com forms (the non-Azure control plane: the listener
// never matches, TLS and routing fail), and any other hostname on a listener meant for Anyscale (one that names an
// Anyscale TLS secret, or whose hostname mentions anyscale), since listeners for other applications may share the
// Gateway. A Gateway with no *.s listener at all is gateway-service-listener-missing's.
import { ANYSCALE_HOSTNAMES } from '../../catalog/gateway';
import type { GatewayListener } from '../../yaml/gatewayManifest';
import { manifestStringFix } from '../support/manifestFix';
import {
  anyscaleSecretKind,
  AZURE_HOSTNAME_FOR_NON_AZURE,
  hasNonAzureAnyscaleHostname,
} from '../support/anyscaleListeners';
import type { GatewayRule } from '../gatewayRule';

const { session: SESSION, service: SERVICE } = ANYSCALE_HOSTNAMES.azure;

/** The Azure hostname a stray hostname of an Anyscale listener most likely means: by its secret, else by `.s.` / `.i.`. */
function meantHostname(listener: GatewayListener, hostname: string): string | undefined {
  const kind = anyscaleSecretKind(listener);
  if (kind) return kind === 'service' ? SERVICE : SESSION;
  if (hostname.startsWith('*.s.')) return SERVICE;
  if (hostname.startsWith('*.i.')) return SESSION;
  return undefined;
}

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
      if (!hostname || !hasNonAzureAnyscaleHostname(listener)) continue;
      const replacement = AZURE_HOSTNAME_FOR_NON_AZURE.get(hostname.value);
      if (replacement) {
        const fix = manifestStringFix(text, hostname, replacement, `Use ${replacement}`, true);
        report({
          at: hostname.range,
          message: `Listener hostname "${hostname.value}" belongs to the non-Azure control plane: Anyscale on Azure uses "${replacement}".`,
          fixes: fix && [fix],
        });
        continue;
      }
      const meant = meantHostname(listener, hostname.value);
      const fix = meant === undefined ? undefined : manifestStringFix(text, hostname, meant, `Use ${meant}`, false);
      report({
        at: hostname.range,
        message: `Listener hostname "${hostname.value}" is not a hostname Anyscale on Azure serves: its listeners use "${SESSION}" and "${SERVICE}" (they follow the control plane, the same for every cloud resource), so this listener never matches Anyscale traffic.`,
        fixes: fix && [fix],
      });
    }
  },
};
