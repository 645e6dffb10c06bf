// Whether a path is a folder's own or under it: the one test the config lookup, the workspace scan and the server's
// file events use.
import * as path from 'node:path';

/** True when `file` is `folder` or inside it (`folder` may be a file: then only itself). */
export function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}
