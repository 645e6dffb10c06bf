#!/usr/bin/env node
// FAKE kubectl, for tests only. No Kubernetes API server can exist on a test machine, so this clearly-labelled
// seam plays one: copied as `kubectl` into a temporary folder put first on PATH, it records each argv (one JSON
// array a line in calls.jsonl next to itself), knows two contexts, and "runs" an applied Job by running the Job's
// container command here, with the container's env, saving its stdout as the Job's log. Everything else about the
// flow (the argv, the manifest, the log parser, the UI) is the product's own.
// Required as a module instead, it exports install() and readCalls() for the tests that use it.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const CONTEXTS = ['fake-aks', 'fake-aks-staging'];
const CALLS = 'calls.jsonl';

function main() {
  const state = path.dirname(fs.realpathSync(__filename));
  const args = process.argv.slice(2);
  fs.appendFileSync(path.join(state, CALLS), JSON.stringify(args) + '\n');
  const rest = args.slice(args.indexOf('--namespace') >= 0 ? args.indexOf('--namespace') + 2 : 0);
  const verb = rest[0];
  if (args[0] === 'config' && args[1] === 'current-context') process.stdout.write(CONTEXTS[0] + '\n');
  else if (args[0] === 'config' && args[1] === 'get-contexts') process.stdout.write(CONTEXTS.join('\n') + '\n');
  else if (verb === 'apply') {
    const job = JSON.parse(fs.readFileSync(0, 'utf8'));
    const container = job.spec.template.spec.containers[0];
    const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
    // The image would bring its own `node`; here it is the one running this script.
    const run = spawnSync(process.execPath, container.command.slice(1), { env: Object.assign({ PATH: process.env.PATH }, env), encoding: 'utf8' });
    fs.writeFileSync(path.join(state, job.metadata.name + '.log'), run.stdout);
    process.stdout.write('job.batch/' + job.metadata.name + ' created\n');
  } else if (verb === 'get') process.stdout.write('1/');
  else if (verb === 'logs') process.stdout.write(fs.readFileSync(path.join(state, rest[1].replace('job/', '') + '.log'), 'utf8'));
  else if (verb === 'delete') process.stdout.write('job.batch "' + rest[2] + '" deleted\n');
  else {
    process.stderr.write('fake kubectl: unsupported ' + args.join(' ') + '\n');
    process.exitCode = 1;
  }
}

/** Copies this script as `kubectl` into a new temporary folder; put `dir` first on PATH. */
function install() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-kubectl-'));
  fs.copyFileSync(__filename, path.join(dir, 'kubectl'));
  fs.chmodSync(path.join(dir, 'kubectl'), 0o755);
  return { dir, contexts: CONTEXTS.slice(), close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The argv of every call the fake in `dir` received, in order. */
function readCalls(dir) {
  const file = path.join(dir, CALLS);
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

if (require.main === module) main();
else module.exports = { install, readCalls, CONTEXTS };
