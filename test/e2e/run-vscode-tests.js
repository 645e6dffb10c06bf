// The real-VS-Code integration tier: loads this repository as a development extension into VS Code and runs a mocha
// suite inside the extension host through @vscode/test-electron's `run()` contract (test/e2e/suite/index.ts). Two
// suites:
//   node test/e2e/run-vscode-tests.js            out/test/e2e/suite/*.test.js, workspace trust off (as most users)
//   node test/e2e/run-vscode-tests.js untrusted  out/test/e2e/suite/untrusted/*.test.js, trust on, folder untrusted
//   node test/e2e/run-vscode-tests.js multiroot  out/test/e2e/suite/multiroot/*.test.js, a workspace file's folders
//
// Which VS Code (the output's first lines say which ran, and why):
// - Desktop VS Code through @vscode/test-electron's runTests: the one VSCODE_EXECUTABLE names, else stable VS Code
//   downloaded to .tools/vscode-test/ when update.code.visualstudio.com answers a HEAD request within a few seconds (the
//   download itself gives up after DOWNLOAD_IDLE_MS without data). The tests read the screen through Playwright
//   connected to its renderer over the DevTools protocol (--remote-debugging-port).
// - Otherwise, or with E2E_HOST=code-server, code-server (VS Code 1.139, Node extension host; scripts/install-tools.sh):
//   started with `--vscode-option enable-smoke-test-driver`, which makes the browser workbench honour
//   `?payload=[["extensionDevelopmentPath",…],["extensionTestsPath",…]]`. When run() settles, the workbench calls
//   window.codeAutomationExit(code), which Playwright catches.
// Either way the suite writes a mocha JSON report (in code-server the extension host's console output does not reach
// us), which this script prints, and the tests read the screen and click through test/e2e/ui-bridge.js (VSCODE_TEST_UI).
//
// Needs `node scripts/build.mjs --tests`. Prints `N passed, N failed, N skipped` last, and writes the counts to
// $TEST_COUNTS_FILE when set (test/support/testCounts.js). Stopped by SIGINT (Ctrl+C) or SIGTERM (`kill`), it stops
// code-server, Chromium or VS Code and removes its temporary folders before it exits (128 + the signal's number).
'use strict';
const crypto = require('crypto');
const dns = require('dns');
const https = require('https');
const net = require('net');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ROOT, TOOLS, startCodeServer, launchChromium, copyFixture, timeout, log } = require('./code-server');
const { startUiBridge } = require('./ui-bridge');
const { selfSignedCertificate } = require('../support/certificate');
const { reportCounts } = require('../support/testCounts');
const { onStopSignal } = require('./stopSignals');

// The whole tier's limit: about five times a run of the main suite on an idle machine (~170 s), since a busy one (CI's
// neighbours, a parallel build) slows every step: at a load of 13–18 the main suite ran past 360 s. A test that
// hangs is stopped sooner by mocha's own 30 s per test; npm test's deadline bounds the whole run.
const TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS || 900000);
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
  multiroot: {
    index: path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'multiroot', 'index.js'),
    workspace: path.join(FIXTURES, 'multiroot'),
    // Opened as a workspace file, not a folder: in a folder window, adding a folder would restart the extension host.
    workspaceFile: 'multiroot.code-workspace',
    installed: [],
    report: 'vscode-multiroot-mocha.json',
    workspaceTrust: false,
  },
};
const SUITE_NAME = process.argv[2] || 'main';
const SUITE = SUITES[SUITE_NAME];
if (!SUITE) {
  console.error(`unknown suite "${SUITE_NAME}": one of ${Object.keys(SUITES).join(', ')}`);
  process.exit(reportCounts({ passed: 0, failed: 1 }));
}
// E2E_REPORT lets two runs share a checkout; E2E_GREP runs only the tests whose full title matches (by hand only:
// `npm test` refuses to run with it set).
const REPORT = process.env.E2E_REPORT
  ? path.resolve(process.env.E2E_REPORT)
  : path.join(ROOT, 'test-results', SUITE.report);
/** A line per test started and ended, written by the suite as it runs: what a run stopped at its limit got through. */
const PROGRESS = `${REPORT}.progress`;
const say = (message) => log(`vscode-tests ${SUITE_NAME}`, message);

/** SIGINT or SIGTERM: main() stops at its next step and its finally block cleans up (./stopSignals.js). */
const stop = onStopSignal(say);

const UPDATE_HOST = 'update.code.visualstudio.com';
const REACH_TIMEOUT_MS = 5000;
const DOWNLOAD_IDLE_MS = 20000;

