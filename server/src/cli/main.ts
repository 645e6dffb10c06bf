// The `anyscale-azure` command line: the same service as the editor, for CI.
//   anyscale-azure check [--format text|json|sarif] [--rule <code>=<level>]... [--fix | --fix-dry-run] <files | folders | globs>
//   anyscale-azure egress [--workspace DIR] [--targets FILE] [--format text|json] ...   (see ./egressCommand.ts)
//   anyscale-azure index [--format text|json] <folders>...   (see ./indexCommand.ts)
// Exit codes: 0 no error found, 1 at least one error, 2 usage or I/O error.
import * as path from 'node:path';
import { expand } from './files';
import { checkTargets, type CheckOptions } from './check';
import { fixFiles, type FixableFile } from './fix';
import type { Target } from './files';
import { formatText } from './formats/text';
import { formatJson } from './formats/json';
import { buildSarif } from './formats/sarif';
import { ruleByCode } from '../service';
import type { Finding, RuleLevel } from '../service';
import { runEgress, EgressUsageError, EGRESS_USAGE } from './egressCommand';
import { cliConfigLevels, ConfigError } from '../node/config';
import { IndexUsageError, INDEX_USAGE, runIndex } from './indexCommand';
import { parseCommandLine } from './args';

declare const __TOOL_VERSION__: string | undefined;
const VERSION = typeof __TOOL_VERSION__ === 'string' ? __TOOL_VERSION__ : '0.0.0-dev';

const USAGE = `Usage: anyscale-azure check [options] <files | folders | globs>...
       anyscale-azure egress [options]   (anyscale-azure egress --help)
       anyscale-azure index [options] <folders | files | globs>...   (anyscale-azure index --help)

Checks ARM templates and parameter files that declare Anyscale.Platform resources, Anyscale operator Helm values
and Gateway manifests.

Options:
  --format <text|json|sarif>   Output format (default: text)
  --rule <code>=<level>        Set a rule's level: off, info, warning or error (repeatable); overrides the
                               config file
  --config <file>              Read rule levels from this file instead of the nearest .anyscale-azure.json
                               above each checked file
  --parameters <file>          Check templates with this parameter file (repeatable; one run per file) instead
                               of the <name>.parameters[.*].json files beside each template
  --fix                        Apply the safe fixes (the editor's "Fix all") in place and print each change;
                               the findings and exit code are then those of the fixed files
  --fix-dry-run                Print the safe fixes as a unified diff; write nothing
  --docs-base-url <url>        Base URL of the rule docs pages, used in SARIF help links
  --no-color                   Plain text output even on a terminal
  -h, --help                   Show this help
  -v, --version                Show the version

Exit codes: 0 no error found, 1 at least one error found, 2 usage or I/O error.
`;

class UsageError extends Error {}

interface Options {
  format: 'text' | 'json' | 'sarif';
  ruleLevels: Record<string, RuleLevel>;
  docsBaseUrl?: string;
  config?: string;
  parameters: string[];
  color: boolean;
  fix?: 'write' | 'dry-run';
  paths: string[];
}

function parseCheckArgs(argv: string[]): Options {
  const { values, positionals } = parseCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        rule: { type: 'string', multiple: true },
        config: { type: 'string' },
        parameters: { type: 'string', multiple: true },
        'docs-base-url': { type: 'string' },
        fix: { type: 'boolean' },
        'fix-dry-run': { type: 'boolean' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    UsageError,
    'check',
  );
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'sarif')
    throw new UsageError(`unknown format "${format}": use text, json or sarif`);
  const ruleLevels: Record<string, RuleLevel> = {};
  for (const rule of values.rule ?? []) {
    const [code, level] = rule.split('=');
    if (!ruleByCode(code)) throw new UsageError(`unknown rule "${code}"`);
    if (level === undefined) throw new UsageError(`--rule ${code}: give its level, as in --rule ${code}=off`);
    if (!['off', 'info', 'warning', 'error'].includes(level))
      throw new UsageError(`--rule ${code}=${level}: the level must be off, info, warning or error`);
    ruleLevels[code] = level as RuleLevel;
  }
  if (values.fix && values['fix-dry-run']) throw new UsageError('use either --fix or --fix-dry-run, not both');
  return {
    format,
    ruleLevels,
    docsBaseUrl: values['docs-base-url'],
    config: values.config,
    parameters: values.parameters ?? [],
    color: !values['no-color'] && !!process.stdout.isTTY && !process.env.NO_COLOR,
    fix: values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : undefined,
    paths: positionals,
  };
}

/**
 * When the reader of the output goes away (`anyscale-azure check . | head`), writing fails with EPIPE: stop writing
 * and let the run end with its own exit code, instead of dying of an unhandled 'error' event with a stack trace.
 */
function toleratingClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listeners('error').includes(ignoreClosedPipe)) continue;
    stream.on('error', ignoreClosedPipe);
  }
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}

export function main(argv: string[], cwd = process.cwd()): number | Promise<number> {
  toleratingClosedOutput();
  const [command, ...rest] = argv;
  const wantsHelp = rest.includes('-h') || rest.includes('--help');
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  // `check` lists -v among its options (its usage is the top-level one), so it answers it too.
  const wantsVersion = command === 'check' && (rest.includes('-v') || rest.includes('--version'));
  if (command === '-v' || command === '--version' || wantsVersion) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === 'check' && wantsHelp) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === 'egress') {
    if (wantsHelp) {
      process.stdout.write(EGRESS_USAGE);
      return 0;
    }
    return runEgress(rest, cwd).catch((error: unknown) => {
      process.stderr.write(
        error instanceof EgressUsageError
          ? `anyscale-azure: ${error.message}\n\n${EGRESS_USAGE}`
          : `anyscale-azure: internal error: ${(error as Error).stack ?? error}\n`,
      );
      return 2;
    });
  }
  try {
    if (command === 'index') {
      if (wantsHelp) {
        process.stdout.write(INDEX_USAGE);
        return 0;
      }
      return runIndex(rest, cwd).catch(failure);
    }
    if (command !== 'check') throw new UsageError(`unknown command "${command}"`);
    const options = parseCheckArgs(rest);
    if (options.paths.length === 0) throw new UsageError('name at least one file, folder or glob to check');
    const { targets, unmatched, problems, passedOver } = expand(options.paths, cwd);
    const configLevels = cliConfigLevels(
      options.config === undefined ? undefined : path.resolve(cwd, options.config),
      cwd,
      // Each message says where and how bad: `<file>:1:14: warning: unknown rule …`.
      (message) => process.stderr.write(`anyscale-azure: ${message}\n`),
    );
    const checkOptions: CheckOptions = {
      ruleLevels: options.ruleLevels,
      configLevels,
      parameters:
        options.parameters.length > 0
          ? options.parameters.map((file) => ({ display: file, absolute: path.resolve(cwd, file) }))
          : undefined,
      cwd,
    };
    // With --fix, the run also collects each file's findings to fix; the fixed files are then checked again.
    const fixable = new Map<Target, FixableFile>();
    const collect = (target: Target, text: string, findings: readonly Finding[]) =>
      fixable.set(target, { target, text, findings: [...(fixable.get(target)?.findings ?? []), ...findings] });
    let run = checkTargets(targets, options.fix ? { ...checkOptions, onFindings: collect } : checkOptions);
    if (options.fix) {
      const outcome = fixFiles([...fixable.values()], options.fix === 'dry-run');
      // The change list or diff goes where it can be read without spoiling a machine-readable format.
      (options.format === 'text' ? process.stdout : process.stderr).write(outcome.report);
      if (outcome.filesFixed > 0 && options.fix === 'write') run = checkTargets(targets, checkOptions);
      run.problems.push(...outcome.problems);
    }
    run.problems.unshift(...problems);
    run.notChecked.unshift(...passedOver);
    for (const pattern of unmatched) run.problems.push({ file: pattern, message: 'no files match' });
    if (options.format === 'text') process.stdout.write(formatText(run, options.color));
    else if (options.format === 'json') process.stdout.write(formatJson(run));
    else
      process.stdout.write(
        JSON.stringify(
          buildSarif(run, {
            toolVersion: VERSION,
            docsDir: path.join(__dirname, '..', 'docs', 'rules'),
            docsBaseUrl: options.docsBaseUrl,
            cwd,
          }),
          null,
          2,
        ) + '\n',
      );
    for (const skipped of run.notChecked)
      process.stderr.write(`anyscale-azure: warning: ${skipped.file}: ${skipped.message}\n`);
    for (const problem of run.problems) process.stderr.write(`anyscale-azure: ${problem.file}: ${problem.message}\n`);
    if (run.problems.length > 0) return 2;
    return run.findings.some((f) => f.severity === 'error') ? 1 : 0;
  } catch (error) {
    return failure(error);
  }
}

/** A run that stopped: a usage error (with the command's help), an unusable config file, or an internal error. */
function failure(error: unknown): number {
  if (error instanceof ConfigError) {
    process.stderr.write(`anyscale-azure: the config file cannot be used:\n${error.message}\n`);
    return 2;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`anyscale-azure: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (error instanceof IndexUsageError) {
    process.stderr.write(`anyscale-azure: ${error.message}\n\n${INDEX_USAGE}`);
    return 2;
  }
  process.stderr.write(`anyscale-azure: internal error: ${(error as Error).stack ?? error}\n`);
  return 2;
}

if (require.main === module) {
  void Promise.resolve(main(process.argv.slice(2))).then((code) => (process.exitCode = code));
}
