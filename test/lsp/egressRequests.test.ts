// Protocol tier for egress: the bundled language server spawned over stdio answers the custom requests — the
// workspace's targets, probing loopback servers with progress notifications and cancellation, the allow-list,
// the cluster Job and the cluster log parser, an open document's unsaved text read instead of its file, and a
// workspace file over 16 MB named as not read only when it names what egress reads. Host names map to 127.0.0.1
// through the `resolve` setting.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  WorkDoneProgress,
  type ProtocolConnection,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver-protocol/node';
import {
  EgressTargetsRequest,
  EgressProbeRequest,
  EgressAllowListRequest,
  EgressClusterJobRequest,
  EgressClusterLogRequest,
  type EgressSettings,
  type EgressProbeParams,
  type EgressTargetInfo,
} from '../../shared/protocol';
import { FIXTURES } from '../support/paths';
import { startLab, type Lab } from '../support/egressLab';
import { startServer, type LspServer } from '../support/lspServer';
import { temporaryDirectory } from '../support/temporaryDirectory';

const WORKSPACE = path.join(FIXTURES, 'egress', 'workspace');

let server: LspServer;
let connection: ProtocolConnection;
let lab: Lab;

function labSettings(extra: EgressSettings = {}): EgressSettings {
  return { resolve: lab.names, caFile: lab.certificates.caFile, timeoutMs: 1000, ...extra };
}

before(async () => {
  lab = await startLab({ slowMs: 50 });
  server = await startServer({ env: { ...process.env, HTTPS_PROXY: '', https_proxy: '' }, capabilities: {} });
  connection = server.connection;
});

after(async () => {
  // The lab is closed whatever the server's exit: its servers would keep this test process from ending.
  try {
    assert.equal(await server.stop(), 0);
  } finally {
    await lab.close();
  }
});

test('targets of the workspace: derived from its template and values file', async () => {
  const result = await connection.sendRequest(EgressTargetsRequest, { folders: [WORKSPACE], settings: {} });
  const hosts = result.targets.map((t) => t.host);
  for (const host of [
    'console.azure.anyscale.com',
    'contosodata.blob.core.windows.net',
    'contosoacr.azurecr.io',
    'cld-abc123.azure.anyscale-cloud.dev',
  ])
    assert.ok(hosts.includes(host), host);
  assert.ok(result.targets.some((t) => t.needsHost));
});

test("probe targets: a report, and LSP work-done progress ($/progress) on the request's workDoneToken: begin, one report per target, end", async () => {
  fs.writeFileSync(
    path.join(lab.certificates.dir, 'targets.json'),
    JSON.stringify([lab.target('good'), lab.target('closed'), lab.target('wrongHost')]),
  );
  // A generous phase timeout: on a loaded machine a loopback TLS handshake can take longer than the default lab's.
  const params: EgressProbeParams = {
    folders: [lab.certificates.dir],
    settings: labSettings({ targetsFile: 'targets.json', timeoutMs: 8000 }),
    workDoneToken: 'p1',
  };
  const progress: (WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd)[] = [];
  const listening = connection.onProgress(WorkDoneProgress.type, 'p1', (value) => void progress.push(value));
  const report = await connection.sendRequest(EgressProbeRequest, params);
  assert.equal(report.origin, 'local');
  assert.equal(report.cancelled, false);
  assert.deepEqual(
    report.results.map((r) => r.outcome),
    ['ok', 'refused', 'tls-hostname'],
  );
  await server.until(
    () => (progress.at(-1)?.kind === 'end' ? true : undefined),
    'the end of the work-done progress p1',
  );
  listening.dispose();
  assert.deepEqual(
    progress.map((p) => p.kind),
    ['begin', 'report', 'report', 'report', 'end'],
  );
  const reports = progress.filter((p): p is WorkDoneProgressReport => p.kind === 'report');
  assert.deepEqual(
    reports.map((p) => p.percentage),
    [33, 67, 100],
  );
  for (const [i, p] of reports.entries())
    assert.match(
      p.message ?? '',
      new RegExp(`^${i + 1}/3 · [\\w.-]+\\.egress\\.test (ok|refused|tls-hostname)$`),
      'what the client shows',
    );
});

test("probed from this machine, a cloud storage account's Blob host is reported as the client → storage upload path", async () => {
  const blob: EgressTargetInfo = {
    host: 'contosodata.blob.core.windows.net',
    port: lab.ports.closed,
    flow: 'aks-storage-registry',
    purpose: 'Cloud storage bucket of cloud resource default (Blob service)',
    source: { title: 'test', url: 'https://example.test' },
    required: true,
    origin: 'workspace',
  };
  const settings = labSettings({ resolve: { ...lab.names, 'contosodata.blob.core.windows.net': '127.0.0.1' } });
  const report = await connection.sendRequest(EgressProbeRequest, { folders: [], settings, targets: [blob] });
  assert.equal(report.results[0].outcome, 'refused');
  assert.equal(report.results[0].target.flow, 'client-storage');
  assert.match(report.results[0].target.purpose, /anyscale job submit/);
});

