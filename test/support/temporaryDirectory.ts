// Temporary folders for tests: each is removed when the test process exits, whether its tests passed or not (a test
// may stop at any assertion, a language server may exit with an error), so that runs leave nothing behind in the
// temporary folder. Removed at exit, after every test and hook: a server stopped in an `after` hook is not left
// working in a folder that is gone.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const madeDirectories: string[] = [];

process.once('exit', () => {
  for (const dir of madeDirectories) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      console.error(`could not remove the temporary folder ${dir}: ${(error as Error).message}`);
    }
  }
});

/** A new, empty folder under the system's temporary folder, named `<prefix>` and random characters. */
export function temporaryDirectory(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirectories.push(dir);
  return dir;
}
