// kuberay-release-namespace: the managed KubeRay extension released into a namespace other than kuberay-system. The
// docs install it with `--release-namespace kuberay-system` and verify and remove it there (`kubectl wait …
// deployment/kuberay-operator --namespace kuberay-system`) [DOC] (the KubeRay article; domain §6). That another
// namespace breaks anything is not documented [INFERRED]: info, so the docs' commands are adapted knowingly.
import { KUBERAY_EXTENSION } from '../../../catalog/clusterExtensions';
import type { TemplateRule } from '../../templateRule';
import { reportOtherReleaseNamespace } from '../../support/releaseNamespace';

const NAMESPACE = KUBERAY_EXTENSION.releaseNamespace;

export const kuberayReleaseNamespace: TemplateRule = {
  code: 'kuberay-release-namespace',
  title: `The managed KubeRay extension is documented in release namespace ${NAMESPACE}`,
  defaultSeverity: 'info',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    reportOtherReleaseNamespace(
      context,
      KUBERAY_EXTENSION.extensionType,
      NAMESPACE,
      (written) =>
        `releaseNamespace "${written}": the docs install managed KubeRay in ${NAMESPACE} and verify and remove it there (deployment ${KUBERAY_EXTENSION.operatorDeployment}). Another namespace is not documented as a problem, but every one of those commands then needs --namespace ${written}.`,
    );
  },
};
