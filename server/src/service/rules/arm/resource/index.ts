// Rules about a cloud resource as a whole: names, provider, compute stack, required properties, identity,
// the primary resource, creation order and API versions.
import type { TemplateRule } from '../../rule';
import { providerInvalid } from './provider-invalid';

export const resourceRules: readonly TemplateRule[] = [providerInvalid];
