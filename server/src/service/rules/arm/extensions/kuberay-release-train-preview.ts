// kuberay-release-train-preview: the managed KubeRay extension from the preview release train. It is a preview
// feature under the AKS preview terms [DOC] (the KubeRay article's "Important" box; domain §6): worth knowing before
// production use, not a fault — hence info.
import { equalsIgnoreCase } from '../../../json/nodes';
import { knownString } from '../../../arm/value';
import { KUBERAY_EXTENSION } from '../../../catalog/clusterExtensions';
import type { TemplateRule } from '../../templateRule';
import { clusterExtensions } from '../../support/extensionResources';

export const kuberayReleaseTrainPreview: TemplateRule = {
  code: 'kuberay-release-train-preview',
  title: "The managed KubeRay extension's preview release train comes under the AKS preview terms",
  defaultSeverity: 'info',
  category: 'extension',
  appliesTo: 'armTemplate',
  check(context) {
    for (const extension of clusterExtensions(context)) {
      if (!extension.is(KUBERAY_EXTENSION.extensionType)) continue;
      const train = extension.prop('releaseTrain').value;
      const text = knownString(train);
      if (!train.known || text === undefined || !equalsIgnoreCase(text, KUBERAY_EXTENSION.previewReleaseTrain))
        continue;
      context.report({
        at: train,
        message: `The managed KubeRay extension is in preview (release train "${text}"). ${KUBERAY_EXTENSION.previewTerms}`,
      });
    }
  },
};
