// What makes a wildcard target concrete, in the words both its row's hint (server/src/service/egress/hints.ts) and the
// run's summary (./diagnosis.ts) use: cloud IDs fill only *.azure.anyscale-cloud.dev, a {region} comes from a
// template, and any wildcard takes a host from anyscaleAzure.egress.targets; one of a targets file, from that file.
import type { EgressTargetInfo } from '../protocol';

/** The documented operator-polling wildcard: cloud IDs fill it, and strict per-cloud-ID egress replaces it. */
export const CLOUD_WILDCARD = '*.azure.anyscale-cloud.dev';
const TARGETS = 'anyscaleAzure.egress.targets (CLI --host)';
const CLOUD_IDS_SETTING = 'anyscaleAzure.egress.cloudIds';
/** How to give any wildcard a host. */
export const ADD_A_HOST = `add one with ${TARGETS}`;
const TARGETS_FILE = 'the targets file (anyscaleAzure.egress.targetsFile, CLI --targets)';
/** How to give a wildcard of a targets file a host: the file replaces the derived list, the settings' hosts included. */
export const ADD_A_HOST_TO_FILE = `add one to ${TARGETS_FILE}`;
/** What gives the cloud wildcard its hosts, short: "add …", "or …". */
export const CLOUD_IDS = `cloud IDs with ${CLOUD_IDS_SETTING} (CLI --cloud-id)`;

/**
 * Whether cloud IDs can fill a wildcard: it is `*.azure.anyscale-cloud.dev` itself. A narrower one that the documented
 * wildcard covers (`grafana-*.azure.anyscale-cloud.dev` in a targets file) is not filled by `cld-<id>` hosts.
 */
export function takesCloudIds(target: EgressTargetInfo): boolean {
  return target.host.toLowerCase() === CLOUD_WILDCARD;
}

/**
 * What can make a wildcard concrete: cloud IDs fill only `*.azure.anyscale-cloud.dev`; a `{region}` comes from a
 * template. A wildcard of a targets file takes its host in that file: a run over it probes nothing else.
 */
export function fillHint(target: EgressTargetInfo): string {
  const pattern = target.pattern ?? target.host;
  const inFile = target.origin === 'file';
  const add = (what: string) => (inFile ? `add ${what} to ${TARGETS_FILE}` : `add ${what} with ${TARGETS}`);
  if (!inFile && takesCloudIds(target)) {
    // The per-cloud host form cld-<id> is inferred from the Private Link page's nslookup example.
    return `add cloud IDs with ${CLOUD_IDS_SETTING} (CLI --cloud-id; each probes cld-<id>.azure.anyscale-cloud.dev, a host form inferred from the Private Link page) or a host with ${TARGETS}`;
  }
  const isApiServer = target.host.includes('.hcp.');
  const host = isApiServer ? 'the AKS API server FQDN (az aks show -n <cluster> -g <group> --query fqdn)' : 'a host';
  if (target.host.includes('{region}')) {
    return `the region comes from a cloud resource's region or location in an ARM template: open or add the folder that holds it (CLI --workspace), or add ${host} with ${TARGETS}`;
  }
  if (isApiServer) return add(host);
  if (pattern.endsWith('.i.azure.anyscaleuserdata.com'))
    return add('the host of a running workspace (its dashboard or VS Code URL in the console)');
  if (pattern.endsWith('.s.azure.anyscaleuserdata.com'))
    return add('the host of a running Anyscale service (its URL in the console)');
  return inFile ? ADD_A_HOST_TO_FILE : ADD_A_HOST;
}
