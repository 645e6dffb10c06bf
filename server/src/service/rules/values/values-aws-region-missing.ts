// values-aws-region-missing: on AWS without a CLI token the operator registers with the STS signer, which needs
// the cluster's region; the chart fails with "global.aws.region is required for operator registration using STS signer".
import { isCompleteValues, isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesAwsRegionMissing = valuesRule({
  code: 'values-aws-region-missing',
  title: 'With global.cloudProvider aws and no CLI token, global.aws.region is required',
  defaultSeverity: 'error',
  category: 'operator',
  checkValues({ values, report }) {
    const provider = values.get('global.cloudProvider');
    if (!provider || values.text('global.cloudProvider') !== 'aws' || !isCompleteValues(values)) return;
    if (!isUnset(values, 'global.auth.anyscaleCliToken') || !isUnset(values, 'global.aws.region')) return;
    const deprecated =
      values.text('global.region') !== undefined ? ' global.region is deprecated: move its value there.' : '';
    report({
      at: provider.valueRange,
      message: `global.cloudProvider is aws and no CLI token is set, so global.aws.region is required: the chart fails with "global.aws.region is required for operator registration using STS signer".${deprecated}`,
    });
  },
});
