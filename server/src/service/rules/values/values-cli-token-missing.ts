// values-cli-token-missing: a generic (non-cloud) cluster has no workload identity, so the operator can only
// authenticate with an Anyscale CLI token in global.auth.anyscaleCliToken.
import { isUnset } from '../support/valuesShared';
import { valuesRule } from '../valuesRule';

export const valuesCliTokenMissing = valuesRule({
  code: 'values-cli-token-missing',
  title: 'With global.cloudProvider generic, global.auth.anyscaleCliToken is required',
  defaultSeverity: 'error',
  category: 'identity',
  checkValues({ values, report }) {
    const provider = values.get('global.cloudProvider');
    if (!provider || values.text('global.cloudProvider') !== 'generic') return;
    const token = values.get('global.auth.anyscaleCliToken');
    if (!isUnset(values, 'global.auth.anyscaleCliToken')) return;
    report({
      at: token?.valueRange ?? provider.valueRange,
      message:
        'global.cloudProvider is generic but global.auth.anyscaleCliToken is not set: without workload identity the operator can only authenticate with a CLI token (console → User settings → API keys). Pass it with --set or from a Secret rather than writing it in the file.',
    });
  },
});
