// Which cluster and extension "Verify Cluster Extension" looks at, from a Cloud Resources row or the user's answers.
// No vscode import, so unit tests run it with node alone.
import type { ClusterExtensionTarget, IndexedFile } from '../../../../shared/protocol';

/** `az aks get-credentials` names the context after the cluster (`<name>-admin` with --admin) [INFERRED: Azure CLI behaviour, not in our sources]. */
export function clusterNameFromContext(context: string): string {
  return context.replace(/-admin$/, '');
}

/** A literal ARM name; an expression (`[parameters('name')]`) is only known at deployment. */
const literal = (name: string) => (name.startsWith('[') ? undefined : name);

/** What a Cloud Resources file row tells: the AKS cluster's name, or the extension's kind and name. */
export function targetFromIndexedFile(file: IndexedFile): Partial<ClusterExtensionTarget> {
  if (file.kind === 'aksCluster') return { clusterName: literal(file.label) };
  if (file.kind === 'operatorExtension') return { kind: 'anyscaleOperator', extensionName: literal(file.label) };
  const extensionType = file.extensionType;
  if (extensionType?.known && extensionType.text.toLowerCase() === 'microsoft.kuberay') {
    return { kind: 'kuberay', extensionName: literal(file.label) };
  }
  return {};
}
