// Entry point of the multi-root suite (test/e2e/run-vscode-tests.js multiroot): the same mocha set-up as the main
// suite, over the *.test.js files of this folder, in a VS Code that opened test/fixtures/e2e/multiroot's workspace file.
import { runSuite } from '../index';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
