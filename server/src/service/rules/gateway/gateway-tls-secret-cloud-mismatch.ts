// gateway-tls-secret-cloud-mismatch: the operator creates the TLS secrets anyscale-<id>-certificate and
// anyscale-svc-<id>-certificate for the cloud resource its values name in global.cloudDeploymentId. A Gateway manifest
// next to those values whose secret names carry another cloud resource ID names secrets that will not exist. Reported
// only when the pairing is unambiguous: exactly one values file in the manifest's folder, naming exactly one ID.
import { VALUE_SHAPES } from '../../catalog/chart';
import { TLS_SECRET } from '../../catalog/gateway';
import { folderOf, normalizedId } from '../../index/cloudTree';
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
    if (uri === undefined) return;
    const folder = folderOf(uri);
    const besides = workspace.operatorValues.filter((values) => folderOf(values.uri) === folder);
    const files = new Set(besides.map((values) => values.uri));
    const ids = new Set(besides.map((values) => values.cloudDeploymentId));
    const [id] = ids;
    if (files.size !== 1 || ids.size !== 1 || id === undefined || !VALUE_SHAPES.cloudResourceId.test(id)) return;
    const expected = normalizedId(id);
    const file = [...files][0];
    const fileName = file.slice(folderOf(file).length);
    for (const listener of manifest.listeners) {
      for (const ref of listener.certificateRefs ?? []) {
        const match = ref && TLS_SECRET.pattern.exec(ref.value);
        if (!ref || !match) continue;
        const written = match[2];
        // A placeholder or underscores are gateway-tls-secret-invalid's; a name that is not a cloud resource ID is not ours.
        if (
          written.includes('_') ||
          !VALUE_SHAPES.cloudResourceId.test(written.replace(/-/, '_')) ||
          normalizedId(written) === expected
        )
          continue;
        const wanted = `anyscale-${match[1] ?? ''}${expected}-certificate`;
        const fix = manifestStringFix(text, ref, wanted, `Use ${wanted} (the cloud resource of ${fileName})`, false);
        report({
          at: ref.range,
          message: `TLS secret "${ref.value}" is for cloud resource ${written}, but the operator values next to this manifest (${fileName}) set global.cloudDeploymentId ${id}: the operator creates "${wanted}", so no secret of this name will exist for it.`,
          fixes: fix && [fix],
        });
      }
    }
  },
};
