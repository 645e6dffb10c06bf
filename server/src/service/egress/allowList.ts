// The allow-list for a set of targets, in the forms a platform engineer applies: an Azure Firewall policy rule
// collection group (a deployable ARM template), the equivalent `az network firewall` commands, a plain list of the
// FQDNs (for another firewall or a proxy), and the rule
// collection objects the firewall rule's quick fix inserts. Azure Firewall accepts wildcards only as a leading
// `*.`, so `grafana-*.x` becomes `*.x`; the AKS baseline is covered by the AzureKubernetesService FQDN tag.
// Strict per-cloud-ID egress (networking page) replaces `*.azure.anyscale-cloud.dev` with the known cloud hosts.
// Only required targets go into the rules; a note names the optional ones left out.
import type { EgressAllowList, EgressTargetInfo } from '../../../../shared/protocol';
import { HTTPS_PORT, isWildcard } from './target';
import { AKS_FQDN_TAG, REQUIRED_TARGETS } from './catalog';
import { firewallFqdn, withoutCoveredFqdns } from '../../../../shared/egress/firewallFqdn';
import { CLOUD_IDS, CLOUD_WILDCARD } from '../../../../shared/egress/wildcardHosts';

export const COLLECTION_NAME = 'anyscale-egress';
const POLICY_API_VERSION = '2023-09-01';

/** FQDNs per port, deduplicated and sorted; targets with an unresolved `{region}` are left to the FQDN tag. */
export function fqdnsByPort(targets: readonly EgressTargetInfo[]): Map<number, string[]> {
  const byPort = new Map<number, Set<string>>();
  for (const target of targets) {
    if (target.host.includes('{')) continue;
    const set = byPort.get(target.port) ?? new Set<string>();
    set.add(firewallFqdn(target.host));
    byPort.set(target.port, set);
  }
  // A wildcard covers the hosts under it: keep the list as short as the firewall needs.
  return new Map([...byPort].map(([port, set]) => [port, withoutCoveredFqdns([...set]).sort()]));
}

/** A firewall policy filter rule collection allowing each port's FQDNs over HTTPS (ruleCollectionGroups schema). */
export function policyRuleCollection(
  fqdns: Map<number, string[]>,
  priority: number,
  sourceAddresses: unknown = ['*'],
): Record<string, unknown> {
  return {
    ruleCollectionType: 'FirewallPolicyFilterRuleCollection',
    name: COLLECTION_NAME,
    priority,
    action: { type: 'Allow' },
    rules: [...fqdns].map(([port, targetFqdns]) => ({
      ruleType: 'ApplicationRule',
      name: port === HTTPS_PORT ? 'anyscale-https' : `anyscale-https-${port}`,
      protocols: [{ protocolType: 'Https', port }],
      targetFqdns,
      sourceAddresses,
    })),
  };
}

/** A classic azureFirewalls application rule collection (properties.applicationRuleCollections schema). */
export function classicRuleCollection(fqdns: Map<number, string[]>, priority: number): Record<string, unknown> {
  return {
    name: COLLECTION_NAME,
    properties: {
      priority,
      action: { type: 'Allow' },
      rules: [...fqdns].map(([port, targetFqdns]) => ({
        name: port === HTTPS_PORT ? 'anyscale-https' : `anyscale-https-${port}`,
        protocols: [{ protocolType: 'Https', port }],
        targetFqdns,
        sourceAddresses: ['*'],
      })),
    },
  };
}

export interface AllowListOptions {
  /** One entry per known cloud host instead of the `*.azure.anyscale-cloud.dev` wildcard (anyscaleAzure.egress.strictCloudIds). */
  strictCloudIds?: boolean;
}

