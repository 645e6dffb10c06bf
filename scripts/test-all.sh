#!/usr/bin/env bash
# `npm test`: the one test command. Sets up a fresh machine (scripts/install-tools.sh), builds, typechecks and
# runs every tier, keeping each tier's output visible:
#
#   lint       prettier --check, eslint, madge      the code's layout (.prettierrc.json), eslint.config.mjs (with the
#                                                  layering's import rules), and no import cycle (type imports too)
#   unit       node --test out/test/unit/          service, rules, fixtures, corpus (bundled by build.mjs --tests)
#   protocol   node --test out/test/lsp/           the real server over stdio, no editor (test/lsp/*.test.ts,
#                                                  bundled by build.mjs; plain test/lsp/ when not bundled)
#   vscode     test/e2e/run-vscode-tests.js        mocha inside a real VS Code (code-server, Node extension host)
#   vscode-untrusted   … run-vscode-tests.js untrusted   the same with workspace trust on, in an untrusted folder
#   vscode-multiroot   … run-vscode-tests.js multiroot   the same in a multi-root workspace whose folders change
#   ui-smoke   test/e2e/ui-smoke.js <vsix>         the packaged .vsix installed and used through the UI
#
# Every tier runs, locally and in CI (CI=true): none is skipped. The last line is `N passed, N failed, N skipped`,
# summed over the tiers. A tier's counts are read from a JSON file it writes ($TEST_COUNTS_FILE: node --test through
# scripts/test-counts-reporter.mjs, our runners through test/support/testCounts.js) and from its exit code, never from
# its text; a tier or set-up step that fails without writing counts counts as 1 failed, and so does a
# tier that runs fewer tests than its minimum below (a tier that finds no tests is a failure, not a pass). Exits 1
# on any failure. Environment switches that would hide a failure (UPDATE_GOLDEN rewrites expected files before
# comparing with them; E2E_GREP narrows the vscode tier) are refused: they are for running one file by hand.

# The fewest tests each tier must run: a little under today's counts, so that a tier that silently loses a file
# (or all of them) fails. Raise them as tests are added.
declare -A MINIMUM=([lint]=3 [unit]=2000 [protocol]=70 [vscode]=64 [vscode-untrusted]=6 [vscode-multiroot]=1 [ui-smoke]=16)
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/anyscale-test-all.XXXXXX")
trap 'rm -rf "$LOGS"' EXIT
VSIX="$ROOT/dist/anyscale-azure-tools.vsix"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
T_ALL=$(now)
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0
SUMMARY=()
declare -A STATUS=()

# The run's deadline. CI stops a run at 90 minutes and then shows nothing of it, so a step that stalls (a
# registry that never answers, a hung editor) is stopped here first, with time left to print the summary.
# Seconds from the start; TEST_ALL_DEADLINE_S overrides.
DEADLINE_S=${TEST_ALL_DEADLINE_S:-5100}
STOPPED_AT_DEADLINE="stopped: the run's deadline (${DEADLINE_S} s from its start) was reached"

# Runs a command (or one of this file's functions) with what is left until the deadline; exit 124 when stopped.
within_deadline() {
  local left
  left=$(awk -v a="$T_ALL" -v b="$(now)" -v d="$DEADLINE_S" 'BEGIN { printf "%d", d - (b - a) }')
  if [ "$left" -le 0 ]; then return 124; fi
  timeout --kill-after=30 "$left" bash -c '"$@"' bash "$@"
}

banner() { printf '\n==================== %s ====================\n' "$*"; }

record() { # name passed failed seconds note [skipped]
  TOTAL_PASSED=$((TOTAL_PASSED + $2))
  TOTAL_FAILED=$((TOTAL_FAILED + $3))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + ${6:-0}))
  SUMMARY+=("$(printf '  %-14s %-34s %6s s' "$1" "$5" "$4")")
}

# Counts from a tier's counts file, as `passed failed skipped`; nothing when the tier wrote none (or a broken one).
counts_of() {
  node -e '
    const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    if ([c.passed, c.failed, c.skipped].every(Number.isInteger)) console.log(c.passed, c.failed, c.skipped);
  ' "$1" 2>/dev/null
}

# A set-up step: no test counts; a failure counts as 1 failed.
step() { # name command...
  local name=$1; shift
  banner "$name"
  local t0 rc
  t0=$(now)
  within_deadline "$@" 2>&1
  rc=$?
  local secs; secs=$(since "$t0")
  if [ $rc -eq 0 ]; then STATUS[$name]=ok; record "$name" 0 0 "$secs" "ok"
  elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    STATUS[$name]=failed; echo "!! $name $STOPPED_AT_DEADLINE"; record "$name" 0 1 "$secs" "STOPPED at the deadline"
  else STATUS[$name]=failed; echo "!! $name failed (exit $rc)"; record "$name" 0 1 "$secs" "FAILED (exit $rc)"; fi
}

