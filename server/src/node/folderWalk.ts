// Synchronous folder reads for the language server's parameter-file lookups (lsp/parameterFiles.ts): the names in
// one folder, and the files under workspace folders whose relative path a test accepts. Bounded; an unreadable
// folder counts as empty; node_modules and dot-folders are skipped, as the workspace scan skips them (./walkRules.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSkippedFolder } from './walkRules';

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
 * `maxEntries` directory entries in all.
 */
export function filesUnder(
  folders: readonly string[],
  accepts: (relativePath: string) => boolean,
  maxEntries: number,
): string[] {
  const found: string[] = [];
  let budget = maxEntries;
  for (const folder of folders) {
    const pending = [folder];
    while (pending.length > 0 && budget > 0) {
      const dir = pending.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (--budget < 0) break;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!isSkippedFolder(entry.name)) pending.push(full);
        } else if (accepts(path.relative(folder, full).split(path.sep).join('/'))) found.push(full);
      }
    }
  }
  return found;
}
