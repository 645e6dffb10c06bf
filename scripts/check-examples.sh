#!/usr/bin/env bash
# The README's main job: install dependencies if needed, build, and run the CLI over examples/.
# Exits with the CLI's exit code (1: the broken example has errors, as intended).
set -euo pipefail
cd "$(dirname "$0")/.."
# npm writes node_modules/.package-lock.json at each install: older than package-lock.json means the install is stale.
# (The folder's own time changes whenever an entry is added or removed, so it says nothing about the install.)
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
node scripts/build.mjs
exec node bin/anyscale-azure.js check examples/
