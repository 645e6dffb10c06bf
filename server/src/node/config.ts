// Finds and reads the workspace configuration file `.anyscale-azure.json` for the CLI and the language server:
// the nearest one walking up from a file's folder, stopping at the workspace folder (or the filesystem root).
// Parsing is the service's (service/config/workspaceConfig.ts); this is the I/O around it, plus a cache.
import * as fs from 'node:fs';
import { readBoundedText, type BoundedReadError } from './boundedRead';
import { isWithin } from './isWithin';
import * as path from 'node:path';
import {
  CONFIG_FILE_NAME,
  type ConfigProblem,
  LineIndex,
  parseWorkspaceConfig,
  type WorkspaceConfig,
} from '../service';

export interface LoadedConfig extends WorkspaceConfig {
  readonly file: string;
  /** The problems as `file:line:column: message`, for a console. */
  readonly messages: readonly string[];
}

/** The nearest config file at or above `fromDir`; the walk stops at `stopDir` when `fromDir` is inside it. */
export function findConfigFile(fromDir: string, stopDir?: string): string | undefined {
  const stop = stopDir !== undefined && isWithin(stopDir, fromDir) ? path.resolve(stopDir) : undefined;
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    if (dir === stop || path.dirname(dir) === dir) return undefined;
  }
}

function describe(file: string, text: string, problem: ConfigProblem): string {
  const at = new LineIndex(text).positionAt(problem.start);
  return `${file}:${at.line + 1}:${at.character + 1}: ${problem.severity}: ${problem.message}`;
}

/** Reads and parses a config file; an unreadable file is a broken config. */
export function loadConfig(file: string): LoadedConfig {
  let text: string;
  try {
    text = readBoundedText(file);
  } catch (error) {
    const message = `${file}: ${(error as BoundedReadError).message}`;
    return { file, rules: {}, problems: [], broken: true, messages: [message] };
  }
  const config = parseWorkspaceConfig(text);
  return { ...config, file, messages: config.problems.map((problem) => describe(file, text, problem)) };
}

/** The language server's view: each folder's nearest config, read once until `invalidate()` (a watched file changed). */
export class ConfigFiles {
  private readonly byFolder = new Map<string, string | undefined>();
  private readonly byFile = new Map<string, LoadedConfig>();

  /** `roots` are the workspace folders; a file outside them looks up to the filesystem root. */
  constructor(
    private readonly roots: () => readonly string[],
    private readonly onProblems: (config: LoadedConfig) => void = () => undefined,
  ) {}

  /** The config that applies to a file, or undefined when there is none. */
  configFor(filePath: string): LoadedConfig | undefined {
    const folder = path.dirname(filePath);
    if (!this.byFolder.has(folder)) {
      const root = this.roots()
        .filter((r) => isWithin(r, folder))
        .sort((a, b) => b.length - a.length)[0];
      this.byFolder.set(folder, findConfigFile(folder, root));
    }
    const file = this.byFolder.get(folder);
    if (file === undefined) return undefined;
    let config = this.byFile.get(file);
    if (!config) {
      config = loadConfig(file);
      this.byFile.set(file, config);
      if (config.messages.length > 0) this.onProblems(config);
    }
    return config;
  }

  invalidate(): void {
    this.byFolder.clear();
    this.byFile.clear();
  }

  /**
   * True when a config file it read is at or under `deletedPath`: a deleted folder that took its config along comes
   * as one event for the folder, not one for the config file.
   */
  readUnder(deletedPath: string): boolean {
    return [...this.byFile.keys()].some((file) => isWithin(deletedPath, file));
  }
}

/** A config file the CLI cannot use: the run stops (exit code 2) rather than check with the wrong levels. */
export class ConfigError extends Error {}

/**
 * The CLI's rule levels per file: those of `explicitFile` (`--config`) for every file, else of each file's nearest
 * config (the walk stops at `cwd` for files inside it). Warnings go to `warn` once per config file; a broken
 * config throws ConfigError when a file it applies to is checked.
 */
export function cliConfigLevels(
  explicitFile: string | undefined,
  cwd: string,
  warn: (message: string) => void,
): (file: string) => LoadedConfig['rules'] {
  const reported = (config: LoadedConfig) => {
    if (config.broken) throw new ConfigError(config.messages.join('\n'));
    for (const message of config.messages) warn(message);
    return config;
  };
  const explicit = explicitFile === undefined ? undefined : reported(loadConfig(explicitFile));
  const nearest = new ConfigFiles(
    () => [cwd],
    (config) => !config.broken && config.messages.forEach(warn),
  );
  return (file) => {
    const config = explicit ?? nearest.configFor(file);
    if (config?.broken) throw new ConfigError(config.messages.join('\n'));
    return config?.rules ?? {};
  };
}
