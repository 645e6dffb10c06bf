// Whether an analysis's text leaves a string open: such a text is parsed whole, never spliced (json/spliceJson.ts),
// so the tests that count how often an edit was spliced or carried leave those edits out.
import { ParseErrorCode } from 'jsonc-parser';
import type { Analysis } from '../../server/src/service/types';

export function leavesStringOpen(analysis: Analysis): boolean {
  return analysis.parse?.errors.some((error) => error.error === ParseErrorCode.UnexpectedEndOfString) ?? false;
}
