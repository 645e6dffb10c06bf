// The workspace's files that are not open, for the cross-file checks (a values file's iamIdentity against the
// principal ID on a cloud resource in a template nobody opened) and the workspace index (docs/index.md): finds *.json,
// *.jsonc, *.yaml and *.yml under the workspace folders, skipping node_modules, dot-folders and what files.exclude and
// search.exclude name, following symbolic links as search.followSymlinks says (each folder and file once), analyzes
// those that can hold Anyscale facts (a template with its parameter files), and keeps their facts in the
// WorkspaceIndex under their file URIs. Open documents win: while a file is open its facts come
// from the editor, not from disk. File-watcher events keep it current; a deleted folder arrives as one event for the
// folder (its files are forgotten) and a created or renamed one as one event for it (it is read). Bounded (file count
// per walk, a stop kept for the tree until the next scan or until the created folder that stopped goes; and size: the
// 16 MB `anyscale-azure check` reads to, with its message, kept for the tree, for a file over it that the index would
// have read, searched a chunk at a time, and for a template's parameter file over it; a file in UTF-16 the index would
// have read is kept for the tree with check's message too) and asynchronous, yielding to the event loop so the server
// keeps answering. The search is also egress's and `anyscale-azure index`'s.
import { constants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pathToFileURL } from 'node:url';
import {
  type AnalysisOptions,
  analyzeDocument,
  atParameterFileLevels,
  documentOutline,
  type FileOutline,
  globToRegExp,
  type OutlineOptions,
  isEmptyFacts,
  NO_FACTS,
  type ParameterFileInput,
  parseJson,
  wholeTree,
  type WorkspaceIndex,
  type WorkspaceOptions,
} from '../service';
import {
  BoundedReadError,
  fileText,
  ioReason,
  MAX_FILE_BYTES,
  NOT_CHECKED,
  readBoundedAsync,
  readBoundedTextAsync,
  tooLarge,
  utf16Decoded,
  utf16Text,
} from './boundedRead';
import { conventionalParameterFiles, conventionalTemplate } from './parameterFilePaths';
import { filePathOf } from './fileUri';
import { isWithin } from './isWithin';
import { entryKind, isSkippedFolder, WalkedPaths } from './walkRules';
import { yieldToEventLoop } from './yieldToEventLoop';

/** The file events the scanner reads (LSP's FileEvent: 1 created, 2 changed, 3 deleted). */
export interface FileEvent {
  readonly uri: string;
  readonly type: 1 | 2 | 3;
}

/** A candidate file the index could not read, and why (in the words `anyscale-azure check` uses). */
export interface UnreadFile {
  readonly uri: string;
  readonly reason: string;
}

export interface ScanResult {
  /** Candidate files (by name) looked at. */
  readonly files: number;
  /** Files whose text could hold facts, analyzed in full. */
  readonly analyzed: number;
  /** Files now in the index with facts. */
  readonly indexed: number;
  /** The scan stopped at MAX_FILES (truncated() says whether some walk since did). */
  readonly truncated: boolean;
  /** Some file's facts changed: open documents need checking again. */
  readonly changed: boolean;
  readonly durationMs: number;
}

const CANDIDATE = /\.(jsonc?|ya?ml)$/i;
export const MAX_FILES = 20_000;
/** Files read between two yields to the event loop. */
const BATCH = 20;

