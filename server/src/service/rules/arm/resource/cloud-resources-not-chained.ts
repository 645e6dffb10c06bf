// cloud-resources-not-chained: Anyscale creates cloud resources one at a time, so a template with several must chain
// them with dependsOn. Warns on each cloud resource that ARM could create at the same time as another.
import { propertyValue } from '../../../json/nodes';
import type { ArmResource } from '../../../arm/template';
import type { Fix } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { creationOrder } from '../../support/creationOrder';
import { appendItem, appendProperty } from '../../support/valueEdits';
import { resourceLabel } from '../../support/labels';
import { dependsOnReference } from '../../support/dependsOnReference';

const MAX_RELATED = 5;

function dependOnFix(context: TemplateContext, resource: ArmResource, previous: ArmResource): Fix | undefined {
  const target = dependsOnReference(resource, previous);
  if (target === undefined) return undefined;
  const title = `Make it depend on ${resourceLabel(previous)}`;
  const dependsOn = propertyValue(resource.node, 'dependsOn');
  if (!dependsOn)
    return { title, edits: [appendProperty(context.text, resource.node, 'dependsOn', `[${JSON.stringify(target)}]`)] };
  if (dependsOn.type === 'array') return { title, edits: [appendItem(dependsOn, JSON.stringify(target))] };
  return undefined;
}

/** A group's names, each once, compared as ARM compares names (ignoring case), with how many resources bear each. */
function distinctNames(labels: readonly string[]): Map<string, { readonly label: string; count: number }> {
  const names = new Map<string, { label: string; count: number }>();
  for (const label of labels) {
    const same = names.get(label.toLowerCase());
    if (same) same.count++;
    else names.set(label.toLowerCase(), { label, count: 1 });
  }
  return names;
}

/**
 * What the resource labelled `own` doesn't wait for, each name once (two declarations of one name are
 * name-duplicate's finding, not two resources to list): another of its own name is "another".
 */
function othersOf(own: string, names: ReadonlyMap<string, { readonly label: string; readonly count: number }>): string {
  const ownKey = own.toLowerCase();
  const total = names.size - (names.get(ownKey)!.count === 1 ? 1 : 0);
  const firstTwo: string[] = [];
  for (const [key, { label, count }] of names) {
    if (firstTwo.length === 2) break;
    if (key !== ownKey) firstTwo.push(label);
    else if (count > 1) firstTwo.push(`another ${label}`);
  }
  return listNames(firstTwo, total);
}

function listNames(names: readonly string[], total: number): string {
  if (total === 1) return names[0];
  if (total === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]}, ${names[1]} and ${total - 2} more`;
}

export const cloudResourcesNotChained: TemplateRule = {
  code: 'cloud-resources-not-chained',
  title: 'Cloud resources in one template must be chained with dependsOn so ARM creates them one at a time',
  defaultSeverity: 'warning',
  category: 'ordering',
  appliesTo: 'armTemplate',
  check(context) {
    const cloudResources = context.anyscale.cloudResources;
    if (cloudResources.length < 2) return;
    const order = creationOrder(context);
    // Cloud resources with the same depth wait for none of each other. Those of uncertain depth are left out.
    // Depths run from 1 to the number of cloud resources; count first, so a fully chained template allocates no groups.
    // Copies of one loop made at the same time are cloud-resource-copy-parallel's finding: the first stands for them.
    const depths = order.cloudResourceDepths.map((depth, position) =>
      position > 0 &&
      cloudResources[position].loop &&
      cloudResources[position - 1].declared === cloudResources[position].declared &&
      order.cloudResourceDepths[position - 1] === depth
        ? undefined
        : depth,
    );
    const counts = new Int32Array(cloudResources.length + 1);
    for (const depth of depths) if (depth !== undefined) counts[depth]++;
    const byDepth = new Map<number, number[]>();
    depths.forEach((depth, position) => {
      if (depth === undefined || counts[depth] < 2) return;
      const group = byDepth.get(depth);
      if (group) group.push(position);
      else byDepth.set(depth, [position]);
    });
    for (const written of byDepth.values()) {
      // The fixes chain the group in the order written, but an Azure one first: the first cloud resource created is
      // the primary, which must be Azure (primary-resource-not-azure).
      const azure = written.findIndex((position) => cloudResources[position].provider?.name === 'Azure');
      const group = azure > 0 ? [written[azure], ...written.filter((_, i) => i !== azure)] : written;
      const labels = group.map((position) => resourceLabel(cloudResources[position].resource));
      const names = distinctNames(labels);
      group.forEach((position, index) => {
        const cloudResource = cloudResources[position];
        const others: number[] = [];
        for (let j = 0; j < group.length && others.length < MAX_RELATED; j++) if (j !== index) others.push(j);
        // Depend on the previous one of this group: it has the same depth, so it can't already wait for this one and
        // the new edge can't make a cycle. (A deeper resource might, and telling would take a search per resource.)
        // A copy's dependsOn is every copy's: no fix there.
        const fix =
          index > 0 && cloudResource.loop === undefined
            ? dependOnFix(context, cloudResource.resource, cloudResources[group[index - 1]].resource)
            : undefined;
        context.report({
          at: cloudResource.anchor,
          cloudResource,
          message: `Cloud resource ${labels[index]} doesn't wait for ${othersOf(labels[index], names)} through dependsOn, so ARM can create them at the same time, and Anyscale creates cloud resources only one at a time: chain them with dependsOn.`,
          related: others.map((j) => {
            const anchor = cloudResources[group[j]].anchor;
            return {
              start: anchor.offset,
              end: anchor.offset + anchor.length,
              message: `Can be created at the same time: ${labels[j]}`,
            };
          }),
          fixes: fix ? [fix] : undefined,
        });
      });
    }
  },
};
