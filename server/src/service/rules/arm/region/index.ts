// Rules about where things live: `region` (where compute runs), `location` (where ARM keeps the record)
// and the bucket's region.
import type { TemplateRule } from '../../rule';

export const regionRules: readonly TemplateRule[] = [];
