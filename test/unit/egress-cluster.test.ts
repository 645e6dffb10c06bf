// The in-cluster probe, run here: the probe Job's own script (taken from the manifest) against the same loopback
// servers as the local engine, its log read by the same parser; then the client's kubectl flow (apply, wait, logs,
// delete) against a FAKE kubectl. The fake is a thin, clearly-labelled seam: no Kubernetes API server can exist
// on a test machine, so a script placed first on PATH plays kubectl and runs the Job's container command locally.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { EgressTargetInfo } from '../../shared/protocol';
import { probeJob } from '../../server/src/service/egress/cluster/job';
import { parseProbeLog, formatProbeLine, formatDoneLine, LINE_PREFIX } from '../../server/src/service/egress/lines';
import { probeTargets } from '../../server/src/service/egress/probe/engine';
import { staticResolver } from '../../server/src/service/egress/probe/resolver';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { kubectlOnPath, kubeContexts, runProbeJob } from '../../client/src/features/egress/kubectl';
import { startLab, HOSTS, PROXY_PASSWORD, PROXY_USER, type Lab } from '../support/egressLab';

interface Container {
  command: string[];
  env: Array<{ name: string; value: string }>;
  securityContext: { readOnlyRootFilesystem: boolean };
}

const execFileAsync = promisify(execFile);
let lab: Lab;
let targets: EgressTargetInfo[];

before(async () => {
  lab = await startLab({ slowMs: 50 });
  targets = parseTargetsFile(JSON.stringify(['good', 'selfSigned', 'wrongHost', 'expired', 'silent', 'closed', 'reset'].map((n) => lab.target(n as 'good'))));
  targets.push(parseTargetsFile(JSON.stringify(['*.s.azure.anyscaleuserdata.com']))[0]);
});
after(() => lab.close());

function jobFor(list: readonly EgressTargetInfo[]) {
  return probeJob({ targets: list, namespace: 'egress-test', image: 'node:20', suffix: 'T1', timeoutMs: 700, concurrency: 4, resolve: lab.names, ca: lab.certificates.caPem });
}

test('the Job manifest: one short-lived, locked-down pod running the probe script with the targets', () => {
  const job = jobFor(targets);
  const manifest = JSON.parse(job.manifest);
  assert.equal(manifest.kind, 'Job');
  assert.equal(job.name, 'anyscale-azure-egress-probe-t1');
  assert.equal(manifest.metadata.namespace, 'egress-test');
  assert.equal(manifest.spec.backoffLimit, 0);
  assert.equal(manifest.spec.template.spec.automountServiceAccountToken, false);
  const container: Container = manifest.spec.template.spec.containers[0];
  assert.deepEqual(container.command.slice(0, 2), ['node', '-e']);
  assert.equal(container.securityContext.readOnlyRootFilesystem, true);
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
  assert.equal(JSON.parse(env.ANYSCALE_EGRESS_TARGETS).length, targets.length - 1, 'the wildcard is not sent to the cluster');
});

test('the probe script, run locally, classifies like the local engine; the same parser reads both', async () => {
  const container: Container = JSON.parse(jobFor(targets).manifest).spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
  // Spawned asynchronously: the loopback servers live in this process and must keep answering meanwhile.
  const run = await execFileAsync(process.execPath, container.command.slice(1), { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 20000 });
  const fromCluster = parseProbeLog(`some other log line\n${run.stdout}`, targets);
  assert.equal(fromCluster.complete, true);
  assert.deepEqual(fromCluster.problems, []);

  const local = await probeTargets(targets, { resolver: staticResolver(lab.names), extraCa: lab.certificates.caPem, timeoutMs: 700, concurrency: 4 });
  const expected = ['ok', 'tls-untrusted', 'tls-hostname', 'tls-expired', 'tls-timeout', 'refused', 'reset', 'needs-host'];
  assert.deepEqual(local.map((r) => r.outcome), expected);
  assert.deepEqual(fromCluster.results.map((r) => r.outcome), expected);
  const fromLocalLines = parseProbeLog([...local.map(formatProbeLine), formatDoneLine(local.length)].join('\n'), targets);
  assert.deepEqual(fromLocalLines.results.map((r) => r.outcome), expected);
  assert.deepEqual(fromLocalLines.results[0].phases, local[0].phases);
  assert.equal(fromCluster.results[0].tls?.issuer, 'Anyscale Egress Test CA');
  assert.ok(fromCluster.results[1].hint?.includes(lab.target('selfSigned')), fromCluster.results[1].hint);
});

/** Runs the Job's script here with extra environment (as a pod would see it) and parses its log. */
async function runScript(list: readonly EgressTargetInfo[], extraEnv: Record<string, string>) {
  const container: Container = JSON.parse(jobFor(list).manifest).spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
  const run = await execFileAsync(process.execPath, container.command.slice(1), { env: { PATH: process.env.PATH, ...env, ...extraEnv }, encoding: 'utf8', timeout: 20000 });
  return parseProbeLog(run.stdout, list);
}

test('the probe script honours the pod\'s HTTPS_PROXY and NO_PROXY (AKS cluster-wide proxy), like the local engine', async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good'), lab.target('expired')]));
  lab.proxied.length = 0;
  const parsed = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${lab.proxyPort}`, NO_PROXY: `.example.com,${HOSTS.expired}` });
  assert.deepEqual(parsed.results.map((r) => r.outcome), ['ok', 'tls-expired']);
  assert.equal(parsed.results[0].via, `http://127.0.0.1:${lab.proxyPort}`);
  assert.equal(parsed.results[0].addresses, undefined, 'the proxy resolves the target, not the pod');
  assert.equal(parsed.results[1].via, undefined, 'NO_PROXY sends the expired host direct');
  assert.deepEqual(lab.proxied, [lab.target('good')], 'only the proxied target went through CONNECT');
});

