// `anyscale-azure egress` as CI runs it: the built launcher spawned with argv against loopback servers (names
// mapped with --resolve, the test CA with --ca-file), in text and JSON, with its exit codes.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { getEventListeners } from 'node:events';
import type { EgressReport } from '../../shared/protocol';
import { REPO_ROOT } from '../support/paths';
import { parseProbeLog } from '../../server/src/service/egress/lines';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { probeTargets } from '../../server/src/node/egressProbe/engine';
import { loadEgressTargets } from '../../server/src/node/egressWorkspace';
import { staticResolver } from '../../server/src/node/egressProbe/resolver';
import { startLab, startUnanswered, HOSTS, type Lab } from '../support/egressLab';
import { commentText } from '../support/commentText';
import { temporaryDirectory } from '../support/temporaryDirectory';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
let lab: Lab;
let dir: string;

/** Spawned asynchronously: the loopback servers live in this process and must keep answering meanwhile. */
function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'egress', ...args],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1', HTTPS_PROXY: '' }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

function resolveArgs(): string[] {
  return Object.values(HOSTS).flatMap((host) => ['--resolve', `${host}=127.0.0.1`]);
}

before(async () => {
  lab = await startLab({ slowMs: 50 });
  dir = temporaryDirectory('egress-cli-');
  fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ targets: [lab.target('good'), lab.target('slow')] }));
  // More targets than an EventTarget takes listeners before Node warns (10): ok, refused and timed-out ones.
  const many = Array.from({ length: 40 }, (_, i) => lab.target((['good', 'closed', 'silent'] as const)[i % 3]));
  fs.writeFileSync(path.join(dir, 'many.json'), JSON.stringify({ targets: many }));
  fs.writeFileSync(
    path.join(dir, 'mixed.json'),
    JSON.stringify({
      targets: [
        lab.target('good'),
        lab.target('closed'),
        { host: HOSTS.expired, port: lab.ports.expired, required: false },
        '*.s.azure.anyscaleuserdata.com',
      ],
    }),
  );
});
after(async () => {
  await lab.close();
});

test('exit 0 when every required target answers; text output lists each target with its time', async () => {
  const { code, stdout, stderr } = await run([
    '--targets',
    'good.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
  ]);
  assert.equal(code, 0, stdout + stderr);
  const lines = stdout.trim().split('\n');
  assert.match(
    lines[0],
    new RegExp(
      `^ok {3}ok +\\d+ ms  ${lab.target('good').replace(/\./g, '\\.')}  \\(this machine → a host you listed\\)$`,
    ),
  );
  assert.match(lines.at(-1)!, /^2 passed, 0 failed in \d{1,3} ms$/);
  assert.equal(stderr, '', 'no progress lines when stderr is not a terminal');
});

test('a target the targets file lists twice (the same host:port once normalized) is probed once, and the run says so', async () => {
  const good = lab.target('good');
  const file = path.join(dir, 'twice.json');
  fs.writeFileSync(file, JSON.stringify({ targets: [good, lab.target('slow'), `HTTPS://${good.toUpperCase()}/`] }));
  const { code, stdout, stderr } = await run([
    '--targets',
    'twice.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
  ]);
  assert.equal(code, 0, stdout + stderr);
  assert.equal(stdout.split('\n').filter((line) => line.includes(`  ${good}  `)).length, 1, stdout);
  assert.match(stdout, /^2 passed, 0 failed in /m);
  assert.equal(
    stderr,
    `anyscale-azure: ${file}: targets[2] lists ${good} again (first at targets[0]): probed once, as first listed\n`,
  );
});

test('a targets file saved with a byte order mark (as Notepad saves UTF-8) is read as the editor shows it', async () => {
  fs.writeFileSync(path.join(dir, 'bom.json'), `\uFEFF${JSON.stringify({ targets: [lab.target('good')] })}`);
  const { code, stdout, stderr } = await run([
    '--targets',
    'bom.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
  ]);
  assert.equal(code, 0, stdout + stderr);
  assert.match(stdout, /^1 passed, 0 failed in (?:\d+ ms|\d+\.\d s)$/m);
});

