// name-duplicate: cloud-resource names must be unique within a cloud (Anyscale answers HTTP 409). Names are compared
// ignoring case, because ARM resource names are case-insensitive: `GPU` and `gpu` are the same ARM resource.
// The quick fix renames the later one to the first free `<name>-<n>`; not preferred, since the name is the user's.
import { propertyValue, type JsonNode } from '../../../json/nodes';
import type { ArmResource, TemplateScope } from '../../../arm/template';
import { knownString, type KnownValue } from '../../../arm/value';
import type { CloudResource } from '../../../arm/anyscaleView';
import { rangeOf } from '../../runner';
import type { TemplateRule } from '../../templateRule';
import type { Fix } from '../../../types';
import { valueFix } from '../../support/valueEdits';
import type { TemplateContext } from '../../templateContext';
import { quotedName } from '../../support/labels';

/**
 * Which resource group a scope deploys into, as a comparable key: a nested deployment that names another resource
 * group or subscription deploys there, so equal names in it are a different cloud. An unknown target gets a key
 * of its own, so nothing in it is compared with anything outside it.
 */
function targetKeys(context: TemplateContext): (scope: TemplateScope) => string {
  const keys = new Map<TemplateScope, string>();
  const keyOf = (scope: TemplateScope): string => {
    let scopeKey = keys.get(scope);
    if (scopeKey !== undefined) return scopeKey;
    const deployment = scope.deployment;
    if (!deployment || !scope.parent) {
      scopeKey = '';
    } else {
      const parentKey = keyOf(scope.parent);
      const subscription = propertyValue(deployment.node, 'subscriptionId');
      const resourceGroup = propertyValue(deployment.node, 'resourceGroup');
      if (!subscription && !resourceGroup) scopeKey = parentKey;
      else {
        const subscriptionText = subscription ? knownString(context.value(subscription, deployment)) : '';
        const resourceGroupText = resourceGroup ? knownString(context.value(resourceGroup, deployment)) : '';
        scopeKey =
          subscriptionText === undefined || resourceGroupText === undefined
            ? `?${keys.size}`
            : `${parentKey}/${subscriptionText.toLowerCase()}/${resourceGroupText.toLowerCase()}`;
      }
    }
    keys.set(scope, scopeKey);
    return scopeKey;
  };
  return keyOf;
}

/** `<leaf>-2`, `-3`, … : the first whose key no cloud resource of the template has. */
function freeName(leaf: string, key: string, taken: ReadonlySet<string>): string {
  const base = key.slice(0, key.length - leaf.length);
  for (let n = 2; ; n++) if (!taken.has(`${base}${leaf}-${n}`.toLowerCase())) return `${leaf}-${n}`;
}

/** Renames a resource where its name is written: the literal of its own name, or the segment after a full name's last `/`. */
function renameFix(resource: ArmResource, leaf: string, renamed: string): Fix | undefined {
  const title = `Rename to ${quotedName(renamed)}`;
  const own = resource.leafName.known ? valueFix(resource.leafName, renamed, title) : undefined;
  if (own) return own;
  const name = knownString(resource.name);
  return name !== undefined && resource.name.known && name.endsWith(`/${leaf}`)
    ? valueFix(resource.name, `${name.slice(0, -leaf.length)}${renamed}`, title)
    : undefined;
}

export const nameDuplicate: TemplateRule = {
  code: 'name-duplicate',
  title: 'Cloud-resource names must be unique within a cloud (compared ignoring case, as ARM does)',
  defaultSeverity: 'error',
  category: 'naming',
  appliesTo: 'armTemplate',
  check(context) {
    const targetKey = targetKeys(context);
    // A parent whose name is an expression is still one object: its nested children are compared with each other.
    const unnamedParents = new Map<ArmResource, string>();
    const firstByKey = new Map<string, { origin: JsonNode; originUri?: string; leaf: string }>();
    const named: Array<{ cloudResource: CloudResource; written: KnownValue; leaf: string; key: string }> = [];
    for (const cloudResource of context.anyscale.cloudResources) {
      const resource = cloudResource.resource;
      const leaf = knownString(resource.leafName);
      if (leaf === undefined || !resource.leafName.known) continue;
      // The full name `<cloud>/<resource>` is known whenever the cloud's name is.
      const name = knownString(resource.name);
      let cloudKey: string | undefined;
      if (name === undefined && resource.parent && !resource.parentName.known) {
        cloudKey = unnamedParents.get(resource.parent);
        if (cloudKey === undefined) unnamedParents.set(resource.parent, (cloudKey = `#${unnamedParents.size}`));
      }
      if (name === undefined && cloudKey === undefined) continue;
      const target = targetKey(resource.scope);
      const fullName = name === undefined ? `${cloudKey}/${leaf}` : name;
      named.push({
        cloudResource,
        written: resource.leafName,
        leaf,
        key: target === '' ? fullName.toLowerCase() : `${target}\u0000${fullName.toLowerCase()}`,
      });
    }
    const taken = new Set(named.map((entry) => entry.key));
    for (const { cloudResource, written, leaf, key } of named) {
      const resource = cloudResource.resource;
      const first = firstByKey.get(key);
      if (!first) {
        firstByKey.set(key, { origin: written.origin, originUri: written.originUri, leaf });
        continue;
      }
      const rename = renameFix(resource, leaf, freeName(leaf, key, taken));
      const cloudName = knownString(resource.parentName);
      const onCloud = cloudName === undefined ? 'on the same cloud' : `on cloud ${quotedName(cloudName)}`;
      const sameSpelling = first.leaf === leaf;
      const what = sameSpelling
        ? `Cloud resource name ${quotedName(leaf)} is already used ${onCloud}`
        : `Cloud resource name ${quotedName(leaf)} differs only in case from ${quotedName(first.leaf)} ${onCloud}, and ARM resource names are case-insensitive`;
      context.report({
        at: written,
        cloudResource,
        message: `${what}: names must be unique within a cloud, and both declarations address the same resource, so the deployment fails (Anyscale answers a duplicate name with HTTP 409).`,
        related: [
          {
            ...rangeOf(first.origin),
            uri: first.originUri,
            message: `First declared here as ${quotedName(first.leaf)}`,
          },
        ],
        fixes: rename ? [rename] : undefined,
      });
    }
  },
};
