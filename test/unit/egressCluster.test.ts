// The in-cluster probe, run here: the probe Job's own script (taken from the manifest) against the same loopback
// servers as the local engine, its log read by the same parser, with and without the HTTPS HEAD; then the client's
// kubectl flow (apply, wait, logs, delete) against a FAKE kubectl. The fake (../support/fakeKubectl.js, shared with
// the UI smoke) is a thin, clearly-labelled seam: no Kubernetes API server can exist on a test machine, so a script
// placed first on PATH plays kubectl and runs the Job's container command locally.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { EgressTargetInfo } from '../../shared/protocol';
import { probeJob } from '../../server/src/service/egress/cluster/job';
import { parseProbeLog, formatProbeLine, formatDoneLine, LINE_PREFIX } from '../../server/src/service/egress/lines';
import { probeTargets } from '../../server/src/node/egressProbe/engine';
import { staticResolver } from '../../server/src/node/egressProbe/resolver';
import { proxyConfig } from '../../server/src/service/egress/proxy';
import { hintFor } from '../../server/src/service/egress/hints';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { kubectlOnPath, kubeContexts, noContextMessage, runProbeJob } from '../../client/src/features/egress/kubectl';
import {
  startLab,
  startUnanswered,
  HOSTS,
  PORTAL_SHOWN,
  PROXY_PASSWORD,
  PROXY_USER,
  type Lab,
} from '../support/egressLab';
import { REPO_ROOT } from '../support/paths';

interface FakeKubectl {
  install(): { dir: string; contexts: string[]; close(): void };
  setScenario(dir: string, scenario?: 'no-contexts' | 'server-unreachable'): void;
  readCalls(dir: string): string[][];
}
// Plain JavaScript, so the UI smoke (which is not compiled) runs the very same fake.
const fakeKubectl = require(path.join(REPO_ROOT, 'test', 'support', 'fakeKubectl.js')) as FakeKubectl;

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
  targets = parseTargetsFile(
    JSON.stringify(
      ['good', 'selfSigned', 'wrongHost', 'expired', 'silent', 'closed', 'reset'].map((n) => lab.target(n as 'good')),
    ),
  );
  targets.push(parseTargetsFile(JSON.stringify(['*.s.azure.anyscaleuserdata.com']))[0]);
});
after(() => lab.close());

function jobFor(list: readonly EgressTargetInfo[], httpHead?: boolean) {
  return probeJob({
    targets: list,
    namespace: 'egress-test',
    image: 'node:20',
    suffix: 'T1',
    timeoutMs: 700,
    concurrency: 4,
    resolve: lab.names,
    ca: lab.certificates.caPem,
    httpHead,
  });
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
  assert.equal(
    JSON.parse(env.ANYSCALE_EGRESS_TARGETS).length,
    targets.length - 1,
    'the wildcard is not sent to the cluster',
  );
});

test('the probe script, run locally, classifies like the local engine; the same parser reads both', async () => {
  const container: Container = JSON.parse(jobFor(targets).manifest).spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
  // Spawned asynchronously: the loopback servers live in this process and must keep answering meanwhile.
  const run = await execFileAsync(process.execPath, container.command.slice(1), {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 20000,
  });
  const fromCluster = parseProbeLog(`some other log line\n${run.stdout}`, targets);
  assert.equal(fromCluster.complete, true);
  assert.deepEqual(fromCluster.problems, []);

  const local = await probeTargets(targets, {
    resolver: staticResolver(lab.names),
    extraCa: lab.certificates.caPem,
    timeoutMs: 700,
    concurrency: 4,
  });
  const expected = [
    'ok',
    'tls-untrusted',
    'tls-hostname',
    'tls-expired',
    'tls-timeout',
    'refused',
    'reset',
    'needs-host',
  ];
  assert.deepEqual(
    local.map((r) => r.outcome),
    expected,
  );
  assert.deepEqual(
    fromCluster.results.map((r) => r.outcome),
    expected,
  );
  const fromLocalLines = parseProbeLog(
    [...local.map(formatProbeLine), formatDoneLine(local.length)].join('\n'),
    targets,
  );
  assert.deepEqual(
    fromLocalLines.results.map((r) => r.outcome),
    expected,
  );
  assert.deepEqual(fromLocalLines.results[0].phases, local[0].phases);
  assert.equal(fromCluster.results[0].tls?.issuer, 'Anyscale Egress Test CA');
  assert.ok(fromCluster.results[1].hint?.includes(lab.target('selfSigned')), fromCluster.results[1].hint);
});