test('exit 1 when a required target fails; optional failures and wildcards are reported but do not fail', async () => {
  const { code, stdout } = await run([
    '--targets',
    'mixed.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
    '--timeout',
    '1000',
  ]);
  assert.equal(code, 1, stdout);
  assert.match(stdout, new RegExp(`FAIL refused .*${lab.target('closed')}`));
  assert.match(stdout, /Allow outbound HTTPS to closed\.egress\.test:\d+ \(this machine → a host you listed\)/);
  assert.match(stdout, /FAIL tls-expired .*optional\)/);
  assert.match(stdout, /HOST needs-host .*\*\.s\.azure\.anyscaleuserdata\.com:443/);
  // --host is not used beside --targets: the wildcard gets its host in the file.
  assert.match(stdout, /add the host of a running Anyscale service \(its URL in the console\) to the targets file \(/);
  assert.doesNotMatch(stdout, /--host/);
  assert.match(stdout, /1 passed, 1 failed, 1 optional failed, 1 need a concrete host name/);
  assert.match(
    stdout,
    /\nNot probed: 1 wildcard needs a concrete host name — add one to the targets file \(anyscaleAzure\.egress\.targetsFile, CLI --targets\); each row says what fills it\n$/,
  );
});

test('a proxy nobody listens on: every target fails at the proxy, and the text output says so once', async () => {
  const closedPort = lab.ports.closed;
  const { code, stdout } = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `http://127.0.0.1:${closedPort}`,
    '--timeout',
    '2000',
  ]);
  assert.equal(code, 1);
  assert.match(stdout, /\n0 passed, 2 failed in (?:\d+ ms|\d+\.\d s)\n/);
  assert.match(
    stdout,
    new RegExp(
      `\\nDiagnosis: the proxy 127\\.0\\.0\\.1:${closedPort} cannot be reached \\(ECONNREFUSED 127\\.0\\.0\\.1:${closedPort}\\) — no target was tried: check that the proxy runs`,
    ),
  );
  assert.equal(stdout.match(/Diagnosis:/g)?.length, 1);
  // No target got through the proxy: its line says so, not that every target went through it.
  assert.match(
    stdout,
    new RegExp(`\\nProxy: 127\\.0\\.0\\.1:${closedPort} — no target went through it: it could not be reached\\n$`),
  );
  assert.doesNotMatch(stdout, /went through it,|every probed target/);
});

test("a host given twice with --host is probed once, and a line on stderr says so, in the targets file's words", async () => {
  const good = lab.target('good');
  const empty = temporaryDirectory('egress-cli-workspace-');
  const { code, stdout, stderr } = await run([
    '--workspace',
    empty,
    '--host',
    good,
    '--host',
    `HTTPS://${good.toUpperCase()}/`,
    '--ca-file',
    lab.certificates.caFile,
    '--timeout',
    '500',
    ...resolveArgs(),
    '--format',
    'json',
  ]);
  const report = JSON.parse(stdout) as EgressReport;
  assert.equal(report.results.filter((r) => `${r.target.host}:${r.target.port}` === good).length, 1, stdout);
  assert.equal(report.results.find((r) => `${r.target.host}:${r.target.port}` === good)?.outcome, 'ok');
  assert.match(
    stderr,
    new RegExp(
      `^anyscale-azure: anyscaleAzure\\.egress\\.targets \\(CLI --host\\): \\[1\\] lists ${good.replace(/\./g, '\\.')} again \\(first at \\[0\\]\\): probed once, as first listed$`,
      'm',
    ),
  );
  assert.equal(code, 1, 'the catalog hosts fail on loopback: the exit code is theirs, unchanged');
});

test('a proxy whose connections time out, and one that never answers CONNECT: the text output names its host:port once, with what to check', async () => {
  const unanswered = await startUnanswered();
  try {
    const { code, stdout } = await run([
      '--targets',
      'good.json',
      ...resolveArgs(),
      '--proxy',
      `127.0.0.1:${unanswered.port}`,
      '--timeout',
      '500',
    ]);
    assert.equal(code, 1);
    assert.match(
      stdout,
      new RegExp(
        `\\n0 passed, 2 failed in (?:\\d+ ms|\\d+\\.\\d s)\\nDiagnosis: the proxy 127\\.0\\.0\\.1:${unanswered.port} cannot be reached: no connection within 0\\.5 s — no target was tried: check that the proxy's address, 127\\.0\\.0\\.1:${unanswered.port}, is right \\(.*CLI --proxy\\) and that this machine can reach it;`,
      ),
    );
    assert.equal(stdout.match(/Diagnosis:/g)?.length, 1);
  } finally {
    await unanswered.close();
  }
  const muted = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `127.0.0.1:${lab.mutedProxyPort}`,
    '--timeout',
    '500',
  ]);
  // The proxy was reached and held every CONNECT: a cause of its own, not "cannot be reached", and no allow-list.
  const proxy = `127\\.0\\.0\\.1:${lab.mutedProxyPort}`;
  assert.match(
    muted.stdout,
    new RegExp(
      `\\n0 passed, 2 failed in (?:\\d+ ms|\\d+\\.\\d s)\\nDiagnosis: the proxy ${proxy} took every connection but answered no CONNECT request within 0\\.5 s — each request waited at the proxy, .*run this from this machine: curl -v -x http://${proxy} https://good\\.egress\\.test:${lab.ports.good}\\n`,
    ),
  );
  assert.equal(muted.stdout.match(/Diagnosis:/g)?.length, 1);
  assert.match(
    muted.stdout,
    new RegExp(`got no answer within 0\\.5 s from the proxy ${proxy}, which took the connection\\. Check whether`),
  );
  assert.doesNotMatch(muted.stdout, /allow-list|does not tunnel/);
});

