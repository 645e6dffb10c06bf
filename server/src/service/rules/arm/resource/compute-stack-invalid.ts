// compute-stack-invalid: `computeStack` must be exactly `K8S`. Every cloud resource runs on Kubernetes; the value is
// case-sensitive (`K8s` is rejected, though some spec examples spell it so) and virtual machine stacks aren't supported.
import { COMPUTE_STACKS, computeStackNamed } from '../../../catalog/anyscale';
import type { TemplateRule } from '../../templateRule';
import { valueFix } from '../../support/valueEdits';

const ACCEPTED = COMPUTE_STACKS.map((stack) => `"${stack}"`).join(', ');

export const computeStackInvalid: TemplateRule = {
  code: 'compute-stack-invalid',
  title: 'computeStack must be exactly K8S; virtual machine compute stacks are not supported',
  defaultSeverity: 'error',
  category: 'provider',
  appliesTo: 'armTemplate',
  check(context) {
    for (const cloudResource of context.anyscale.cloudResources) {
      const { value } = cloudResource.prop('computeStack');
      // null is a missing value: required-property-missing reports it.
      if (!value.known || value.value === null) continue;
      const written = value.value;
      if (typeof written === 'string' && computeStackNamed(written)) continue;
      const shown = JSON.stringify(written);
      const sameIgnoringCase =
        typeof written === 'string'
          ? COMPUTE_STACKS.find((stack) => stack.toLowerCase() === written.toLowerCase())
          : undefined;
      const replacement = sameIgnoringCase ?? COMPUTE_STACKS[0];
      const fix = valueFix(
        value,
        replacement,
        `Change computeStack to "${replacement}"`,
        sameIgnoringCase !== undefined,
      );
      context.report({
        cloudResource,
        at: value,
        message: sameIgnoringCase
          ? `computeStack ${shown} must be written exactly "${sameIgnoringCase}": the value is case-sensitive, so the deployment fails with any other spelling.`
          : `computeStack ${shown} is not accepted: the only supported value is ${ACCEPTED} (Kubernetes), and virtual machine compute stacks aren't supported, so the deployment fails.`,
        fixes: fix && [fix],
      });
    }
  },
};