/** ARM matches resource types ignoring case, so the pre-filter does too. */
const ANYSCALE_TYPES_HINT = /Anyscale\.(Platform|AKS\.Operator)/i;
/** Operator values name one of these; other YAML (other charts, manifests) is skipped without a parse. */
const VALUES_HINT = /\b(cloudDeploymentId|cloudProvider|controlPlaneURL|iamIdentity|workloads|credentialMount)\s*:/;
/** Gateway API manifests (and Envoy Gateway's EnvoyProxy) name their API group in `apiVersion`. */
const GATEWAY_HINT = /\bapiVersion\s*:\s*['"]?gateway\.(networking\.k8s|envoyproxy)\.io\//;

/** A cheap look at the text before the full analysis: only these files can add facts to the index. */
export function mayHoldFacts(file: string, text: string): boolean {
  if (/\.ya?ml$/i.test(file)) return VALUES_HINT.test(text) || GATEWAY_HINT.test(text);
  return ANYSCALE_TYPES_HINT.test(text);
}

/**
 * The patterns of VS Code's `files.exclude` and `search.exclude` settings (glob → true, relative to the workspace
 * folder) that are on. A `{ "when": … }` sibling condition is not evaluated: such a pattern excludes nothing here.
 */
export function excludePatterns(...settings: unknown[]): string[] {
  const patterns: string[] = [];
  for (const setting of settings) {
    if (!setting || typeof setting !== 'object' || Array.isArray(setting)) continue;
    for (const [glob, on] of Object.entries(setting)) if (on === true && glob.trim() !== '') patterns.push(glob.trim());
  }
  return [...new Set(patterns)];
}

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/**
 * What reading a file gave: its text, or why a file that is there could not be read; undefined when it is gone, or
 * over MAX_FILE_BYTES with nothing the index would read in it.
 */
type FileRead = { readonly text: string } | { readonly unread: string } | undefined;

/** Bytes read at a time when a file over MAX_FILE_BYTES is searched for what mayHoldFacts looks for. */
export const SEARCH_CHUNK_BYTES = 1024 * 1024;
/**
 * Text carried from one chunk into the next, so that a marker the chunk boundary splits is found: far longer than
 * `Anyscale.AKS.Operator` or `apiVersion: gateway.networking.k8s.io/` (a key and its colon more than this apart,
 * with whitespace between them, would be missed).
 */
const SEARCH_OVERLAP_CHARACTERS = 1024;

/**
 * Whether a file too large to read whole holds what mayHoldFacts looks for (a template's Anyscale type, an operator
 * values key, a Gateway API apiVersion), read a chunk at a time: never more than a chunk in memory, and each chunk's
 * read a wait on the disk, so the server keeps answering. Egress searches the files it passes over with it too.
 */
export async function largeFileMayHoldFacts(file: string): Promise<boolean> {
  // Without blocking: a FIFO put there since the stat would wait for a writer.
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.allocUnsafe(SEARCH_CHUNK_BYTES);
    let carried = '';
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return false;
      const text = carried + decoder.write(chunk.subarray(0, bytesRead));
      if (mayHoldFacts(file, text)) return true;
      carried = text.slice(-SEARCH_OVERLAP_CHARACTERS);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Whether the index would read a file over MAX_FILE_BYTES, had it been smaller, so that the tree (and `anyscale-azure
 * index`) names it: one that holds what mayHoldFacts looks for, or a parameter file beside its template
 * (`<name>.parameters*.json`), read with it. A data file (a 20 MB training manifest) is none of these, and is passed
 * over as a smaller one would be.
 */
async function indexWouldRead(file: string): Promise<boolean> {
  return (await besideItsTemplate(file)) || largeFileMayHoldFacts(file);
}

/** A parameter file beside its template (`<name>.parameters*.json`), which the index reads with it. */
async function besideItsTemplate(file: string): Promise<boolean> {
  return !isYaml(file) && conventionalTemplate(file, await siblingsOf(file)) !== undefined;
}

/**
 * Whether a file of `size` bytes is passed over for its size, as a smaller data file is: over MAX_FILE_BYTES, the
 * limit `anyscale-azure check` reads files to, with nothing the index would read in it (indexWouldRead). The tree and
 * `anyscale-azure index` decide so alike; rejects when the file cannot be searched.
 */
export async function passedOverForSize(file: string, size: number): Promise<boolean> {
  return size > MAX_FILE_BYTES && !(await indexWouldRead(file));
}

/**
 * Reads a regular file of at most MAX_FILE_BYTES as check reads it (readBoundedAsync, fileText); over it, when it
 * cannot be read, or in UTF-16 (by its byte order mark, or looking like it without one: utf16Text), why, in check's
 * words (over it, only when it is not passed over: passedOverForSize; in UTF-16, only when the index would have read
 * it: utf16WouldBeRead). Gone (or not a regular file), or a UTF-16 data file: undefined.
 */
async function readFile(file: string): Promise<FileRead> {
  let bytes: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || (await passedOverForSize(file, stat.size))) return undefined;
    if (stat.size > MAX_FILE_BYTES) return { unread: tooLarge(stat.size).message };
    bytes = await readBoundedAsync(file);
  } catch (error) {
    // Replaced by a folder or FIFO, or gone, since the stat: as if the stat had seen it.
    if (error instanceof BoundedReadError)
      return error.notAFile || !(await isRegularFile(file)) ? undefined : { unread: error.message };
    const { code } = error as NodeJS.ErrnoException;
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : { unread: `cannot read: ${ioReason(error)}` };
  }
  const utf16 = utf16Text(bytes, NOT_CHECKED);
  if (utf16 === undefined) return { text: fileText(bytes) };
  return (await utf16WouldBeRead(file, bytes)) ? { unread: utf16 } : undefined;
}