test('a proxy that wants credentials, given none: every target gets 407, and the text output says so once', async () => {
  const { code, stdout } = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `http://127.0.0.1:${lab.authProxyPort}`,
  ]);
  assert.equal(code, 1);
  assert.match(stdout, /\n0 passed, 2 failed in (?:\d+ ms|\d+\.\d s)\n/);
  assert.match(
    stdout,
    new RegExp(
      `\\nDiagnosis: the proxy 127\\.0\\.0\\.1:${lab.authProxyPort} asks for credentials \\(HTTP 407\\) for every target — no target was tried: put the proxy's user name and password in its URL`,
    ),
  );
  assert.equal(stdout.match(/Diagnosis:/g)?.length, 1);
});

test('a proxy that refuses every Anyscale host (403): the text and JSON output say so once, with the hosts to allow', async () => {
  // The lab's proxy refuses the hosts it does not know, as a proxy's allow-list would; it never dials them.
  fs.writeFileSync(
    path.join(dir, 'anyscale.json'),
    JSON.stringify([
      'console.azure.anyscale.com',
      'cld-abc.azure.anyscale-cloud.dev',
      'grafana-abc.azure.anyscale-cloud.dev',
      'login.microsoftonline.com',
    ]),
  );
  const proxy = `http://ci-user:s3cret-q7@127.0.0.1:${lab.proxyPort}`;
  const text = await run(['--targets', 'anyscale.json', '--proxy', proxy]);
  assert.equal(text.code, 1);
  assert.deepEqual(lab.proxied.slice(-4).sort(), [
    'cld-abc.azure.anyscale-cloud.dev:443',
    'console.azure.anyscale.com:443',
    'grafana-abc.azure.anyscale-cloud.dev:443',
    'login.microsoftonline.com:443',
  ]);
  const at = `127\\.0\\.0\\.1:${lab.proxyPort}`;
  assert.match(
    text.stdout,
    new RegExp(
      `\\n0 passed, 4 failed in (?:\\d+ ms|\\d+\\.\\d s)\\nDiagnosis: the proxy ${at} refuses every target \\(HTTP 403 Forbidden\\) — the proxy runs and answered each CONNECT request with a refusal, so its allow-list lets none of these hosts through: add them to it, console\\.azure\\.anyscale\\.com, \\*\\.azure\\.anyscale-cloud\\.dev, login\\.microsoftonline\\.com, or to NO_PROXY`,
    ),
  );
  assert.equal(text.stdout.match(/Diagnosis:/g)?.length, 1);
  // Each row says it too, in its own words.
  assert.equal(text.stdout.match(new RegExp(`the proxy ${at} does not tunnel to`, 'g'))?.length, 4);
  const json = await run(['--targets', 'anyscale.json', '--proxy', proxy, '--format', 'json']);
  const report = JSON.parse(json.stdout) as EgressReport & { diagnosis?: { headline: string; action: string } };
  assert.equal(
    report.diagnosis?.headline,
    `the proxy 127.0.0.1:${lab.proxyPort} refuses every target (HTTP 403 Forbidden)`,
  );
  for (const output of [text.stdout + text.stderr, json.stdout + json.stderr])
    assert.doesNotMatch(output, /ci-user|s3cret/);
  // People read the proxy as host:port; the JSON keeps `via`, the URL without credentials, for the scripts reading it.
  assert.ok(!text.stdout.includes(`http://127.0.0.1:${lab.proxyPort}`), text.stdout);
  assert.deepEqual(new Set(report.results.map((r) => r.via)), new Set([`http://127.0.0.1:${lab.proxyPort}`]));
});

