// `anyscale-azure index [--format text|json] <folders>...`: the workspace index of the files `check` would read (the
// same discovery: ./files), as the Cloud Resources tree shows it — clouds, their cloud resources with where each is
// declared and its problems, and the files related to each (docs/index.md). Templates are read with the parameter
// files beside them, and each file with the rule levels of its own .anyscale-azure.json, like `check`. A file over
// check's 16 MB is treated as the Cloud Resources tree treats it: passed over unless the index would have read it.
// Exit codes: 0, or 2 for a usage error or a file that could not be read (a binary file or one that cannot be parsed,
// named, included, as for check).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  analyzeDocument,
  atParameterFileLevels,
  cloudTree,
  documentOutline,
  type RuleLevel,
  WorkspaceIndex,
} from '../service';
import { conventionalParameterFiles } from '../node/parameterFilePaths';
import { mayHoldFacts, passedOverForSize } from '../node/workspaceScan';
import { cliConfigLevels } from '../node/config';
import {
  namedFileNotParsed,
  notReadByOurParser,
  readParameterFiles,
  readTargets,
  renderedLaterMessage,
  siblingsOf,
} from './check';
import { expand, foldersOfNoneOfOurs, type Target } from './files';
import type { CliRun } from './report';
import { formatIndexJson, formatIndexText, type IndexRun } from './formats/cloudIndex';
import { parseCommandLine } from './args';

export const INDEX_USAGE = `Usage: anyscale-azure index [options] <folders | files | globs>...

Prints the Anyscale clouds the files declare: each cloud's cloud resources (provider, region, location, primary or
not, where each is declared and its problems) and the files related to each. The same files as "check" are read;
templates with the <name>.parameters[.*].json files beside them. A file over 16 MB is searched for what the index
reads (an Anyscale type, an operator values key, a Gateway API apiVersion): without it (a data file) it is passed
over, as a smaller one is; with it, or beside its template as a parameter file, it is named as check names it.

Options:
  --format <text|json>   Output format (default: text); the JSON shape is in docs/cli.md
  --config <file>        Read rule levels from this file instead of the nearest .anyscale-azure.json
  -h, --help             Show this help

Exit codes: 0 the index was printed, 2 usage error or a file or folder that could not be read (a file over 16 MB
named as above, or a binary file or one that cannot be parsed named, included, as check names them; found in a
folder, they are passed over).
`;

export class IndexUsageError extends Error {}

export interface IndexOptions {
  readonly configLevels?: (file: string) => Readonly<Record<string, RuleLevel>>;
  readonly cwd: string;
}

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/**
 * The targets without the files the tree passes over for their size (passedOverForSize: over MAX_FILE_BYTES, no
 * marker found, searched a chunk at a time, and not a parameter file beside its template), named or found, as a
 * smaller data file is. The others are read as check reads them, so one over the limit is named with check's message.
 */
async function withoutLargeDataFiles(targets: readonly Target[]): Promise<Target[]> {
  const kept: Target[] = [];
  for (const target of targets) {
    let size = 0;
    try {
      const stat = await fs.stat(target.absolute);
      if (stat.isFile()) size = stat.size;
    } catch {
      // Missing or unreadable: readTargets says why.
    }
    // A search that cannot read the file keeps it: readTargets says why.
    if (!(await passedOverForSize(target.absolute, size).catch(() => false))) kept.push(target);
  }
  return kept;
}