test('cancelling a probe request stops it quickly and the server keeps serving', async () => {
  const silent: EgressTargetInfo[] = Array.from({ length: 4 }, (_, i) => ({
    host: 'silent.egress.test',
    port: lab.ports.silent,
    flow: 'aks-control-plane',
    purpose: `silent ${i}`,
    source: { title: 'test', url: 'https://example.test' },
    required: true,
    origin: 'file',
  }));
  const source = new CancellationTokenSource();
  const started = Date.now();
  const pending = connection.sendRequest(
    EgressProbeRequest,
    { folders: [], settings: labSettings({ timeoutMs: 20000 }), targets: silent },
    source.token,
  );
  setTimeout(() => source.cancel(), 200);
  // A cancelled probe answers with what it has: every target cancelled, not an error.
  const report = await pending;
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  assert.equal(report.cancelled, true);
  assert.deepEqual(
    report.results.map((r) => r.outcome),
    Array(4).fill('cancelled'),
  );
  const again = await connection.sendRequest(EgressTargetsRequest, { folders: [WORKSPACE], settings: {} });
  assert.ok(again.targets.length > 0);
});

test('allow-list, cluster Job and cluster log parsing', async () => {
  const list = await connection.sendRequest(EgressAllowListRequest, { folders: [WORKSPACE], settings: {} });
  assert.match(list.armJson, /firewallPolicies\/ruleCollectionGroups/);
  assert.match(list.azCli, /az network firewall/);
  const strict = await connection.sendRequest(EgressAllowListRequest, {
    folders: [WORKSPACE],
    settings: { strictCloudIds: true },
  });
  assert.doesNotMatch(
    strict.armJson,
    /"\*\.azure\.anyscale-cloud\.dev"/,
    'the workspace names cloud IDs: one entry each instead of the wildcard',
  );
  assert.match(strict.armJson, /"cld-abc123\.azure\.anyscale-cloud\.dev"/);
  assert.match(strict.notes.join('\n'), /inferred/);
  const job = await connection.sendRequest(EgressClusterJobRequest, {
    folders: [WORKSPACE],
    settings: {},
    namespace: 'probe',
    image: 'node:20',
  });
  assert.equal(JSON.parse(job.manifest).metadata.namespace, 'probe');
  const first = job.targets.find((t) => !t.needsHost)!;
  const log = `anyscale-egress/v1 ${JSON.stringify({ host: first.host, port: first.port, outcome: 'tcp-timeout', ms: 5000, dnsMs: 3 })}\nanyscale-egress/v1 {"done":true,"count":1}\n`;
  const report = await connection.sendRequest(EgressClusterLogRequest, {
    log,
    targets: [first],
    context: 'aks-1',
    startedAt: new Date().toISOString(),
    durationMs: 9000,
  });
  assert.equal(report.origin, 'cluster');
  assert.equal(report.context, 'aks-1');
  assert.equal(report.results[0].outcome, 'tcp-timeout');
  assert.match(report.results[0].hint ?? '', new RegExp(first.host.replace(/\./g, '\\.')));
});

test('what a run, a list or a Job could not use comes back with it: a missing targets file, a CA file, a bad proxy', async () => {
  const folders = [WORKSPACE];
  const missing = { targetsFile: 'no-such-targets.json' };
  const probed = await connection.sendRequest(EgressProbeRequest, {
    folders,
    settings: { ...missing, caFile: 'no-such-ca.pem', proxy: 'not a url', timeoutMs: 200 },
  });
  assert.equal(probed.results.length, 0);
  const problems = probed.problems ?? [];
  assert.equal(problems.length, 3, JSON.stringify(problems));
  assert.match(problems[0], /no-such-targets\.json/);
  assert.match(problems[1], /^CA file no-such-ca\.pem/);
  assert.match(problems[2], /^proxy: /);
  const list = await connection.sendRequest(EgressAllowListRequest, { folders, settings: missing });
  assert.match((list.problems ?? []).join('\n'), /no-such-targets\.json/);
  // The Job carries no local proxy: a bad one is not its problem.
  const job = await connection.sendRequest(EgressClusterJobRequest, {
    folders,
    settings: { ...missing, caFile: 'no-such-ca.pem', proxy: 'not a url' },
    namespace: 'probe',
    image: 'node:20',
  });
  assert.equal(job.problems?.length, 2, JSON.stringify(job.problems));
  // A run that could use everything says nothing.
  const clean = await connection.sendRequest(EgressProbeRequest, {
    folders,
    targets: [],
    settings: labSettings(),
  });
  assert.equal(clean.problems, undefined);
});