test('another service on the proxy port: the text output says once that it does not answer as an HTTP proxy', async () => {
  const { code, stdout } = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `127.0.0.1:${lab.sshPort}`,
  ]);
  assert.equal(code, 1);
  const at = `127\\.0\\.0\\.1:${lab.sshPort}`;
  assert.match(
    stdout,
    new RegExp(
      `\\nDiagnosis: the proxy ${at} does not answer as an HTTP proxy — each CONNECT request was answered with something that is not an HTTP response \\(the first: "SSH-2\\.0-OpenSSH_9\\.6 egress-lab"\\), .*run this from this machine: curl -v -x http://${at} https://good\\.egress\\.test:${lab.ports.good}\\n`,
    ),
  );
  assert.doesNotMatch(stdout, /allow-list|does not tunnel/);
});

test('a run that passes through a proxy names it in the text output, by host:port, never its credentials', async () => {
  const passed = await run([
    '--targets',
    'good.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
    '--proxy',
    `http://ci-user:s3cret-q7@127.0.0.1:${lab.proxyPort}`,
  ]);
  assert.equal(passed.code, 0, passed.stdout + passed.stderr);
  assert.match(
    passed.stdout,
    new RegExp(
      `\\n2 passed, 0 failed in (?:\\d+ ms|\\d+\\.\\d s)\\nProxy: 127\\.0\\.0\\.1:${lab.proxyPort} — every probed target went through it\\n$`,
    ),
  );
  assert.doesNotMatch(passed.stdout, /s3cret|ci-user|http:\/\//);
});

test('a proxy that closes every connection before answering CONNECT: not a reset, not its allow-list, said once', async () => {
  // The proxy reads each CONNECT request and closes the connection.
  const closed = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `127.0.0.1:${lab.closingProxyPort}`,
  ]);
  assert.equal(closed.code, 1);
  const at = `127\\.0\\.0\\.1:${lab.closingProxyPort}`;
  assert.match(
    closed.stdout,
    new RegExp(
      `^FAIL proxy-refused .*\\n {5}the proxy ${at} took the connection for good\\.egress\\.test:${lab.ports.good} \\(this machine → a host you listed\\) and closed it before answering the CONNECT request`,
    ),
  );
  assert.match(
    closed.stdout,
    new RegExp(
      `\\n0 passed, 2 failed in (?:\\d+ ms|\\d+\\.\\d s)\\nDiagnosis: the proxy ${at} closed every connection before answering CONNECT — no CONNECT request got an answer, .*run this from this machine: curl -v -x http://${at} https://good\\.egress\\.test:${lab.ports.good}\\nProxy: ${at} — every probed target went through it\\n$`,
    ),
  );
  assert.doesNotMatch(closed.stdout, /allow-list|does not tunnel|reset|FQDN/);
});

test('a proxy URL with a user name and password: neither appears in the text, JSON or lines output', async () => {
  // A password with characters the URL must encode: neither its raw, encoded nor Basic (base64) form may show.
  const user = 'ci-user-q7';
  const password = 'p@ss:w0rd-x9';
  const secrets = [user, password, encodeURIComponent(password), Buffer.from(`${user}:${password}`).toString('base64')];
  const credentials = `${user}:${encodeURIComponent(password)}`;
  const closedPort = lab.ports.closed;
  // The proxy tunnelling (the run passes), closing unanswered, reached but mute, refusing the credentials (407), not
  // listening, another service on its port, a header too large, and not an http:// proxy at all.
  const proxies = [
    ['http', lab.proxyPort],
    ['http', lab.closingProxyPort],
    ['http', lab.mutedProxyPort],
    ['http', lab.authProxyPort],
    ['http', closedPort],
    ['http', lab.sshPort],
    ['http', lab.oversizedProxyPort],
    ['https', lab.proxyPort],
  ] as const;
  for (const [scheme, port] of proxies) {
    const proxy = `${scheme}://${credentials}@127.0.0.1:${port}`;
    for (const format of ['text', 'json', 'lines']) {
      const { stdout, stderr } = await run([
        '--targets',
        'good.json',
        ...resolveArgs(),
        '--proxy',
        proxy,
        '--timeout',
        '500',
        '--format',
        format,
      ]);
      assert.match(stdout + stderr, new RegExp(`127\\.0\\.0\\.1:${port}\\b`), `${proxy} ${format}: the proxy is named`);
      for (const secret of secrets) {
        assert.ok(!stdout.includes(secret), `${proxy} ${format}: "${secret}" in stdout:\n${stdout}`);
        assert.ok(!stderr.includes(secret), `${proxy} ${format}: "${secret}" in stderr:\n${stderr}`);
      }
    }
  }
  // A URL that does not parse (a space in the host) is named as given, its credentials left out.
  const malformed = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `http://${credentials}@proxy .corp:3128`,
  ]);
  assert.equal(malformed.code, 2);
  assert.match(
    malformed.stderr,
    /proxy: not a proxy URL: "http:\/\/proxy \.corp:3128" \(expected http:\/\/host:port\)/,
  );
  for (const secret of secrets) assert.ok(!(malformed.stdout + malformed.stderr).includes(secret), secret);
});

