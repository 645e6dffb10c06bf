// Rules about object storage: the bucket URI, its endpoint and the CORS rule the console needs.
import type { TemplateRule } from '../../rule';

export const storageRules: readonly TemplateRule[] = [];
