// Expands the CLI's arguments (files, folders, globs) into the list of files to check, in a stable order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { globToRegExp, hasGlob } from '../service/text/glob';

/** Extensions looked at when walking a folder or expanding a glob. */
export const CHECKED_EXTENSIONS = ['.json', '.jsonc', '.yaml', '.yml'];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.tools', 'dist', 'out']);

export interface Target {
  /** The path as the user should see it: as given, or joined under the folder given. */
  display: string;
  absolute: string;
  /** True when named directly; such files get a message when we cannot check them. */
  explicit: boolean;
}

export interface Expansion {
  targets: Target[];
  /** Arguments that matched nothing: a usage error. */
  unmatched: string[];
}

function walk(dir: string, visit: (file: string) => void): void {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  names.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of names) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(full, visit);
    } else if (entry.isFile()) visit(full);
  }
}

const checked = (file: string) => CHECKED_EXTENSIONS.includes(path.extname(file).toLowerCase());

export function expand(args: string[], cwd: string): Expansion {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const unmatched: string[] = [];
  const add = (display: string, explicit: boolean) => {
    const absolute = path.resolve(cwd, display);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    targets.push({ display, absolute, explicit });
  };
  for (const arg of args) {
    const before = targets.length;
    if (hasGlob(arg)) {
      const normalized = arg.split(path.sep).join('/');
      const segments = normalized.split('/');
      const firstGlob = segments.findIndex(hasGlob);
      const base = segments.slice(0, firstGlob).join('/') || '.';
      const pattern = globToRegExp(normalized.startsWith('./') ? normalized.slice(2) : normalized);
      walk(path.resolve(cwd, base), (file) => {
        const relative = path.relative(cwd, file).split(path.sep).join('/');
        const shown = path.isAbsolute(arg) ? file : relative;
        if (pattern.test(shown.split(path.sep).join('/'))) add(shown, false);
      });
    } else {
      let stat: fs.Stats | undefined;
      try {
        stat = fs.statSync(path.resolve(cwd, arg));
      } catch {
        stat = undefined;
      }
      if (stat?.isDirectory()) walk(path.resolve(cwd, arg), (file) => checked(file) && add(path.join(arg, path.relative(path.resolve(cwd, arg), file)), false));
      else add(arg, true); // a missing file is reported when it is read
      if (stat?.isDirectory()) continue;
    }
    if (targets.length === before && hasGlob(arg)) unmatched.push(arg);
  }
  return { targets, unmatched };
}
