// The real-VS-Code integration tier: loads this repository as a development extension into code-server
// (VS Code 1.139, Node extension host) and runs the mocha suite out/test/e2e/suite/index.js inside the
// extension host, the same `run()` contract as @vscode/test-electron.
//
// How: code-server is started with `--vscode-option enable-smoke-test-driver`, which makes the browser
// workbench honour `?payload=[["extensionDevelopmentPath",…],["extensionTestsPath",…]]`. When run() settles,
// the workbench calls window.codeAutomationExit(code), which Playwright catches. The suite writes a mocha JSON
// report (extension-host console output does not reach us), which this script prints.
//
// Needs: scripts/install-tools.sh and `node scripts/build.mjs --tests`. Prints `N passed, N failed` last.
'use strict';
const fs = require('fs');
const path = require('path');
const { ROOT, startCodeServer, launchChromium, copyFixture, timeout, log } = require('./code-server');

const TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS || 180000);
const SUITE = path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'index.js');
// E2E_REPORT lets two runs share a checkout; E2E_GREP runs only the tests whose full title matches (by hand only:
// `npm test` refuses to run with it set).
const REPORT = process.env.E2E_REPORT ? path.resolve(process.env.E2E_REPORT) : path.join(ROOT, 'test-results', 'vscode-mocha.json');
const WORKSPACE = path.join(ROOT, 'test', 'fixtures', 'e2e', 'workspace');
const say = (message) => log('vscode-tests', message);

async function main() {
  for (const needed of [SUITE, path.join(ROOT, 'dist', 'client.js'), path.join(ROOT, 'dist', 'server.js')]) {
    if (!fs.existsSync(needed)) throw new Error(`${path.relative(ROOT, needed)} is missing: run \`node scripts/build.mjs --tests\` first`);
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  let ws;
  let cs;
  let browser;
  let code = 'not started';
  const pageErrors = [];
  try {
    ws = copyFixture(WORKSPACE); // the tests edit files: use a copy
    cs = await startCodeServer({ smokeTestDriver: true, env: { VSCODE_TEST_REPORT: REPORT, ...(process.env.E2E_GREP ? { VSCODE_TEST_GREP: process.env.E2E_GREP } : {}) } });
    say(`code-server up at ${cs.url} (Node ${cs.nodeVersion})`);
    browser = await launchChromium();
    browser.page.on('pageerror', (error) => pageErrors.push(String(error)));
    browser.page.on('console', (message) => { if (message.type() === 'error') pageErrors.push(message.text()); });
    const remote = (p) => `vscode-remote://${cs.authority}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(ROOT)],
      ['extensionTestsPath', remote(SUITE)],
    ];
    const exited = new Promise((resolve) => {
      browser.page.exposeFunction('codeAutomationExit', (exitCode) => resolve(exitCode)).catch(() => resolve('exposeFunction failed'));
    });
    await browser.page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    say('workbench loading; tests run inside the extension host');
    code = await Promise.race([exited, timeout(TIMEOUT_MS)]);
    say(code === 'timeout' ? `no result within ${TIMEOUT_MS / 1000} s` : `extension host finished tests: exit code ${code}`);
    if (code !== 0) {
      const serverLog = cs.readLog().split('\n');
      console.log(`--- code-server log (last 40 lines) ---\n${serverLog.slice(-40).join('\n')}`);
      if (pageErrors.length) console.log(`--- browser console errors (last 15) ---\n${pageErrors.slice(-15).join('\n')}`);
    }
  } finally {
    if (browser) await browser.close();
    if (cs) await cs.stop();
    if (ws) fs.rmSync(ws, { recursive: true, force: true });
  }
  return code;
}

function report(code) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (fs.existsSync(REPORT)) {
    const result = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
    for (const t of result.passes) console.log(`  ok   ${t.fullTitle} (${t.duration} ms)`);
    for (const t of result.failures) {
      const detail = (t.err && (t.err.stack || t.err.message)) || '';
      console.log(`  FAIL ${t.fullTitle}\n       ${detail.split('\n').join('\n       ')}`);
    }
    for (const t of result.pending) console.log(`  skip ${t.fullTitle}`);
    passed = result.stats.passes;
    failed = result.stats.failures;
    skipped = result.stats.pending;
  } else {
    console.log('  no mocha report was written: the suite did not run (see the log above)');
  }
  if (code !== 0 && failed === 0) failed = 1; // a timeout or crash without a failing test still fails the tier
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed ? 1 : 0;
}

main()
  .then((code) => process.exit(report(code)))
  .catch((error) => {
    console.error(error && error.stack ? error.stack : error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
