// cloud-resource-copy-parallel: a `copy` loop of cloud resources makes ARM create its copies at the same time unless
// it says `"mode": "serial"` with `"batchSize": 1`, and Anyscale creates cloud resources only one at a time.
import { findProperty, type JsonNode } from '../../../json/nodes';
import { copiesAtOnce } from '../../../arm/anyscaleView';
import { knownCopyCount, type CopyLoop } from '../../../arm/expressions/copyLoops';
import type { Fix, TextEdit } from '../../../types';
import type { TemplateRule } from '../../templateRule';
import type { TemplateContext } from '../../templateContext';
import { appendProperty } from '../../support/valueEdits';
import { quotedName } from '../../support/labels';

/** Sets a property of the loop: replaces the value where it is written, else adds the property. */
function setProperty(context: TemplateContext, loop: CopyLoop, key: string, valueText: string): TextEdit {
  const value = findProperty(loop.node, key)?.children?.[1];
  return value
    ? { start: value.offset, end: value.offset + value.length, newText: valueText }
    : appendProperty(context.text, loop.node, key, valueText);
}

function serialFix(context: TemplateContext, loop: CopyLoop): Fix {
  const mode = setProperty(context, loop, 'mode', '"serial"');
  const batchSize = setProperty(context, loop, 'batchSize', '1');
  // Two properties added at the same place are one edit, in this order.
  const edits =
    mode.start === batchSize.start && mode.end === batchSize.end
      ? [{ ...mode, newText: mode.newText + batchSize.newText }]
      : [mode, batchSize];
  return { title: 'Create the copies one at a time ("mode": "serial", "batchSize": 1)', edits, preferred: true };
}

function copyKey(resourceNode: JsonNode, loop: CopyLoop): JsonNode {
  return findProperty(resourceNode, 'copy')?.children?.[0] ?? loop.node;
}

export const cloudResourceCopyParallel: TemplateRule = {
  code: 'cloud-resource-copy-parallel',
  title: 'A copy loop of cloud resources must create them one at a time ("mode": "serial", "batchSize": 1)',
  defaultSeverity: 'warning',
  category: 'ordering',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const loop = cloudResource.loop;
      // One finding per loop, not per copy.
      if (!loop || (cloudResource.copyIndex ?? 0) !== 0) continue;
      const atOnce = copiesAtOnce(loop);
      const count = knownCopyCount(loop.count);
      if (atOnce === undefined || atOnce === 1 || (count === undefined ? loop.count.known : count < 2)) continue;
      const name = loop.name === undefined ? 'The copy loop' : `Copy loop ${quotedName(loop.name)}`;
      const copies = count === undefined ? 'its copies' : `its ${count} copies`;
      const how = atOnce === Infinity ? 'all at the same time' : `${atOnce} at a time`;
      context.report({
        at: copyKey(cloudResource.declared.node, loop),
        message: `${name} makes ARM create ${copies} of this cloud resource ${how}, and Anyscale creates cloud resources only one at a time: set "mode": "serial" and "batchSize": 1 so each copy waits for the one before.`,
        fixes: [serialFix(context, loop)],
      });
    }
  },
};
