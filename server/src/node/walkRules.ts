// What every walk of the user's folders shares (the workspace scan, egress's walk, the parameterFiles setting's
// template lookup, `anyscale-azure check` and `index`): the folders none of them enters, what a folder entry is when
// symbolic links are followed, and the guard that walks each real folder and reads each real file once, so that a
// link back to an ancestor ends.
import * as fs from 'node:fs';

/** node_modules and dot-folders (.git, .tools, .vscode, .venv …): no walk enters them (docs/index.md, docs/cli.md). */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

export type EntryKind = 'folder' | 'file';

/** A folder entry that is not a link, or what a link points to. */
function kindOfTarget(target: { isDirectory(): boolean; isFile(): boolean }): EntryKind | undefined {
  return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : undefined;
}

/**
 * What a folder entry is to a walk: a symbolic link is what it points to when links are followed (VS Code's
 * `search.followSymlinks`, on by default), else nothing, as is a broken link, a FIFO or a socket.
 */
export async function entryKind(entry: fs.Dirent, full: string, followsLinks: boolean): Promise<EntryKind | undefined> {
  if (!entry.isSymbolicLink()) return kindOfTarget(entry);
  if (!followsLinks) return undefined;
  return fs.promises.stat(full).then(kindOfTarget, () => undefined);
}

/** entryKind, for the walks that answer at once (the parameterFiles setting's lookup, the CLI). */
export function entryKindSync(entry: fs.Dirent, full: string, followsLinks: boolean): EntryKind | undefined {
  if (!entry.isSymbolicLink()) return kindOfTarget(entry);
  if (!followsLinks) return undefined;
  try {
    return kindOfTarget(fs.statSync(full));
  } catch {
    return undefined;
  }
}

/**
 * Sorts a folder's entries in name order, its own entries before its links: a file reached both ways (a link beside
 * its folder) is read under its own path.
 */
export function byNameLinksLast(a: fs.Dirent, b: fs.Dirent): number {
  return Number(a.isSymbolicLink()) - Number(b.isSymbolicLink()) || a.name.localeCompare(b.name);
}

/**
 * The folders a walk entered and the files it read, by real path: a folder reached again (through a link back to an
 * ancestor, a loop, or a second link) is not walked again, and a file reached twice is read once.
 */
export class WalkedPaths {
  private readonly folders = new Set<string>();
  private readonly files = new Set<string>();

  /** True the first time the walk reaches the folder at this real path. */
  entersFolder(realFolder: string): boolean {
    return firstTime(this.folders, realFolder);
  }

  /** True the first time the walk reaches the file at this real path. */
  readsFile(realFile: string): boolean {
    return firstTime(this.files, realFile);
  }
}

/** The real path of a file, or the path itself when it has none (missing, unreadable: reported when read). */
export function realPathOf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

function firstTime(seen: Set<string>, key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}
