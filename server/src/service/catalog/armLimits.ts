// Limits Azure Resource Manager itself sets on a template, with their source. The engine uses them to bound its own
// work too: past a limit ARM rejects the template anyway, so nothing is gained by analysing further.
import { SOURCES, type Source } from './source';

export interface ArmLimit {
  readonly value: number;
  readonly source: Source;
}

/** "A template expression can't exceed 24,576 characters." Counted on the string's value, brackets included. */
export const MAX_EXPRESSION_LENGTH: ArmLimit = { value: 24_576, source: SOURCES.templateExpressions };
