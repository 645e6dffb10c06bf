#!/usr/bin/env node
// Launcher for the bundled CLI (dist/cli.js); `npm run build` creates it.
'use strict';
const path = require('path');
let cli;
try {
  cli = require(path.join(__dirname, '..', 'dist', 'cli.js'));
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND') {
    process.stderr.write('anyscale-azure: dist/cli.js is missing; run `npm run build` first.\n');
    process.exit(2);
  }
  throw error;
}
Promise.resolve(cli.main(process.argv.slice(2))).then((code) => {
  process.exitCode = code;
});
