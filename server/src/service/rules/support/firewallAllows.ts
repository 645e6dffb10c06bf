// What Azure Firewall rules in a template allow on HTTPS: per firewall policy (its rule collection groups, inline
// or as nested children) and per classic azureFirewalls resource (applicationRuleCollections), the FQDN patterns
// allowed per port; an application rule's `AzureKubernetesService` FQDN tag counts as the hosts it covers (catalog).
// `undefined` means a value we cannot know (an expression): the rule then stays silent.
import { type ArmResource, isResourceType } from '../../arm/template';
import { knownString } from '../../arm/value';
import { items, type JsonNode, propertyValue } from '../../json/nodes';
import type { TemplateContext } from '../templateContext';
import { AKS_FQDN_TAG, REQUIRED_TARGETS } from '../../egress/catalog';

/** The FQDN patterns the AzureKubernetesService tag covers, `{region}` as a wildcard. */
const AKS_TAG_FQDNS = REQUIRED_TARGETS.filter((t) => t.fqdnTag === AKS_FQDN_TAG).map((t) =>
  t.pattern.replace('{region}', '*'),
);

export const RULE_COLLECTION_GROUP_TYPE = 'Microsoft.Network/firewallPolicies/ruleCollectionGroups';
export const AZURE_FIREWALL_TYPE = 'Microsoft.Network/azureFirewalls';

export interface FirewallAllows {
  /** `port → FQDN patterns` allowed; undefined when some allow rule could not be read. */
  allowed: Map<number, string[]> | undefined;
  /** The resource to report on and the array the fix inserts into. */
  readonly resource: ArmResource;
  readonly collections?: JsonNode;
  readonly priorities: number[];
  readonly style: 'policy' | 'classic';
  readonly label: string;
}

type Read = (node: JsonNode | undefined) => unknown;

function text(read: Read, node: JsonNode | undefined): string | undefined {
  const value = read(node);
  return typeof value === 'string' ? value : undefined;
}

function strings(read: Read, node: JsonNode | undefined): string[] | undefined {
  if (!node) return [];
  if (node.type !== 'array') return undefined;
  const out: string[] = [];
  for (const item of items(node)) {
    const value = text(read, item);
    if (value === undefined) return undefined;
    out.push(value.toLowerCase());
  }
  return out;
}

/** Ports a rule opens over HTTPS (application rules) or TCP (network rules with FQDNs); undefined when unknown. */
function httpsPorts(read: Read, rule: JsonNode, network: boolean): number[] | undefined {
  if (network) {
    const protocols = strings(read, propertyValue(rule, 'ipProtocols'));
    if (!protocols) return undefined;
    if (!protocols.some((p) => p === 'tcp' || p === 'any')) return [];
    const ports = strings(read, propertyValue(rule, 'destinationPorts'));
    if (!ports) return undefined;
    return ports.flatMap((p) =>
      p === '*'
        ? [443]
        : /^\d+$/.test(p)
          ? [Number(p)]
          : /^(\d+)-(\d+)$/.test(p) && Number(p.split('-')[0]) <= 443 && Number(p.split('-')[1]) >= 443
            ? [443]
            : [],
    );
  }
  const protocols = propertyValue(rule, 'protocols');
  if (!protocols) return [];
  if (protocols.type !== 'array') return undefined;
  const ports: number[] = [];
  for (const protocol of items(protocols)) {
    const type = text(read, propertyValue(protocol, 'protocolType'));
    const port = read(propertyValue(protocol, 'port'));
    if (type === undefined || (typeof port !== 'number' && typeof port !== 'string')) return undefined;
    if (type.toLowerCase() === 'https') ports.push(Number(port));
  }
  return ports;
}

function addRule(read: Read, rule: JsonNode, network: boolean, allowed: Map<number, string[]>): boolean {
  const targets = strings(read, propertyValue(rule, network ? 'destinationFqdns' : 'targetFqdns'));
  const tags = network ? [] : strings(read, propertyValue(rule, 'fqdnTags'));
  const ports = httpsPorts(read, rule, network);
  if (!targets || !tags || !ports) return false;
  const fqdns = tags.includes(AKS_FQDN_TAG.toLowerCase()) ? [...targets, ...AKS_TAG_FQDNS] : targets;
  for (const port of ports) allowed.set(port, [...(allowed.get(port) ?? []), ...fqdns]);
  return true;
}

