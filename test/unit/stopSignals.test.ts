// How the test runners stop on Ctrl+C (SIGINT) or `kill` (SIGTERM), test/e2e/stopSignals.js, which run-vscode-tests.js
// and ui-smoke.js share: a real spawned runner that, as they do, starts a process in a group of its own (as code-server)
// and makes a temporary folder, then waits on a long step; signalled, it stops that process, removes its folder and
// exits with 128 + the signal's number; a second signal during a slow cleanup exits at once.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../support/paths';
import { temporaryDirectory } from '../support/temporaryDirectory';

const STOP_SIGNALS = path.join(REPO_ROOT, 'test', 'e2e', 'stopSignals.js');

/** A runner like ours: argv = [its folder, the cleanup's delay in ms]. Prints `ready <pid of its own-group child>`. */
const RUNNER = `
const { spawn } = require('child_process');
const fs = require('fs');
const { onStopSignal } = require(${JSON.stringify(STOP_SIGNALS)});
const stop = onStopSignal((message) => console.log(message));
const [folder, cleanupDelayMs] = process.argv.slice(2);
async function main() {
  const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
  try {
    console.log('ready ' + server.pid);
    const step = new Promise((resolve) => setTimeout(() => resolve('done'), 600000).unref());
    return await Promise.race([step, stop.interrupted]);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, Number(cleanupDelayMs)));
    process.kill(-server.pid, 'SIGKILL');
    fs.rmSync(folder, { recursive: true, force: true });
    console.log('cleaned up');
  }
}
main().then(() => process.exit(stop.exitCode(0)));
`;

interface Stopped {
  code: number | null;
  stdout: string;
  ms: number;
  serverPid: number;
}

/** Starts the runner, sends `signals` (one after another, 200 ms apart) once it is ready, and waits for its exit. */
async function stopRunner(folder: string, signals: NodeJS.Signals[], cleanupDelayMs = 0): Promise<Stopped> {
  const script = path.join(temporaryDirectory('anyscale-stop-runner-'), 'runner.js');
  fs.writeFileSync(script, RUNNER);
  const runner = spawn(process.execPath, [script, folder, String(cleanupDelayMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  let signalledAt = 0;
  let serverPid = 0;
  runner.stdout.setEncoding('utf8');
  runner.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    const ready = /^ready (\d+)$/m.exec(stdout);
    if (ready && !serverPid) {
      serverPid = Number(ready[1]);
      signalledAt = Date.now();
      signals.forEach((signal, i) => setTimeout(() => runner.kill(signal), i * 200));
    }
  });
  const code = await new Promise<number | null>((resolve) => runner.on('exit', (exitCode) => resolve(exitCode)));
  return { code, stdout, ms: Date.now() - signalledAt, serverPid };
}

/** Whether a process runs: a zombie (killed, its parent gone and not yet reaped by init) does not. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/\) Z /.test(stat);
}

/**
 * Whether a process has stopped within `ms`: a SIGKILL is delivered at once but acted on when the process is next
 * scheduled, which on a loaded machine can be after the runner's own exit.
 */
async function stoppedWithin(pid: number, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 20)))
    if (!running(pid)) return true;
  return !running(pid);
}

for (const [signal, exitCode] of [
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const) {
  test(`${signal}: the runner stops the process group it started, removes its folder and exits ${exitCode}`, async () => {
    const folder = temporaryDirectory('anyscale-stop-folder-');
    const stopped = await stopRunner(folder, [signal]);
    assert.equal(stopped.code, exitCode, stopped.stdout);
    assert.match(
      stopped.stdout,
      new RegExp(`^${signal}: stopping what the run started and removing its temporary folders$`, 'm'),
    );
    assert.match(stopped.stdout, /^cleaned up$/m);
    assert.equal(fs.existsSync(folder), false, 'the temporary folder is removed');
    assert.equal(await stoppedWithin(stopped.serverPid, 5000), true, 'the process in its own group is stopped');
  });
}

test('a second signal during a slow cleanup exits at once, with the code of that signal', async () => {
  const folder = temporaryDirectory('anyscale-stop-folder-');
  const stopped = await stopRunner(folder, ['SIGTERM', 'SIGTERM'], 30000);
  try {
    assert.equal(stopped.code, 143, stopped.stdout);
    assert.ok(stopped.ms < 10000, `exited ${stopped.ms} ms after the first signal, not after the cleanup's 30 s`);
    assert.doesNotMatch(stopped.stdout, /cleaned up/);
  } finally {
    if (stopped.serverPid && running(stopped.serverPid)) process.kill(-stopped.serverPid, 'SIGKILL');
  }
});