test('Show Egress Allow-List words a setting\'s duplicate entry "listed once in the allow-list"; the targets for a run "probed once"', async () => {
  const settings = { targets: ['mirror.example.test', 'Mirror.Example.test'] };
  const duplicate = 'anyscaleAzure.egress.targets (CLI --host): [1] lists mirror.example.test:443 again (first at [0])';
  const list = await connection.sendRequest(EgressAllowListRequest, { folders: [WORKSPACE], settings });
  assert.deepEqual(list.problems, [`${duplicate}: listed once in the allow-list`]);
  const targets = await connection.sendRequest(EgressTargetsRequest, { folders: [WORKSPACE], settings });
  assert.deepEqual(targets.problems, [`${duplicate}: probed once, as first listed`]);
});

test('in the editor, the targets come from the files the workspace index reads: not excluded folders, dot-folders', async () => {
  const root = temporaryDirectory('anyscale-lsp-egress-scope-');
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'anyscale.json'), 'utf8');
  const places = { infra: 'contosoinfra', out: 'contosoout', archive: 'contosoarchive', '.azure': 'contosodot' };
  for (const [folder, account] of Object.entries(places)) {
    fs.mkdirSync(path.join(root, folder));
    fs.writeFileSync(path.join(root, folder, 'cloud.json'), template.replaceAll('contosodata', account));
  }
  // The test client answers every configuration section with these settings: `files.exclude` among them.
  const scoped = await startServer({
    settings: { exclude: { archive: true } },
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'workspace' }],
  });
  try {
    const blobHosts = async () =>
      (await scoped.connection.sendRequest(EgressTargetsRequest, { folders: [root], settings: {} })).targets
        .map((t) => t.host)
        .filter((host) => host.endsWith('.blob.core.windows.net') && host.startsWith('contoso'))
        .sort();
    // Before its first scan the server knows no excludes yet: ask until it does (10 s at most).
    let hosts = await blobHosts();
    for (let tries = 0; tries < 100 && hosts.includes('contosoarchive.blob.core.windows.net'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      hosts = await blobHosts();
    }
    // out/ is read, as the index reads it (the CLI skips it); .azure/ is not (a dot-folder).
    assert.deepEqual(hosts, ['contosoinfra.blob.core.windows.net', 'contosoout.blob.core.windows.net']);
  } finally {
    assert.equal(await scoped.stop(), 0);
  }
});

test("in the editor, an open document's unsaved text names the hosts, not the file on disk", async () => {
  const root = temporaryDirectory('anyscale-lsp-egress-unsaved-');
  const file = path.join(root, 'cloud.json');
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'anyscale.json'), 'utf8');
  fs.writeFileSync(file, template.replaceAll('contosodata', 'contososaved'));
  const uri = pathToFileURL(file).href;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: template.replaceAll('contosodata', 'contosounsaved') },
  });
  try {
    const { targets } = await connection.sendRequest(EgressTargetsRequest, { folders: [root], settings: {} });
    const accounts = targets.map((t) => t.host).filter((host) => /^contoso\w*\.blob\./.test(host));
    assert.deepEqual(accounts, ['contosounsaved.blob.core.windows.net']);
  } finally {
    await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }
});

test('a workspace file over 16 MB is named as not read only when it names what egress reads; a data file is passed over', async () => {
  const root = temporaryDirectory('anyscale-lsp-egress-large-');
  const template = fs.readFileSync(path.join(WORKSPACE, 'infra', 'anyscale.json'), 'utf8');
  fs.writeFileSync(path.join(root, 'cloud.json'), template);
  // A 17 MB operator values file: its controlPlaneURL key is found in the last 1 MB chunk the search reads.
  const values = path.join(root, 'values.yaml');
  fs.writeFileSync(values, `# ${'x'.repeat(17 * 1024 * 1024)}\nglobal:\n  controlPlaneURL: https://cp.example.test\n`);
  // A 17 MB export of rows, no Anyscale type, values key or Gateway apiVersion in it.
  const row = '{"id": 12345, "blob": "https://datastore.blob.core.windows.net/rows/12345.parquet"},\n';
  fs.writeFileSync(path.join(root, 'export.json'), `[${row.repeat(Math.ceil((17 * 1024 * 1024) / row.length))}{}]`);
  const result = await connection.sendRequest(EgressTargetsRequest, { folders: [root], settings: {} });
  assert.ok(
    result.targets.some((target) => target.host === 'contosodata.blob.core.windows.net'),
    'the template is read',
  );
  assert.deepEqual(
    result.problems.filter((problem) => problem.includes('not read')),
    [
      `${values}: not read (too large to check: 17.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB))`,
    ],
  );
});
