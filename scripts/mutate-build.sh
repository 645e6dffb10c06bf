#!/usr/bin/env bash
# Stryker's buildCommand (stryker.config.mjs), run inside its sandbox .stryker-tmp/sandbox-*/: links ../shared beside the
# sandbox to the checkout's own ../shared (so the corpus tests run when the corpus is there, and skip as usual when it is
# not), then bundles the tests from the mutated sources.
set -euo pipefail
ln -sfn ../../shared ../shared
node scripts/build.mjs --tests