test('json output is the report the editor shows', async () => {
  const { code, stdout } = await run([
    '--targets',
    'mixed.json',
    '--format',
    'json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
    '--concurrency',
    '2',
  ]);
  assert.equal(code, 1);
  const report = JSON.parse(stdout) as EgressReport;
  assert.equal(report.origin, 'local');
  assert.deepEqual(
    report.results.map((r) => r.outcome),
    ['ok', 'refused', 'tls-expired', 'needs-host'],
  );
  assert.equal(report.results[0].tls?.issuer, 'Anyscale Egress Test CA');
  assert.equal('diagnosis' in report, false, 'mixed outcomes: no one cause');
});

test("json output carries the run's diagnosis when one cause explains every failure", async () => {
  const { stdout } = await run([
    '--targets',
    'good.json',
    ...resolveArgs(),
    '--proxy',
    `http://127.0.0.1:${lab.authProxyPort}`,
    '--format',
    'json',
  ]);
  const report = JSON.parse(stdout) as EgressReport & { diagnosis?: { headline: string; action: string } };
  assert.deepEqual(
    report.results.map((r) => r.outcome),
    ['proxy-auth-required', 'proxy-auth-required'],
  );
  assert.match(report.diagnosis?.headline ?? '', /asks for credentials \(HTTP 407\) for every target$/);
  assert.match(report.diagnosis?.action ?? '', /^no target was tried/);
});

test('lines output is the in-cluster probe log format, read back by the same parser', async () => {
  const { stdout } = await run([
    '--targets',
    'mixed.json',
    '--format',
    'lines',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
  ]);
  const parsed = parseProbeLog(stdout, parseTargetsFile(fs.readFileSync(path.join(dir, 'mixed.json'), 'utf8')));
  assert.equal(parsed.complete, true);
  assert.deepEqual(
    parsed.results.map((r) => r.outcome),
    ['ok', 'refused', 'tls-expired', 'needs-host'],
  );
});

