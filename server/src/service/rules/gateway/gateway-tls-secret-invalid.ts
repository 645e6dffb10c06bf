// gateway-tls-secret-invalid: the operator creates the TLS secrets anyscale-<id>-certificate and
// anyscale-svc-<id>-certificate with the cloud resource ID hyphenated (cldrsrc_abc → cldrsrc-abc): Kubernetes names
// can't hold underscores. A reference with underscores names a secret that can never exist.
import { TLS_SECRET } from '../../catalog/gateway';
import { scalarFix } from '../../yaml/valuesEditor';
import type { GatewayRule } from './gatewayRule';

export const gatewayTlsSecretInvalid: GatewayRule = {
  code: 'gateway-tls-secret-invalid',
  title: 'Anyscale TLS secret names use the cloud resource ID with hyphens (anyscale-cldrsrc-…-certificate), never underscores',
  defaultSeverity: 'error',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ text, manifest, report }) {
    for (const listener of manifest.listeners) {
      for (const ref of listener.certificateRefs ?? []) {
        if (!ref || !ref.value.includes('_') || !TLS_SECRET.pattern.test(ref.value)) continue;
        const hyphenated = ref.value.replace(/_/g, '-');
        const fix = scalarFix(text, ref.range, ref.value, hyphenated, `Use ${hyphenated}`, true);
        report({
          at: ref.range,
          message: `TLS secret "${ref.value}" can't exist: Kubernetes names have no underscores, and the operator creates "${hyphenated}" (the cloud resource ID with hyphens).`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
