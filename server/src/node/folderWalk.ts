// Synchronous folder reads for the language server's parameter-file lookups (lsp/parameterFiles.ts): the names in
// one folder, and the files under workspace folders whose relative path a test accepts. Bounded; an unreadable
// folder counts as empty; node_modules and dot-folders are skipped and symbolic links followed as the workspace scan
// does (./walkRules.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { entryKindSync, isSkippedFolder, realPathOf, WalkedPaths } from './walkRules';

/** The names of the entries in a folder; none when it cannot be read. */
export function folderEntryNames(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}

/**
 * The files under `folders` whose path relative to their folder ('/'-separated) `accepts`, reading at most
 * `maxEntries` directory entries in all. Symbolic links are followed in the folders `followsLinksIn` says
 * (`search.followSymlinks`), each real folder walked once and each real file listed once.
 */
export function filesUnder(
  folders: readonly string[],
  accepts: (relativePath: string) => boolean,
  maxEntries: number,
  followsLinksIn: (folder: string) => boolean = () => true,
): string[] {
  const found: string[] = [];
  const walked = new WalkedPaths();
  let budget = maxEntries;
  for (const folder of folders) {
    const followsLinks = followsLinksIn(folder);
    const pending = [folder];
    while (pending.length > 0 && budget > 0) {
      const dir = pending.pop()!;
      let realDir: string;
      let entries: fs.Dirent[];
      try {
        realDir = fs.realpathSync(dir);
        if (!walked.entersFolder(realDir)) continue;
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (--budget < 0) break;
        const full = path.join(dir, entry.name);
        const kind = entryKindSync(entry, full, followsLinks);
        if (kind === 'folder') {
          if (!isSkippedFolder(entry.name)) pending.push(full);
        } else if (kind === 'file' && accepts(path.relative(folder, full).split(path.sep).join('/'))) {
          const real = entry.isSymbolicLink() ? realPathOf(full) : path.join(realDir, entry.name);
          if (walked.readsFile(real)) found.push(full);
        }
      }
    }
  }
  return found;
}