test('usage errors and unreadable inputs exit 2', async () => {
  assert.equal((await run(['--format', 'sarif'])).code, 2);
  assert.equal((await run(['--concurrency', '0'])).code, 2);
  const missing = await run(['--targets', 'nope.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.json/);
  assert.equal((await run(['--targets', 'good.json', '--ca-file', 'missing.pem'])).code, 2);
  // A CA file that holds no PEM certificate would be dropped by TLS without a word.
  fs.writeFileSync(path.join(dir, 'garbage.pem'), 'garbage\n');
  const garbage = await run(['--targets', 'good.json', '--ca-file', 'garbage.pem']);
  assert.equal(garbage.code, 2);
  assert.match(garbage.stderr, /CA file .*garbage\.pem: holds no PEM certificate/);
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: anyscale-azure egress/);
  assert.match(help.stdout, /^ {2}-h, --help {2,}Show this help$/m);
  assert.equal((await run(['-h'])).stdout, help.stdout);
});

test('a workspace that is not a folder, a --host that is not a host and a --cloud-id that is not one: usage errors, exit 2', async () => {
  const noFolder = await run(['--workspace', 'no-such-folder', '--allow-list', 'fqdns']);
  assert.equal(noFolder.code, 2);
  assert.match(noFolder.stderr, /--workspace .*no-such-folder: no such folder/);
  assert.equal(noFolder.stdout, '', 'no allow-list for a folder that is not there');
  const aFile = await run(['--workspace', 'good.json', '--allow-list', 'fqdns']);
  assert.equal(aFile.code, 2);
  assert.match(aFile.stderr, /--workspace .*good\.json: a file, not a folder/);
  for (const host of ['bad host', 'a;b.com', '*.foo.com', 'x.com:99999']) {
    const bad = await run(['--host', host, '--allow-list', 'fqdns']);
    assert.equal(bad.code, 2, host);
    assert.ok(bad.stderr.includes(`--host "${host}" is not a host name or host:port`), bad.stderr);
  }
  const cloud = await run(['--cloud-id', 'notacloud', '--allow-list', 'fqdns']);
  assert.equal(cloud.code, 2);
  assert.match(cloud.stderr, /--cloud-id "notacloud" is not an Anyscale cloud ID/);
  assert.equal(
    (await run(['--host', 'ok.example.com:8443', '--cloud-id', 'cld_abc1', '--allow-list', 'fqdns'])).code,
    0,
  );
});

test('--targets is read as the editor reads anyscaleAzure.egress.targetsFile: the same words when it is missing, too large, binary, UTF-16 or not JSON, exit 2', async () => {
  const files = temporaryDirectory('egress-cli-targets-');
  fs.writeFileSync(path.join(files, 'truncated.json'), '{"targets": [');
  fs.writeFileSync(path.join(files, 'large.json'), '');
  fs.truncateSync(path.join(files, 'large.json'), 17 * 1024 * 1024);
  fs.writeFileSync(path.join(files, 'bom.json'), `\uFEFF${JSON.stringify(['bom.example'])}`);
  // A zip saved under the name: its bytes would otherwise be echoed in JSON.parse's message.
  fs.writeFileSync(path.join(files, 'binary.json'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x1b, 0x5b]));
  // What Windows PowerShell 5's `>` writes: UTF-16 LE with its byte order mark.
  fs.writeFileSync(path.join(files, 'utf16.json'), Buffer.from(`\uFEFF${JSON.stringify(['u.example'])}`, 'utf16le'));
  // What `iconv -t UTF-16LE` writes: no byte order mark.
  fs.writeFileSync(path.join(files, 'no-mark.json'), Buffer.from(JSON.stringify(['u.example']), 'utf16le'));
  const cases: Array<[string, RegExp]> = [
    ['missing.json', /missing\.json: no such file$/],
    ['large.json', /large\.json: too large to check: 17\.0 MB, over the limit of 16 MB /],
    ['truncated.json', /truncated\.json: not JSON: /],
    ['binary.json', /binary\.json: binary file, not a targets file \(JSON\)$/],
    [
      'utf16.json',
      /utf16\.json: UTF-16 text \(UTF-16 LE, byte order mark FF FE\), not a targets file \(JSON\): save it as UTF-8$/,
    ],
    [
      'no-mark.json',
      /no-mark\.json: looks like UTF-16 LE text without a byte order mark, not a targets file \(JSON\): save it as UTF-8$/,
    ],
  ];
  for (const [name, expected] of cases) {
    const file = path.join(files, name);
    const inEditor = await loadEgressTargets([files], { targetsFile: name });
    const result = await run(['--targets', file, '--allow-list', 'fqdns']);
    assert.equal(result.code, 2, name);
    assert.equal(result.stdout, '', `${name}: no allow-list from a file that could not be read`);
    assert.equal(result.stderr, `anyscale-azure: ${inEditor.problems[0]}\n`, name);
    assert.match(result.stderr.trim(), expected, name);
  }
  const bom = await run(['--targets', path.join(files, 'bom.json'), '--allow-list', 'fqdns']);
  assert.equal(bom.code, 0, bom.stderr);
  assert.match(bom.stdout, /^bom\.example$/m);
});

test('--targets with --host or --cloud-id: the file replaces both, and a warning says so', async () => {
  const result = await run(['--targets', 'good.json', '--host', 'extra.example.com', '--allow-list', 'fqdns']);
  assert.equal(result.code, 0);
  assert.match(
    result.stderr,
    /CLI --host\) "extra\.example\.com" not used: the targets file .*good\.json replaces the list/,
  );
  assert.ok(!result.stdout.includes('extra.example.com'));
});

test('--targets with a --host the file lists: probed once, from the file, with no advice to add it; the others named', async () => {
  const good = lab.target('good');
  const args = ['--targets', 'good.json', '--ca-file', lab.certificates.caFile, ...resolveArgs()];
  const listed = await run([...args, '--host', good]);
  assert.equal(listed.code, 0, listed.stdout + listed.stderr);
  assert.equal(listed.stderr, '', 'the host is in the file: nothing to add');
  assert.equal(listed.stdout.split('\n').filter((line) => line.includes(`  ${good}  `)).length, 1, listed.stdout);
  assert.match(listed.stdout, /^2 passed, 0 failed in /m);
  const mixed = await run([...args, '--host', good, '--host', 'extra.example.com', '--cloud-id', 'cld_abc']);
  assert.equal(mixed.code, 0, mixed.stdout + mixed.stderr);
  assert.equal(
    mixed.stderr,
    `anyscale-azure: anyscaleAzure.egress.targets (CLI --host) "extra.example.com" and anyscaleAzure.egress.cloudIds (CLI --cloud-id) "cld_abc (cld-abc.azure.anyscale-cloud.dev)" not used: the targets file ${path.join(dir, 'good.json')} replaces the list; add those hosts to it\n`,
  );
});