/**
 * Strict per-cloud-ID egress. Documented (networking page, "Required egress domains"): for strict egress filtering, replace
 * the `*.azure.anyscale-cloud.dev` wildcard with cloud-ID-specific entries, one per cloud. Inferred: the entry form
 * `cld-<id>.azure.anyscale-cloud.dev`, the host the Private Link page tests. No source names a per-cloud host for
 * `grafana-*` / `registry-*`, and Azure Firewall can write them only as the wildcard itself, so in strict mode they are
 * left out unless a concrete host was named for them — and the notes say so.
 */
function strictCloudIdTargets(targets: readonly EgressTargetInfo[]): { targets: EgressTargetInfo[]; notes: string[] } {
  const cloudHosts = targets.filter(isPerCloudHost);
  if (cloudHosts.length === 0) {
    return {
      targets: [...targets],
      notes: [
        `Strict per-cloud-ID egress is on, but no cloud ID is known, so ${CLOUD_WILDCARD} stays a wildcard: add ${CLOUD_IDS}.`,
      ],
    };
  }
  const widened = targets.filter((t) => isWildcard(t.host) && firewallFqdn(t.host) === CLOUD_WILDCARD);
  const notes = [
    `Strict per-cloud-ID egress: ${CLOUD_WILDCARD} is replaced by one entry per cloud (${cloudHosts.map((t) => t.host).join(', ')}), as the networking page offers; the cld-<id>.azure.anyscale-cloud.dev form of those entries is inferred from the host the Private Link page tests, not documented.`,
  ];
  const leftOut = widened.filter((t) => t.pattern !== CLOUD_WILDCARD);
  if (leftOut.length > 0) {
    notes.push(
      `${leftOut.map((t) => `${t.host} (${t.purpose})`).join(' and ')}: not in this allow-list — no source names a per-cloud host for them and Azure Firewall can only write them as ${CLOUD_WILDCARD}; add the hosts your firewall log shows with anyscaleAzure.egress.targets (CLI --host), or turn strict mode off.`,
    );
  }
  return { targets: targets.filter((t) => !widened.includes(t)), notes };
}

/** A per-cloud host of strict mode: a concrete host standing for `*.azure.anyscale-cloud.dev`. */
function isPerCloudHost(target: EgressTargetInfo): boolean {
  return target.pattern === CLOUD_WILDCARD && !isWildcard(target.host);
}

/**
 * Only required targets go into the rules: optional ones are inferred (the operator's image registries) or depend on
 * configuration (an ACR data endpoint without dedicated data endpoints), so the list does not open the firewall for them
 * unasked; one note names them. An optional host standing for a required catalog wildcard (a cloud ID's inferred
 * cld-<id> host) is allowed as that documented wildcard. `alwaysIn` (strict mode's per-cloud hosts) stays as it is.
 */
function requiredTargets(
  targets: readonly EgressTargetInfo[],
  alwaysIn: readonly EgressTargetInfo[],
): { targets: EgressTargetInfo[]; notes: string[] } {
  const inRules: EgressTargetInfo[] = [];
  const leftOut: EgressTargetInfo[] = [];
  for (const target of targets) {
    const wildcard =
      target.pattern &&
      isWildcard(target.pattern) &&
      REQUIRED_TARGETS.some((e) => e.pattern === target.pattern && e.required)
        ? target.pattern
        : undefined;
    if (target.required || alwaysIn.includes(target)) inRules.push(target);
    else if (wildcard) inRules.push({ ...target, host: wildcard });
    else leftOut.push(target);
  }
  if (leftOut.length === 0) return { targets: inRules, notes: [] };
  const named = leftOut.map((t) => `${t.host}${t.port === HTTPS_PORT ? '' : `:${t.port}`} (${t.purpose})`).join('; ');
  return {
    targets: inRules,
    notes: [
      `Optional targets not in this allow-list, which allows required ones only — inferred or depending on configuration, as each purpose says: ${named}. To allow one, add it to anyscaleAzure.egress.targets (CLI --host).`,
    ],
  };
}

/** How wide the allow-list's lines are: a note's comment lines (the marker included) and the az script's commands. */
const LINE_WIDTH = 120;

