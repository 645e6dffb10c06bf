// The targets a workspace needs: the catalog, made concrete with what the workspace's ARM templates and operator
// values files say (storage accounts, ACR, regions, the control-plane URL) and with settings (cloud IDs, hosts for
// wildcards). A wildcard nobody named a host for stays a `needsHost` target: reported, never a fake pass.
// Pure: the caller reads the files.
import type { EgressSettings, EgressTargetInfo, EgressTargetsResult } from '../../../../shared/protocol';
import { analyzeText } from '../analyze';
import { literalValue } from '../arm/value';
import { REQUIRED_TARGETS, DERIVED, cloudHost, isCloudId, listedByUser, type CatalogTarget } from './catalog';
import { egressFactsOf, targetsOfFacts } from './fromTemplate';
import { parseYaml } from '../yaml/document';
import {
  catalogTarget,
  concreteHostPort,
  firstOfEach,
  isWildcard,
  matchesPattern,
  targetKey,
  HTTPS_PORT,
  type TargetsUse,
} from './target';

export interface WorkspaceFile {
  /** Shown to the user as the target's origin. */
  readonly path: string;
  readonly text: string;
}

const CONTROL_PLANE_KEY = 'controlPlaneURL';

/** `global.controlPlaneURL` of an operator values file, when it is a plain https URL. */
function controlPlaneHost(text: string): string | undefined {
  if (!text.includes(CONTROL_PLANE_KEY)) return undefined;
  for (const { document } of parseYaml(text).documents) {
    if (document.errors.length > 0) continue;
    const url = document.getIn(['global', CONTROL_PLANE_KEY]);
    if (typeof url !== 'string') continue;
    const host = /^https:\/\/([a-z0-9.-]+)(?::\d+)?\/?$/i.exec(url.trim())?.[1];
    if (host) return host.toLowerCase();
  }
  return undefined;
}

function expandRegions(entry: CatalogTarget, regions: readonly string[]): string[] {
  if (!entry.pattern.includes('{region}')) return [entry.pattern];
  return regions.length === 0 ? [entry.pattern] : regions.map((region) => entry.pattern.replace('{region}', region));
}

