// Limits Azure Resource Manager itself sets on a template, with their source. The engine uses them to bound its own
// work too: past a limit ARM rejects the template anyway, so nothing is gained by analysing further.
import { cite, SOURCES, type Grade, type Source } from './source';

export interface ArmLimit {
  readonly value: number;
  readonly source: Source;
  readonly grade: Grade;
}

/** "A template expression can't exceed 24,576 characters." Counted on the string's value, brackets included. */
export const MAX_EXPRESSION_LENGTH: ArmLimit = { value: 24_576, ...cite(SOURCES.templateExpressions, 'documented') };

// "Template limits": the size and the counts apply to the template after copy loops are expanded and parameter and
// variable values are filled in; each nested template has limits of its own (the documented way past them).
/** "Limit the size of your template to 4 MB." Read as 4 MiB, the larger reading, so that a finding is never early. */
export const MAX_TEMPLATE_BYTES: ArmLimit = { value: 4 * 1024 * 1024, ...cite(SOURCES.templateLimits, 'documented') };
export const MAX_PARAMETERS: ArmLimit = { value: 256, ...cite(SOURCES.templateLimits, 'documented') };
export const MAX_VARIABLES: ArmLimit = { value: 512, ...cite(SOURCES.templateLimits, 'documented') };
/** "800 resources (including copy count)". */
export const MAX_RESOURCES: ArmLimit = { value: 800, ...cite(SOURCES.templateLimits, 'documented') };
export const MAX_OUTPUTS: ArmLimit = { value: 64, ...cite(SOURCES.templateLimits, 'documented') };
