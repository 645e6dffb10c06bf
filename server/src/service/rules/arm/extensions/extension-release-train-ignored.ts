// extension-release-train-ignored: a cluster extension with autoUpgradeMinorVersion false that still names a
// releaseTrain. The spec: releaseTrain applies "only if autoUpgradeMinorVersion is 'true'" [SPEC] (extensions REST
// spec; domain §1.8), so the train is ignored and the template says something it does not do.
import { isExpression } from '../../../arm/value';
import type { TemplateRule } from '../../templateRule';
import { removeProperty } from '../../support/valueEdits';
import { clusterExtensions } from '../../support/extensionResources';

export const extensionReleaseTrainIgnored: TemplateRule = {
  code: 'extension-release-train-ignored',
  title: 'A cluster extension with autoUpgradeMinorVersion false ignores its releaseTrain',
  defaultSeverity: 'warning',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      const autoUpgrade = extension.prop('autoUpgradeMinorVersion').value;
      if (!autoUpgrade.known || autoUpgrade.value !== false) continue;
      const train = extension.prop('releaseTrain');
      if (!train.value.known || typeof train.value.value !== 'string' || train.value.value === '') continue;
      const literal =
        train.property && train.valueNode?.type === 'string' && !isExpression(String(train.valueNode.value));
      context.report({
        at: train.value,
        message: `releaseTrain "${train.value.value}" is ignored: autoUpgradeMinorVersion is false, and the release train applies only with auto-upgrade on. Remove releaseTrain, or turn auto-upgrade on (and drop version).`,
        fixes: literal
          ? [{ title: 'Remove releaseTrain', edits: removeProperty(context.text, train.property!) }]
          : undefined,
      });
    }
  },
};
