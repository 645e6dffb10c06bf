// extension-version-with-auto-upgrade-old-api: the same combination as extension-version-with-auto-upgrade at an
// apiVersion before 2023-05-01, which still accepts it; the spec says `version` needs autoUpgradeMinorVersion false
// [SPEC], and moving the template to a newer apiVersion makes ARM reject it [DOC] (domain §1.8).
import type { TemplateRule } from '../../templateRule';
import { checkVersionWithAutoUpgrade, validatesVersion } from '../../support/versionWithAutoUpgrade';

export const extensionVersionWithAutoUpgradeOldApi: TemplateRule = {
  code: 'extension-version-with-auto-upgrade-old-api',
  title:
    'A cluster extension (apiVersion before 2023-05-01) should not set version while autoUpgradeMinorVersion is true, its default',
  defaultSeverity: 'warning',
  category: 'extension',
  appliesTo: 'armTemplate',
  check: (context) =>
    checkVersionWithAutoUpgrade(
      context,
      (apiVersion) => /^\d{4}-\d{2}-\d{2}/.test(apiVersion) && !validatesVersion(apiVersion),
    ),
};
