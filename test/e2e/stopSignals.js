// Stopping a test runner with Ctrl+C (SIGINT) or `kill` (SIGTERM), for run-vscode-tests.js and ui-smoke.js: code-server
// runs in a process group of its own, which neither signal reaches, so a runner that exited on it would leave
// code-server, Chromium and their temporary folders behind. On the first signal the runner stops at its next step and
// its finally block stops what it started and removes its folders; a second signal exits at once.
'use strict';
const os = require('os');

/**
 * Handles SIGINT and SIGTERM for the rest of the process. `say` logs the line saying the run is stopping.
 * `interrupted` resolves to 'interrupted' on the first signal (race a long step against it); `stoppedBy()` is that
 * signal's name, or undefined before one came; `exitCode(code)` is the code to exit with: 128 + the signal's number
 * (130, 143) once stopped, else `code`. Call it before launchChromium({ handlesSignals: false }).
 */
function onStopSignal(say) {
  let stoppedBy;
  const exitCodeOf = (signal) => 128 + os.constants.signals[signal];
  const interrupted = new Promise((resolve) => {
    const onSignal = (signal) => {
      if (stoppedBy) process.exit(exitCodeOf(signal));
      stoppedBy = signal;
      say(`${signal}: stopping what the run started and removing its temporary folders`);
      resolve('interrupted');
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  return {
    interrupted,
    stoppedBy: () => stoppedBy,
    exitCode: (code) => (stoppedBy ? exitCodeOf(stoppedBy) : code),
  };
}

module.exports = { onStopSignal };
