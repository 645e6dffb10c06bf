#!/usr/bin/env bash
# The README's main job: install dependencies if needed, build, and run the CLI over examples/.
# Exits with the CLI's exit code (1: the broken example has errors, as intended).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then npm ci --no-audit --no-fund; fi
node scripts/build.mjs
exec node bin/anyscale-azure.js check examples/
