// kuberay-release-namespace: the managed KubeRay extension released into a namespace other than kuberay-system. The
// docs install it with `--release-namespace kuberay-system` and verify and remove it there (`kubectl wait …
// deployment/kuberay-operator --namespace kuberay-system`) [DOC] (the KubeRay article; domain §6). That another
// namespace breaks anything is not documented [INFERRED]: info, so the docs' commands are adapted knowingly.
import { knownString } from '../../../arm/value';
import { KUBERAY_EXTENSION } from '../../../catalog/clusterExtensions';
import type { TemplateRule } from '../../rule';
import { valueFix } from '../edits';
import { clusterExtensions } from './clusterExtensions';

const NAMESPACE = KUBERAY_EXTENSION.releaseNamespace;

export const kuberayReleaseNamespace: TemplateRule = {
  code: 'kuberay-release-namespace',
  title: `The managed KubeRay extension is documented in release namespace ${NAMESPACE}`,
  defaultSeverity: 'info',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      if (!extension.is(KUBERAY_EXTENSION.extensionType)) continue;
      const namespace = extension.prop('scope', 'cluster', 'releaseNamespace').value;
      const text = knownString(namespace);
      if (!namespace.known || text === undefined || text === NAMESPACE) continue;
      const fix = valueFix(namespace, NAMESPACE, `Use ${NAMESPACE}`);
      context.report({
        at: namespace,
        message: `releaseNamespace "${text}": the docs install managed KubeRay in ${NAMESPACE} and verify and remove it there (deployment ${KUBERAY_EXTENSION.operatorDeployment}). Another namespace is not documented as a problem, but every one of those commands then needs --namespace ${text}.`,
        fixes: fix && [fix],
      });
    }
  },
};
