// `dependsOn` entries of a resource: a cloud resource's parent cloud first, then the template's other cloud resources,
// written the way the cloud-resources-not-chained fix writes them (`[resourceId('Anyscale.Platform/clouds/cloudResources', …)]`,
// or the symbolic name in a languageVersion 2.0 template), leaving out the resource itself and what is already listed.
import type { ArmResource } from '../../template';
import { items, propertyValue, stringOf } from '../../../json/nodes';
import { dependsOnReference } from '../../../rules/support/dependsOnReference';
import { cloudsByName, parentCloud } from '../../../rules/support/parentCloud';
import { CLOUD_TYPE } from '../../../catalog/anyscale';
import { resourceLabel } from '../../../rules/support/labels';
import type { CompletionEntry } from '../../../features/editing';
import type { PositionContext } from './context';
import { itemCommas, stringValueEntry, type ValueOptions } from './insert';
import type { LazyView } from './resources';

/** At most this many entries: the nearest cloud resources, the one declared just before first. */
const MAX_ENTRIES = 100;

/** Indexes around `index`, nearest first, the previous one before the next one. */
function* outward(index: number, length: number): Generator<number> {
  for (let distance = 1; distance < length; distance++) {
    if (index - distance >= 0) yield index - distance;
    if (index + distance < length) yield index + distance;
    if (index - distance < 0 && index + distance >= length) return;
  }
}

export function dependsOnCompletions(
  context: PositionContext,
  resource: ArmResource,
  view: LazyView,
): CompletionEntry[] {
  const cloudResources = view()?.cloudResources ?? [];
  const listed = new Set(items(propertyValue(resource.node, 'dependsOn')).map((item) => stringOf(item)?.toLowerCase()));
  const self = cloudResources.findIndex((c) => c.declared === resource);
  const entries: CompletionEntry[] = [];
  // A new item between others needs its commas.
  const commas = context.token ? undefined : itemCommas(context.text, context.offset);
  const offer = (target: string, options: ValueOptions) => {
    const entry = stringValueEntry(context, target, {
      kind: 'reference',
      ...options,
      sortText: String(entries.length).padStart(3, '0'),
    });
    entries.push(commas ? { ...entry, insertText: `${commas.before}${entry.insertText}${commas.after}` } : entry);
  };
  // ARM doesn't create a child after its parent unless dependsOn says so, nested or not
  // (https://learn.microsoft.com/azure/azure-resource-manager/templates/resource-dependency#child-resources).
  const cloud = self >= 0 ? parentCloud(cloudResources[self], cloudsByName(view()?.clouds ?? [])) : undefined;
  const toCloud = cloud && dependsOnReference(resource, cloud, CLOUD_TYPE);
  if (cloud && toCloud !== undefined && (!listed.has(toCloud.toLowerCase()) || toCloud === context.token?.value)) {
    offer(toCloud, {
      detail: `parent cloud ${resourceLabel(cloud)}`,
      documentation: 'ARM creates a child resource after its parent only when its dependsOn names the parent.',
    });
  }
  // A resource that isn't a cloud resource itself looks from the end of the template.
  for (const index of outward(self >= 0 ? self : cloudResources.length, cloudResources.length + (self >= 0 ? 0 : 1))) {
    if (entries.length >= MAX_ENTRIES) break;
    const other = cloudResources[index].resource;
    const target = dependsOnReference(resource, other);
    if (target === undefined || (listed.has(target.toLowerCase()) && target !== context.token?.value)) continue;
    offer(target, {
      detail: `cloud resource ${resourceLabel(other)}`,
      documentation: 'Anyscale creates cloud resources one at a time: chain them with dependsOn.',
      preselect: self > 0 && index === self - 1,
    });
  }
  return entries;
}
