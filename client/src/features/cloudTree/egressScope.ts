// "Verify Egress for This Cloud Resource": which of the workspace's egress targets (anyscaleAzure/egress/targets) a
// cloud resource needs. The catalog's, the settings' and a targets file's are every cluster's; of the targets read
// from workspace files, those of the resource's own files (its template, parameter files, values files), and of its
// template's storage accounts only the one its bucket or endpoint names. Pure: no vscode, no I/O.
import type { EgressTargetInfo, IndexedCloudResource } from '../../../../shared/protocol';

/** `<account>.blob.core.windows.net` or `.dfs.` (any Azure cloud's storage suffix): the account, lowercase. */
const STORAGE_HOST = /^([a-z0-9]{3,24})\.(?:blob|dfs)\.core\./i;

/** The storage accounts a cloud resource's bucket and endpoint name (`abfss://c@<account>.dfs…`, `https://<account>.blob…`). */
function storageAccountsOf(resource: IndexedCloudResource): Set<string> {
  const accounts = new Set<string>();
  for (const value of [resource.bucket, resource.endpoint]) {
    if (!value?.known) continue;
    const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(value.text.trim())?.[1];
    const account = host && STORAGE_HOST.exec(host)?.[1];
    if (account) accounts.add(account.toLowerCase());
  }
  return accounts;
}

/**
 * The targets `resource` needs, of `targets`. `filePaths` are its files as the targets name them (file system paths:
 * the template, its parameter files and related values files).
 */
export function egressTargetsFor(
  resource: IndexedCloudResource,
  filePaths: ReadonlySet<string>,
  targets: readonly EgressTargetInfo[],
): EgressTargetInfo[] {
  const accounts = storageAccountsOf(resource);
  return targets.filter((target) => {
    if (target.origin !== 'workspace') return true;
    if (target.file === undefined || !filePaths.has(target.file)) return false;
    const account = STORAGE_HOST.exec(target.host)?.[1];
    return account === undefined || accounts.has(account.toLowerCase());
  });
}
