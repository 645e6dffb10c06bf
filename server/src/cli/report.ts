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
  /**
   * Files named on the command line that hold nothing this tool checks (not a template, parameter file, operator
   * values or Gateway manifest): a warning each, so that a wrong name does not pass as "0 files checked" unnoticed.
   */
  notChecked: Array<{ file: string; message: string }>;
  filesChecked: number;
}