test('--cloud-id with --host naming its host: the host is required, as --host makes any host', async () => {
  const host = 'cld-abc.azure.anyscale-cloud.dev';
  const empty = temporaryDirectory('egress-cli-cloud-host-');
  // Through a proxy of the lab that nobody listens on: every probe stops there, nothing leaves loopback.
  const args = ['--workspace', empty, '--proxy', `http://127.0.0.1:${lab.ports.closed}`, '--timeout', '500'];
  const rowOf = (stdout: string) => stdout.split('\n').find((line) => line.includes(`  ${host}:443  `)) ?? '';
  const cloudOnly = await run([...args, '--cloud-id', 'cld_abc']);
  assert.match(rowOf(cloudOnly.stdout), /\(AKS → control plane, optional\)$/, cloudOnly.stdout);
  const named = await run([...args, '--cloud-id', 'cld_abc', '--host', host]);
  assert.match(rowOf(named.stdout), /\(AKS → control plane\)$/, named.stdout);
  assert.equal(named.stdout.split('\n').filter((line) => line.includes(`  ${host}:443  `)).length, 1);
});

test('with --allow-list, a target given twice is "listed once in the allow-list": nothing is probed', async () => {
  fs.writeFileSync(path.join(dir, 'twice-listed.json'), JSON.stringify(['a.example.test', 'A.example.test:443']));
  const fromFile = await run(['--targets', 'twice-listed.json', '--allow-list', 'fqdns']);
  assert.equal(fromFile.code, 0, fromFile.stderr);
  assert.equal(
    fromFile.stderr,
    `anyscale-azure: ${path.join(dir, 'twice-listed.json')}: [1] lists a.example.test:443 again (first at [0]): listed once in the allow-list\n`,
  );
  const empty = temporaryDirectory('egress-cli-allow-list-');
  const fromHosts = await run([
    '--workspace',
    empty,
    '--host',
    'a.example.test',
    '--host',
    'A.example.test',
    '--allow-list',
    'az',
  ]);
  assert.equal(fromHosts.code, 0, fromHosts.stderr);
  assert.match(
    fromHosts.stderr,
    /\[1\] lists a\.example\.test:443 again \(first at \[0\]\): listed once in the allow-list$/m,
  );
  assert.doesNotMatch(fromHosts.stderr, /probed/);
});

test("a workspace file over the size check reads is named on stderr in check's words when it names what egress reads; a data file that size is passed over; a 5 MB one is read", async () => {
  const workspace = temporaryDirectory('egress-unread-');
  // Read up to the size `anyscale-azure check` reads (16 MB), with the same message over it.
  const pad = `# ${'x'.repeat(5 * 1024 * 1024)}\n`;
  fs.writeFileSync(
    path.join(workspace, 'values.yaml'),
    `${pad}global:\n  controlPlaneURL: https://large-values.example.test\n`,
  );
  // Over the limit, its Anyscale type past the first 1 MB chunk the search reads.
  const huge = path.join(workspace, 'huge.json');
  fs.writeFileSync(
    huge,
    `{"padding": "${'x'.repeat(20 * 1024 * 1024)}", "resources": [{"type": "Anyscale.Platform/clouds"}]}`,
  );
  // A data export that size names no host: searched, and passed over as a smaller one is.
  const data = path.join(workspace, 'export.json');
  fs.writeFileSync(data, '');
  fs.truncateSync(data, 20 * 1024 * 1024);
  const result = await run(['--workspace', workspace, '--allow-list', 'fqdns']);
  assert.equal(result.code, 0, 'the list of what could be read is still printed');
  assert.match(result.stdout, /^large-values\.example\.test$/m, 'a 5 MB values file is read');
  assert.doesNotMatch(result.stderr, /values\.yaml/);
  assert.doesNotMatch(result.stderr, /export\.json/);
  assert.match(
    result.stderr,
    /huge\.json: not read \(too large to check: 20\.0 MB, over the limit of 16 MB \(ARM accepts templates and parameter files of up to 4 MB\)\)$/m,
  );
});