/** Runs the Job's script here with extra environment (as a pod would see it) and parses its log. */
async function runScript(list: readonly EgressTargetInfo[], extraEnv: Record<string, string>, httpHead?: boolean) {
  const container: Container = JSON.parse(jobFor(list, httpHead).manifest).spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
  const run = await execFileAsync(process.execPath, container.command.slice(1), {
    env: { PATH: process.env.PATH, ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 20000,
  });
  return parseProbeLog(run.stdout, list);
}

/** A TLS server with the lab's good certificate that, after the handshake, runs `onSecure` on the connection. */
async function tlsAfterHandshake(
  onSecure: (socket: tls.TLSSocket) => void,
): Promise<{ target: string; close(): Promise<void> }> {
  const open = new Set<tls.TLSSocket>();
  const server = tls.createServer(lab.certificates.pair('good'), (socket) => {
    open.add(socket);
    socket.on('error', () => undefined);
    onSecure(socket);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test("with httpHead the Job asks for HEAD and its script gets the local engine's status codes and http phase", async () => {
  const env = (httpHead?: boolean) =>
    (JSON.parse(jobFor(targets, httpHead).manifest).spec.template.spec.containers[0] as Container).env.map(
      (e) => e.name,
    );
  assert.ok(env(true).includes('ANYSCALE_EGRESS_HTTP_HEAD'));
  assert.ok(!env(false).includes('ANYSCALE_EGRESS_HTTP_HEAD'), 'no HEAD unless the setting asks for it');

  // Beyond the lab: a server that closes after the handshake without answering, and one that never answers.
  const hangUp = await tlsAfterHandshake((socket) => socket.end());
  const mute = await tlsAfterHandshake(() => undefined);
  try {
    const list = parseTargetsFile(
      JSON.stringify([
        lab.target('good'),
        lab.target('slow'),
        lab.target('expired'),
        lab.target('closed'),
        hangUp.target,
        mute.target,
      ]),
    );
    const fromCluster = await runScript(list, {}, true);
    assert.equal(fromCluster.complete, true);
    const local = await probeTargets(list, {
      resolver: staticResolver(lab.names),
      extraCa: lab.certificates.caPem,
      timeoutMs: 700,
      concurrency: 4,
      httpHead: true,
    });
    const summary = (r: { outcome: string; httpStatus?: number; phases: { httpMs?: number } }) => [
      r.outcome,
      r.httpStatus,
      r.phases.httpMs !== undefined,
    ];
    const expected = [
      ['ok', 200, true],
      ['ok', 200, true],
      ['tls-expired', undefined, false],
      ['refused', undefined, false],
      ['reset', undefined, false],
      ['http-timeout', undefined, false],
    ];
    assert.deepEqual(local.map(summary), expected);
    assert.deepEqual(fromCluster.results.map(summary), expected);
    assert.match(fromCluster.results[4].detail ?? '', /^http: /);
    assert.match(fromCluster.results[5].detail ?? '', /^http: no answer within 700 ms/);
  } finally {
    await hangUp.close();
    await mute.close();
  }
});

test("the probe script honours the pod's HTTPS_PROXY and NO_PROXY (AKS cluster-wide proxy), like the local engine", async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good'), lab.target('expired')]));
  lab.proxied.length = 0;
  const parsed = await runScript(list, {
    HTTPS_PROXY: `http://127.0.0.1:${lab.proxyPort}`,
    NO_PROXY: `.example.com,${HOSTS.expired}`,
  });
  assert.deepEqual(
    parsed.results.map((r) => r.outcome),
    ['ok', 'tls-expired'],
  );
  assert.equal(parsed.results[0].via, `http://127.0.0.1:${lab.proxyPort}`);
  assert.equal(parsed.results[0].addresses, undefined, 'the proxy resolves the target, not the pod');
  assert.equal(parsed.results[1].via, undefined, 'NO_PROXY sends the expired host direct');
  assert.deepEqual(lab.proxied, [lab.target('good')], 'only the proxied target went through CONNECT');
});

test('the probe script through a proxy that opens the tunnel with 204 No Content: ok, as any 2xx answer to CONNECT is', async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good')]));
  const parsed = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${lab.noContentProxyPort}` }, true);
  assert.equal(parsed.results[0].outcome, 'ok', JSON.stringify(parsed.results[0]));
  assert.equal(parsed.results[0].via, `http://127.0.0.1:${lab.noContentProxyPort}`);
  assert.equal(parsed.results[0].httpStatus, 200, 'the HEAD request went through the tunnel the 204 opened');
});

test('the probe script through a proxy that wants credentials: 407 without them, a tunnel with them', async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good')]));
  const bare = await runScript(list, { https_proxy: `127.0.0.1:${lab.authProxyPort}` });
  assert.equal(bare.results[0].outcome, 'proxy-auth-required');
  assert.match(
    bare.results[0].hint ?? '',
    new RegExp(`the proxy 127\\.0\\.0\\.1:${lab.authProxyPort} asks for credentials`),
  );
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
  // A proxy nobody listens on is not one that "does not tunnel": the hint says the proxy itself is not reachable.
  assert.match(down.results[0].hint ?? '', /^Cannot connect to the proxy 127\.0\.0\.1:\d+ itself \(ECONNREFUSED/);
  assert.match(refused.results[0].hint ?? '', /does not tunnel to nowhere\.egress\.invalid:443/);
});

test("the probe script tells a proxy whose connection times out from one that never answers CONNECT, in the local engine's words", async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good')]));
  const unanswered = await startUnanswered();
  try {
    const dropped = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${unanswered.port}` });
    assert.equal(dropped.results[0].outcome, 'proxy-refused');
    assert.equal(dropped.results[0].detail, 'proxy: could not connect to the proxy within 0.7 s');
    assert.match(dropped.results[0].hint ?? '', /itself \(no connection within 0\.7 s\)/);
  } finally {
    await unanswered.close();
  }
  const muted = await runScript(list, { HTTPS_PROXY: `http://127.0.0.1:${lab.mutedProxyPort}` });
  assert.equal(muted.results[0].outcome, 'proxy-refused');
  assert.equal(
    muted.results[0].detail,
    'proxy: the proxy accepted the connection but did not answer CONNECT within 0.7 s',
  );
  // Its row's hint reads the script's words as the local engine's: what is known, not an allow-list.
  assert.match(
    muted.results[0].hint ?? '',
    /^The CONNECT request for good\.egress\.test:\d+ .*got no answer within 0\.7 s from the proxy 127\.0\.0\.1:\d+, which took the connection\./,
  );
});

test("the probe script: another service on the proxy's port, and a proxy whose header never ends, in the local engine's words, with the cluster's hints", async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good')]));
  for (const port of [lab.sshPort, lab.oversizedProxyPort]) {
    const proxy = `http://127.0.0.1:${port}`;
    const [script] = (await runScript(list, { HTTPS_PROXY: proxy })).results;
    if (port === lab.sshPort) assert.ok(script.ms < 600, `${script.ms} ms: the SSH banner ends the probe, no timeout`);
    const [local] = await probeTargets(list, { timeoutMs: 700, proxy: proxyConfig(proxy) });
    assert.equal(script.outcome, 'proxy-refused');
    assert.equal(script.detail, local.detail);
    // The same hint as the local result's would be, given where the script ran: the cluster.
    assert.equal(script.hint, hintFor(local.outcome, local.target, local, 'cluster'));
    assert.match(script.detail ?? '', port === lab.sshPort ? /"SSH-2\.0-.*", not an HTTP response$/ : /over 16 KB$/);
  }
});

/** The probe script's result and the local engine's for one target through `proxy`, both proxy-refused with `detail`. */
async function bothThroughProxy(host: 'good' | 'closed', proxy: string, detail: string): Promise<void> {
  const list = parseTargetsFile(JSON.stringify([lab.target(host)]));
  const [script] = (await runScript(list, { HTTPS_PROXY: proxy })).results;
  const [local] = await probeTargets(list, { timeoutMs: 700, proxy: proxyConfig(proxy) });
  assert.equal(script.outcome, 'proxy-refused', JSON.stringify(script));
  assert.equal(script.detail, detail);
  assert.equal(local.detail, detail);
  assert.equal(script.hint, hintFor(local.outcome, local.target, local, 'cluster'));
}

test("the probe script: a proxy that cannot connect to the target answers 502, in the local engine's words, with the cluster's hint", async () => {
  await bothThroughProxy('closed', `http://127.0.0.1:${lab.proxyPort}`, 'proxy: the proxy answered 502 Bad Gateway');
});

test("the probe script: a proxy that closes before answering CONNECT, and an HTTPS proxy addressed as http://, in the local engine's words, with the cluster's hints", async () => {
  const closed = 'proxy: the proxy closed the connection before answering CONNECT';
  await bothThroughProxy('good', `http://127.0.0.1:${lab.closingProxyPort}`, closed);
  await bothThroughProxy('good', `http://127.0.0.1:${lab.tlsProxyPort}`, closed);
  // The lab's reset server as a proxy: it reads the request and resets the connection.
  await bothThroughProxy('good', `http://127.0.0.1:${lab.ports.reset}`, `${closed} (ECONNRESET)`);
});

test("the probe script: a port that expects TLS, a captive portal's redirect and a 101 to CONNECT, in the local engine's words, with the cluster's hints", async () => {
  const expectsTls =
    'proxy: the proxy answered 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"';
  await bothThroughProxy('good', `http://127.0.0.1:${lab.expectsTlsPort}`, expectsTls);
  const fromGo = 'proxy: the proxy answered 400 Bad Request, saying "Client sent an HTTP request to an HTTPS server"';
  await bothThroughProxy('good', `http://127.0.0.1:${lab.goExpectsTlsPort}`, fromGo);
  // Its body cut short, the connection held open: at the timeout, the answer as far as it came.
  await bothThroughProxy('good', `http://127.0.0.1:${lab.shortBodyPort}`, expectsTls);
  const redirect = `proxy: the proxy answered 302 Found, redirecting to ${PORTAL_SHOWN}`;
  await bothThroughProxy('good', `http://127.0.0.1:${lab.redirectingPort}`, redirect);
  await bothThroughProxy(
    'good',
    `http://127.0.0.1:${lab.switchingPort}`,
    'proxy: the proxy answered 101 Switching Protocols',
  );
  const [interim] = (
    await runScript(parseTargetsFile(JSON.stringify([lab.target('good')])), {
      HTTPS_PROXY: `http://127.0.0.1:${lab.continueProxyPort}`,
    })
  ).results;
  assert.equal(interim.outcome, 'ok', `an interim 100 Continue is read past: ${JSON.stringify(interim)}`);
});

test("the probe script with an https:// HTTPS_PROXY: the local engine's message on each proxied target, NO_PROXY ones still probed", async () => {
  const list = parseTargetsFile(JSON.stringify([lab.target('good'), lab.target('expired')]));
  const proxyUrl = `https://127.0.0.1:${lab.proxyPort}`;
  const parsed = await runScript(list, { HTTPS_PROXY: proxyUrl, NO_PROXY: HOSTS.expired });
  assert.equal(parsed.complete, true);
  assert.deepEqual(
    parsed.results.map((r) => r.outcome),
    ['error', 'tls-expired'],
  );
  // The very words the local engine uses for the same setting.
  let local = '';
  try {
    proxyConfig(proxyUrl);
  } catch (error) {
    local = (error as Error).message;
  }
  assert.match(local, /only http:\/\/ proxies are supported \(got https:\/\/127\.0\.0\.1:\d+\)/);
  assert.equal(parsed.results[0].detail, `proxy: ${local}`);
});

test('a log cut short is incomplete and names the targets it never reached', () => {
  const parsed = parseProbeLog(
    `${LINE_PREFIX}{"host":"${targets[0].host}","port":${targets[0].port},"outcome":"ok","ms":3}\n${LINE_PREFIX}{broken`,
    targets.slice(0, 2),
  );
  assert.equal(parsed.complete, false);
  assert.equal(parsed.results[0].outcome, 'ok');
  // Not probed, as in a run cancelled on this machine: no "failed unexpectedly" hint.
  assert.equal(parsed.results[1].outcome, 'cancelled');
  assert.match(parsed.results[1].detail ?? '', /ended before/);
  assert.equal(parsed.results[1].hint, undefined);
  assert.equal(parsed.problems.length, 1);
});

test('kubectl flow against a FAKE kubectl on PATH: contexts, apply, wait, logs, delete, all with argv', async () => {
  const fake = fakeKubectl.install();
  try {
    const env = { ...process.env, PATH: `${fake.dir}${path.delimiter}${process.env.PATH}` };
    const kubectl = kubectlOnPath('kubectl', env);
    assert.deepEqual(await kubeContexts(kubectl), { current: 'fake-aks', all: fake.contexts });
    assert.deepEqual(fake.contexts, ['fake-aks', 'fake-aks-staging']);
    const job = jobFor(targets);
    const steps: string[] = [];
    const run = await runProbeJob(kubectl, job, 'fake-aks', { waitMs: 5000, pollMs: 10, onStep: (s) => steps.push(s) });
    assert.deepEqual(run.problems, []);
    const parsed = parseProbeLog(run.log, targets);
    assert.equal(parsed.complete, true);
    assert.equal(parsed.results[0].outcome, 'ok');
    const calls = fakeKubectl.readCalls(fake.dir);
    const scoped = calls.filter((c) => c[0] === '--context').map((c) => c.slice(4).join(' '));
    assert.deepEqual(scoped, [
      'apply -f -',
      `get job ${job.name} -o jsonpath={.status.succeeded}/{.status.failed}`,
      `logs job/${job.name}`,
      `delete job ${job.name} --ignore-not-found --wait=false --cascade=background`,
    ]);
    assert.ok(calls.filter((c) => c[0] === '--context').every((c) => c[1] === 'fake-aks' && c[3] === 'egress-test'));
    assert.equal(steps.at(-1), `Deleting Job ${job.name}`);
  } finally {
    fake.close();
  }
});

test('a kubectl that hangs on an API server it cannot reach is stopped after its timeout, and the run says why', async () => {
  const fake = fakeKubectl.install();
  try {
    fakeKubectl.setScenario(fake.dir, 'server-unreachable');
    const env = { ...process.env, PATH: `${fake.dir}${path.delimiter}${process.env.PATH}` };
    const kubectl = kubectlOnPath('kubectl', env, 2000);
    // The kubeconfig is local: the contexts are listed as usual. The timeout leaves room for the fake kubectl (a Node
    // script) to start on a loaded machine: at 500 ms, listing the contexts timed out there 2 runs in 5.
    assert.deepEqual(await kubeContexts(kubectl), { current: 'fake-aks', all: fake.contexts });
    const started = Date.now();
    const run = await runProbeJob(kubectl, jobFor(targets), 'fake-aks', { waitMs: 20_000, pollMs: 10 });
    assert.ok(
      Date.now() - started < 10_000,
      `stopped after its timeout, not the Job's wait (${Date.now() - started} ms)`,
    );
    assert.deepEqual(run.problems, [
      "kubectl apply failed: kubectl did not finish within 2 s and was stopped: can this machine reach the cluster's API server (VPN, authorized IP ranges, a private cluster)?",
    ]);
  } finally {
    fake.close();
  }
});

test('a missing kubectl is reported, not thrown, with how to install it and get a context', async () => {
  const result = await kubeContexts(kubectlOnPath('kubectl-that-does-not-exist'));
  assert.deepEqual(result.all, []);
  assert.match(result.error ?? '', /ENOENT/);
  assert.equal(result.notFound, true);
  assert.match(
    noContextMessage('Verify Egress from Cluster', result) ?? '',
    /^Anyscale: Verify Egress from Cluster runs kubectl, which is not installed or not on PATH \(.*ENOENT.*\)\. Install it \(az aks install-cli\), then get your AKS cluster's credentials: az aks get-credentials --resource-group <rg> --name <cluster>\.$/,
  );
});

test('kubectl without contexts (no kubeconfig): no context, and a message saying how to get one', async () => {
  const fake = fakeKubectl.install();
  try {
    fakeKubectl.setScenario(fake.dir, 'no-contexts');
    const contexts = await kubeContexts(
      kubectlOnPath('kubectl', { ...process.env, PATH: `${fake.dir}${path.delimiter}${process.env.PATH}` }),
    );
    assert.deepEqual(contexts, { current: undefined, all: [] });
    assert.equal(
      noContextMessage('Verify Egress from Cluster', contexts),
      "Anyscale: Verify Egress from Cluster runs in a kube context, and kubectl has none. Get your AKS cluster's credentials: az aks get-credentials --resource-group <rg> --name <cluster>, then run it again.",
    );
    // kubectl failing for another reason says so in its own words; contexts listed, nothing to say.
    assert.equal(
      noContextMessage('X', { all: [], error: 'error: error loading config file "/k/config": permission denied' }),
      'Anyscale: X could not list kubectl\'s contexts (error: error loading config file "/k/config": permission denied).',
    );
    assert.equal(noContextMessage('X', { all: ['fake-aks'] }), undefined);
  } finally {
    fake.close();
  }
});
