// Whether an analysis's text leaves a string open: such a text is parsed whole unless its container shows that the
// document cannot be read with the string broken over lines (json/spliceJson.ts), so the tests that count how often an
// edit was spliced or carried leave those edits out.
import { ParseErrorCode } from 'jsonc-parser';
import type { Analysis } from '../../server/src/service/types';

export function leavesStringOpen(analysis: Analysis): boolean {
  return analysis.parse?.errors.some((error) => error.error === ParseErrorCode.UnexpectedEndOfString) ?? false;
}
