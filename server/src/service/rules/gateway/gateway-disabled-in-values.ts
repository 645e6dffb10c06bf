// gateway-disabled-in-values: a Gateway manifest in a workspace whose operator values set networking.gateway.enabled:
// false (a pre-1.0 file's `enableGateway`, ../../index/facts.ts). The operator then creates Ingress resources, not
// Gateway API routes, so nothing attaches to the Gateway and clients can't reach workspaces or services through it
// (documented: the networking page and the quickstart, which set networking.gateway.enabled=true for Envoy Gateway).
// Silent when some values file enables the gateway: a workspace may hold cloud resources that use either.
import { baseName } from '../../text/baseName';
import type { GatewayRule } from '../gatewayRule';

export const gatewayDisabledInValues: GatewayRule = {
  code: 'gateway-disabled-in-values',
  title: 'A Gateway manifest needs the operator values to set networking.gateway.enabled: true',
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ manifest, workspace, report }) {
    const name = manifest.name;
    if (manifest.kind !== 'Gateway' || !name) return;
    const values = workspace.operatorValues;
    const disabling = values.filter((v) => v.gatewayDisabled);
    if (disabling.length === 0 || values.some((v) => v.gatewayEnabled)) return;
    const files = [...new Set(disabling.map((v) => baseName(v.uri)))].join(', ');
    // The key as each file writes it: `enableGateway` in a pre-1.0 file.
    const keys = [...new Set(disabling.map((v) => v.gatewayEnabledKey))].join(' / ');
    report({
      at: name.range,
      message: `The operator values (${files}) set ${keys}: false, so the operator creates Ingress resources and no routes attach to Gateway "${name.value}": clients can't reach workspaces or services through it. Set networking.gateway.enabled: true, with networking.gateway.name and .namespace naming this Gateway.`,
    });
  },
};
