// One checked file's results in CLI terms: 1-based positions, severities, related places. Every output format
// (text, json, sarif) renders this same shape.
import type { Severity } from '../service';

export interface CliPlace {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface CliFinding extends CliPlace {
  severity: Severity;
  code: string;
  message: string;
  related: Array<CliPlace & { message: string }>;
}

export interface CliRun {
  findings: CliFinding[];
  /** Files that could not be checked, with why (unreadable, binary, not JSON). */
  problems: Array<{ file: string; message: string }>;
  filesChecked: number;
}
