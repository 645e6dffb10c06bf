// Whether a path is a folder's own or under it: the one test the config lookup, the workspace scan, the server's
// file events and the parameterFiles setting's folders use.
import * as path from 'node:path';

/** True when `file` is `folder` or inside it (`folder` may be a file: then only itself). */
export function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  // `..` as a whole segment: a file named `..hidden.json` in the folder is in it.
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * True when `file` is inside `folder` and is not `folder` itself, however the two are written (a trailing separator,
 * `.` or `..` segments; on Windows, another case).
 */
export function isUnder(folder: string, file: string): boolean {
  return isWithin(folder, file) && path.relative(folder, file) !== '';
}
