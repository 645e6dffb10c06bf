// values-cloud-deployment-id-invalid: global.cloudDeploymentId is the cloud resource ID the operator registers
// for, `cldrsrc_…`. The chart refuses to render without it; a left-over `<placeholder>` or another ID (the cloud's
// `cld_…`, the resource's name) renders but the operator never registers.
import { VALUE_SHAPES } from '../../catalog/chart';
import { isCompleteValues, isPlaceholder, quoted } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'global.cloudDeploymentId';
/** The ID's shape, said as an example: never read as the user's own ID. */
const SUCH_AS = `such as ${VALUE_SHAPES.cloudResourceIdExample}`;

export const valuesCloudDeploymentIdInvalid = valuesRule({
  code: 'values-cloud-deployment-id-invalid',
  title:
    'global.cloudDeploymentId must be set to the cloud resource ID (cldrsrc_…), not left empty or as a placeholder',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    const setting = values.get(PATH);
    if (setting?.shape === 'unknown' || (setting && setting.shape !== 'scalar')) return; // values-wrong-type's finding
    const id = values.text(PATH);
    if (id === undefined) {
      if (!isCompleteValues(values)) return;
      report({
        at: setting?.valueRange ?? values.whereMissing(PATH),
        message: `${PATH} is required: the chart fails with "global.cloudDeploymentId is required". Set it to the cloud resource ID (${SUCH_AS}) from the ARM deployment output cloudResourceId or the console.`,
      });
      return;
    }
    if (VALUE_SHAPES.cloudResourceId.test(id) || !setting) return;
    const message = isPlaceholder(id)
      ? `${PATH} is still the placeholder ${quoted(id)}: replace it with the cloud resource ID (${SUCH_AS}).`
      : id.startsWith('cld_')
        ? `${PATH} ${quoted(id)} is a cloud ID: the operator needs the cloud resource ID, which starts with "cldrsrc_".`
        : /^cldrsrc-/i.test(id)
          ? `${PATH} ${quoted(id)} is not a cloud resource ID: a cloud resource ID starts with "cldrsrc_", with an underscore (${SUCH_AS}); the hyphen is how secret names write it. The operator cannot register with anything else.`
          : `${PATH} ${quoted(id)} is not a cloud resource ID: a cloud resource ID starts with "cldrsrc_" (${SUCH_AS}); the operator cannot register with anything else.`;
    report({ at: setting.valueRange, message });
  },
});
