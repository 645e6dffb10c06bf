// What a template rule is: data (code, title, default severity, category) plus one check function that reports
// findings. Rules never touch LSP or the file system; levels, suppression and presentation are generic (./runner.ts).
import type { TemplateContext } from './templateContext';
import type { RuleInfo } from '../types';

export interface TemplateRule extends RuleInfo {
  readonly appliesTo: 'armTemplate';
  check(context: TemplateContext): void;
}
