// The closing line of our own test runners (test/e2e/run-vscode-tests.js, test/e2e/ui-smoke.js),
// `N passed, N failed, N skipped`, and the same counts as JSON in $TEST_COUNTS_FILE when it is set: scripts/test-all.sh
// sets it and reads the file (with the exit code) instead of the text.
'use strict';
const fs = require('fs');
const path = require('path');

/** Prints the closing line and writes the counts file; returns the exit code the runner should end with. */
function reportCounts({ passed, failed, skipped = 0 }) {
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  const file = process.env.TEST_COUNTS_FILE;
  if (file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ passed, failed, skipped })}\n`);
  }
  return failed ? 1 : 0;
}

module.exports = { reportCounts };
