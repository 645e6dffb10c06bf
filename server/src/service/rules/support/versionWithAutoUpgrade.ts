// What extension-version-with-auto-upgrade and its older-API twin share: an extension that pins `version` while
// autoUpgradeMinorVersion is true (written, or by default), and the two fixes — drop the pin, or turn auto-upgrade
// off. The two rules differ only in the API versions they look at, so each can have its own severity: from
// 2023-05-01 on ARM rejects the combination [DOC] (Azure CLI k8s-extension 1.5.0 release notes); before, the spec
// still says `version` needs autoUpgradeMinorVersion false [SPEC], but the call is not rejected.
import { isExpression, type KnownValue } from '../../arm/value';
import { KUBERAY_EXTENSION, VERSION_VALIDATION_API_VERSION } from '../../catalog/clusterExtensions';
import type { Fix } from '../../types';
import type { TemplateContext } from '../templateContext';
import { appendProperty, removeProperty, valueFix } from './valueEdits';
import { clusterExtensions, isAbsent, type ClusterExtension } from './extensionResources';

/** True when the API version is 2023-05-01 or later (preview versions by their date). */
export function validatesVersion(apiVersion: string): boolean {
  return apiVersion.slice(0, 10) >= VERSION_VALIDATION_API_VERSION;
}

function fixes(context: TemplateContext, extension: ClusterExtension): Fix[] {
  const out: Fix[] = [];
  const version = extension.prop('version');
  const kuberay = extension.is(KUBERAY_EXTENSION.extensionType);
  // Only a literal is removed: a version computed by an expression (or taken from a parameter) is the user's to drop.
  if (version.property && version.valueNode?.type === 'string' && !isExpression(String(version.valueNode.value))) {
    // For managed KubeRay the docs are explicit: "Do not specify --version" with auto-upgrade on.
    out.push({
      title: 'Remove "version" (follow the release train)',
      edits: removeProperty(context.text, version.property),
      preferred: kuberay,
    });
  }
  const autoUpgrade = extension.prop('autoUpgradeMinorVersion');
  const title = 'Set autoUpgradeMinorVersion to false (pin the version)';
  if (autoUpgrade.property) {
    const fix = autoUpgrade.value.known ? valueFix(autoUpgrade.value, false, title) : undefined;
    if (fix) out.push(fix);
  } else if (extension.resource.properties?.type === 'object') {
    out.push({
      title,
      edits: [appendProperty(context.text, extension.resource.properties, 'autoUpgradeMinorVersion', 'false')],
    });
  }
  return out;
}

/** Reports each extension that pins a version with auto-upgrade on, at an API version `wanted` accepts. */
export function checkVersionWithAutoUpgrade(context: TemplateContext, wanted: (apiVersion: string) => boolean): void {
  for (const extension of clusterExtensions(context)) {
    const apiVersion = extension.apiVersion;
    if (apiVersion === undefined || !wanted(apiVersion)) continue;
    const version = extension.prop('version').value;
    if (!version.known || typeof version.value !== 'string' || version.value.trim() === '') continue;
    const autoUpgrade = extension.prop('autoUpgradeMinorVersion').value;
    const byDefault = isAbsent(autoUpgrade);
    if (!byDefault && !(autoUpgrade.known && autoUpgrade.value === true)) continue;
    const setting = byDefault
      ? 'autoUpgradeMinorVersion is true by default (it is not set to false)'
      : 'autoUpgradeMinorVersion is true';
    const consequence = validatesVersion(apiVersion)
      ? `at apiVersion ${VERSION_VALIDATION_API_VERSION} and later ARM rejects the deployment`
      : `apiVersion ${apiVersion} still accepts it, but the API says version needs autoUpgradeMinorVersion false, and from ${VERSION_VALIDATION_API_VERSION} on ARM rejects it`;
    const fixList = fixes(context, extension);
    context.report({
      at: version as KnownValue,
      message: `version "${version.value}" is set while ${setting}: ${consequence}. Remove version to follow the release train, or set autoUpgradeMinorVersion to false to pin the version.`,
      fixes: fixList.length > 0 ? fixList : undefined,
    });
  }
}
