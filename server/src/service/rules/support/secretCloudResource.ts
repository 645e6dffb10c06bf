// Which cloud resource an Anyscale TLS secret name is for, and which one the operator values beside a Gateway manifest
// name: what gateway-tls-secret-cloud-mismatch compares, and what the hover on a secret name says.
import { VALUE_SHAPES } from '../../catalog/chart';
import { TLS_SECRET } from '../../catalog/gateway';
import { folderOf, normalizedId } from '../../index/cloudTree';
import type { WorkspaceView } from '../../index/workspaceIndex';

export interface SecretCloudResource {
  /** `anyscale-svc-…`: the service certificate; else the head-node one. */
  readonly service: boolean;
  /** The ID as the name writes it, with hyphens: `cldrsrc-abc123`. */
  readonly written: string;
  /** The cloud resource ID it stands for: `cldrsrc_abc123`. */
  readonly id: string;
}

/**
 * The cloud resource an Anyscale TLS secret name (`anyscale-[svc-]<id>-certificate`) is for; undefined for another
 * name, and for one whose ID part is not a cloud resource ID with hyphens (underscores and placeholders are
 * gateway-tls-secret-invalid's).
 */
export function secretCloudResource(name: string): SecretCloudResource | undefined {
  const match = TLS_SECRET.pattern.exec(name);
  if (!match) return undefined;
  const written = match[2];
  const id = written.replace(/-/, '_');
  if (written.includes('_') || !VALUE_SHAPES.cloudResourceId.test(id)) return undefined;
  return { service: match[1] !== undefined, written, id };
}

export interface ValuesBeside {
  /** `global.cloudDeploymentId` (`cloudDeploymentId` in a pre-1.0 document) as written. */
  readonly id: string;
  /** The key it is written in: `global.cloudDeploymentId`, or `cloudDeploymentId` in a pre-1.0 document. */
  readonly key: string;
  /** The values file's name, without its folder. */
  readonly fileName: string;
}

/**
 * The operator values a manifest at `uri` goes with: the values file in its folder, when there is exactly one and it
 * names exactly one cloud resource ID. Which values belong to which manifest is written nowhere, so anything less
 * certain is undefined.
 */
export function valuesBeside(uri: string | undefined, workspace: WorkspaceView): ValuesBeside | undefined {
  if (uri === undefined) return undefined;
  const folder = folderOf(uri);
  const besides = workspace.operatorValues.filter((values) => folderOf(values.uri) === folder);
  const files = new Set(besides.map((values) => values.uri));
  const ids = new Set(besides.map((values) => values.cloudDeploymentId));
  const [id] = ids;
  if (files.size !== 1 || ids.size !== 1 || id === undefined || !VALUE_SHAPES.cloudResourceId.test(id))
    return undefined;
  const [{ uri: file, cloudDeploymentIdKey: key }] = besides;
  return { id, key, fileName: file.slice(folderOf(file).length) };
}

/** The name the operator gives the secret's certificate for the cloud resource of `values`. */
export function operatorSecretName(secret: SecretCloudResource, values: ValuesBeside): string {
  return `anyscale-${secret.service ? 'svc-' : ''}${normalizedId(values.id)}-certificate`;
}

/** Whether the secret is the one the operator creates for the cloud resource of `values`. */
export function isSecretOf(secret: SecretCloudResource, values: ValuesBeside): boolean {
  return normalizedId(secret.written) === normalizedId(values.id);
}
