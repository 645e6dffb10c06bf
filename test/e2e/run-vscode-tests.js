// The real-VS-Code integration tier: loads this repository as a development extension into code-server
// (VS Code 1.139, Node extension host) and runs a mocha suite inside the extension host, the same `run()` contract
// as @vscode/test-electron. Two suites, one code-server each:
//   node test/e2e/run-vscode-tests.js            out/test/e2e/suite/*.test.js, workspace trust off (as most users)
//   node test/e2e/run-vscode-tests.js untrusted  out/test/e2e/suite/untrusted/*.test.js, trust on, folder untrusted
//
// How: code-server is started with `--vscode-option enable-smoke-test-driver`, which makes the browser
// workbench honour `?payload=[["extensionDevelopmentPath",…],["extensionTestsPath",…]]`. When run() settles,
// the workbench calls window.codeAutomationExit(code), which Playwright catches. The suite writes a mocha JSON
// report (extension-host console output does not reach us), which this script prints. While it runs, the tests
// read the screen and click through test/e2e/ui-bridge.js (VSCODE_TEST_UI).
//
// Needs: scripts/install-tools.sh and `node scripts/build.mjs --tests`. Prints `N passed, N failed` last.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT, startCodeServer, launchChromium, copyFixture, timeout, log } = require('./code-server');
const { startUiBridge } = require('./ui-bridge');
const { selfSignedCertificate } = require('../support/certificate');

// The whole tier's limit: about three times a run on an idle machine (~115 s), since a busy one (CI's neighbours, a
// parallel build) slows every step; a test that hangs is stopped sooner by mocha's own 30 s per test.
const TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS || 360000);
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'e2e');
const SUITES = {
  main: {
    index: path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'index.js'),
    workspace: path.join(FIXTURES, 'workspace'),
    // Installed beside ours: a stand-in for Microsoft's ARM Tools, contributing the `arm-template` language id only.
    installed: [path.join(FIXTURES, 'arm-template-language')],
    report: 'vscode-mocha.json',
    workspaceTrust: false,
  },
  untrusted: {
    index: path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'untrusted', 'index.js'),
    workspace: path.join(FIXTURES, 'untrusted-workspace'),
    installed: [],
    report: 'vscode-untrusted-mocha.json',
    workspaceTrust: true,
  },
};
const SUITE_NAME = process.argv[2] || 'main';
const SUITE = SUITES[SUITE_NAME];
if (!SUITE) {
  console.error(`unknown suite "${SUITE_NAME}": one of ${Object.keys(SUITES).join(', ')}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
// E2E_REPORT lets two runs share a checkout; E2E_GREP runs only the tests whose full title matches (by hand only:
// `npm test` refuses to run with it set).
const REPORT = process.env.E2E_REPORT ? path.resolve(process.env.E2E_REPORT) : path.join(ROOT, 'test-results', SUITE.report);
const say = (message) => log(`vscode-tests ${SUITE_NAME}`, message);

async function main() {
  for (const needed of [SUITE.index, path.join(ROOT, 'dist', 'client.js'), path.join(ROOT, 'dist', 'server.js')]) {
    if (!fs.existsSync(needed)) throw new Error(`${path.relative(ROOT, needed)} is missing: run \`node scripts/build.mjs --tests\` first`);
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  let ws;
  let cs;
  let browser;
  let bridge;
  let tls;
  let code = 'not started';
  const pageErrors = [];
  try {
    ws = copyFixture(SUITE.workspace); // the tests edit files: use a copy
    bridge = await startUiBridge(() => browser && browser.page);
    // The live Azure view's tests serve a stand-in for ARM over HTTPS (test/support/armEmulator.ts) with a certificate
    // made now, which the extension host trusts through NODE_EXTRA_CA_CERTS; the token they sign in with is set here,
    // where the extension's test-only testToken setting looks for it (client/src/features/azure/session.ts).
    tls = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-tls-'));
    const certificate = selfSignedCertificate(tls);
    const env = {
      VSCODE_TEST_REPORT: REPORT,
      VSCODE_TEST_UI: bridge.url,
      NODE_EXTRA_CA_CERTS: certificate.certFile,
      VSCODE_TEST_TLS_DIR: tls,
      ANYSCALE_AZURE_TEST_TOKEN: crypto.randomBytes(24).toString('base64url'),
      ...(process.env.E2E_GREP ? { VSCODE_TEST_GREP: process.env.E2E_GREP } : {}),
    };
    cs = await startCodeServer({ smokeTestDriver: true, workspaceTrust: SUITE.workspaceTrust, unpackedExtensions: SUITE.installed, env });
    say(`code-server up at ${cs.url} (Node ${cs.nodeVersion})`);
    browser = await launchChromium();
    browser.page.on('pageerror', (error) => pageErrors.push(String(error)));
    browser.page.on('console', (message) => { if (message.type() === 'error') pageErrors.push(message.text()); });
    const remote = (p) => `vscode-remote://${cs.authority}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(ROOT)],
      ['extensionTestsPath', remote(SUITE.index)],
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
    if (bridge) await bridge.close();
    if (browser) await browser.close();
    if (cs) await cs.stop();
    if (ws) fs.rmSync(ws, { recursive: true, force: true });
    if (tls) fs.rmSync(tls, { recursive: true, force: true });
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
