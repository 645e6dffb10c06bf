// Entry point of the real-VS-Code suite, with @vscode/test-electron's contract: the extension host loads this
// module (extensionTestsPath) and awaits run(). scripts/build.mjs --tests bundles it into
// out/test/e2e/suite/index.js next to the bundled *.test.js files; untrusted/index.ts runs the folder beside it. mocha is loaded at run time from the
// repository's node_modules (`module.require` is invisible to esbuild): bundling it drags in its parallel-mode
// worker files, which esbuild can only warn about.
//
// Results go to a mocha JSON report (VSCODE_TEST_REPORT, set by test/e2e/run-vscode-tests.js): in code-server's
// test mode the extension host's console output does not reach the runner. That report is written at the end; the
// progress file (VSCODE_TEST_PROGRESS) gets a line as each test starts and ends, so that a run stopped at its time limit still
// says how far it got and which test was running.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/paths';

const Mocha = module.require('mocha') as typeof import('mocha');

export function run(): Promise<void> {
  return runSuite(__dirname);
}

/** Runs the *.test.js files of `folder` (not of its subfolders) with mocha. */
export function runSuite(folder: string): Promise<void> {
  const report = process.env.VSCODE_TEST_REPORT || path.join(REPO_ROOT, 'test-results', 'vscode-mocha.json');
  fs.mkdirSync(path.dirname(report), { recursive: true });
  // forbidOnly: a `.only` left in a test file fails the run instead of silently skipping every other test.
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: 30000,
    reporter: 'json',
    reporterOptions: { output: report },
    forbidOnly: true,
  });
  if (process.env.VSCODE_TEST_GREP) mocha.grep(process.env.VSCODE_TEST_GREP);
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(path.join(folder, file));
  }
  const progress = process.env.VSCODE_TEST_PROGRESS || `${report}.progress`;
  fs.writeFileSync(progress, '');
  return new Promise((resolve, reject) => {
    try {
      mocha
        .run((failures) => (failures > 0 ? reject(new Error(`${failures} tests failed`)) : resolve()))
        .on('test', (test) => fs.appendFileSync(progress, `started ${test.fullTitle()}\n`))
        .on('test end', (test) =>
          fs.appendFileSync(progress, `${test.state ?? 'ended'} ${test.fullTitle()} (${test.duration ?? 0} ms)\n`),
        );
    } catch (error) {
      reject(error);
    }
  });
}