/**
 * Whether the index would read a file in UTF-16, had it been UTF-8, so that the tree names it as check does: its
 * decoded text holds what mayHoldFacts looks for, or it is a parameter file beside its template. Another UTF-16 file
 * (a tool's JSON output) is passed over, as the same file in UTF-8 would be.
 */
async function utf16WouldBeRead(file: string, bytes: Buffer): Promise<boolean> {
  return mayHoldFacts(file, utf16Decoded(bytes) ?? '') || (await besideItsTemplate(file));
}

async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * How a file is analyzed: its rule levels and, for a template, its parameter files (the editor's, by default those
 * beside it), the rule levels of each parameter file's own checks, and the parameter files it is analyzed without
 * because they could not be read (the tree names them).
 */
export type AnalysisOptionsOf = (file: string) => ScanOptions | Promise<ScanOptions>;

type ScanOptions = AnalysisOptions &
  Pick<OutlineOptions, 'parameterFileLevels'> & { readonly unreadParameterFiles?: readonly UnreadFile[] };

async function siblingsOf(file: string): Promise<string[]> {
  try {
    return await fs.readdir(path.dirname(file));
  } catch {
    return [];
  }
}

/** The parameter files beside a template (`<name>.parameters*.json`) that parse, read from disk. */
async function parameterFilesBeside(file: string): Promise<ParameterFileInput[]> {
  const inputs: ParameterFileInput[] = [];
  for (const parameterFile of conventionalParameterFiles(file, await siblingsOf(file))) {
    try {
      // A UTF-16 one does not parse: the walk names it, beside its template.
      const text = await readBoundedTextAsync(parameterFile);
      const root = wholeTree(parseJson(text));
      if (root) inputs.push({ uri: pathToFileURL(parameterFile).href, root, text });
    } catch {
      // gone, not a regular file, over MAX_FILE_BYTES or unreadable: the template is read without it
    }
  }
  return inputs;
}

const BESIDE: AnalysisOptionsOf = async (file) =>
  isYaml(file) ? {} : { parameterFiles: await parameterFilesBeside(file) };

