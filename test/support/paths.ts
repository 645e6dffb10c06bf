// Where the repository and the shared corpus are, found from the compiled test's own location.
import * as fs from 'node:fs';
import * as path from 'node:path';

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'server'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`repository root not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = findRoot(__dirname);
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures');
/** The shared corpus of real third-party files; absent on a user's machine. */
export const CORPUS = path.join(REPO_ROOT, '..', 'shared', 'corpus');
