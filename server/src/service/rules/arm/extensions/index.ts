// Rules about AKS cluster extensions (Microsoft.KubernetesConfiguration/extensions): every extension's version,
// release train, scope and settings; the managed KubeRay extension; the Anyscale operator extension's plan and
// namespace (its configurationSettings get the values rules, rules/values).
import type { TemplateRule } from '../../templateRule';
import { extensionVersionWithAutoUpgrade } from './extension-version-with-auto-upgrade';
import { extensionVersionWithAutoUpgradeOldApi } from './extension-version-with-auto-upgrade-old-api';
import { extensionReleaseTrainIgnored } from './extension-release-train-ignored';
import { extensionScopeConflict } from './extension-scope-conflict';
import { extensionSettingNotString } from './extension-setting-not-string';
import { extensionSecretInSettings } from './extension-secret-in-settings';
import { extensionClusterServicePrincipal } from './extension-cluster-service-principal';
import { kuberayKubernetesVersion } from './kuberay-kubernetes-version';
import { kuberayReleaseTrainPreview } from './kuberay-release-train-preview';
import { kuberayReleaseNamespace } from './kuberay-release-namespace';
import { operatorExtensionPlanMissing } from './operator-extension-plan-missing';
import { operatorExtensionReleaseNamespace } from './operator-extension-release-namespace';

export const extensionRules: readonly TemplateRule[] = [
  extensionVersionWithAutoUpgrade,
  extensionVersionWithAutoUpgradeOldApi,
  extensionReleaseTrainIgnored,
  extensionScopeConflict,
  extensionSettingNotString,
  extensionSecretInSettings,
  extensionClusterServicePrincipal,
  kuberayKubernetesVersion,
  kuberayReleaseTrainPreview,
  kuberayReleaseNamespace,
  operatorExtensionPlanMissing,
  operatorExtensionReleaseNamespace,
];
