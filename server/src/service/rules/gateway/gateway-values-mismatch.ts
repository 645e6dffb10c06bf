// gateway-values-mismatch: the operator attaches its routes to the Gateway named in its values
// (networking.gateway.name and .namespace; a pre-1.0 file's `gatewayName`, ../../index/facts.ts). A Gateway manifest
// in the same workspace with another name or namespace is not the one the operator uses.
import type { GatewayRule } from '../gatewayRule';

export const gatewayValuesMismatch: GatewayRule = {
  code: 'gateway-values-mismatch',
  title: "A Gateway's name and namespace match networking.gateway.name and .namespace of the operator values",
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ manifest, workspace, report }) {
    const name = manifest.name;
    if (manifest.kind !== 'Gateway' || !name) return;
    const expected = workspace.operatorValues.filter(
      (values) => values.gatewayEnabled && values.gatewayName !== undefined,
    );
    if (expected.length === 0) return;
    const namespace = manifest.namespace?.value;
    const matches = (values: (typeof expected)[number]) =>
      values.gatewayName === name.value &&
      (values.gatewayNamespace === undefined || namespace === undefined || values.gatewayNamespace === namespace);
    if (expected.some(matches)) return;
    const wanted = expected
      .map(
        (values) =>
          `"${values.gatewayName}"${values.gatewayNamespace ? ` in namespace "${values.gatewayNamespace}"` : ''}`,
      )
      .join(' or ');
    const sameName = expected.some((values) => values.gatewayName === name.value);
    // The keys as each file writes them: `gatewayName` in a pre-1.0 file, which has no namespace key.
    const keys = [
      ...new Set(expected.map((values) => `${values.gatewayNameKey}${values.gatewayNamespaceKey ? '/namespace' : ''}`)),
    ];
    report({
      at: sameName && manifest.namespace ? manifest.namespace.range : name.range,
      message: `Gateway "${name.value}"${namespace ? ` in namespace "${namespace}"` : ''} is not the Gateway the operator values name (${keys.join(', ')}): ${wanted}. The operator's routes would attach to another Gateway.`,
    });
  },
};