function isAllow(read: Read, collection: JsonNode, classic: boolean): boolean | undefined {
  const action = text(
    read,
    propertyValue(propertyValue(classic ? propertyValue(collection, 'properties') : collection, 'action'), 'type'),
  );
  return action === undefined ? undefined : action.toLowerCase() === 'allow';
}

function priorityOf(read: Read, node: JsonNode | undefined): number | undefined {
  const value = read(propertyValue(node, 'priority'));
  return typeof value === 'number' ? value : undefined;
}

function readPolicyGroup(
  read: Read,
  collections: JsonNode | undefined,
  allowed: Map<number, string[]>,
  priorities: number[],
): boolean {
  if (!collections) return true;
  if (collections.type !== 'array') return false;
  for (const collection of items(collections)) {
    const priority = priorityOf(read, collection);
    if (priority !== undefined) priorities.push(priority);
    const type = text(read, propertyValue(collection, 'ruleCollectionType'));
    if (type === undefined) return false;
    if (type.toLowerCase() !== 'firewallpolicyfilterrulecollection') continue;
    const allow = isAllow(read, collection, false);
    if (allow === undefined) return false;
    if (!allow) continue;
    for (const rule of items(propertyValue(collection, 'rules'))) {
      const ruleType = text(read, propertyValue(rule, 'ruleType'))?.toLowerCase();
      if (ruleType === undefined) return false;
      if (
        (ruleType === 'applicationrule' || ruleType === 'networkrule') &&
        !addRule(read, rule, ruleType === 'networkrule', allowed)
      )
        return false;
    }
  }
  return true;
}

/** One entry per firewall policy (all its rule collection groups together) and per classic firewall without a policy. */
export function firewallAllows(context: TemplateContext): FirewallAllows[] {
  const byPolicy = new Map<string, FirewallAllows>();
  const out: FirewallAllows[] = [];
  for (const resource of context.template.resources) {
    if (resource.existing) continue;
    const read: Read = (node) => {
      const value = context.value(node, resource);
      return value.known ? value.value : undefined;
    };
    if (isResourceType(resource, RULE_COLLECTION_GROUP_TYPE)) {
      const policy = knownString(resource.parentName)?.toLowerCase() ?? `#${out.length}`;
      const collections = propertyValue(resource.properties, 'ruleCollections');
      let entry = byPolicy.get(policy);
      if (!entry) {
        entry = {
          allowed: new Map(),
          resource,
          collections,
          priorities: [],
          style: 'policy',
          label: `Azure Firewall policy "${knownString(resource.parentName) ?? 'unknown'}"`,
        };
        byPolicy.set(policy, entry);
        out.push(entry);
      }
      // Only the first group of a policy gets the fix, so only its priorities must not collide.
      const priorities = entry.resource === resource ? entry.priorities : [];
      if (entry.allowed && !readPolicyGroup(read, collections, entry.allowed, priorities)) entry.allowed = undefined;
    } else if (isResourceType(resource, AZURE_FIREWALL_TYPE)) {
      if (propertyValue(resource.properties, 'firewallPolicy')) continue; // its rules live in the policy
      const collections = propertyValue(resource.properties, 'applicationRuleCollections');
      const allowed = new Map<number, string[]>();
      const priorities: number[] = [];
      let known = !collections || collections.type === 'array';
      for (const collection of items(collections)) {
        const priority = priorityOf(read, propertyValue(collection, 'properties'));
        if (priority !== undefined) priorities.push(priority);
        const allow = isAllow(read, collection, true);
        if (allow === undefined) known = false;
        if (!allow) continue;
        for (const rule of items(propertyValue(propertyValue(collection, 'properties'), 'rules')))
          if (!addRule(read, rule, false, allowed)) known = false;
      }
      for (const collection of items(propertyValue(resource.properties, 'networkRuleCollections'))) {
        if (!isAllow(read, collection, true)) continue;
        for (const rule of items(propertyValue(propertyValue(collection, 'properties'), 'rules')))
          if (!addRule(read, rule, true, allowed)) known = false;
      }
      out.push({
        allowed: known ? allowed : undefined,
        resource,
        collections,
        priorities,
        style: 'classic',
        label: `Azure Firewall "${knownString(resource.name) ?? 'unknown'}"`,
      });
    }
  }
  return out;
}