test('probing many targets at once adds no abort listener per probe to the signal: no MaxListenersExceededWarning', async () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  try {
    const abort = new AbortController();
    let most = 0;
    const targets = parseTargetsFile(fs.readFileSync(path.join(dir, 'many.json'), 'utf8'));
    const results = await probeTargets(targets, {
      resolver: staticResolver(lab.names),
      extraCa: lab.certificates.caPem,
      timeoutMs: 300,
      signal: abort.signal,
      onResult: () => (most = Math.max(most, getEventListeners(abort.signal, 'abort').length)),
    });
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on a later tick
    assert.deepEqual([...new Set(results.map((r) => r.outcome))].sort(), ['ok', 'refused', 'tls-timeout']);
    assert.deepEqual(
      warnings.map((w) => w.name),
      [],
      warnings.map((w) => w.message).join('\n'),
    );
    assert.ok(most <= 1, `${most} abort listeners on the caller's signal during the run`);
    assert.equal(getEventListeners(abort.signal, 'abort').length, 0, 'every listener is removed when the probes end');
  } finally {
    process.off('warning', onWarning);
  }
  const { stderr } = await run([
    '--targets',
    'many.json',
    '--ca-file',
    lab.certificates.caFile,
    ...resolveArgs(),
    '--timeout',
    '300',
  ]);
  assert.doesNotMatch(stderr, /MaxListenersExceededWarning/);
});

test('--allow-list prints the Azure Firewall allow-list instead of probing; --strict-cloud-ids lists one entry per cloud ID', async () => {
  fs.mkdirSync(path.join(dir, 'empty'), { recursive: true });
  const az = await run([
    '--allow-list',
    'az',
    '--workspace',
    'empty',
    '--cloud-id',
    'cld_abc123',
    '--strict-cloud-ids',
  ]);
  assert.equal(az.code, 0, az.stderr);
  assert.match(az.stdout, /^# Azure Firewall policy/m);
  // A command continued over several lines (a backslash at each end) reads joined.
  assert.match(az.stdout.replace(/ \\\n {2}/g, ' '), /--target-fqdns .*cld-abc123\.azure\.anyscale-cloud\.dev/);
  assert.doesNotMatch(az.stdout, /'\*\.azure\.anyscale-cloud\.dev'/);
  assert.match(commentText(az.stdout), /cld-<id>.*inferred/);
  const arm = await run(['--allow-list', 'arm', '--workspace', 'empty', '--strict-cloud-ids']);
  assert.equal(arm.code, 0, arm.stderr);
  const fqdns = JSON.parse(arm.stdout).resources[0].properties.ruleCollections[0].rules[0].targetFqdns;
  assert.ok(fqdns.includes('*.azure.anyscale-cloud.dev'), 'no cloud ID: the wildcard stays');
  assert.match(arm.stderr, /no cloud ID is known/);
  const plain = await run(['--allow-list', 'az', '--workspace', 'empty', '--cloud-id', 'cld_abc123']);
  assert.match(plain.stdout, /'\*\.azure\.anyscale-cloud\.dev'/, 'default: the documented wildcard');
  const list = await run([
    '--allow-list',
    'fqdns',
    '--workspace',
    'empty',
    '--cloud-id',
    'cld_abc123',
    '--strict-cloud-ids',
  ]);
  assert.equal(list.code, 0, list.stderr);
  assert.match(
    list.stdout,
    /^# HTTPS, port 443\n(.*\n)*cld-abc123\.azure\.anyscale-cloud\.dev$/m,
    'one FQDN a line under its port',
  );
  assert.match(commentText(list.stdout), /cld-<id>.*inferred/, 'the notes as # lines');
  assert.equal((await run(['--allow-list', 'bicep'])).code, 2);
  const alone = await run(['--strict-cloud-ids', '--workspace', 'empty']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--strict-cloud-ids.*--allow-list/);
});

test('--help says the targets are the ones the Anyscale on Azure docs list, and how to add more', async () => {
  const { code, stdout } = await run(['--help']);
  assert.equal(code, 0);
  assert.match(
    stdout,
    /Probes the outbound HTTPS targets the Anyscale on Azure docs list \(add more with --host or a targets file\)/,
  );
  assert.doesNotMatch(
    stdout,
    /targets Anyscale on Azure needs/,
    'no claim that the list is everything Anyscale on Azure needs',
  );
  // What a targets file holds, without the docs at hand.
  assert.match(
    stdout,
    /--targets <file> +JSON targets file [^\n]*\n +"host\[:port\]" or \{"host", "port", "purpose", "required"\}/,
  );
});