/** `use`: what the targets are for, which words a setting's duplicate entry's line (probed once, or listed once). */
export function deriveWorkspaceTargets(
  files: readonly WorkspaceFile[],
  settings: EgressSettings,
  use: TargetsUse = 'probe',
): EgressTargetsResult {
  const problems: string[] = [];
  const derived: EgressTargetInfo[] = [];
  const regions = new Set<string>();
  // `required` set only where the host's own grade decides it (a cloud ID's inferred host); otherwise the catalog entry's.
  const concreteHosts: {
    host: string;
    port: number;
    origin: 'workspace' | 'settings';
    file?: string;
    purpose?: string;
    required?: boolean;
  }[] = [];

  for (const file of files) {
    if (/\.ya?ml$/i.test(file.path)) {
      const host = controlPlaneHost(file.text);
      if (host)
        concreteHosts.push({
          host,
          port: HTTPS_PORT,
          origin: 'workspace',
          file: file.path,
          purpose: DERIVED.controlPlaneUrl.purpose,
        });
      continue;
    }
    const analysis = analyzeText(file.text);
    if (
      analysis.kind !== 'armTemplate' ||
      !analysis.template ||
      !analysis.anyscale ||
      analysis.anyscaleResourceCount === 0
    )
      continue;
    const facts = egressFactsOf(analysis.template, analysis.anyscale, (node) => literalValue(node));
    facts.regions.forEach((region) => regions.add(region));
    derived.push(...targetsOfFacts(facts, file.path));
  }
  // A host the user lists twice, in either setting, is kept once, and a problem line says so (as a targets file's).
  // Each with its place in the setting, `[2]`, counting the entries that are not one too.
  const cloudIds = (settings.cloudIds ?? []).flatMap((id, index) => {
    if (isCloudId(id)) return [{ id, host: cloudHost(id), port: HTTPS_PORT, index }];
    problems.push(`anyscaleAzure.egress.cloudIds: "${id}" is not a cloud ID (cld_...)`);
    return [];
  });
  for (const { id, host, port } of firstOfEach(
    cloudIds,
    (i) => `[${cloudIds[i].index}]`,
    (note) => problems.push(`anyscaleAzure.egress.cloudIds (CLI --cloud-id): ${note}`),
    use,
  ))
    concreteHosts.push({
      host,
      port,
      origin: 'settings',
      purpose: DERIVED.cloud.purpose.replace('{name}', id.trim()),
      required: DERIVED.cloud.required,
    });
  const listedHosts = (settings.targets ?? []).flatMap((text, index) => {
    const parsed = concreteHostPort(text);
    if (parsed) return [{ ...parsed, index }];
    problems.push(`anyscaleAzure.egress.targets: "${text}" is not a host name or host:port`);
    return [];
  });
  for (const { host, port } of firstOfEach(
    listedHosts,
    (i) => `[${listedHosts[i].index}]`,
    (note) => problems.push(`anyscaleAzure.egress.targets (CLI --host): ${note}`),
    use,
  ))
    concreteHosts.push({ host, port, origin: 'settings' });

  // A host the user named in anyscaleAzure.egress.targets (CLI --host) is asked for, so required (and allowed), whatever
  // else derived it first: an optional catalog or workspace entry, or a cloud ID's inferred host (docs/egress.md).
  const namedByUser = new Set(listedHosts.map(targetKey));
  const out = new Map<string, EgressTargetInfo>();
  const add = (target: EgressTargetInfo) => {
    const key = targetKey(target);
    if (out.has(key)) return;
    out.set(key, namedByUser.has(key) && !target.required ? { ...target, required: true, origin: 'settings' } : target);
  };
  const expanded = REQUIRED_TARGETS.map((entry) => ({ entry, patterns: expandRegions(entry, [...regions]) }));
  // A concrete host stands for the most specific wildcard it matches: grafana-x.… for grafana-*.…, not *.….
  const literalLength = (pattern: string) => pattern.replace(/\*/g, '').length;
  const best = new Map<(typeof concreteHosts)[number], string>();
  for (const h of concreteHosts) {
    const matching = expanded.flatMap((e) => e.patterns).filter((p) => isWildcard(p) && matchesPattern(h.host, p));
    if (matching.length > 0)
      best.set(
        h,
        matching.reduce((a, b) => (literalLength(b) > literalLength(a) ? b : a)),
      );
  }
  for (const { entry, patterns } of expanded) {
    for (const pattern of patterns) {
      if (!isWildcard(pattern)) {
        add(catalogTarget(entry, pattern));
        continue;
      }
      const hosts = concreteHosts.filter((h) => best.get(h) === pattern);
      if (hosts.length === 0) add({ ...catalogTarget(entry, pattern), pattern: entry.pattern });
      for (const h of hosts) {
        add({
          ...catalogTarget(entry, h.host),
          port: h.port,
          origin: h.origin,
          pattern: entry.pattern,
          ...(h.purpose ? { purpose: h.purpose } : {}),
          ...(h.file ? { file: h.file } : {}),
          ...(h.required === undefined ? {} : { required: h.required }),
        });
      }
    }
  }
  derived.forEach(add);
  for (const h of concreteHosts) {
    if (best.has(h)) continue;
    add({
      host: h.host,
      port: h.port,
      flow: h.file ? DERIVED.controlPlaneUrl.flow : 'aks-listed',
      purpose: h.purpose ?? 'Listed in anyscaleAzure.egress.targets',
      source: h.file ? DERIVED.controlPlaneUrl.source : listedByUser('anyscaleAzure.egress.targets (CLI --host)'),
      required: true,
      origin: h.origin,
      ...(h.file ? { file: h.file } : {}),
    });
  }
  return { targets: [...out.values()], problems };
}

/** A cloud storage account's Blob host that a workspace template names (not Anyscale's start-up storage, a catalog target). */
function isCloudStorageBlob(target: EgressTargetInfo): boolean {
  return (
    target.origin === 'workspace' && target.flow === DERIVED.blob.flow && target.host.endsWith('.blob.core.windows.net')
  );
}

/**
 * The targets as probed from this machine (VS Code's local probe, the CLI): a cloud storage account's Blob host then tests
 * the client → storage path of `anyscale job submit`, which uploads the local working_dir there. One row per host, so the
 * target is relabelled, not duplicated; its purpose keeps what the cluster needs it for.
 */
export function fromThisMachine(targets: readonly EgressTargetInfo[]): EgressTargetInfo[] {
  const upload = DERIVED.clientUpload;
  return targets.map((t) =>
    isCloudStorageBlob(t)
      ? {
          ...t,
          flow: upload.flow,
          purpose: `${t.purpose}; ${upload.purpose}`,
          source: upload.source,
          required: t.required || upload.required,
        }
      : t,
  );
}
