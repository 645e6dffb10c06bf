// extension-scope-conflict: a cluster extension whose properties.scope sets both `cluster` and `namespace`. The
// extension is installed either for the whole cluster (releaseNamespace) or into one namespace (targetNamespace),
// not both [SPEC] (extensions REST spec `Scope`; domain §1.8). A scope written as null counts as not set.
import type { TemplateRule } from '../../templateRule';
import { clusterExtensions, isAbsent } from '../../support/extensionResources';

export const extensionScopeConflict: TemplateRule = {
  code: 'extension-scope-conflict',
  title: 'A cluster extension is installed at cluster scope or at namespace scope, not both',
  defaultSeverity: 'error',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      const cluster = extension.prop('scope', 'cluster');
      const namespace = extension.prop('scope', 'namespace');
      if (!cluster.value.known || !namespace.value.known || isAbsent(cluster.value) || isAbsent(namespace.value))
        continue;
      context.report({
        at: namespace.keyNode!,
        message:
          'properties.scope sets both cluster and namespace: an extension is installed for the whole cluster (scope.cluster.releaseNamespace) or into one namespace (scope.namespace.targetNamespace). Keep one of them.',
        related: [
          {
            start: cluster.keyNode!.offset,
            end: cluster.keyNode!.offset + cluster.keyNode!.length,
            message: 'The cluster scope is set here.',
          },
        ],
      });
    }
  },
};
