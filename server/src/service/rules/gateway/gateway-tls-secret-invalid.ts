// gateway-tls-secret-invalid: the operator creates the TLS secrets anyscale-<id>-certificate and
// anyscale-svc-<id>-certificate with the cloud resource ID hyphenated (cldrsrc_abc → cldrsrc-abc): Kubernetes names
// can't hold underscores. A reference with underscores names a secret that can never exist, and so does one that
// still has the documentation's <cloud-resource-id> placeholder (an error in values files too).
import { TLS_SECRET } from '../../catalog/gateway';
import { manifestStringFix } from '../support/manifestFix';
import type { GatewayRule } from '../gatewayRule';

/** A `<…>` placeholder anywhere in the secret name's ID part. */
const PLACEHOLDER_IN = /<[^<>]+>/;

export const gatewayTlsSecretInvalid: GatewayRule = {
  code: 'gateway-tls-secret-invalid',
  title:
    'Anyscale TLS secret names use the cloud resource ID with hyphens (anyscale-cldrsrc-…-certificate), never underscores or a placeholder',
  defaultSeverity: 'error',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ text, manifest, report }) {
    for (const listener of manifest.listeners) {
      for (const ref of listener.certificateRefs ?? []) {
        const id = ref && TLS_SECRET.pattern.exec(ref.value)?.[2];
        if (!ref || id === undefined) continue;
        // The whole ID a placeholder (the docs' `<cloud-resource-id>`), or a part of it (our snippet's `cldrsrc-<id>`).
        const placeholder = PLACEHOLDER_IN.exec(id)?.[0];
        if (placeholder) {
          report({
            at: ref.range,
            message: `TLS secret "${ref.value}" still has the placeholder ${placeholder}: the operator names the secret after the cloud resource ID with hyphens (${ref.value.replace(id, 'cldrsrc-…')}), so no secret of this name will exist.`,
          });
          continue;
        }
        if (!ref.value.includes('_')) continue;
        const hyphenated = ref.value.replace(/_/g, '-');
        const fix = manifestStringFix(text, ref, hyphenated, `Use ${hyphenated}`, true);
        report({
          at: ref.range,
          message: `TLS secret "${ref.value}" can't exist: Kubernetes names have no underscores, and the operator creates "${hyphenated}" (the cloud resource ID with hyphens).`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
