// operator-extension-release-namespace: the Anyscale operator extension released into a namespace other than
// anyscale-operator. The docs install and verify the operator there [DOC] (add-cloud-resource; domain §5.1, §5.4), and
// the reference deployment notes that the gateway config and TLS secret naming assume it [REF]. That another
// namespace fails is not documented [INFERRED]: info.
import { ANYSCALE_OPERATOR_EXTENSION } from '../../../catalog/clusterExtensions';
import type { TemplateRule } from '../../templateRule';
import { reportOtherReleaseNamespace } from '../../support/releaseNamespace';

const NAMESPACE = ANYSCALE_OPERATOR_EXTENSION.releaseNamespace;

export const operatorExtensionReleaseNamespace: TemplateRule = {
  code: 'operator-extension-release-namespace',
  title: `The Anyscale operator extension is documented in release namespace ${NAMESPACE}`,
  defaultSeverity: 'info',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    reportOtherReleaseNamespace(
      context,
      ANYSCALE_OPERATOR_EXTENSION.extensionType,
      NAMESPACE,
      (written) =>
        `releaseNamespace "${written}": the docs install the Anyscale operator in ${NAMESPACE} (its pods, its service account and the Gateway's namespace), and Anyscale's reference deployment says its gateway config and TLS secret naming assume it. Use ${NAMESPACE} unless you change those together.`,
    );
  },
};
