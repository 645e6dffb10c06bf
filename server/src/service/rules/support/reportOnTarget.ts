// Where a finding about an extension's target cluster goes: on the scope or dependsOn entry that names the cluster
// (where its value is written, when it comes from a parameter or a variable), else on the extension's type.
import type { RelatedLocation } from '../../types';
import type { TemplateContext } from '../templateContext';
import type { ClusterExtension } from './extensionResources';
import type { TargetCluster } from './targetCluster';

export function reportOnTarget(
  context: TemplateContext,
  extension: ClusterExtension,
  target: TargetCluster,
  report: { message: string; related?: readonly RelatedLocation[] },
): void {
  const named = target.namedAt && context.value(target.namedAt, extension.resource);
  context.report({ ...report, at: named?.known ? named : (target.namedAt ?? extension.anchor) });
}
