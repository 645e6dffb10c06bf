// gateway-tls-secret-cloud-mismatch: the operator creates the TLS secrets anyscale-<id>-certificate and
// anyscale-svc-<id>-certificate for the cloud resource its values name in global.cloudDeploymentId (in a pre-1.0 file
// the top-level cloudDeploymentId the old chart read). A Gateway manifest next to those values whose secret names carry
// another cloud resource ID names secrets that will not exist. Reported only when the pairing is unambiguous: exactly
// one values file in the manifest's folder, naming exactly one ID. The hover on a secret name reads the same pairing
// (support/secretCloudResource).
import { isSecretOf, operatorSecretName, secretCloudResource, valuesBeside } from '../support/secretCloudResource';
import { manifestStringFix } from '../support/manifestFix';
import type { GatewayRule } from '../gatewayRule';

export const gatewayTlsSecretCloudMismatch: GatewayRule = {
  code: 'gateway-tls-secret-cloud-mismatch',
  title:
    'Anyscale TLS secret names carry the cloud resource ID of the operator values in the same folder (global.cloudDeploymentId)',
  defaultSeverity: 'warning',
  category: 'gateway',
  appliesTo: 'gatewayManifest',
  check({ text, manifest, uri, workspace, report }) {
    const values = valuesBeside(uri, workspace);
    if (!values) return;
    for (const listener of manifest.listeners) {
      for (const ref of listener.certificateRefs ?? []) {
        const secret = ref && secretCloudResource(ref.value);
        if (!ref || !secret || isSecretOf(secret, values)) continue;
        const wanted = operatorSecretName(secret, values);
        const fix = manifestStringFix(
          text,
          ref,
          wanted,
          `Use ${wanted} (the cloud resource of ${values.fileName})`,
          false,
        );
        report({
          at: ref.range,
          message: `TLS secret "${ref.value}" is for cloud resource ${secret.written}, but the operator values next to this manifest (${values.fileName}) set ${values.key} ${values.id}: the operator creates "${wanted}", so no secret of this name will exist for it.`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
