// The workspace's files that are not open, for the cross-file checks (a values file's iamIdentity against the
// principal ID on a cloud resource in a template nobody opened): finds *.json, *.jsonc, *.yaml and *.yml under the
// workspace folders, analyzes those that can hold Anyscale facts, and keeps their facts in the WorkspaceIndex under
// their file URIs. Open documents win: while a file is open its facts come from the editor, not from disk.
// Bounded (file count and size) and asynchronous, yielding to the event loop so the server keeps answering.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyzeDocument } from '../service/analyze';
import { isEmptyFacts, NO_FACTS, type WorkspaceIndex } from '../service/index/workspaceIndex';
import { filePathOf } from './fileUri';

/** The file events the scanner reads (LSP's FileEvent: 1 created, 2 changed, 3 deleted). */
export interface FileEvent {
  readonly uri: string;
  readonly type: 1 | 2 | 3;
}

export interface ScanResult {
  /** Candidate files (by name) looked at. */
  readonly files: number;
  /** Files whose text could hold facts, analyzed in full. */
  readonly analyzed: number;
  /** Files now in the index with facts. */
  readonly indexed: number;
  /** The scan stopped at MAX_FILES. */
  readonly truncated: boolean;
  /** Some file's facts changed: open documents need checking again. */
  readonly changed: boolean;
  readonly durationMs: number;
}

const CANDIDATE = /\.(jsonc?|ya?ml)$/i;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 20_000;
/** Files read between two yields to the event loop. */
const BATCH = 20;

/** ARM matches resource types ignoring case, so the pre-filter does too. */
const ANYSCALE_TYPES_HINT = /Anyscale\.(Platform|AKS\.Operator)/i;
/** Operator values name one of these; other YAML (other charts, manifests) is skipped without a parse. */
const VALUES_HINT = /\b(cloudDeploymentId|cloudProvider|controlPlaneURL|iamIdentity|workloads|credentialMount)\s*:/;

/** A cheap look at the text before the full analysis: only these files can add facts to the index. */
export function mayHoldFacts(file: string, text: string): boolean {
  if (/\.ya?ml$/i.test(file)) return VALUES_HINT.test(text);
  return ANYSCALE_TYPES_HINT.test(text);
}

/** node_modules and dot-folders (.git, .vscode, .venv …) are never scanned. */
function skippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class WorkspaceScan {
  private folders: readonly string[] = [];
  /** Files whose facts came from disk, with the URI they are indexed under. */
  private readonly fromDisk = new Map<string, string>();

  /** `isOpen(file)`: the editor has the file open, so its facts come from there. */
  constructor(
    private readonly index: WorkspaceIndex,
    private readonly isOpen: (file: string) => boolean,
  ) {}

  /** Scans the folders (absolute paths) and indexes what the files on disk hold. */
  async scan(folders: readonly string[]): Promise<ScanResult> {
    const started = performance.now();
    this.folders = folders.map((folder) => path.resolve(folder));
    let files = 0;
    let analyzed = 0;
    let changed = false;
    let truncated = false;
    const pending = [...this.folders];
    while (pending.length > 0 && !truncated) {
      const dir = pending.shift()!;
      let entries: import('node:fs').Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!skippedFolder(entry.name)) pending.push(full);
        } else if (entry.isFile() && CANDIDATE.test(entry.name)) {
          if (files >= MAX_FILES) {
            truncated = true;
            break;
          }
          files++;
          const result = await this.read(full);
          if (result.analyzed) analyzed++;
          changed = result.changed || changed;
          if (files % BATCH === 0) await yieldToEventLoop();
        }
      }
    }
    return { files, analyzed, indexed: this.fromDisk.size, truncated, changed, durationMs: performance.now() - started };
  }

  /** Applies file-watcher events; true when the index changed. */
  async changed(events: readonly FileEvent[]): Promise<boolean> {
    let changed = false;
    for (const event of events) {
      const file = filePathOf(event.uri);
      if (!file || !this.inScope(file)) continue;
      changed = (event.type === 3 ? this.forget(file) : (await this.read(file)).changed) || changed;
    }
    return changed;
  }

  /** A document was opened: an entry of the disk version under another spelling of its URI goes. */
  opened(uri: string): boolean {
    const file = filePathOf(uri);
    const diskUri = file && this.fromDisk.get(file);
    if (!file || !diskUri || diskUri === uri) return false;
    this.fromDisk.delete(file);
    return this.index.delete(diskUri);
  }

  /** A document was closed: its disk version's facts take its place. */
  async closed(uri: string): Promise<boolean> {
    const file = filePathOf(uri);
    return file !== undefined && this.inScope(file) ? (await this.read(file)).changed : false;
  }

  /** Inside a scanned folder, a candidate by name, and not under node_modules or a dot-folder. */
  private inScope(file: string): boolean {
    if (!CANDIDATE.test(file)) return false;
    return this.folders.some((folder) => {
      const relative = path.relative(folder, file);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
      return !relative.split(path.sep).slice(0, -1).some(skippedFolder);
    });
  }

  private forget(file: string): boolean {
    const uri = this.fromDisk.get(file);
    this.fromDisk.delete(file);
    return uri !== undefined && this.index.delete(uri);
  }

  /** Reads one file from disk and records its facts (none when it is gone, too large, or not ours). */
  private async read(file: string): Promise<{ analyzed: boolean; changed: boolean }> {
    if (this.isOpen(file)) return { analyzed: false, changed: false };
    let text: string | undefined;
    try {
      const stat = await fs.stat(file);
      if (stat.isFile() && stat.size <= MAX_FILE_BYTES) text = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    } catch {
      text = undefined;
    }
    // Opened while the file was being read: the editor's version is already in the index.
    if (this.isOpen(file)) return { analyzed: false, changed: false };
    const analyzed = text !== undefined && mayHoldFacts(file, text);
    let facts = NO_FACTS;
    if (analyzed) {
      try {
        facts = analyzeDocument(text!, { fileName: file }).facts;
      } catch {
        facts = NO_FACTS; // a file the analyzers cannot read adds nothing
      }
    }
    const uri = this.fromDisk.get(file) ?? pathToFileURL(file).href;
    const changed = this.index.set(uri, facts);
    if (isEmptyFacts(facts)) this.fromDisk.delete(file);
    else this.fromDisk.set(file, uri);
    return { analyzed, changed };
  }
}
