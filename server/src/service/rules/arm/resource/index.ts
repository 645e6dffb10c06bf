// Rules about a cloud resource as a whole: names, provider, compute stack, required properties, identity,
// the primary resource, creation order and API versions.
import type { TemplateRule } from '../../templateRule';
import { nameInvalid } from './name-invalid';
import { nameDuplicate } from './name-duplicate';
import { providerInvalid } from './provider-invalid';
import { computeStackInvalid } from './compute-stack-invalid';
import { requiredPropertyMissing } from './required-property-missing';
import { operatorIdentityFormat } from './operator-identity-format';
import { primaryResourceNotAzure } from './primary-resource-not-azure';
import { cloudResourcesNotChained } from './cloud-resources-not-chained';
import { cloudResourceCopyParallel } from './cloud-resource-copy-parallel';
import { apiVersionUnknown } from './api-version-unknown';
import { apiVersionPreview } from './api-version-preview';
import { operatorIdentityShared } from './operator-identity-shared';

export const resourceRules: readonly TemplateRule[] = [
  nameInvalid,
  nameDuplicate,
  providerInvalid,
  computeStackInvalid,
  requiredPropertyMissing,
  operatorIdentityFormat,
  primaryResourceNotAzure,
  cloudResourcesNotChained,
  cloudResourceCopyParallel,
  apiVersionUnknown,
  apiVersionPreview,
  operatorIdentityShared,
];