test('the probe script through a proxy that wants credentials: 407 without them, a tunnel with them', async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good')]));
  const bare = await runScript(list, { https_proxy: `127.0.0.1:${lab.authProxyPort}` });
  assert.equal(bare.results[0].outcome, 'proxy-auth-required');
  assert.match(bare.results[0].hint ?? '', new RegExp(`the proxy http://127\\.0\\.0\\.1:${lab.authProxyPort} asks for credentials`));
  const user = `http://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${lab.authProxyPort}`;
  const authed = await runScript(list, { HTTPS_PROXY: user });
  assert.equal(authed.results[0].outcome, 'ok');
  assert.equal(authed.results[0].via, `http://127.0.0.1:${lab.authProxyPort}`, 'credentials never reach the report');
});

test('the probe script: a proxy that refuses the host, and a proxy port nobody listens on, are proxy-refused', async () => {
  const list = parseTargetsFile(JSON.stringify(['nowhere.egress.invalid:443']));
  const refused = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${lab.proxyPort}` });
  assert.equal(refused.results[0].outcome, 'proxy-refused');
  assert.match(refused.results[0].detail ?? '', /403/);
  const closedPort = Number(lab.target('closed').split(':')[1]);
  const down = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${closedPort}` });
  assert.equal(down.results[0].outcome, 'proxy-refused');
});

test('a log cut short is incomplete and names the targets it never reached', () => {
  const parsed = parseProbeLog(`${LINE_PREFIX}{"host":"${targets[0].host}","port":${targets[0].port},"outcome":"ok","ms":3}\n${LINE_PREFIX}{broken`, targets.slice(0, 2));
  assert.equal(parsed.complete, false);
  assert.equal(parsed.results[0].outcome, 'ok');
  assert.equal(parsed.results[1].outcome, 'error');
  assert.match(parsed.results[1].detail ?? '', /ended before/);
  assert.equal(parsed.problems.length, 1);
});

const FAKE_KUBECTL = `#!${process.execPath}
// FAKE kubectl for tests only: records its argv and plays a cluster by running the Job's container command here.
const fs = require('fs'), path = require('path'), { spawnSync } = require('child_process');
const state = process.env.FAKE_KUBECTL_STATE;
const args = process.argv.slice(2);
fs.appendFileSync(path.join(state, 'calls.jsonl'), JSON.stringify(args) + '\\n');
const rest = args.slice(args.indexOf('--namespace') >= 0 ? args.indexOf('--namespace') + 2 : 0);
const verb = rest[0];
if (args[0] === 'config' && args[1] === 'current-context') process.stdout.write('fake-aks\\n');
else if (args[0] === 'config' && args[1] === 'get-contexts') process.stdout.write('fake-aks\\nother\\n');
else if (verb === 'apply') {
  const job = JSON.parse(fs.readFileSync(0, 'utf8'));
  const c = job.spec.template.spec.containers[0];
  const env = Object.fromEntries(c.env.map((e) => [e.name, e.value]));
  const run = spawnSync(process.execPath, c.command.slice(1), { env: Object.assign({ PATH: process.env.PATH }, env), encoding: 'utf8' });
  fs.writeFileSync(path.join(state, job.metadata.name + '.log'), run.stdout);
  process.stdout.write('job.batch/' + job.metadata.name + ' created\\n');
} else if (verb === 'get') process.stdout.write('1/');
else if (verb === 'logs') process.stdout.write(fs.readFileSync(path.join(state, rest[1].replace('job/', '') + '.log'), 'utf8'));
else if (verb === 'delete') process.stdout.write('job.batch "' + rest[2] + '" deleted\\n');
else { process.stderr.write('fake kubectl: unsupported ' + args.join(' ')); process.exit(1); }
`;

test('kubectl flow against a FAKE kubectl on PATH: contexts, apply, wait, logs, delete, all with argv', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-kubectl-'));
  try {
    fs.writeFileSync(path.join(dir, 'kubectl'), FAKE_KUBECTL, { mode: 0o755 });
    const env = { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}`, FAKE_KUBECTL_STATE: dir };
    const kubectl = kubectlOnPath('kubectl', env);
    assert.deepEqual(await kubeContexts(kubectl), { current: 'fake-aks', all: ['fake-aks', 'other'] });
    const job = jobFor(targets);
    const steps: string[] = [];
    const run = await runProbeJob(kubectl, job, 'fake-aks', { waitMs: 5000, pollMs: 10, onStep: (s) => steps.push(s) });
    assert.deepEqual(run.problems, []);
    const parsed = parseProbeLog(run.log, targets);
    assert.equal(parsed.complete, true);
    assert.equal(parsed.results[0].outcome, 'ok');
    const calls = fs.readFileSync(path.join(dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string[]);
    const scoped = calls.filter((c) => c[0] === '--context').map((c) => c.slice(4).join(' '));
    assert.deepEqual(scoped, ['apply -f -', `get job ${job.name} -o jsonpath={.status.succeeded}/{.status.failed}`, `logs job/${job.name}`,
      `delete job ${job.name} --ignore-not-found --wait=false --cascade=background`]);
    assert.ok(calls.filter((c) => c[0] === '--context').every((c) => c[1] === 'fake-aks' && c[3] === 'egress-test'));
    assert.equal(steps.at(-1), `Deleting Job ${job.name}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing kubectl is reported, not thrown', async () => {
  const result = await kubeContexts(kubectlOnPath('kubectl-that-does-not-exist'));
  assert.deepEqual(result.all, []);
  assert.match(result.error ?? '', /ENOENT/);
});
