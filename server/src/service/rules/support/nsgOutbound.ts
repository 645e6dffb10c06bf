// Whether a network security group in a template blocks outbound HTTPS to the Internet: its outbound rules in
// priority order, inline (properties.securityRules) and as child securityRules resources; the first rule that
// matches TCP 443 to the Internet decides. NSGs cannot filter by FQDN, so a deny there blocks every required FQDN.
import { type ArmResource, isResourceType } from '../../arm/template';
import { knownString } from '../../arm/value';
import { items, type JsonNode, propertyValue } from '../../json/nodes';
import type { TemplateContext } from '../templateContext';

const NSG_TYPE = 'Microsoft.Network/networkSecurityGroups';
const NSG_RULE_TYPE = 'Microsoft.Network/networkSecurityGroups/securityRules';
const INTERNET = new Set(['*', 'internet', '0.0.0.0/0']);

export interface NsgBlock {
  readonly resource: ArmResource;
  readonly label: string;
  /** The deny rule that wins for TCP 443 to the Internet. */
  readonly denyName: string;
  readonly denyPriority: number;
  /** The inline securityRules array, where the fix inserts an allow rule. */
  readonly rules?: JsonNode;
  readonly priorities: readonly number[];
}

interface OutboundRule {
  name: string;
  priority: number;
  allow: boolean;
  matches: boolean;
}

function readRule(
  context: TemplateContext,
  owner: ArmResource,
  name: string | undefined,
  properties: JsonNode | undefined,
): OutboundRule | 'inbound' | undefined {
  const read = (key: string) => {
    const value = context.value(propertyValue(properties, key), owner);
    return value.known ? value.value : undefined;
  };
  const direction = read('direction');
  if (typeof direction !== 'string') return undefined;
  if (direction.toLowerCase() !== 'outbound') return 'inbound';
  const access = read('access');
  const priority = read('priority');
  const protocol = read('protocol');
  if (typeof access !== 'string' || typeof priority !== 'number' || typeof protocol !== 'string') return undefined;
  const list = (single: string, plural: string): string[] | undefined => {
    const one = read(single);
    const many = read(plural);
    if (one !== undefined && typeof one !== 'string') return undefined;
    if (many !== undefined && !(Array.isArray(many) && many.every((m) => typeof m === 'string'))) return undefined;
    return [...(one !== undefined ? [one] : []), ...((many as string[] | undefined) ?? [])].map((s) => s.toLowerCase());
  };
  const ports = list('destinationPortRange', 'destinationPortRanges');
  const destinations = list('destinationAddressPrefix', 'destinationAddressPrefixes');
  if (!ports || !destinations) return undefined;
  const coversPort = ports.some(
    (p) =>
      p === '*' ||
      p === '443' ||
      (/^(\d+)-(\d+)$/.test(p) && Number(p.split('-')[0]) <= 443 && Number(p.split('-')[1]) >= 443),
  );
  const tcp = protocol === '*' || protocol.toLowerCase() === 'tcp';
  return {
    name: name ?? '(unnamed)',
    priority,
    allow: access.toLowerCase() === 'allow',
    matches: tcp && coversPort && destinations.some((d) => INTERNET.has(d)),
  };
}

export function nsgBlocks(context: TemplateContext): NsgBlock[] {
  const out: NsgBlock[] = [];
  const resources = context.template.resources;
  for (const nsg of resources) {
    if (nsg.existing || !isResourceType(nsg, NSG_TYPE)) continue;
    const nsgName = knownString(nsg.name);
    const inline = propertyValue(nsg.properties, 'securityRules');
    if (inline && inline.type !== 'array') continue;
    const rules: OutboundRule[] = [];
    const priorities: number[] = [];
    let known = true;
    const sources: Array<[ArmResource, string | undefined, JsonNode | undefined]> = items(inline).map((rule) => [
      nsg,
      knownString(context.value(propertyValue(rule, 'name'), nsg)),
      propertyValue(rule, 'properties'),
    ]);
    for (const child of resources) {
      if (
        isResourceType(child, NSG_RULE_TYPE) &&
        nsgName !== undefined &&
        knownString(child.parentName)?.toLowerCase() === nsgName.toLowerCase()
      )
        sources.push([child, knownString(child.leafName), child.properties]);
    }
    for (const [owner, name, properties] of sources) {
      const rule = readRule(context, owner, name, properties);
      if (rule === undefined) known = false;
      else if (rule !== 'inbound') {
        rules.push(rule);
        priorities.push(rule.priority);
      }
    }
    if (!known) continue;
    const deciding = rules.filter((r) => r.matches).sort((a, b) => a.priority - b.priority)[0];
    if (!deciding || deciding.allow) continue;
    out.push({
      resource: nsg,
      label: `Network security group "${nsgName ?? 'unknown'}"`,
      denyName: deciding.name,
      denyPriority: deciding.priority,
      rules: inline,
      priorities,
    });
  }
  return out;
}