export class WorkspaceScan {
  private folders: readonly string[] = [];
  /** The exclude patterns of every folder without patterns of its own in `folderExcludes`. */
  private excludes: readonly RegExp[] = [];
  private folderExcludes = new Map<string, readonly RegExp[]>();
  /** VS Code's `search.followSymlinks` (on by default), for every folder or per folder (by absolute path). */
  private followSymlinks: boolean | ReadonlyMap<string, boolean> = true;
  /** Files whose facts came from disk, with the URI they are indexed under. */
  private readonly fromDisk = new Map<string, string>();
  /** Each template read from disk with the parameter files (URIs) it was read with. */
  private readonly parametersOf = new Map<string, readonly string[]>();
  /** Candidate files that are there but could not be read (over the size limit, unreadable), with why. */
  private readonly unread = new Map<string, string>();
  /**
   * Each template read from disk with the parameter files (by path) it was read without because they could not be
   * read, with why: those the `anyscaleAzure.parameterFiles` setting assigns may have any name, so the walk does not
   * name them.
   */
  private readonly unreadParametersOf = new Map<string, ReadonlyArray<readonly [string, string]>>();
  /** The last scan of the folders stopped at MAX_FILES. */
  private scanStopped = false;
  /** Folders created since that scan whose walk stopped at MAX_FILES. */
  private readonly stoppedFolders = new Set<string>();
  private recheckTimer?: NodeJS.Timeout;
  /**
   * The batches of file events being applied, and the scans, one after another: a file read for one is recorded
   * before the next is applied, so a delete that arrives while the file is being read (its parameter files deleted
   * just before it) is not undone by that read.
   */
  private applying: Promise<unknown> = Promise.resolve();

  /**
   * `isOpen(file)`: the editor has the file open, so its facts come from there. `optionsOf(file)`: how to analyze it.
   * `stateChanged()`: the files of `unreadFiles()` changed, or `truncated()` did.
   */
  constructor(
    private readonly index: WorkspaceIndex,
    private readonly isOpen: (file: string) => boolean,
    private readonly optionsOf: AnalysisOptionsOf = BESIDE,
    private readonly stateChanged: () => void = () => undefined,
  ) {}

  /**
   * Some candidate files were not looked at: the last scan of the folders, or the walk of a folder created since
   * (which has MAX_FILES of its own), stopped at MAX_FILES.
   */
  truncated(): boolean {
    return this.scanStopped || this.stoppedFolders.size > 0;
  }

