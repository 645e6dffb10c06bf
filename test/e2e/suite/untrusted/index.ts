// Entry point of the Restricted Mode suite (test/e2e/run-vscode-tests.js untrusted): the same mocha set-up as the
// main suite, over the *.test.js files of this folder, in a code-server whose workspace is not trusted.
import { runSuite } from '../index';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