/** Reads the targets into a workspace index (templates first, then the YAML files checked against it) and assembles it. */
export async function indexTargets(targets: Target[], options: IndexOptions): Promise<IndexRun> {
  const run: Pick<CliRun, 'problems'> = { problems: [] };
  const notChecked: CliRun['notChecked'] = [];
  const displays = new Map<string, string>(targets.map((target) => [target.absolute, target.display]));
  const displayOfPath = (file: string) => displays.get(file) ?? path.relative(options.cwd, file);
  const pathOf = new Map<string, string>();
  const workspace = new WorkspaceIndex();
  const texts = readTargets(await withoutLargeDataFiles(targets), run);
  const relevant = [...texts].filter(([target, text]) => mayHoldFacts(target.absolute, text));
  // A file named that cannot be parsed is named as check names it; one found in a folder is passed over.
  for (const [target, text] of texts) {
    if (!target.explicit || mayHoldFacts(target.absolute, text)) continue;
    const analysis = analyzeDocument(text, { fileName: target.absolute });
    const unparsable = namedFileNotParsed(target, text, analysis);
    const [unread] = analysis.syntaxErrors;
    if (unparsable) run.problems.push(unparsable);
    else if (unread?.onlyThisParserRejects) notChecked.push(notReadByOurParser(target, text, unread));
  }
  // YAML last: a values file's findings depend on the templates' facts.
  relevant.sort(([a], [b]) => Number(isYaml(a.absolute)) - Number(isYaml(b.absolute)));
  for (const [target, text] of relevant) {
    const uri = pathToFileURL(target.absolute).href;
    pathOf.set(uri, target.absolute);
    const ruleLevels = options.configLevels?.(target.absolute);
    let parameterFiles: ReturnType<typeof readParameterFiles> = [];
    if (!isYaml(target.absolute)) {
      const files = conventionalParameterFiles(target.absolute, siblingsOf(target.absolute));
      for (const file of files) {
        // Named beside its template, in the same form.
        if (!displays.has(file))
          displays.set(
            file,
            target.display.slice(0, target.display.length - path.basename(target.display).length) + path.basename(file),
          );
        pathOf.set(pathToFileURL(file).href, file);
      }
      parameterFiles = readParameterFiles(files, { problems: run.problems, notChecked }, displayOfPath).map(
        (input) => ({
          ...input,
          uri: pathToFileURL(input.uri).href,
        }),
      );
    }
    const analysis = analyzeDocument(
      text,
      { fileName: target.absolute },
      { ruleLevels, parameterFiles, uri, workspace },
    );
    const later = analysis.kind === 'other' ? analysis.renderedLater : undefined;
    if (later && (target.explicit || later.kind !== 'other'))
      notChecked.push({ file: target.display, message: renderedLaterMessage(text, later) });
    const [unread] = analysis.syntaxErrors;
    if (unread?.onlyThisParserRejects) notChecked.push(notReadByOurParser(target, text, unread));
    const parameterFileLevels = (file: string) => options.configLevels?.(pathOf.get(file) ?? file);
    // What a value causes counts in its parameter file at that file's levels, as check reports it there.
    const counted = atParameterFileLevels(analysis, text, target.absolute, parameterFiles, {
      ruleLevels,
      workspace,
      parameterFileLevels,
    });
    workspace.record(uri, analysis.facts, documentOutline(counted, text, parameterFiles, { parameterFileLevels }));
  }
  const displayOf = (uri: string) => displayOfPath(pathOf.get(uri) ?? uri);
  // A folder named whose every file is none of ours: said, as check says it.
  const kept = new Set(relevant.map(([target]) => target));
  notChecked.push(
    ...foldersOfNoneOfOurs(
      targets,
      [...texts.keys()].filter((target) => !kept.has(target)),
    ),
  );
  return {
    clouds: cloudTree(workspace.outlines()),
    problems: run.problems,
    notChecked,
    displayOf,
    filesRead: texts.size,
  };
}

function parseIndexArgs(argv: string[]): { format: 'text' | 'json'; config?: string; paths: string[] } {
  const { values, positionals } = parseCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    },
    IndexUsageError,
    'index',
  );
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new IndexUsageError(`unknown format "${format}": use text or json`);
  if (positionals.length === 0) throw new IndexUsageError('name at least one folder, file or glob to index');
  return { format, config: values.config, paths: positionals };
}

/** Runs `anyscale-azure index`; a usage error or an unusable config file rejects (IndexUsageError, ConfigError). */
export async function runIndex(argv: string[], cwd: string): Promise<number> {
  const options = parseIndexArgs(argv);
  const { targets, unmatched, problems, passedOver } = expand(options.paths, cwd);
  const configLevels = cliConfigLevels(
    options.config === undefined ? undefined : path.resolve(cwd, options.config),
    cwd,
    // Each message says where and how bad: `<file>:1:14: warning: unknown rule …`.
    (message) => process.stderr.write(`anyscale-azure: ${message}\n`),
  );
  const run = await indexTargets(targets, { configLevels, cwd });
  const allProblems = [
    ...problems,
    ...run.problems,
    ...unmatched.map((pattern) => ({ file: pattern, message: 'no files match' })),
  ];
  process.stdout.write(options.format === 'json' ? formatIndexJson(run) : formatIndexText(run));
  for (const skipped of [...passedOver, ...run.notChecked])
    process.stderr.write(`anyscale-azure: warning: ${skipped.file}: ${skipped.message}\n`);
  for (const problem of allProblems) process.stderr.write(`anyscale-azure: ${problem.file}: ${problem.message}\n`);
  return allProblems.length > 0 ? 2 : 0;
}
