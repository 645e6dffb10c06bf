// values-control-plane-url-not-azure: for Anyscale on Azure the operator must register with
// https://console.azure.anyscale.com (or the cloud's Private Link host). Left out, the chart quietly uses
// https://console.anyscale.com, a different control plane, and the operator never shows up in the Azure console.
// In pre-1.0 values the key is the top-level controlPlaneURL, with the same default in the pre-1.0 chart.
import { CONTROL_PLANES } from '../../catalog/chart';
import { isCompleteValues, isUnset, writtenPath } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesControlPlaneUrlNotAzure = valuesRule({
  code: 'values-control-plane-url-not-azure',
  title:
    'For Anyscale on Azure, global.controlPlaneURL must be https://console.azure.anyscale.com (or the Private Link host)',
  defaultSeverity: 'warning',
  category: 'operator',
  readsLegacyLayout: true,
  checkValues({ values, azure, report }) {
    if (!azure) return;
    const path = writtenPath(values, 'global.controlPlaneURL');
    const setting = values.get(path);
    const url = values.text(path)?.replace(/\/+$/, '');
    if (isUnset(values, path)) {
      if (!isCompleteValues(values)) return;
      report({
        at: setting?.valueRange ?? values.whereMissing(path),
        message: `${path} is not set, so the chart falls back to ${CONTROL_PLANES.chartDefault}, a different control plane: for Anyscale on Azure set it to ${CONTROL_PLANES.azure} (${CONTROL_PLANES.privateLinkExample} with Private Link).`,
      });
      return;
    }
    if (!setting || url === undefined || url === CONTROL_PLANES.azure || CONTROL_PLANES.privateLink.test(url)) return;
    const fix = values.editor.replaceValue(setting, CONTROL_PLANES.azure, `Use ${CONTROL_PLANES.azure}`);
    report({
      at: setting.valueRange,
      message: `${path} "${url}" is not Anyscale on Azure's control plane: use ${CONTROL_PLANES.azure}, or ${CONTROL_PLANES.privateLinkExample} with Private Link.`,
      fixes: fix && [fix],
    });
  },
});
