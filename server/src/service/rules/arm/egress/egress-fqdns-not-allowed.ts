// egress-fqdns-not-allowed: an Azure Firewall policy, a classic Azure Firewall or an NSG declared next to Anyscale
// resources that does not allow the FQDNs Anyscale on Azure needs on Https:443. The message says what each missing
// host breaks: without control-plane and identity hosts the operator never becomes Ready; without the client-side
// `*.i` / `*.s` hosts workspace and service access breaks; without storage and registry hosts clusters lack their
// files and images. The fix adds an application rule collection (or, for an NSG, an outbound allow).
import { findProperty } from '../../../json/nodes';
import { fqdnsByPort, policyRuleCollection, classicRuleCollection, COLLECTION_NAME } from '../../../egress/allowList';
import { CLOUD_WILDCARD } from '../../../../../../shared/egress/wildcardHosts';
import { matchesPattern, HTTPS_PORT } from '../../../egress/target';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { ArmResource } from '../../../arm/template';
import type { EgressFlow, EgressTargetInfo } from '../../../../../../shared/protocol';
import { requiredFqdns } from '../../support/requiredFqdns';
import { firewallAllows } from '../../support/firewallAllows';
import { nsgBlocks } from '../../support/nsgOutbound';
import { appendItemOnItsOwnLine } from '../../support/valueEdits';

const MIN_PRIORITY = 100;
const MAX_PRIORITY = 65000;
const NSG_RULE_NAME = 'allow-https-outbound-anyscale';

function anchorOf(resource: ArmResource, property: string) {
  return (
    findProperty(resource.properties, property)?.children?.[0] ??
    resource.nameNode ??
    resource.typeNode ??
    resource.node
  );
}

function freePriorityAfter(used: readonly number[]): number | undefined {
  for (let p = Math.min(MAX_PRIORITY, Math.max(MIN_PRIORITY - 100, ...used) + 100); p >= MIN_PRIORITY; p--)
    if (!used.includes(p)) return p;
  return undefined;
}

function freePriorityBefore(limit: number, used: readonly number[]): number | undefined {
  for (let p = limit - 1; p >= MIN_PRIORITY; p--) if (!used.includes(p)) return p;
  return undefined;
}

/**
 * Strict per-cloud-ID egress (networking page, documented) replaces the polling wildcard with one entry per cloud; the
 * entry form `cld-<id>.azure.anyscale-cloud.dev` is inferred (the host the Private Link page tests). So a firewall with at
 * least one such entry is taken to cover the polling wildcard — it is never warned for following the strict option.
 */
const PER_CLOUD_ENTRY = /^cld-[a-z0-9]+\.azure\.anyscale-cloud\.dev$/i;

function isAllowed(target: EgressTargetInfo, allowed: readonly string[]): boolean {
  return (
    allowed.some((pattern) => matchesPattern(target.host, pattern)) ||
    (target.host === CLOUD_WILDCARD && allowed.some((pattern) => PER_CLOUD_ENTRY.test(pattern)))
  );
}

/** What goes wrong without the hosts of a flow; the firewall rule checks no `aks-azure-platform` host but Entra ID. */
const BREAKS: Readonly<Record<EgressFlow, string>> = {
  'client-control-plane': 'control plane and identity (without them the operator never becomes Ready)',
  'aks-control-plane': 'control plane and identity (without them the operator never becomes Ready)',
  'aks-azure-platform': 'control plane and identity (without them the operator never becomes Ready)',
  'aks-listed': 'hosts listed as required in the egress targets',
  'client-aks':
    'workspace and service access (without them clients cannot reach the workspace dashboard, terminal, Jupyter, VS Code or Anyscale Services)',
  'client-storage': 'uploads from clients (anyscale job submit cannot upload the local working_dir)',
  'aks-storage-registry':
    'storage and registry (without them clusters cannot read their start-up files, cloud storage or images)',
};

/** `Consequence: host, host; consequence: host`, groups in the order of their first host. */
function missingByConsequence(missing: readonly EgressTargetInfo[]): string {
  const groups = new Map<string, string[]>();
  for (const target of missing)
    groups.set(BREAKS[target.flow], [...(groups.get(BREAKS[target.flow]) ?? []), target.host]);
  const text = [...groups].map(([breaks, hosts]) => `${breaks}: ${hosts.join(', ')}`).join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const egressFqdnsNotAllowed: TemplateRule = {
  code: 'egress-fqdns-not-allowed',
  title: 'Azure Firewall rules and NSGs next to Anyscale resources must allow the required FQDNs on Https:443',
  defaultSeverity: 'warning',
  category: 'egress',
  appliesTo: 'armTemplate',
  check(context) {
    if (context.anyscale.clouds.length + context.anyscale.cloudResources.length === 0) return;
    for (const firewall of firewallAllows(context)) {
      if (!firewall.allowed) continue;
      // Derived from every cloud resource, so only worked out when the template has a firewall to compare with.
      const required = requiredFqdns(context);
      const allowed = firewall.allowed.get(HTTPS_PORT) ?? [];
      const missing = required.filter((target) => !isAllowed(target, allowed));
      if (missing.length === 0) continue;
      const priority = freePriorityAfter(firewall.priorities);
      const collections = firewall.collections;
      const property = firewall.style === 'policy' ? 'ruleCollections' : 'applicationRuleCollections';
      let fixes: Fix[] | undefined;
      if (collections?.type === 'array' && priority !== undefined) {
        const fqdns = fqdnsByPort(missing);
        const collection =
          firewall.style === 'policy' ? policyRuleCollection(fqdns, priority) : classicRuleCollection(fqdns, priority);
        fixes = [
          {
            title: `Add an application rule collection "${COLLECTION_NAME}" allowing the ${missing.length} missing FQDNs on Https:443`,
            edits: [appendItemOnItsOwnLine(context.text, collections, collection)],
          },
        ];
      }
      context.report({
        at: anchorOf(firewall.resource, property),
        message: `${firewall.label} does not allow outbound Https:443 to ${missing.length} FQDN${missing.length === 1 ? '' : 's'} Anyscale on Azure needs. ${missingByConsequence(missing)}.`,
        fixes,
      });
    }
    for (const nsg of nsgBlocks(context)) {
      const required = requiredFqdns(context);
      const priority = freePriorityBefore(nsg.denyPriority, nsg.priorities);
      const fixes: Fix[] | undefined =
        nsg.rules && priority !== undefined
          ? [
              {
                title: `Add an outbound rule allowing TCP 443 to the Internet at priority ${priority}`,
                edits: [
                  appendItemOnItsOwnLine(context.text, nsg.rules, {
                    name: NSG_RULE_NAME,
                    properties: {
                      description:
                        'Anyscale on Azure egress on HTTPS 443 (filter FQDNs with Azure Firewall; NSGs cannot)',
                      protocol: 'Tcp',
                      sourcePortRange: '*',
                      destinationPortRange: '443',
                      sourceAddressPrefix: 'VirtualNetwork',
                      destinationAddressPrefix: 'Internet',
                      access: 'Allow',
                      priority,
                      direction: 'Outbound',
                    },
                  }),
                ],
              },
            ]
          : undefined;
      context.report({
        at: anchorOf(nsg.resource, 'securityRules'),
        message: `${nsg.label} denies outbound TCP 443 to the Internet (rule "${nsg.denyName}", priority ${nsg.denyPriority}), so the ${required.length} FQDNs Anyscale on Azure needs are blocked: ${required.map((t) => t.host).join(', ')}. NSGs cannot filter by FQDN: allow 443 outbound and filter with Azure Firewall.`,
        fixes,
      });
    }
  },
};
