// values-workload-service-account: on Azure, workload pods get the operator's Azure identity only through the
// federated service account (anyscale-operator). Left empty, they run as the namespace's default account with no
// Azure identity, and cannot reach storage.
import { VALUE_SHAPES } from '../../catalog/chart';
import { isCompleteValues, isUnset, providerOf } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

const PATH = 'workloads.serviceAccount.name';

export const valuesWorkloadServiceAccount = valuesRule({
  code: 'values-workload-service-account',
  title:
    'On Azure, workloads.serviceAccount.name should be set (anyscale-operator), or workload pods get no Azure identity',
  defaultSeverity: 'warning',
  category: 'identity',
  checkValues({ values, report }) {
    if (providerOf(values) !== 'azure' || !isCompleteValues(values)) return;
    const setting = values.get(PATH);
    if (!isUnset(values, PATH)) return;
    const fix =
      setting &&
      values.editor.replaceValue(
        setting,
        VALUE_SHAPES.azureWorkloadServiceAccount,
        `Use "${VALUE_SHAPES.azureWorkloadServiceAccount}"`,
      );
    report({
      at: setting?.valueRange ?? values.whereMissing(PATH),
      message: `${PATH} is not set: workload pods would run as the namespace's default service account, without an Azure identity. Set it to "${VALUE_SHAPES.azureWorkloadServiceAccount}", the account federated to the operator's managed identity.`,
      fixes: fix && [fix],
    });
  },
});
