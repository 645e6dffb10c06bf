// The file-system side of egress verification, shared by the language server and the CLI: read a workspace's
// templates and values files (or a targets file), and turn settings into probe options (CA file, proxy from the
// setting or HTTPS_PROXY/NO_PROXY, resolver overrides). The service itself stays free of I/O.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EgressSettings, EgressTargetsResult } from '../../../shared/protocol';
import {
  deriveWorkspaceTargets,
  parseTargetsFile,
  proxyConfig,
  proxyFromEnvironment,
  type WorkspaceFile,
} from '../service';
import { systemResolver, withOverrides } from './egressProbe/resolver';
import type { ProbeOptions } from './egressProbe/engine';
import { readBounded } from './boundedRead';
import { yieldToEventLoop } from './yieldToEventLoop';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.tools', 'dist', 'out', '.vscode-test']);
const EXTENSIONS = /\.(jsonc?|ya?ml)$/i;

/** Which folders a walk of the workspace enters and which files it reads (full paths). */
export interface WalkScope {
  entersFolder(dir: string): boolean;
  readsFile(file: string): boolean;
}

/** The CLI's: every folder but dependencies, VCS and build output, every JSON and YAML file. */
const CLI_SCOPE: WalkScope = {
  entersFolder: (dir) => !SKIPPED_FOLDERS.has(path.basename(dir)),
  readsFile: (file) => EXTENSIONS.test(file),
};
const MAX_SCANNED_FILE_BYTES = 4 * 1024 * 1024;
const MAX_FILES = 5000;
/** Files read between two turns of the event loop. */
const BATCH = 20;

/**
 * Templates and values files under the folders; `openText` supplies unsaved editor contents by path. `scope`: the
 * CLI's by default; the language server passes the workspace index's, so that egress reads the files the index shows.
 * The walk gives the event loop a turn after each folder it lists and every BATCH files it reads: in the language
 * server it runs beside the editor's requests (a walk of this repository takes 0.2–0.4 s).
 */
export async function readWorkspaceFiles(
  folders: readonly string[],
  openText: (file: string) => string | undefined = () => undefined,
  scope: WalkScope = CLI_SCOPE,
): Promise<WorkspaceFile[]> {
  const files: WorkspaceFile[] = [];
  let read = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (files.length >= MAX_FILES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (scope.entersFolder(full)) await walk(full);
      } else if (entry.isFile() && scope.readsFile(full)) {
        const text = openText(full) ?? readSmallFile(full);
        if (text !== undefined) files.push({ path: full, text });
        if (++read % BATCH === 0) await yieldToEventLoop();
      }
    }
  };
  for (const folder of folders) await walk(folder);
  return files;
}

function readSmallFile(file: string): string | undefined {
  try {
    return readBounded(file, MAX_SCANNED_FILE_BYTES)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** The targets file if the settings name one (relative to the first folder), else the workspace's derived targets. */
export async function loadEgressTargets(
  folders: readonly string[],
  settings: EgressSettings,
  openText?: (file: string) => string | undefined,
  scope?: WalkScope,
): Promise<EgressTargetsResult> {
  if (settings.targetsFile) {
    const file = path.resolve(folders[0] ?? process.cwd(), settings.targetsFile);
    // The file replaces the derived list, hosts and cloud IDs from settings included: say so rather than drop them.
    const unused = [
      ...(settings.targets?.length ? ['anyscaleAzure.egress.targets (CLI --host)'] : []),
      ...(settings.cloudIds?.length ? ['anyscaleAzure.egress.cloudIds (CLI --cloud-id)'] : []),
    ];
    const problems = unused.length
      ? [`${unused.join(' and ')} not used: the targets file ${file} replaces the list; add those hosts to it`]
      : [];
    try {
      return { targets: parseTargetsFile(readBounded(file).toString('utf8')), problems };
    } catch (error) {
      return { targets: [], problems: [`${file}: ${(error as Error).message}`, ...problems] };
    }
  }
  return deriveWorkspaceTargets(await readWorkspaceFiles(folders, openText, scope), settings);
}

/** Probe options from settings; problems (an unreadable CA file, a bad proxy URL) are returned, not thrown. */
export function probeOptionsFrom(
  settings: EgressSettings,
  env: NodeJS.ProcessEnv,
  baseDir: string,
): { options: ProbeOptions; problems: string[] } {
  const problems: string[] = [];
  const options: ProbeOptions = {
    timeoutMs: settings.timeoutMs,
    concurrency: settings.concurrency,
    httpHead: settings.httpHead,
    resolver: withOverrides(settings.resolve, systemResolver),
  };
  if (settings.caFile) {
    try {
      const pem = readBounded(path.resolve(baseDir, settings.caFile)).toString('utf8');
      // Not PEM (a DER file, a key, an empty file): TLS would drop it silently and the run mislead.
      if (pem.includes('-----BEGIN CERTIFICATE-----')) options.extraCa = pem;
      else problems.push(`CA file ${settings.caFile}: holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    } catch (error) {
      problems.push(`CA file ${settings.caFile}: ${(error as Error).message}`);
    }
  }
  try {
    options.proxy = settings.proxy ? proxyConfig(settings.proxy, settings.noProxy ?? []) : proxyFromEnvironment(env);
  } catch (error) {
    problems.push(`proxy: ${(error as Error).message}`);
  }
  return { options, problems };
}