  /**
   * The candidate files on disk the index holds nothing of because they could not be read, and the parameter files
   * the templates read from disk were read without, by path.
   */
  unreadFiles(): UnreadFile[] {
    const unread = new Map([...this.unread].filter(([file]) => !this.isOpen(file)));
    for (const [template, parameterFiles] of this.unreadParametersOf)
      if (!this.isOpen(template))
        for (const [file, reason] of parameterFiles) if (!this.isOpen(file)) unread.set(file, reason);
    return [...unread]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, reason]) => ({ uri: pathToFileURL(file).href, reason }));
  }

  /**
   * `files.exclude` and `search.exclude` patterns (see excludePatterns): one list for every folder, or a list per
   * folder (by absolute path), as VS Code lets each folder of a multi-root workspace set its own. The next scan
   * forgets the files they exclude.
   */
  setExcludes(patterns: readonly string[] | ReadonlyMap<string, readonly string[]>): void {
    const compiled = (list: readonly string[]) =>
      list.map((pattern) => globToRegExp(pattern.replace(/^\.\//, '').replace(/\/+$/, '')));
    if (Array.isArray(patterns)) {
      this.excludes = compiled(patterns);
      this.folderExcludes = new Map();
    } else {
      const byFolder = patterns as ReadonlyMap<string, readonly string[]>;
      this.excludes = [];
      this.folderExcludes = new Map([...byFolder].map(([folder, list]) => [path.resolve(folder), compiled(list)]));
    }
  }

  /**
   * VS Code's `search.followSymlinks`: one value for every folder, or one per folder (by absolute path); a folder
   * without one follows links, as VS Code's search does by default. The next scan applies it.
   */
  setFollowSymlinks(setting: boolean | ReadonlyMap<string, boolean>): void {
    this.followSymlinks =
      typeof setting === 'boolean' ? setting : new Map([...setting].map(([folder, on]) => [path.resolve(folder), on]));
  }

  private followsLinks(root: string): boolean {
    return typeof this.followSymlinks === 'boolean' ? this.followSymlinks : (this.followSymlinks.get(root) ?? true);
  }

  /**
   * Whether another walk of the workspace (egress's, the parameterFiles setting's lookup) follows the symbolic links in
   * a folder, as this scan does: `search.followSymlinks` of the workspace folder it is in.
   */
  followsLinksIn(dir: string): boolean {
    return this.followsLinks(this.rootOf(path.resolve(dir)) ?? dir);
  }

  /**
   * Whether the workspace index shows a document: a file the scan would read (in a workspace folder, a candidate by
   * name, not skipped nor excluded); with no workspace folder, every document.
   */
  shows(uri: string): boolean {
    if (this.folders.length === 0) return true;
    const file = filePathOf(uri);
    return file !== undefined && this.inScope(file);
  }

  /**
   * Scans the folders (absolute paths) and indexes what the files on disk hold: after the batches of file events
   * being applied, and before those that arrive meanwhile, so that a file deleted while the scan reads it is forgotten
   * after that read is recorded, not recorded after it is forgotten.
   */
  scan(folders: readonly string[]): Promise<ScanResult> {
    this.folders = folders.map((folder) => path.resolve(folder));
    const scanned = this.applying.then(() => this.scanFolders());
    this.applying = scanned.catch(() => undefined);
    return scanned;
  }

  private async scanFolders(): Promise<ScanResult> {
    const started = performance.now();
    const walked = await this.walk(this.folders.map((folder) => ({ dir: folder, root: folder })));
    let changed = walked.changed;
    this.setStopped(() => {
      this.scanStopped = walked.truncated;
      this.stoppedFolders.clear();
    });
    // Files indexed before that this scan did not find (deleted, now excluded, or outside the folders) go.
    if (!walked.truncated) {
      for (const file of [...this.fromDisk.keys()]) if (!walked.seen.has(file)) changed = this.forget(file) || changed;
      for (const file of [...this.unread.keys()]) if (!walked.seen.has(file)) this.setUnread(file, undefined);
    }
    // Values files read before the templates they are checked against were: read them again against the whole index.
    if (changed) await this.rereadWorkspaceReaders();
    return {
      files: walked.seen.size,
      analyzed: walked.analyzed,
      indexed: this.fromDisk.size,
      truncated: walked.truncated,
      changed,
      durationMs: performance.now() - started,
    };
  }

  /**
   * Reads the candidate files under the folders `dir` (each in the scanned folder `root`, whose excludes apply), at
   * most MAX_FILES of them, and records what they hold.
   */
  private async walk(
    starts: ReadonlyArray<{ dir: string; root: string }>,
  ): Promise<{ seen: Set<string>; analyzed: number; changed: boolean; truncated: boolean }> {
    let analyzed = 0;
    let changed = false;
    let truncated = false;
    const seen = new Set<string>();
    /** A loop of links outside the folders ends, a file is read once. */
    const walked = new WalkedPaths();
    const pending = [...starts];
    while (pending.length > 0 && !truncated) {
      const { dir, root } = pending.shift()!;
      let realDir: string;
      let entries: import('node:fs').Dirent[];
      try {
        realDir = await fs.realpath(dir);
        if (!walked.entersFolder(realDir)) continue;
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      const candidates: string[] = [];
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        const kind = await entryKind(entry, full, this.followsLinks(root));
        if (kind === undefined) continue;
        let real = path.join(realDir, entry.name);
        if (entry.isSymbolicLink()) {
          real = await fs.realpath(full).catch(() => '');
          // A link to what the walk reaches on its own path (an ancestor folder too) is read there, not twice.
          const reachedOnItsOwn =
            kind === 'folder' ? this.rootOf(real) !== undefined && this.entersFolder(real) : this.inScope(real);
          if (real === '' || reachedOnItsOwn) continue;
        }
        if (kind === 'folder') {
          if (!isSkippedFolder(entry.name) && !this.excluded(root, full)) pending.push({ dir: full, root });
        } else if (CANDIDATE.test(entry.name) && !this.excluded(root, full)) {
          if (!walked.readsFile(real)) continue;
          if (seen.size >= MAX_FILES) {
            truncated = true;
            break;
          }
          seen.add(full);
          candidates.push(full);
        }
      }
      // A batch of files read at once (the reads wait on the disk, not on us), then recorded in name order.
      for (let from = 0; from < candidates.length; from += BATCH) {
        const batch = candidates.slice(from, from + BATCH).filter((file) => !this.isOpen(file));
        const reads = await Promise.all(batch.map(readFile));
        for (let i = 0; i < batch.length; i++) {
          const result = await this.record(batch[i], reads[i]);
          if (result.analyzed) analyzed++;
          changed = result.changed || changed;
        }
        await yieldToEventLoop();
      }
    }
    return { seen, analyzed, changed, truncated };
  }

  /**
   * After a change to the facts the cross-file checks read: the files read from disk whose findings depend on other
   * files (values files and Gateway manifests) are analyzed again for their problems in the index — soon, on a timer,
   * so that the change itself is announced first.
   */
  recheckWorkspaceReaders(): void {
    this.recheckTimer ??= setTimeout(() => {
      this.recheckTimer = undefined;
      void this.rereadWorkspaceReaders();
    }, 0);
  }

  private async rereadWorkspaceReaders(): Promise<void> {
    let read = 0;
    for (const file of [...this.fromDisk.keys()]) {
      if (!isYaml(file)) continue;
      await this.read(file);
      if (++read % BATCH === 0) await yieldToEventLoop();
    }
  }

  /**
   * Applies file-watcher events; true when the facts the cross-file checks read changed. A changed parameter file has
   * its template read again; a change to those facts has the values files read again (recheckWorkspaceReaders). A
   * folder comes as one event, not one per file: deleted, every file indexed under it is forgotten (and the templates
   * read with parameter files from it are read again); created (or renamed, a delete and a create), it is read.
   */
  changed(events: readonly FileEvent[]): Promise<boolean> {
    const applied = this.applying.then(() => this.apply(events));
    this.applying = applied.catch(() => undefined);
    return applied;
  }

  private async apply(events: readonly FileEvent[]): Promise<boolean> {
    // The last event of a path decides: the path is read as it is now, or forgotten.
    const latest = new Map<string, FileEvent>();
    for (const event of events) {
      const file = filePathOf(event.uri);
      if (file === undefined) continue;
      latest.delete(file);
      latest.set(file, event);
    }
    let changed = false;
    const done = new Set<string>();
    /** Folders read whole in this batch: the events under them are already read. */
    const walked: string[] = [];
    for (const [file, event] of latest) {
      if (walked.some((folder) => isWithin(folder, file))) continue;
      if (event.type === 3) changed = this.deleted(file) || changed;
      else if (this.inScope(file)) changed = (await this.read(file)).changed || changed;
      else if (event.type === 1 && this.entersCreatedFolder(file) && (await isFolder(file))) {
        walked.push(file);
        const walk = await this.walk([{ dir: file, root: this.rootOf(file)! }]);
        changed = walk.changed || changed;
        this.setStopped(() => (walk.truncated ? this.stoppedFolders.add(file) : this.stoppedFolders.delete(file)));
        continue;
      } else continue;
      done.add(file);
      for (const template of await this.templatesReading(file, event.uri)) {
        if (done.has(template) || !this.inScope(template)) continue;
        changed = (await this.read(template)).changed || changed;
        done.add(template);
      }
    }
    if (changed) this.recheckWorkspaceReaders();
    return changed;
  }

  /** A path was deleted: the file, or every file under the folder, is forgotten, and so is a folder's stop. */
  private deleted(deletedPath: string): boolean {
    let changed = false;
    for (const file of [...this.fromDisk.keys()])
      if (isWithin(deletedPath, file)) changed = this.forget(file) || changed;
    for (const file of [...this.unread.keys()]) if (isWithin(deletedPath, file)) this.setUnread(file, undefined);
    this.setStopped(() => {
      for (const folder of [...this.stoppedFolders])
        if (isWithin(deletedPath, folder)) this.stoppedFolders.delete(folder);
    });
    return changed;
  }

  /** Applies `change` to what stopped at MAX_FILES, and says so when truncated() changed with it. */
  private setStopped(change: () => void): void {
    const was = this.truncated();
    change();
    if (this.truncated() !== was) this.stateChanged();
  }

  /** A folder the scan would enter, created inside a scanned folder (not the scanned folder itself). */
  private entersCreatedFolder(dir: string): boolean {
    const root = this.rootOf(dir);
    return root !== undefined && root !== dir && this.entersFolder(dir);
  }

  /** The scanned folder a path is in. */
  private rootOf(file: string): string | undefined {
    return this.folders.find((folder) => isWithin(folder, file));
  }

  /**
   * The templates on disk a file is a parameter file of (read with it, or beside it by name), or, for a folder, that
   * were read with a parameter file under it.
   */
  private async templatesReading(file: string, uri: string): Promise<string[]> {
    if (isYaml(file)) return [];
    const templates = [...this.parametersOf]
      .filter(([, parameterFiles]) =>
        parameterFiles.some((parameterUri) => {
          if (parameterUri === uri) return true;
          const parameterFile = filePathOf(parameterUri);
          return parameterFile !== undefined && isWithin(file, parameterFile);
        }),
      )
      .map(([template]) => template);
    if (!this.inScope(file)) return templates;
    const beside = conventionalTemplate(file, await siblingsOf(file));
    return beside !== undefined && !templates.includes(beside) ? [...templates, beside] : templates;
  }

  /** A document was opened: an entry of the disk version under another spelling of its URI goes. */
  opened(uri: string): boolean {
    const file = filePathOf(uri);
    const diskUri = file && this.fromDisk.get(file);
    if (!file || !diskUri || diskUri === uri) return false;
    this.fromDisk.delete(file);
    this.parametersOf.delete(file);
    return this.index.delete(diskUri);
  }

  /** A document was closed: its disk version's facts take its place. */
  async closed(uri: string): Promise<boolean> {
    const file = filePathOf(uri);
    return file !== undefined && this.inScope(file) ? (await this.read(file)).changed : false;
  }

  /**
   * The scan's rule for another walk of the workspace (the editor's egress targets): a folder is entered unless it is
   * node_modules, a dot-folder or excluded, as here; outside the scanned folders only the first two apply.
   */
  entersFolder(dir: string): boolean {
    const root = this.rootOf(dir);
    if (root === undefined) return !isSkippedFolder(path.basename(dir));
    const relative = path.relative(root, dir);
    return relative === '' || (!relative.split(path.sep).some(isSkippedFolder) && !this.excluded(root, dir));
  }

  /** A file that walk reads: a candidate by name, and in scope when it is in a scanned folder. */
  readsFile(file: string): boolean {
    return this.folders.some((folder) => isWithin(folder, file)) ? this.inScope(file) : CANDIDATE.test(file);
  }

  /** Inside a scanned folder, a candidate by name, and not under node_modules or a dot-folder, nor excluded. */
  private inScope(file: string): boolean {
    if (!CANDIDATE.test(file)) return false;
    return this.folders.some((folder) => {
      const relative = path.relative(folder, file);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
      return !relative.split(path.sep).slice(0, -1).some(isSkippedFolder) && !this.excluded(folder, file);
    });
  }

  /** An exclude pattern matches the path (relative to its workspace folder) or one of the folders above it. */
  private excluded(root: string, full: string): boolean {
    const excludes = this.folderExcludes.get(root) ?? this.excludes;
    if (excludes.length === 0) return false;
    const segments = path.relative(root, full).split(path.sep);
    for (let depth = 1; depth <= segments.length; depth++) {
      const relative = segments.slice(0, depth).join('/');
      if (excludes.some((pattern) => pattern.test(relative))) return true;
    }
    return false;
  }

  /** The disk version of a file is gone: its facts go, unless the editor has it open (then they are the editor's). */
  private forget(file: string): boolean {
    const uri = this.fromDisk.get(file);
    this.fromDisk.delete(file);
    this.parametersOf.delete(file);
    this.setUnreadParameterFiles(file, []);
    return uri !== undefined && !this.isOpen(file) && this.index.delete(uri);
  }

  /** Notes why a file could not be read (undefined: it could, or it is gone). */
  private setUnread(file: string, reason: string | undefined): void {
    if (this.unread.get(file) === reason) return;
    if (reason === undefined) this.unread.delete(file);
    else this.unread.set(file, reason);
    this.stateChanged();
  }

  /** Notes the parameter files a template was read without, and why (none: it was read with all of them). */
  private setUnreadParameterFiles(template: string, files: ReadonlyArray<readonly [string, string]>): void {
    if (JSON.stringify(this.unreadParametersOf.get(template) ?? []) === JSON.stringify(files)) return;
    if (files.length === 0) this.unreadParametersOf.delete(template);
    else this.unreadParametersOf.set(template, files);
    this.stateChanged();
  }

  /** Reads one file from disk and records its facts (none when it is gone, too large, or not ours). */
  private async read(file: string): Promise<{ analyzed: boolean; changed: boolean }> {
    if (this.isOpen(file)) return { analyzed: false, changed: false };
    return this.record(file, await readFile(file));
  }

  /** Records what a file's text adds to the index (nothing when it is gone, too large or unreadable). */
  private async record(file: string, read: FileRead): Promise<{ analyzed: boolean; changed: boolean }> {
    // Opened while the file was being read: the editor's version is already in the index.
    if (this.isOpen(file)) return { analyzed: false, changed: false };
    this.setUnread(file, read !== undefined && 'unread' in read ? read.unread : undefined);
    const text = read !== undefined && 'text' in read ? read.text : undefined;
    const analyzed = text !== undefined && mayHoldFacts(file, text);
    const uri = this.fromDisk.get(file) ?? pathToFileURL(file).href;
    let facts = NO_FACTS;
    let outline: FileOutline | undefined;
    let parameterFiles: readonly string[] = [];
    let unreadParameterFiles: ReadonlyArray<readonly [string, string]> = [];
    if (analyzed) {
      try {
        const {
          parameterFileLevels,
          unreadParameterFiles: unreadInputs = [],
          ...analysisOptions
        } = await this.optionsOf(file);
        const options: AnalysisOptions & WorkspaceOptions = { ...analysisOptions, uri, workspace: this.index };
        unreadParameterFiles = unreadInputs.flatMap(({ uri, reason }) => {
          const parameterFile = filePathOf(uri);
          return parameterFile === undefined ? [] : [[parameterFile, reason] as const];
        });
        // The unread ones too: a change to one has the template read again (templatesReading).
        parameterFiles = [...(options.parameterFiles ?? []), ...unreadInputs].map((input) => input.uri);
        const analysis = analyzeDocument(text!, { fileName: file }, options);
        facts = analysis.facts;
        // What a value causes counts in its parameter file at that file's levels, as the editor shows it there.
        const counted = atParameterFileLevels(analysis, text!, file, options.parameterFiles ?? [], {
          ruleLevels: options.ruleLevels,
          workspace: this.index,
          parameterFileLevels: parameterFileLevels ?? (() => undefined),
        });
        outline = documentOutline(counted, text!, options.parameterFiles, { parameterFileLevels });
      } catch {
        facts = NO_FACTS; // a file the analyzers cannot read adds nothing
      }
    }
    // Opened while the options were read.
    if (this.isOpen(file)) return { analyzed: false, changed: false };
    const changed = this.index.record(uri, facts, outline);
    if (isEmptyFacts(facts) && !outline) {
      this.fromDisk.delete(file);
      this.parametersOf.delete(file);
      this.setUnreadParameterFiles(file, []);
    } else {
      this.setUnreadParameterFiles(file, unreadParameterFiles);
      this.fromDisk.set(file, uri);
      if (parameterFiles.length > 0) this.parametersOf.set(file, parameterFiles);
      else this.parametersOf.delete(file);
    }
    return { analyzed, changed };
  }
}