# A test tier: its own counts; exit code and counts must agree, a crash without counts is 1 failed.
tier() { # name command...
  local name=$1; shift
  banner "$name"
  local counts_file="$LOGS/$name.counts.json" t0 rc
  t0=$(now)
  TEST_COUNTS_FILE=$counts_file within_deadline "$@" 2>&1
  rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo "!! $name $STOPPED_AT_DEADLINE"; fi
  local secs counts p f note
  secs=$(since "$t0")
  counts=$(counts_of "$counts_file")
  local s=0 minimum=${MINIMUM[$name]:-1}
  if [ -n "$counts" ]; then
    read -r p f s <<<"$counts"
    if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; note="$p passed, exit $rc without a failed test"
    elif [ "$p" -lt "$minimum" ]; then note="$p passed, $f failed: fewer than the $minimum this tier must pass"; f=$((f + 1))
    else note="$p passed, $f failed"; fi
    [ "$s" -gt 0 ] && note="$note, $s skipped"
  else
    p=0; f=1; note="no counts written (exit $rc)"
  fi
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then note="$note; STOPPED at the deadline"; fi
  [ "$p" -lt "$minimum" ] && echo "!! $name ran $p tests; it must run at least $minimum (a tier that finds no tests is a failure)"
  STATUS[$name]=$([ "$f" -eq 0 ] && echo ok || echo failed)
  record "$name" "$p" "$f" "$secs" "$note" "$s"
}

# node --test with the spec reporter on the screen and the counts in $TEST_COUNTS_FILE (set by tier).
node_tests() {
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=./scripts/test-counts-reporter.mjs --test-reporter-destination="$TEST_COUNTS_FILE" "$@"
}

# The lint tier: each check is one test (passed when its command exits 0), its output shown as it runs.
lint_checks() {
  local passed=0 failed=0 check
  for check in format:check lint lint:cycles; do
    printf '\n--- npm run %s\n' "$check"
    if npm run --silent "$check"; then passed=$((passed + 1)); echo "ok   $check"
    else failed=$((failed + 1)); echo "FAIL $check"; fi
  done
  echo "{\"passed\":$passed,\"failed\":$failed,\"skipped\":0}" >"$TEST_COUNTS_FILE"
  [ "$failed" -eq 0 ]
}

export -f node_tests lint_checks # within_deadline runs them in a bash of their own

not_run() { # name reason
  banner "$1"
  echo "!! $1 not run: $2"
  STATUS[$1]=failed
  record "$1" 0 1 0.0 "NOT RUN: $2"
}

echo "npm test: all tiers (CI=${CI:-false}), node $(node --version), in $ROOT"

for switch in UPDATE_GOLDEN E2E_GREP ROBUSTNESS_SEED; do
  if [ -n "${!switch:-}" ]; then
    echo "npm test: refusing to run with $switch set (${!switch}): it changes what the suite checks. Unset it; it is for running one test file by hand."
    echo "0 passed, 1 failed, 0 skipped"
    exit 1
  fi
done

step install-tools bash scripts/install-tools.sh
rm -rf out/test # bundles of deleted tests must not run on
step build node scripts/build.mjs --tests
step typecheck npx --no-install tsc -b
tier lint lint_checks

if [ "${STATUS[build]}" = ok ]; then
  tier unit node_tests out/test/unit/
  tier protocol node_tests out/test/lsp/ # test/lsp/*.test.ts, bundled by build.mjs --tests
  tier vscode node test/e2e/run-vscode-tests.js
  tier vscode-untrusted node test/e2e/run-vscode-tests.js untrusted
  tier vscode-multiroot node test/e2e/run-vscode-tests.js multiroot
else
  not_run unit "the build failed"
  not_run protocol "the build failed"
  not_run vscode "the build failed"
  not_run vscode-untrusted "the build failed"
  not_run vscode-multiroot "the build failed"
fi

rm -f "$VSIX"
step package npm run package
if [ "${STATUS[package]}" = ok ] && [ -f "$VSIX" ]; then
  tier ui-smoke node test/e2e/ui-smoke.js "$VSIX"
else
  not_run ui-smoke "no .vsix was packaged"
fi

banner "summary ($(since "$T_ALL") s in all)"
printf '%s\n' "${SUMMARY[@]}"
echo "${TOTAL_PASSED} passed, ${TOTAL_FAILED} failed, ${TOTAL_SKIPPED} skipped"
[ "$TOTAL_FAILED" -eq 0 ]
