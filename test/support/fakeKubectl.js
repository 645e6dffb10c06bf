#!/usr/bin/env node
// FAKE kubectl, for tests only. No Kubernetes API server can exist on a test machine, so this clearly-labelled
// seam plays one: copied as `kubectl` into a temporary folder put first on PATH, it records each argv (one JSON
// array a line in calls.jsonl next to itself), knows two contexts, and "runs" an applied Job by running the Job's
// container command here, with the container's env, saving its stdout as the Job's log. Everything else about the
// flow (the argv, the manifest, the log parser, the UI) is the product's own.
//
// A scenario (the file `scenario` next to it, written by setScenario) makes one step fail the way a cluster does:
//   apply-fails          `apply` is refused (RBAC), so no Job exists
//   job-never-finishes   the Job is created but its pod never starts: `get` shows no outcome, `logs` fails
//   delete-fails         the Job runs and is read, but the credentials expire before it is deleted: it is left behind
//   no-contexts          no kubeconfig yet (before `az aks get-credentials`): no contexts, no current context
//   server-unreachable   the contexts are read, but every request to the API server hangs (a firewall drops it)
// For "Verify Cluster Extension" it answers `get deployment NAME` (Available) and `get crds NAME…` (each Established).
// The Jobs the fake holds are files in jobs/ (created by apply, removed by delete): leftoverJobs() lists them.
// Required as a module instead, it exports install(), setScenario(), readCalls() and leftoverJobs() for the tests.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const CONTEXTS = ['fake-aks', 'fake-aks-staging'];
const CALLS = 'calls.jsonl';
const SCENARIO = 'scenario';
const JOBS = 'jobs';
const SCENARIOS = ['apply-fails', 'job-never-finishes', 'delete-fails', 'no-contexts', 'server-unreachable'];

/** Ends this kubectl the way the real one ends a refused request: the server's message on stderr, exit 1. */
function refuse(message) {
  process.stderr.write(message + '\n');
  process.exitCode = 1;
}

/** What `kubectl get deployment NAME -o json` prints for a deployment whose pods are ready (trimmed to what is read). */
function deployment(name, namespace) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace },
    status: {
      replicas: 1,
      readyReplicas: 1,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      ],
    },
  };
}

/** One item of `kubectl get crds NAME… -o json`: an established CustomResourceDefinition. */
function crd(name) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    status: {
      conditions: [
        { type: 'NamesAccepted', status: 'True' },
        { type: 'Established', status: 'True', reason: 'InitialNamesAccepted' },
      ],
    },
  };
}

function main() {
  const state = path.dirname(fs.realpathSync(__filename));
  const args = process.argv.slice(2);
  fs.appendFileSync(path.join(state, CALLS), JSON.stringify(args) + '\n');
  const scenario = fs.existsSync(path.join(state, SCENARIO))
    ? fs.readFileSync(path.join(state, SCENARIO), 'utf8').trim()
    : '';
  const namespace = args.indexOf('--namespace') >= 0 ? args[args.indexOf('--namespace') + 1] : 'default';
  // The verb follows the --context/--namespace scope (either may be absent: CRDs have no namespace).
  const rest = args.slice(
    Math.max(...['--namespace', '--context'].map((flag) => (args.indexOf(flag) >= 0 ? args.indexOf(flag) + 2 : 0))),
  );
  const verb = rest[0];
  const jobFile = (name) => path.join(state, JOBS, name.replace(/^job\//, ''));
  // What kubectl answers without a kubeconfig: an empty list, and an error for the current context.
  if (args[0] === 'config' && scenario === 'no-contexts')
    return args[1] === 'current-context' ? refuse('error: current-context is not set') : undefined;
  // A dropped connection: kubectl waits for the API server (here, until it is stopped).
  if (args[0] !== 'config' && scenario === 'server-unreachable') return setInterval(() => undefined, 60_000);
  if (args[0] === 'config' && args[1] === 'current-context') process.stdout.write(CONTEXTS[0] + '\n');
  else if (args[0] === 'config' && args[1] === 'get-contexts') process.stdout.write(CONTEXTS.join('\n') + '\n');
  else if (verb === 'apply') {
    const job = JSON.parse(fs.readFileSync(0, 'utf8'));
    if (scenario === 'apply-fails') {
      return refuse(
        `Error from server (Forbidden): error when creating "STDIN": jobs.batch is forbidden: User "fake-user" cannot create resource "jobs" in API group "batch" in the namespace "${namespace}"`,
      );
    }
    let log = '';
    if (scenario !== 'job-never-finishes') {
      const container = job.spec.template.spec.containers[0];
      const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
      // The image would bring its own `node`; here it is the one running this script.
      log = spawnSync(process.execPath, container.command.slice(1), {
        env: Object.assign({ PATH: process.env.PATH }, env),
        encoding: 'utf8',
      }).stdout;
    }
    fs.mkdirSync(path.join(state, JOBS), { recursive: true });
    fs.writeFileSync(jobFile(job.metadata.name), log);
    process.stdout.write('job.batch/' + job.metadata.name + ' created\n');
  } else if (verb === 'get' && rest[1] === 'deployment')
    process.stdout.write(JSON.stringify(deployment(rest[2], namespace)));
  else if (verb === 'get' && rest[1] === 'crds')
    process.stdout.write(
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: rest
          .slice(2)
          .filter((a) => !a.startsWith('-') && a !== 'json')
          .map(crd),
      }),
    );
  else if (verb === 'get') process.stdout.write(scenario === 'job-never-finishes' ? '/' : '1/');
  else if (verb === 'logs') {
    if (scenario === 'job-never-finishes')
      return refuse(
        `Error from server (BadRequest): container "probe" in pod "${rest[1].replace('job/', '')}-fake0" is waiting to start: ContainerCreating`,
      );
    process.stdout.write(fs.readFileSync(jobFile(rest[1]), 'utf8'));
  } else if (verb === 'delete') {
    if (scenario === 'delete-fails') return refuse('error: You must be logged in to the server (Unauthorized)');
    fs.rmSync(jobFile(rest[2]), { force: true });
    process.stdout.write('job.batch "' + rest[2] + '" deleted\n');
  } else refuse('fake kubectl: unsupported ' + args.join(' '));
}

/** Copies this script as `kubectl` into a new temporary folder; put `dir` first on PATH. */
function install() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-kubectl-'));
  fs.copyFileSync(__filename, path.join(dir, 'kubectl'));
  fs.chmodSync(path.join(dir, 'kubectl'), 0o755);
  return { dir, contexts: CONTEXTS.slice(), close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Makes the fake in `dir` fail one step from now on (one of SCENARIOS), or succeed throughout (undefined). */
function setScenario(dir, scenario) {
  if (scenario === undefined) return fs.rmSync(path.join(dir, SCENARIO), { force: true });
  if (!SCENARIOS.includes(scenario))
    throw new Error(`fake kubectl: unknown scenario "${scenario}"; one of ${SCENARIOS.join(', ')}`);
  fs.writeFileSync(path.join(dir, SCENARIO), scenario + '\n');
}

/** The argv of every call the fake in `dir` received, in order. */
function readCalls(dir) {
  const file = path.join(dir, CALLS);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The names of the Jobs applied to the fake in `dir` and never deleted. */
function leftoverJobs(dir) {
  return fs.existsSync(path.join(dir, JOBS)) ? fs.readdirSync(path.join(dir, JOBS)).sort() : [];
}

if (require.main === module) main();
else module.exports = { install, setScenario, readCalls, leftoverJobs, CONTEXTS, SCENARIOS };
