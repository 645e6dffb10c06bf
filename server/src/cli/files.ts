// Expands the CLI's arguments (files, folders, globs) into the list of files to check, in a stable order. Folders are
// walked through symbolic links, each real file is listed once, and a folder that cannot be read is a problem.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { globToRegExp, hasGlob } from '../service';
import { ioReason } from '../node/boundedRead';
import { byNameLinksLast, entryKindSync, isSkippedFolder, realPathOf, WalkedPaths } from '../node/walkRules';

/** Extensions looked at when walking a folder or expanding a glob. */
export const CHECKED_EXTENSIONS = ['.json', '.jsonc', '.yaml', '.yml'];
/** How many passed-over folders a warning names. */
const MAX_NAMED = 5;

export interface Target {
  /** The path as the user should see it: as given, or joined under the folder given. */
  display: string;
  absolute: string;
  /** True when named directly; such files get a message when we cannot check them. */
  explicit: boolean;
  /** The folder or pattern argument it was found under or matched by, as written; absent when named. */
  foundIn?: string;
}

export interface Expansion {
  targets: Target[];
  /** Arguments that matched nothing: a usage error. */
  unmatched: string[];
  /** Folders that could not be read, with why: I/O problems. */
  problems: Array<{ file: string; message: string }>;
  /** Folders named that held no file to check (empty, other files only, or files only in folders passed over): a
   *  warning each, so that a wrong name or templates kept in a dot-folder do not pass as "0 files checked" unnoticed. */
  passedOver: Array<{ file: string; message: string }>;
}

/**
 * Calls `visit` with everything under `dir` that is not a folder, in name order, following symbolic links. A folder
 * already walked (a link back to an ancestor, or a second link to the same folder) is not walked again; a folder's own
 * entries come before its links, so a file reached both ways is listed under its real path. `cannotRead` gets every
 * folder that cannot be listed, `skipped` every folder not entered (node_modules, dot-folders).
 */
function walk(
  dir: string,
  visit: (file: string) => void,
  cannotRead: (dir: string, error: unknown) => void,
  skipped: (dir: string) => void,
  walked = new WalkedPaths(),
): void {
  let entries: fs.Dirent[];
  try {
    if (!walked.entersFolder(fs.realpathSync(dir))) return;
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    cannotRead(dir, error);
    return;
  }
  entries.sort(byNameLinksLast);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entryKindSync(entry, full, true) !== 'folder') visit(full);
    else if (isSkippedFolder(entry.name)) skipped(full);
    else walk(full, visit, cannotRead, skipped, walked);
  }
}

const checked = (file: string) => CHECKED_EXTENSIONS.includes(path.extname(file).toLowerCase());

export function expand(args: string[], cwd: string): Expansion {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const unmatched: string[] = [];
  const problems: Expansion['problems'] = [];
  const passedOver: Expansion['passedOver'] = [];
  const add = (display: string, explicit: boolean, foundIn?: string) => {
    const absolute = path.resolve(cwd, display);
    const real = realPathOf(absolute);
    if (seen.has(real)) return;
    seen.add(real);
    targets.push({ display, absolute, explicit, ...(foundIn !== undefined && { foundIn }) });
  };
  /**
   * Walks a folder; `shown` makes the paths of its files and problems as the user should see them. Returns the
   * folders it passed over, but for .git, where no one keeps a template.
   */
  const walkShown = (dir: string, shown: (absolute: string) => string, visit: (display: string) => void) => {
    const skipped: string[] = [];
    walk(
      dir,
      (file) => visit(shown(file)),
      (folder, error) => problems.push({ file: shown(folder), message: `folder cannot be read: ${ioReason(error)}` }),
      (folder) => path.basename(folder) !== '.git' && skipped.push(shown(folder)),
    );
    return skipped;
  };
  for (const arg of args) {
    const before = targets.length;
    if (hasGlob(arg)) {
      const normalized = arg.split(path.sep).join('/');
      const segments = normalized.split('/');
      const firstGlob = segments.findIndex(hasGlob);
      const base = path.resolve(cwd, segments.slice(0, firstGlob).join('/') || '.');
      const pattern = globToRegExp(normalized.startsWith('./') ? normalized.slice(2) : normalized);
      const shown = (file: string) =>
        path.isAbsolute(arg) ? file : path.relative(cwd, file).split(path.sep).join('/');
      if (fs.existsSync(base))
        walkShown(
          base,
          shown,
          (display) => pattern.test(display.split(path.sep).join('/')) && add(display, false, arg),
        );
    } else {
      let stat: fs.Stats | undefined;
      try {
        stat = fs.statSync(path.resolve(cwd, arg));
      } catch {
        stat = undefined;
      }
      if (stat?.isDirectory()) {
        const problemsBefore = problems.length;
        const root = path.resolve(cwd, arg);
        let found = 0; // files to check, those listed already under another argument included
        const skipped = walkShown(
          root,
          (file) => path.join(arg, path.relative(root, file)),
          (display) => {
            if (!checked(display)) return;
            found++;
            add(display, false, arg);
          },
        );
        // A folder that could not be read is a problem already.
        if (found === 0 && problems.length === problemsBefore)
          passedOver.push({ file: arg, message: passedOverMessage(skipped) });
        continue;
      }
      add(arg, true); // a missing file is reported when it is read
    }
    if (targets.length === before && hasGlob(arg)) unmatched.push(arg);
  }
  return { targets, unmatched, problems, passedOver };
}

/**
 * What check and index say of each folder named, or pattern, whose every file found was passed over in silence as
 * none of the kinds they read (`package.json`, other YAML): its files, so that a CI run checking the wrong folder does
 * not pass as "0 files checked" without a word. `passedOver` are the targets passed over so.
 */
export function foldersOfNoneOfOurs(
  targets: readonly Target[],
  passedOver: readonly Target[],
): Array<{ file: string; message: string }> {
  const byFolder = new Map<string, string[]>();
  for (const target of passedOver)
    if (target.foundIn !== undefined)
      byFolder.set(target.foundIn, [...(byFolder.get(target.foundIn) ?? []), target.display]);
  return [...byFolder]
    .filter(([folder, files]) => targets.filter((target) => target.foundIn === folder).length === files.length)
    .map(([folder, files]) => {
      const shown = files.slice(0, MAX_NAMED).join(', ') + (files.length > MAX_NAMED ? ', …' : '');
      const them = hasGlob(folder)
        ? `the ${files.length === 1 ? 'file' : `${files.length} files`} it matches`
        : files.length === 1
          ? 'its file'
          : `its ${files.length} files`;
      const are = files.length === 1 ? 'is' : 'are';
      return {
        file: folder,
        message: `no file to check: ${them} (${shown}) ${are} not an ARM template, a parameter file, Anyscale operator values or a Gateway manifest`,
      };
    });
}

/**
 * Why a folder named gave no file to check: it holds none of the extensions checked, or which folders under it were
 * not searched, and how to check one.
 */
function passedOverMessage(skipped: readonly string[]): string {
  if (skipped.length === 0)
    return `no file to check: the folder holds no ${CHECKED_EXTENSIONS.slice(0, -1).join(', ')} or ${CHECKED_EXTENSIONS.at(-1)} file`;
  const shown = skipped.slice(0, MAX_NAMED).join(', ') + (skipped.length > MAX_NAMED ? ', …' : '');
  return `no file to check; not searched: ${shown} (node_modules and dot-folders are skipped: name one to check it)`;
}
