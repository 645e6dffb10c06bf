// extension-version-with-auto-upgrade: a cluster extension at apiVersion 2023-05-01 or later that sets `version`
// while autoUpgradeMinorVersion is true (its default). ARM rejects the PUT [DOC] (Azure CLI k8s-extension 1.5.0
// release notes; domain §1.8); the KubeRay article says "do not specify --version" with auto-upgrade [DOC].
import type { TemplateRule } from '../../templateRule';
import { checkVersionWithAutoUpgrade, validatesVersion } from '../../support/versionWithAutoUpgrade';

export const extensionVersionWithAutoUpgrade: TemplateRule = {
  code: 'extension-version-with-auto-upgrade',
  title:
    'A cluster extension (apiVersion 2023-05-01 or later) must not set version while autoUpgradeMinorVersion is true, its default',
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check: (context) => checkVersionWithAutoUpgrade(context, validatesVersion),
};
