// The file-system side of egress verification, shared by the language server and the CLI: read a workspace's
// templates and values files (or a targets file), and turn settings into probe options (CA file, proxy from the
// setting or HTTPS_PROXY/NO_PROXY, resolver overrides). The service itself stays free of I/O.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EgressSettings, EgressTargetInfo, EgressTargetsResult } from '../../../shared/protocol';
import {
  deriveWorkspaceTargets,
  parseTargetsFile,
  proxyConfig,
  proxyFromEnvironment,
  settingsNotInTargetsFile,
  type TargetsUse,
  type WorkspaceFile,
} from '../service';
import { systemResolver, withOverrides } from './egressProbe/resolver';
import type { ProbeOptions } from './egressProbe/engine';
import {
  type BoundedReadError,
  fileText,
  ioReason,
  notTextReason,
  readBoundedAsync,
  readBoundedTextAsync,
} from './boundedRead';
import { largeFileMayHoldFacts } from './workspaceScan';
import { byNameLinksLast, entryKind, isSkippedFolder, WalkedPaths } from './walkRules';
import { yieldToEventLoop } from './yieldToEventLoop';

const EXTENSIONS = /\.(jsonc?|ya?ml)$/i;

/** Which folders a walk of the workspace enters, which files it reads (full paths), and where it follows links. */
export interface WalkScope {
  entersFolder(dir: string): boolean;
  readsFile(file: string): boolean;
  followsLinksIn(dir: string): boolean;
}

/** The CLI's: every folder but node_modules and dot-folders (as check's), every JSON and YAML file, every link. */
const CLI_SCOPE: WalkScope = {
  entersFolder: (dir) => !isSkippedFolder(path.basename(dir)),
  readsFile: (file) => EXTENSIONS.test(file),
  followsLinksIn: () => true,
};
const MAX_FILES = 5000;
/** Files read between two turns of the event loop. */
const BATCH = 20;

/** What a walk of the workspace read, and what it could not: `path: why`, for the user to see. */
export interface WorkspaceRead {
  readonly files: WorkspaceFile[];
  readonly unread: string[];
}

/** How a walk of the workspace reads it; each part may be left out. */
export interface ReadWorkspaceOptions {
  /** Unsaved editor contents by path (the language server's open documents); none by default. */
  readonly openText?: (file: string) => string | undefined;
  /**
   * Which folders and files the walk reads: the CLI's by default; the language server passes the workspace index's,
   * so that egress reads the files the index shows.
   */
  readonly scope?: WalkScope;
}

/**
 * Templates and values files under the folders, with unsaved editor contents where `openText` has them.
 * A folder or file that cannot be read is listed in `unread`: the hosts it names are missing from the targets.
 * Symbolic links are followed where `scope` says (the scan: as `search.followSymlinks` says; the CLI: always), each
 * real folder walked and each real file read once (./walkRules.ts).
 * The walk gives the event loop a turn after each folder it lists and every BATCH files it reads: in the language
 * server it runs beside the editor's requests (a walk of this repository takes 0.2–0.4 s).
 */
export async function readWorkspaceFiles(
  folders: readonly string[],
  { openText = () => undefined, scope = CLI_SCOPE }: ReadWorkspaceOptions = {},
): Promise<WorkspaceRead> {
  const files: WorkspaceFile[] = [];
  const unread: string[] = [];
  let read = 0;
  /** The walk reached MAX_FILES with entries left to look at. */
  let stopped = false;
  const walked = new WalkedPaths();
  const walk = async (dir: string): Promise<void> => {
    let realDir: string;
    let entries: fs.Dirent[];
    try {
      realDir = await fs.promises.realpath(dir);
      if (!walked.entersFolder(realDir)) return;
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      unread.push(`${dir}: folder not read (${ioReason(error)})`);
      return;
    }
    entries.sort(byNameLinksLast);
    for (const entry of entries) {
      if (files.length >= MAX_FILES) {
        stopped = true;
        return;
      }
      const full = path.join(dir, entry.name);
      const kind = await entryKind(entry, full, scope.followsLinksIn(dir));
      if (kind === 'folder') {
        if (scope.entersFolder(full)) await walk(full);
      } else if (kind === 'file' && scope.readsFile(full)) {
        const real = entry.isSymbolicLink()
          ? await fs.promises.realpath(full).catch(() => full)
          : path.join(realDir, entry.name);
        if (!walked.readsFile(real)) continue;
        const text = openText(full) ?? (await readSmallFile(full, unread));
        if (text !== undefined) files.push({ path: full, text });
        if (++read % BATCH === 0) await yieldToEventLoop();
      }
    }
  };
  for (const folder of folders) await walk(folder);
  if (stopped)
    unread.push(`stopped after ${MAX_FILES.toLocaleString('en-US')} files: the hosts the rest name are missing`);
  return { files, unread };
}