/**
 * A note as comment lines (`# …`, or `// …` in the ARM template) of at most LINE_WIDTH characters (a longer word
 * stands alone), its own line breaks kept: in the az script, a note's line without its `#` would be run as a command.
 */
function commentLines(note: string, marker = '#'): string[] {
  const out: string[] = [];
  for (const paragraph of note.split('\n')) {
    let line = marker;
    for (const word of paragraph.split(' ')) {
      if (line.length > marker.length && line.length + 1 + word.length > LINE_WIDTH) {
        out.push(line);
        line = marker;
      }
      line += ` ${word}`;
    }
    out.push(line);
  }
  return out;
}

/**
 * Each form's first line: a short title, since VS Code names an unsaved editor after the first 40 characters of its
 * first line ("Show Egress Allow-List" opens one), where a sentence would be cut mid-word.
 */
const ALLOW_LIST_TITLES = {
  arm: 'Anyscale egress allow-list (ARM)',
  az: 'Anyscale egress allow-list (az)',
  fqdns: 'Anyscale egress allow-list (FQDNs)',
} as const;

/** The words as one shell command, quoted where a shell needs it, over several lines when longer than one. */
function shellWords(words: readonly string[]): string {
  const quoted = words.map((w) =>
    /^[A-Za-z0-9_./=:-]+$/.test(w) ? w : /^\$[A-Z_]+$/.test(w) ? `"${w}"` : `'${w.replace(/'/g, `'\\''`)}'`,
  );
  // A command longer than a line goes on over several, each ending in ` \` (a FQDN list runs to 1,200 characters).
  const lines: string[] = [];
  let line = '';
  for (const word of quoted) {
    if (line !== '' && line.length + 1 + word.length + 2 > LINE_WIDTH) {
      lines.push(`${line} \\`);
      line = `  ${word}`;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

export function allowListFor(allTargets: readonly EgressTargetInfo[], options: AllowListOptions = {}): EgressAllowList {
  const strict = options.strictCloudIds ? strictCloudIdTargets(allTargets) : { targets: [...allTargets], notes: [] };
  const required = requiredTargets(strict.targets, options.strictCloudIds ? strict.targets.filter(isPerCloudHost) : []);
  const targets = required.targets;
  const notes = [...strict.notes, ...required.notes];
  const fqdns = fqdnsByPort(targets);
  const collection = policyRuleCollection(fqdns, 100, "[parameters('sourceAddresses')]");
  (collection.rules as unknown[]).push({
    ruleType: 'ApplicationRule',
    name: 'aks-baseline',
    protocols: [
      { protocolType: 'Https', port: HTTPS_PORT },
      { protocolType: 'Http', port: 80 },
    ],
    fqdnTags: [AKS_FQDN_TAG],
    sourceAddresses: "[parameters('sourceAddresses')]",
  });
  const template = {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: {
      firewallPolicyName: {
        type: 'string',
        metadata: { description: 'The existing Azure Firewall policy of the AKS egress path.' },
      },
      sourceAddresses: {
        type: 'array',
        defaultValue: ['*'],
        metadata: { description: 'The AKS node and pod subnets (CIDRs).' },
      },
    },
    resources: [
      {
        type: 'Microsoft.Network/firewallPolicies/ruleCollectionGroups',
        apiVersion: POLICY_API_VERSION,
        name: `[format('{0}/${COLLECTION_NAME}', parameters('firewallPolicyName'))]`,
        properties: { priority: 300, ruleCollections: [collection] },
      },
    ],
  };
  // The az words, written as one would type them; split into argv words for shellWords.
  const words = (command: string) => command.split(' ');
  const policy = ['--resource-group', '$RESOURCE_GROUP', '--policy-name', '$FIREWALL_POLICY'];
  const lines = [
    `# ${ALLOW_LIST_TITLES.az}`,
    '# Azure Firewall policy (Firewall Manager): a rule collection group with one application rule collection.',
    // Quoted, so that the script parses (`bash -n`) before they are filled in; unfilled, az names what is missing.
    "RESOURCE_GROUP='<resource group of the firewall policy>'",
    "FIREWALL_POLICY='<firewall policy name>'",
    "FIREWALL='<firewall name>'   # classic rules only",
    'SOURCES="*"   # narrow to the AKS subnets, e.g. SOURCES="10.224.0.0/16"',
    ...notes.flatMap((note) => commentLines(note)),
    '',
    shellWords([
      ...words('az network firewall policy rule-collection-group create'),
      ...policy,
      ...words(`--name ${COLLECTION_NAME} --priority 300`),
    ]),
  ];
  const policyCollection = (action: string, ...rest: string[]) => [
    ...words(`az network firewall policy rule-collection-group collection ${action}`),
    ...policy,
    '--rcg-name',
    COLLECTION_NAME,
    ...rest,
  ];
  const addRule = (name: string, ...rest: string[]) =>
    policyCollection('rule add', '--collection-name', COLLECTION_NAME, '--name', name, ...rest);
  let first = true;
  for (const [port, list] of fqdns) {
    const rule = words(
      `--rule-type ApplicationRule --protocols Https=${port} --source-addresses $SOURCES --target-fqdns`,
    );
    const name = port === HTTPS_PORT ? 'anyscale-https' : `anyscale-https-${port}`;
    lines.push(
      shellWords(
        first
          ? policyCollection(
              'add-filter-collection',
              ...words(`--name ${COLLECTION_NAME} --collection-priority 100 --action Allow --rule-name ${name}`),
              ...rule,
              ...list,
            )
          : addRule(`anyscale-https-${port}`, ...rule, ...list),
      ),
    );
    first = false;
  }
  lines.push(
    shellWords(
      addRule(
        'aks-baseline',
        ...words(`--rule-type ApplicationRule --protocols Https=443 Http=80 --source-addresses $SOURCES --fqdn-tags`),
        AKS_FQDN_TAG,
      ),
    ),
    '',
    '# Classic Azure Firewall rules (no policy):',
    ...[...fqdns].map(([port, list]) =>
      shellWords([
        ...words(
          'az network firewall application-rule create --resource-group $RESOURCE_GROUP --firewall-name $FIREWALL',
        ),
        ...words(`--collection-name ${COLLECTION_NAME} --priority 300 --action Allow`),
        '--name',
        port === HTTPS_PORT ? 'anyscale-https' : `anyscale-https-${port}`,
        ...words(`--protocols Https=${port} --source-addresses $SOURCES --target-fqdns`),
        ...list,
      ]),
    ),
  );
  const fqdnList = [
    `# ${ALLOW_LIST_TITLES.fqdns}`,
    ...commentLines(
      'Anyscale on Azure egress: the FQDNs to allow outbound, as Azure Firewall writes them (wildcards as a leading *.).',
    ),
    ...commentLines(
      `Plus the AKS baseline: the ${AKS_FQDN_TAG} FQDN tag in Azure Firewall (other firewalls: the AKS required FQDN table).`,
    ),
    ...notes.flatMap((note) => commentLines(note)),
    ...[...fqdns].flatMap(([port, list]) => ['', `# HTTPS, port ${port}`, ...list]),
  ];
  const armJson = JSON.stringify(template, null, 2);
  const armJsonc = [
    `// ${ALLOW_LIST_TITLES.arm}`,
    ...commentLines(
      'An Azure Firewall policy rule collection group for Anyscale on Azure egress (deploy with az deployment group create).',
      '//',
    ),
    ...notes.flatMap((note) => commentLines(note, '//')),
    armJson,
  ];
  return {
    armJson,
    armJsonc: armJsonc.join('\n') + '\n',
    azCli: lines.join('\n') + '\n',
    fqdnList: fqdnList.join('\n') + '\n',
    targets: [...allTargets],
    notes,
  };
}
