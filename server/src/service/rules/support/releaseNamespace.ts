// The check both documented-namespace rules share (kuberay-release-namespace, operator-extension-release-namespace):
// an extension of one type whose scope.cluster.releaseNamespace is known and differs from the one the docs use is
// reported there, with a fix to the documented namespace when the value is a literal.
import { knownString } from '../../arm/value';
import type { TemplateContext } from '../templateContext';
import { valueFix } from './valueEdits';
import { clusterExtensions } from './extensionResources';

/** Reports each `extensionType` extension released elsewhere than `documented`; `message` words the finding. */
export function reportOtherReleaseNamespace(
  context: TemplateContext,
  extensionType: string,
  documented: string,
  message: (written: string) => string,
): void {
  for (const extension of clusterExtensions(context)) {
    if (!extension.is(extensionType)) continue;
    const namespace = extension.prop('scope', 'cluster', 'releaseNamespace').value;
    const written = knownString(namespace);
    if (!namespace.known || written === undefined || written === documented) continue;
    const fix = valueFix(namespace, documented, `Use ${documented}`);
    context.report({ at: namespace, message: message(written), fixes: fix && [fix] });
  }
}
