// gateway-tls-secret-invalid: the operator creates the TLS secrets anyscale-<id>-certificate and
// anyscale-svc-<id>-certificate with the cloud resource ID hyphenated (cldrsrc_abc → cldrsrc-abc): Kubernetes names
// are lowercase and can't hold underscores. A reference with underscores or uppercase letters names a secret that can
// never exist, and so does one that still has the documentation's <cloud-resource-id> placeholder (an error in values
// files too).
import { tlsSecretNameProblem } from '../../catalog/gateway';
import { manifestStringFix } from '../support/manifestFix';
import type { GatewayRule } from '../gatewayRule';

export const gatewayTlsSecretInvalid: GatewayRule = {
  code: 'gateway-tls-secret-invalid',
  title:
    'Anyscale TLS secret names are lowercase, with the cloud resource ID in hyphens (anyscale-cldrsrc-…-certificate), never underscores or a placeholder',
  defaultSeverity: 'error',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ text, manifest, report }) {
    for (const listener of manifest.listeners) {
      for (const ref of listener.certificateRefs ?? []) {
        // The same check as the hover on the name (yaml/gatewayFields.ts), so that both name the same expected secret.
        const problem = ref && tlsSecretNameProblem(ref.value);
        if (!ref || !problem) continue;
        if (problem.kind === 'placeholder') {
          report({
            at: ref.range,
            message: `TLS secret "${ref.value}" still has the placeholder ${problem.placeholder}: the operator names the secret after the cloud resource ID with hyphens (${problem.expected}), so no secret of this name will exist.`,
          });
          continue;
        }
        const fix = manifestStringFix(text, ref, problem.expected, `Use ${problem.expected}`, true);
        report({
          at: ref.range,
          message: `TLS secret "${ref.value}" can't exist: ${problem.reason}, and the operator creates "${problem.expected}" (the cloud resource ID with hyphens).`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
