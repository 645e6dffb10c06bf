// gateway-hostname-not-azure: Anyscale on Azure serves head nodes on *.i.azure.anyscaleuserdata.com and services on
// *.s.azure.anyscaleuserdata.com; the cloud-resources overview (Networking) says the HTTPS listeners must use both.
// Reported on an Azure workspace: the older *.i.anyscaleuserdata.com forms (the non-Azure control plane: the listener
// never matches, TLS and routing fail); any other hostname on a listener meant for Anyscale (one that names an
// Anyscale TLS secret, or whose hostname mentions anyscale), since listeners for other applications may share the
// Gateway; and a Gateway with the *.i listener but no *.s one, which leaves Anyscale services unreachable.
import { ANYSCALE_HOSTNAMES, TLS_SECRET } from '../../catalog/gateway';
import type { GatewayListener } from '../../yaml/gatewayManifest';
import { manifestStringFix } from '../support/manifestFix';
import type { GatewayRule } from '../gatewayRule';

const { session: SESSION, service: SERVICE } = ANYSCALE_HOSTNAMES.azure;
const REPLACEMENTS = new Map<string, string>([
  [ANYSCALE_HOSTNAMES.nonAzure.session, SESSION],
  [ANYSCALE_HOSTNAMES.nonAzure.service, SERVICE],
]);

/** The Anyscale TLS secrets the listener names: which kind of traffic it is for, when that shows. */
function anyscaleSecretKind(listener: GatewayListener): 'session' | 'service' | undefined {
  for (const ref of listener.certificateRefs ?? []) {
    const match = ref && TLS_SECRET.pattern.exec(ref.value);
    if (match) return match[1] ? 'service' : 'session';
  }
  return undefined;
}

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
    // A listener reported here is the one meant for the missing host: it is not reported missing as well.
    let reportedListener = false;
    for (const listener of manifest.listeners) {
      const hostname = listener.hostname;
      if (!hostname || hostname.value === SESSION || hostname.value === SERVICE) continue;
      const replacement = REPLACEMENTS.get(hostname.value);
      if (replacement) {
        reportedListener = true;
        const fix = manifestStringFix(text, hostname, replacement, `Use ${replacement}`, true);
        report({
          at: hostname.range,
          message: `Listener hostname "${hostname.value}" belongs to the non-Azure control plane: Anyscale on Azure uses "${replacement}".`,
          fixes: fix && [fix],
        });
        continue;
      }
      if (!anyscaleSecretKind(listener) && !hostname.value.toLowerCase().includes('anyscale')) continue;
      reportedListener = true;
      const meant = meantHostname(listener, hostname.value);
      const fix = meant === undefined ? undefined : manifestStringFix(text, hostname, meant, `Use ${meant}`, false);
      report({
        at: hostname.range,
        message: `Listener hostname "${hostname.value}" is not a hostname Anyscale on Azure serves: its listeners use "${SESSION}" and "${SERVICE}" (they follow the control plane, the same for every cloud resource), so this listener never matches Anyscale traffic.`,
        fixes: fix && [fix],
      });
    }
    // A listener or a hostname filled in later (`- {{ toYaml .Values.service }}`) may be the service one.
    const maybeService = (l: GatewayListener) => l.filledInLater || l.hostnameFilledInLater;
    if (manifest.kind !== 'Gateway' || reportedListener || manifest.listeners.some(maybeService)) return;
    const session = manifest.listeners.find((l) => l.hostname?.value === SESSION);
    if (!session?.hostname || manifest.listeners.some((l) => l.hostname?.value === SERVICE)) return;
    report({
      at: session.hostname.range,
      message: `This Gateway has a listener for "${SESSION}" but no listener for "${SERVICE}": workspaces and the dashboard work, but Anyscale services are unreachable. Add an HTTPS listener for "${SERVICE}" with the anyscale-svc-<cloud resource id>-certificate secret (the operator creates it when the first service is deployed).`,
    });
  },
};