/**
 * The file's text, read without blocking the event loop (the language server's); undefined, with why added to
 * `unread`, when it cannot be read or is over the size limit: the one `anyscale-azure check` reads templates to
 * (./boundedRead.ts), in the same words. A file over it is named only when it holds what the workspace index reads a
 * file for (an Anyscale type, an operator values key, a Gateway API apiVersion), searched a chunk at a time: a 20 MB
 * data file names no host, and is passed over as a smaller one is.
 */
async function readSmallFile(file: string, unread: string[]): Promise<string | undefined> {
  try {
    return await readBoundedTextAsync(file);
  } catch (error) {
    const { message, overLimit } = error as BoundedReadError;
    // A search that cannot read the file names it, with why it was not read.
    if (!overLimit || (await largeFileMayHoldFacts(file).catch(() => true)))
      unread.push(`${file}: not read (${message})`);
    return undefined;
  }
}

/**
 * A targets file replaces the derived list, hosts and cloud IDs from settings included: the message that names those
 * it does not list, rather than drop them silently; one it lists is taken from it and needs no word.
 */
function unusedBesideTargetsFile(
  settings: EgressSettings,
  file: string,
  listed: readonly EgressTargetInfo[],
): string[] {
  const { hosts, cloudIds } = settingsNotInTargetsFile(settings, listed);
  const quoted = (entries: string[]) => entries.map((entry) => `"${entry}"`).join(', ');
  const unused = [
    ...(hosts.length ? [`anyscaleAzure.egress.targets (CLI --host) ${quoted(hosts)}`] : []),
    ...(cloudIds.length ? [`anyscaleAzure.egress.cloudIds (CLI --cloud-id) ${quoted(cloudIds)}`] : []),
  ];
  return unused.length
    ? [`${unused.join(' and ')} not used: the targets file ${file} replaces the list; add those hosts to it`]
    : [];
}

/** How loadEgressTargets reads the workspace, and what for; each part may be left out. */
export interface LoadTargetsOptions extends ReadWorkspaceOptions {
  /** Probing (the default) or the allow-list, whose words a duplicate's line takes. */
  readonly use?: TargetsUse;
}

/**
 * The targets file if the settings name one (relative to the first folder), else the workspace's derived targets. Both
 * are read without blocking the event loop (the language server's). A targets file that cannot be read, or is not
 * one, gives no targets and a problem saying why (one that is lists at least one target): the editor's setting and
 * the CLI's --targets are read here, in the same words.
 */
export async function loadEgressTargets(
  folders: readonly string[],
  settings: EgressSettings,
  { openText, scope, use = 'probe' }: LoadTargetsOptions = {},
): Promise<EgressTargetsResult> {
  if (settings.targetsFile) {
    const file = path.resolve(folders[0] ?? process.cwd(), settings.targetsFile);
    try {
      const bytes = await readBoundedAsync(file);
      const notText = notTextReason(bytes, 'not a targets file (JSON)');
      if (notText !== undefined) throw new Error(notText);
      const duplicates: string[] = [];
      const targets = parseTargetsFile(fileText(bytes), (note) => duplicates.push(`${file}: ${note}`), use);
      return { targets, problems: [...duplicates, ...unusedBesideTargetsFile(settings, file, targets)] };
    } catch (error) {
      return {
        targets: [],
        problems: [`${file}: ${(error as Error).message}`, ...unusedBesideTargetsFile(settings, file, [])],
      };
    }
  }
  const { files, unread } = await readWorkspaceFiles(folders, { openText, scope });
  const derived = deriveWorkspaceTargets(files, settings, use);
  return unread.length > 0 ? { ...derived, problems: [...unread, ...derived.problems] } : derived;
}

/**
 * Probe options from settings; problems (an unreadable CA file, a bad proxy URL) are returned, not thrown. The CA file
 * is read without blocking the event loop (the language server's).
 */
export async function probeOptionsFrom(
  settings: EgressSettings,
  env: NodeJS.ProcessEnv,
  baseDir: string,
): Promise<{ options: ProbeOptions; problems: string[] }> {
  const problems: string[] = [];
  const options: ProbeOptions = {
    timeoutMs: settings.timeoutMs,
    concurrency: settings.concurrency,
    httpHead: settings.httpHead,
    resolver: withOverrides(settings.resolve, systemResolver),
  };
  if (settings.caFile) {
    try {
      const pem = (await readBoundedAsync(path.resolve(baseDir, settings.caFile))).toString('utf8');
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
