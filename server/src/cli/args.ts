// The CLI's argument parsing: node:util parseArgs in strict mode (`--opt value`, `--opt=value`, `--` ends the
// options), its errors turned into one short line naming the option — `unknown option "--x"`, `--format needs a
// value`, `--fix takes no value` — thrown as the command's usage error, which prints the line and the usage (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type UsageErrorClass = new (message: string) => Error;

/** The options parseArgs read (strict: its default), and the positionals when the command takes them. */
export function parseCommandLine<T extends ParseArgsConfig & { strict?: true }>(
  config: T,
  usageError: UsageErrorClass,
  command: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new usageError(messageOf(error as Error & { code?: string }, command));
  }
}

/** The option or argument parseArgs quotes first in its message (`'--format <value>'` → `--format`). */
function quoted(message: string): string | undefined {
  return /'(-[^' ]*|[^']*)(?: <value>)?'/.exec(message)?.[1];
}

function messageOf(error: Error & { code?: string }, command: string): string {
  const named = quoted(error.message);
  if (named === undefined) return error.message;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option "${named}"`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${named}": ${command} takes options only`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message) ? `${named} takes no value` : `${named} needs a value`;
    default:
      return error.message;
  }
}