/** Whether VS Code's update server answers: a DNS lookup and one HEAD request, each bounded; no other traffic. */
async function updateServerReachable() {
  const bounded = (promise, what) =>
    Promise.race([
      promise,
      timeout(REACH_TIMEOUT_MS).then(() => {
        throw new Error(`${what}: no answer within ${REACH_TIMEOUT_MS / 1000} s`);
      }),
    ]);
  try {
    await bounded(dns.promises.lookup(UPDATE_HOST), `DNS lookup of ${UPDATE_HOST}`);
    await bounded(
      new Promise((resolve, reject) => {
        const request = https.request(
          { host: UPDATE_HOST, path: '/', method: 'HEAD', timeout: REACH_TIMEOUT_MS },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        request.on('timeout', () => request.destroy(new Error('timed out')));
        request.on('error', reject);
        request.end();
      }),
      `HEAD https://${UPDATE_HOST}/`,
    );
    return { ok: true };
  } catch (error) {
    return { ok: false, why: error.message };
  }
}

/** The desktop VS Code to run, or why code-server runs instead. */
async function pickHost() {
  if (process.env.E2E_HOST === 'code-server') return { host: 'code-server', why: 'E2E_HOST=code-server' };
  if (process.env.VSCODE_EXECUTABLE)
    return { host: 'desktop', executable: process.env.VSCODE_EXECUTABLE, why: 'VSCODE_EXECUTABLE' };
  const reach = await updateServerReachable();
  if (!reach.ok)
    return {
      host: 'code-server',
      why: `desktop VS Code cannot be downloaded (${reach.why}); set VSCODE_EXECUTABLE to use an installed one`,
    };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return {
      host: 'code-server',
      why: 'no display for desktop VS Code (run under xvfb-run, or set VSCODE_EXECUTABLE)',
    };
  }
  try {
    const { downloadAndUnzipVSCode } = require('@vscode/test-electron');
    const executable = await downloadAndUnzipVSCode({
      version: process.env.VSCODE_VERSION || 'stable',
      cachePath: path.join(TOOLS, 'vscode-test'),
      timeout: DOWNLOAD_IDLE_MS,
    });
    return { host: 'desktop', executable, why: `downloaded ${process.env.VSCODE_VERSION || 'stable'}` };
  } catch (error) {
    return { host: 'code-server', why: `the desktop VS Code download failed (${error.message})` };
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Playwright attached to desktop VS Code's workbench window over the DevTools protocol, once it is up. */
async function attachToDesktop(port, stopped) {
  const { chromium } = require('playwright-core');
  while (!stopped()) {
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const page = browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((p) => p.url().includes('workbench'));
      if (page) return { page, close: () => browser.close().catch(() => {}) };
      await browser.close().catch(() => {});
    } catch {
      // not listening yet
    }
    await timeout(500);
  }
  return undefined;
}

/** Runs the suite in desktop VS Code with @vscode/test-electron; resolves to the exit code (0 when every test passed). */
async function runDesktop(executable, ws, env, attached) {
  const { runTests } = require('@vscode/test-electron');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-vscode-'));
  const port = await freePort();
  let done = false;
  const attaching = attachToDesktop(port, () => done).then((browser) => (attached.browser = browser));
  try {
    const run = runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: [ROOT, ...SUITE.installed],
      extensionTestsPath: SUITE.index,
      extensionTestsEnv: env,
      launchArgs: [
        ws,
        `--user-data-dir=${path.join(profile, 'user')}`,
        `--extensions-dir=${path.join(profile, 'extensions')}`,
        `--remote-debugging-port=${port}`,
        ...(SUITE.workspaceTrust ? [] : ['--disable-workspace-trust']),
      ],
    }).then(
      () => 0,
      (error) => (error && typeof error.code === 'number' ? error.code : String((error && error.message) || error)),
    );
    return await Promise.race([run, timeout(TIMEOUT_MS), stop.interrupted]);
  } finally {
    done = true;
    await attaching;
    if (attached.browser) await attached.browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  for (const needed of [SUITE.index, path.join(ROOT, 'dist', 'client.js'), path.join(ROOT, 'dist', 'server.js')]) {
    if (!fs.existsSync(needed))
      throw new Error(`${path.relative(ROOT, needed)} is missing: run \`node scripts/build.mjs --tests\` first`);
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  fs.rmSync(PROGRESS, { force: true });
  let ws;
  let cs;
  let browser;
  let bridge;
  let tls;
  let desktop;
  let code;
  const pageErrors = [];
  try {
    ws = copyFixture(SUITE.workspace); // the tests edit files: use a copy
    const opened = SUITE.workspaceFile ? path.join(ws, SUITE.workspaceFile) : ws;
    bridge = await startUiBridge(
      () => (browser && browser.page) || (desktop && desktop.browser && desktop.browser.page),
    );
    // The live Azure view's tests serve a stand-in for ARM over HTTPS (test/support/armEmulator.ts) with a certificate
    // made now, which the extension host trusts through NODE_EXTRA_CA_CERTS; the token they sign in with is set here,
    // where the extension's test-only testToken setting looks for it (client/src/features/azure/session.ts).
    tls = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-tls-'));
    const certificate = selfSignedCertificate(tls);
    const env = {
      VSCODE_TEST_REPORT: REPORT,
      VSCODE_TEST_PROGRESS: PROGRESS,
      VSCODE_TEST_UI: bridge.url,
      NODE_EXTRA_CA_CERTS: certificate.certFile,
      VSCODE_TEST_TLS_DIR: tls,
      ANYSCALE_AZURE_TEST_TOKEN: crypto.randomBytes(24).toString('base64url'),
      ...(process.env.E2E_GREP ? { VSCODE_TEST_GREP: process.env.E2E_GREP } : {}),
    };
    const picked = await pickHost();
    if (stop.stoppedBy()) return 'interrupted';
    if (picked.host === 'desktop') {
      say(`running in desktop VS Code (${picked.executable}) through @vscode/test-electron: ${picked.why}`);
      const attached = {};
      desktop = attached;
      code = await runDesktop(picked.executable, opened, env, attached);
      if (code === 'interrupted') return code;
      say(
        code === 'timeout'
          ? `no result within ${TIMEOUT_MS / 1000} s`
          : `extension host finished tests: exit code ${code}`,
      );
      return code;
    }
    say(`running in code-server, not desktop VS Code: ${picked.why}`);
    cs = await startCodeServer({
      smokeTestDriver: true,
      workspaceTrust: SUITE.workspaceTrust,
      unpackedExtensions: SUITE.installed,
      env,
    });
    if (stop.stoppedBy()) return 'interrupted';
    say(`code-server up at ${cs.url} (Node ${cs.nodeVersion})`);
    browser = await launchChromium({ handlesSignals: false });
    if (stop.stoppedBy()) return 'interrupted';
    browser.page.on('pageerror', (error) => pageErrors.push(String(error)));
    browser.page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    const remote = (p) => `vscode-remote://${cs.authority}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(ROOT)],
      ['extensionTestsPath', remote(SUITE.index)],
    ];
    const exited = new Promise((resolve) => {
      browser.page
        .exposeFunction('codeAutomationExit', (exitCode) => resolve(exitCode))
        .catch(() => resolve('exposeFunction failed'));
    });
    await browser.page.goto(
      `${cs.url}/?${SUITE.workspaceFile ? 'workspace' : 'folder'}=${encodeURIComponent(opened)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    say('workbench loading; tests run inside the extension host');
    code = await Promise.race([exited, timeout(TIMEOUT_MS), stop.interrupted]);
    if (code === 'interrupted') return code;
    say(
      code === 'timeout'
        ? `no result within ${TIMEOUT_MS / 1000} s`
        : `extension host finished tests: exit code ${code}`,
    );
    if (code !== 0) {
      const serverLog = cs.readLog().split('\n');
      console.log(`--- code-server log (last 40 lines) ---\n${serverLog.slice(-40).join('\n')}`);
      if (pageErrors.length)
        console.log(`--- browser console errors (last 15) ---\n${pageErrors.slice(-15).join('\n')}`);
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
    console.log('  no mocha report was written: the suite did not finish (see the log above)');
    const progress = fs.existsSync(PROGRESS)
      ? fs.readFileSync(PROGRESS, 'utf8').trim().split('\n').filter(Boolean)
      : [];
    const ended = progress.filter((line) => !line.startsWith('started '));
    const count = (state) => ended.filter((line) => line.startsWith(`${state} `)).length;
    console.log(
      `  tests finished before it stopped: ${ended.length} (${count('passed')} passed, ${count('failed')} failed); the last lines of its progress:`,
    );
    for (const line of progress.slice(-6)) console.log(`    ${line}`);
  }
  if (code !== 0 && failed === 0) failed = 1; // a timeout or crash without a failing test still fails the tier
  return reportCounts({ passed, failed, skipped });
}

main()
  .then((code) => process.exit(stop.exitCode(report(code))))
  .catch((error) => {
    console.error(error && error.stack ? error.stack : error);
    process.exit(reportCounts({ passed: 0, failed: 1 }));
  });
