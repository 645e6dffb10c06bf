// `npm run try`: VS Code in a browser for people without VS Code desktop at hand. Packages the extension, starts
// code-server (from scripts/install-tools.sh: .tools/ or $ANYSCALE_TOOLS_DIR) with it installed and a copy of examples/
// open, prints the URL and keeps running until Ctrl+C, which stops code-server and removes its temporary folders and
// the copy.
// The server listens on a free port of 127.0.0.1 only and asks for no password (forward the port to reach it from elsewhere).
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { ROOT, startCodeServer, copyFixture } = require('../test/e2e/code-server');

async function main() {
  // Started first: without the tools it fails at once, before a minute of packaging.
  const server = await startCodeServer({ settings: { 'workbench.startupEditor': 'welcomePage' } });
  let folder;
  const stop = async () => {
    await server.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    console.log('Packaging the extension (npm run package)…');
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'package'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server.installExtension(path.join(ROOT, 'dist', 'anyscale-azure-tools.vsix'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  folder = copyFixture(path.join(ROOT, 'examples')); // a copy: trying things out never edits the repository's examples
  console.log(`Anyscale on Azure Tools in code-server, with a copy of examples/ (${folder}) open:`);
  console.log(`  ${server.url}/?folder=${encodeURIComponent(folder)}`);
  console.log('Press Ctrl+C to stop.');
}

main().catch((error) => {
  console.error(`npm run try: ${error.message}`);
  process.exit(1);
});
