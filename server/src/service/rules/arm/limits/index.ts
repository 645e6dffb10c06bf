// Rules about the limits Azure Resource Manager sets on every template.
import type { TemplateRule } from '../../templateRule';
import { templateLimitExceeded } from './template-limit-exceeded';

export const limitRules: readonly TemplateRule[] = [templateLimitExceeded];
