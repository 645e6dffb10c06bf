// The required-targets catalog and what a workspace makes of it: hosts derived from ARM templates (storage
// accounts, the cloud's ACR and its data endpoint, regions) and from operator values (the control-plane URL),
// concrete hosts from settings, wildcards left as "needs a concrete host name", the targets file, the allow-list.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REQUIRED_TARGETS, cloudHost } from '../../server/src/service/egress/catalog';
import { deriveWorkspaceTargets } from '../../server/src/service/egress/workspace';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { allowListFor } from '../../server/src/service/egress/allowList';
import { firewallFqdn } from '../../shared/egress/firewallFqdn';
import { flowLabel } from '../../shared/egress/flows';
import { hintFor } from '../../server/src/service/egress/hints';
import { matchesPattern, parseHostPort } from '../../server/src/service/egress/target';
import { readWorkspaceFiles, loadEgressTargets, probeOptionsFrom } from '../../server/src/node/egressWorkspace';
import { WorkspaceScan } from '../../server/src/node/workspaceScan';
import { WorkspaceIndex } from '../../server/src/service/index/workspaceIndex';
import { EGRESS_USAGE } from '../../server/src/cli/egressCommand';
import { FIXTURES, REPO_ROOT } from '../support/paths';
import { random } from '../support/random';
import { commentText } from '../support/commentText';
import { temporaryDirectory } from '../support/temporaryDirectory';

const WORKSPACE = path.join(FIXTURES, 'egress', 'workspace');

test('the catalog holds the documented 443 table, the start-up storage, Entra ID and the AKS endpoints, each with a source', () => {
  const patterns = REQUIRED_TARGETS.map((t) => t.pattern);
  for (const pattern of [
    'console.azure.anyscale.com',
    '*.azure.anyscale-cloud.dev',
    'grafana-*.azure.anyscale-cloud.dev',
    'registry-*.azure.anyscale-cloud.dev',
    '*.i.azure.anyscaleuserdata.com',
    'vscode-*.i.azure.anyscaleuserdata.com',
    '*.s.azure.anyscaleuserdata.com',
    'anyscaleazwestus2prod.blob.core.windows.net',
    'login.microsoftonline.com',
    'mcr.microsoft.com',
    'management.azure.com',
    '{region}.dp.kubernetesconfiguration.azure.com',
    'arcmktplaceprod.azurecr.io',
  ]) {
    assert.ok(patterns.includes(pattern), pattern);
  }
  for (const t of REQUIRED_TARGETS) {
    assert.equal(t.port, 443);
    assert.match(
      t.source.url,
      t.group === 'operator-images'
        ? /^https:\/\/github\.com\/anyscale\/helm-charts\//
        : /^https:\/\/learn\.microsoft\.com\//,
    );
    assert.ok(t.purpose.length > 5);
  }
  assert.equal(cloudHost('cld_AbC123'), 'cld-abc123.azure.anyscale-cloud.dev');
});

test('host:port parsing and Azure-Firewall-style wildcard matching', () => {
  assert.deepEqual(parseHostPort('Example.COM'), { host: 'example.com', port: 443 });
  assert.deepEqual(parseHostPort('https://a.b:8443/path'), { host: 'a.b', port: 8443 });
  assert.deepEqual(parseHostPort('[::1]:9'), { host: '::1', port: 9 });
  assert.equal(parseHostPort('a:99999'), undefined);
  assert.ok(matchesPattern('grafana-x.azure.anyscale-cloud.dev', 'grafana-*.azure.anyscale-cloud.dev'));
  assert.ok(matchesPattern('grafana-*.azure.anyscale-cloud.dev', '*.azure.anyscale-cloud.dev'));
  assert.ok(!matchesPattern('azure.anyscale-cloud.dev', '*.azure.anyscale-cloud.dev'));
  assert.ok(!matchesPattern('console.azure.anyscale.com', '*.azure.anyscale-cloud.dev'));
  assert.equal(firewallFqdn('vscode-*.i.azure.anyscaleuserdata.com'), '*.i.azure.anyscaleuserdata.com');
});

test('wildcard matching agrees with the regular expression it stands for, on seeded random hosts and patterns', () => {
  // `*` is `.+`: the reading of Azure Firewall's FQDN wildcards that the matcher implements without a regex.
  const reference = (host: string, pattern: string) =>
    pattern === '*' ||
    new RegExp(
      `^${pattern
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    ).test(host);
  const next = random(20261203);
  const word = (alphabet: string) => Array.from({ length: next(7) }, () => alphabet[next(alphabet.length)]).join('');
  let matched = 0;
  for (let i = 0; i < 5000; i++) {
    const host = word('ab.-');
    const pattern = word('ab.*');
    const expected = reference(host, pattern) || host === pattern;
    assert.equal(matchesPattern(host, pattern), expected, `${host} against ${pattern}`);
    if (expected) matched++;
  }
  assert.ok(matched > 200, `only ${matched} of the random pairs matched: the alphabet is too wide to test much`);
});

test('a workspace template and values file make storage, ACR, region and cloud hosts concrete', async () => {
  const files = (await readWorkspaceFiles([WORKSPACE])).files;
  assert.deepEqual(files.map((f) => path.relative(WORKSPACE, f.path)).sort(), [
    'helm/values.yaml',
    'infra/anyscale.json',
    'targets.json',
  ]);
  const { targets, problems } = deriveWorkspaceTargets(files, {
    targets: ['grafana-eu.azure.anyscale-cloud.dev:8443', 'a;b.com'],
    cloudIds: ['cld_zz9', 'not-an-id'],
  });
  assert.deepEqual(problems, [
    'anyscaleAzure.egress.cloudIds: "not-an-id" is not a cloud ID (cld_...)',
    'anyscaleAzure.egress.targets: "a;b.com" is not a host name or host:port',
  ]);
  const byHost = new Map(targets.map((t) => [`${t.host}:${t.port}`, t]));
  const blob = byHost.get('contosodata.blob.core.windows.net:443');
  assert.equal(blob?.flow, 'aks-storage-registry');
  assert.equal(blob?.origin, 'workspace');
  // The cloud resource by its ARM name: another cloud's `default` in the workspace is another one.
  assert.equal(blob?.purpose, 'Cloud storage bucket of cloud resource my-cloud/default (Blob service)');
  assert.ok(byHost.has('contosodata.dfs.core.windows.net:443'));
  assert.ok(byHost.has('contosoacr.azurecr.io:443'));
  assert.equal(byHost.get('contosoacr.azurecr.io:443')?.required, true, 'the login server is always required');
  const dataEndpoint = byHost.get('contosoacr.westeurope.data.azurecr.io:443');
  assert.equal(
    dataEndpoint?.required,
    false,
    'Premium without dataEndpointEnabled: the data endpoint depends on the registry configuration',
  );
  assert.match(dataEndpoint?.purpose ?? '', /depends on the registry's configuration/);
  assert.ok(byHost.has('uksouth.dp.kubernetesconfiguration.azure.com:443'), '{region} from the cloud resource');
  const fromValues = byHost.get('cld-abc123.azure.anyscale-cloud.dev:443');
  assert.equal(fromValues?.pattern, '*.azure.anyscale-cloud.dev');
  assert.equal(fromValues?.origin, 'workspace');
  assert.ok(byHost.has('cld-zz9.azure.anyscale-cloud.dev:443'));
  assert.equal(byHost.get('grafana-eu.azure.anyscale-cloud.dev:8443')?.pattern, 'grafana-*.azure.anyscale-cloud.dev');
  // Wildcards with a concrete host are replaced by it; the others stay, marked, never probed as a pass.
  assert.ok(!byHost.has('*.azure.anyscale-cloud.dev:443'));
  const needsHost = targets.filter((t) => t.needsHost).map((t) => t.host);
  assert.ok(needsHost.includes('*.i.azure.anyscaleuserdata.com'));
  assert.ok(needsHost.includes('registry-*.azure.anyscale-cloud.dev'));
  assert.ok(needsHost.includes('*.hcp.uksouth.azmk8s.io'));
  assert.equal(new Set(targets.map((t) => `${t.host}:${t.port}`)).size, targets.length, 'no duplicates');
});

test('an empty workspace still lists the catalog, with {region} patterns needing a host', () => {
  const { targets } = deriveWorkspaceTargets([], {});
  assert.ok(targets.some((t) => t.host === 'console.azure.anyscale.com' && !t.needsHost));
  assert.ok(targets.some((t) => t.host === '{region}.dp.kubernetesconfiguration.azure.com' && t.needsHost));
});

test('the targets file replaces the derived list; a broken one is a problem, not a crash', async () => {
  const { targets, problems } = await loadEgressTargets([WORKSPACE], { targetsFile: 'targets.json' });
  assert.deepEqual(problems, []);
  assert.deepEqual(
    targets.map((t) => `${t.host}:${t.port}`),
    ['console.azure.anyscale.com:443', 'cld-abc123.azure.anyscale-cloud.dev:443', '10.0.0.4:8443'],
  );
  assert.equal(targets[1].flow, 'aks-control-plane', 'a host matching a catalog pattern takes its flow');
  assert.equal(targets[2].required, false);
  assert.equal(targets[2].origin, 'file');
  assert.throws(() => parseTargetsFile('nope'), /not JSON/);
  // What is wrong is said with where it is: the entry, and its field.
  const wrong: Array<[string, RegExp]> = [
    ['{"targets": [{"port": 1}]}', /: not a targets file: targets\[0\]: host: /],
    ['["a.example", 42]', /: not a targets file: \[1\]: expected a host name .* not 42$/],
    ['{"targets": [{"host": "a.example", "port": "443"}]}', /: not a targets file: targets\[0\]: port: /],
    [
      '{"hosts": ["a.example"]}',
      /: not a targets file: expected a list of targets, or an object whose "targets" is one$/,
    ],
    // A run over no target would pass having probed nothing.
    ['[]', /: the targets file lists no targets$/],
    // Shell and URL characters are not part of a host name; a wildcard's stars are.
    ['["ok.example", "a;b.example"]', /"a;b\.example" is not a host name or host:port/],
    ['["bad host.example"]', /"bad host\.example" is not a host name or host:port/],
  ];
  assert.equal(parseTargetsFile('["*.s.azure.anyscaleuserdata.com"]').length, 1);
  for (const [text, message] of wrong) assert.throws(() => parseTargetsFile(text), message, text);
  // Hosts and cloud IDs from settings do not go with a targets file: that is said, not dropped in silence.
  const both = await loadEgressTargets([WORKSPACE], {
    targetsFile: 'targets.json',
    targets: ['a.example'],
    cloudIds: ['cld_x1'],
  });
  assert.equal(both.targets.length, 3);
  assert.match(
    both.problems.join('\n'),
    /targets \(CLI --host\) "a\.example" and .*cloudIds \(CLI --cloud-id\) "cld_x1 \(cld-x1\.azure\.anyscale-cloud\.dev\)" not used: the targets file/,
  );
  const missing = await loadEgressTargets([WORKSPACE], { targetsFile: 'missing.json' });
  assert.equal(missing.targets.length, 0);
  assert.match(missing.problems[0], /missing\.json/);
});

test('beside a targets file, only the hosts and cloud IDs from settings it does not list are named as not used', async () => {
  // targets.json lists console.azure.anyscale.com and cld-abc123.azure.anyscale-cloud.dev (on 443), and 10.0.0.4:8443.
  const loaded = await loadEgressTargets([WORKSPACE], {
    targetsFile: 'targets.json',
    targets: ['HTTPS://Console.Azure.Anyscale.com/', 'extra.example.test', '10.0.0.4:8443', '10.0.0.4'],
    cloudIds: ['cld_abc123', 'cld_other'],
  });
  assert.deepEqual(loaded.problems, [
    `anyscaleAzure.egress.targets (CLI --host) "extra.example.test", "10.0.0.4" and anyscaleAzure.egress.cloudIds (CLI --cloud-id) "cld_other (cld-other.azure.anyscale-cloud.dev)" not used: the targets file ${path.join(WORKSPACE, 'targets.json')} replaces the list; add those hosts to it`,
  ]);
  // Every one listed in the file: probed from it, and nothing to add.
  const listed = await loadEgressTargets([WORKSPACE], {
    targetsFile: 'targets.json',
    targets: ['console.azure.anyscale.com'],
    cloudIds: ['cld_abc123'],
  });
  assert.deepEqual(listed.problems, []);
  assert.equal(listed.targets.length, 3);
});

test('a host named in anyscaleAzure.egress.targets (CLI --host) is required, whatever else derived it first', async () => {
  const host = cloudHost('cld_abc');
  const required = (settings: Parameters<typeof deriveWorkspaceTargets>[1]) =>
    deriveWorkspaceTargets([], settings)
      .targets.filter((t) => t.host === host)
      .map((t) => t.required);
  // A cloud ID alone: its host's form is inferred, so optional.
  assert.deepEqual(required({ cloudIds: ['cld_abc'] }), [false]);
  // Named as well, in either setting's order: one target, required.
  assert.deepEqual(required({ cloudIds: ['cld_abc'], targets: [host] }), [true]);
  assert.deepEqual(required({ targets: [`HTTPS://${host.toUpperCase()}/`], cloudIds: ['CLD_ABC'] }), [true]);
  const cloud = deriveWorkspaceTargets([], { cloudIds: ['cld_abc'], targets: [host] }).targets.find(
    (t) => t.host === host,
  );
  assert.equal(cloud?.origin, 'settings');
  assert.match(cloud?.purpose ?? '', /cloud cld_abc/);
  // An optional catalog host matched by a wildcard, and a concrete one: named, required too.
  const files = (await readWorkspaceFiles([WORKSPACE])).files;
  const derived = (settings: Parameters<typeof deriveWorkspaceTargets>[1]) =>
    deriveWorkspaceTargets(files, settings).targets;
  const dataEndpoint = 'contosoacr.westeurope.data.azurecr.io';
  assert.equal(derived({}).find((t) => t.host === dataEndpoint)?.required, false);
  assert.equal(derived({ targets: [dataEndpoint] }).find((t) => t.host === dataEndpoint)?.required, true);
  // On another port it is another target: the cloud's on 443 stays optional.
  const other = deriveWorkspaceTargets([], { cloudIds: ['cld_abc'], targets: [`${host}:8443`] }).targets;
  assert.deepEqual(
    other.filter((t) => t.host === host).map((t) => [t.port, t.required]),
    [
      [443, false],
      [8443, true],
    ],
  );
});

test('read for the allow-list, a duplicate entry is "listed once", not "probed once": nothing is probed', async () => {
  const settings = { targets: ['mirror.example.test', 'Mirror.Example.test'], cloudIds: ['cld_abc', 'cld_ABC'] };
  const forAllowList = deriveWorkspaceTargets([], settings, 'allowList').problems;
  assert.deepEqual(forAllowList, [
    `anyscaleAzure.egress.cloudIds (CLI --cloud-id): [1] lists ${cloudHost('cld_abc')}:443 again (first at [0]): listed once in the allow-list`,
    'anyscaleAzure.egress.targets (CLI --host): [1] lists mirror.example.test:443 again (first at [0]): listed once in the allow-list',
  ]);
  assert.match(deriveWorkspaceTargets([], settings).problems.join('\n'), /probed once, as first listed/);
  const dir = temporaryDirectory('anyscale-egress-allow-list-duplicates-');
  fs.writeFileSync(path.join(dir, 'twice.json'), '["a.example.test", "A.example.test:443"]');
  const fromFile = await loadEgressTargets([dir], { targetsFile: 'twice.json' }, { use: 'allowList' });
  assert.deepEqual(fromFile.problems, [
    `${path.join(dir, 'twice.json')}: [1] lists a.example.test:443 again (first at [0]): listed once in the allow-list`,
  ]);
  assert.deepEqual(
    (await loadEgressTargets([dir], { targetsFile: 'twice.json' })).problems.map((p) => p.replace(/^.*: \[1\]/, '[1]')),
    ['[1] lists a.example.test:443 again (first at [0]): probed once, as first listed'],
  );
});

test('the targets file and the CA file are read without blocking the event loop, with the same words for what is wrong', async () => {
  const dir = temporaryDirectory('anyscale-egress-async-read-');
  const at = (name: string) => path.join(dir, name);
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
  fs.writeFileSync(at('targets.json'), '["before.example"]');
  fs.writeFileSync(at('ca.pem'), 'not a certificate');
  const loading = loadEgressTargets([dir], { targetsFile: 'targets.json' });
  const probeOptions = probeOptionsFrom({ caFile: 'ca.pem' }, {}, dir);
  // Both calls have returned: a read on the caller's turn (readFileSync) has the old text; one that waits has the new.
  fs.writeFileSync(at('targets.json'), '["after.example"]');
  fs.writeFileSync(at('ca.pem'), pem);
  assert.deepEqual(
    (await loading).targets.map((t) => t.host),
    ['after.example'],
  );
  const { options, problems } = await probeOptions;
  assert.deepEqual([options.extraCa, problems], [pem, []]);
  // What is wrong with either file is said as before.
  fs.writeFileSync(at('binary.json'), Buffer.from([0, 1, 2, 0xff]));
  fs.writeFileSync(at('huge.json'), '');
  fs.truncateSync(at('huge.json'), 17 * 1024 * 1024);
  const tooLarge =
    'too large to check: 17.0 MB, over the limit of 16 MB (ARM accepts templates and parameter files of up to 4 MB)';
  const targetsProblem = async (name: string) =>
    (await loadEgressTargets([dir], { targetsFile: name })).problems.map((p) => p.replace(`${dir}${path.sep}`, ''));
  assert.deepEqual(await targetsProblem('missing.json'), ['missing.json: no such file']);
  assert.deepEqual(await targetsProblem('huge.json'), [`huge.json: ${tooLarge}`]);
  assert.match((await targetsProblem('binary.json'))[0], /^binary\.json: binary file, not a targets file \(JSON\)$/);
  const caProblems = async (name: string) => (await probeOptionsFrom({ caFile: name }, {}, dir)).problems;
  assert.deepEqual(await caProblems('missing.pem'), ['CA file missing.pem: no such file']);
  assert.deepEqual(await caProblems('huge.json'), [`CA file huge.json: ${tooLarge}`]);
  assert.deepEqual(await caProblems('binary.json'), [
    'CA file binary.json: holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
  ]);
});

test('egress follows symbolic links as the scan does: a linked folder outside, each file once, loops end; not where search.followSymlinks is off', async () => {
  const workspace = temporaryDirectory('anyscale-egress-links-');
  const shared = temporaryDirectory('anyscale-egress-links-shared-');
  const at = (...parts: string[]) => path.join(workspace, ...parts);
  fs.mkdirSync(at('infra'));
  fs.writeFileSync(at('infra', 'own.json'), '{}');
  fs.writeFileSync(path.join(shared, 'cloud.json'), '{}');
  fs.writeFileSync(path.join(shared, 'values.yaml'), 'global: {}\n');
  fs.symlinkSync(shared, at('linked')); // a folder outside the workspace
  fs.symlinkSync(path.join(shared, 'cloud.json'), at('infra', 'second-way.json')); // a file outside, then again
  fs.symlinkSync(at('infra', 'own.json'), at('alias.json')); // a file the walk reads on its own path
  fs.symlinkSync(workspace, at('infra', 'up')); // an ancestor: a loop
  fs.symlinkSync(workspace, path.join(shared, 'back')); // a loop through the folder outside
  fs.symlinkSync(shared, path.join(shared, 'self'));
  fs.symlinkSync(at('missing.json'), at('broken.json'));
  const read = async (scope?: WorkspaceScan) => {
    const { files, unread } = await readWorkspaceFiles([workspace], { scope });
    return [files.map((f) => path.relative(workspace, f.path).split(path.sep).join('/')), unread];
  };
  const everyFile = [['infra/own.json', 'infra/second-way.json', 'linked/values.yaml'], []];
  assert.deepEqual(await read(), everyFile, 'the CLI: every link followed, each real file once');
  const scan = new WorkspaceScan(new WorkspaceIndex(), () => false);
  await scan.scan([workspace]);
  assert.deepEqual(await read(scan), everyFile, "the editor's, with search.followSymlinks on (the default)");
  scan.setFollowSymlinks(new Map([[workspace, false]]));
  assert.deepEqual(await read(scan), [['infra/own.json'], []], 'search.followSymlinks off for the folder');
});

test('a host only the user lists is sourced to the user, not to the docs; a host the docs list keeps their source', () => {
  const docs = 'Anyscale on Azure networking — Required egress domains (Microsoft Learn)';
  const [own, listed, withFlow] = parseTargetsFile(
    '["my-registry.example.test", "console.azure.anyscale.com", {"host": "proxy.example.test", "flow": "aks-storage-registry"}]',
  );
  assert.equal(own.source.title, 'Listed in the targets file: a host the Anyscale on Azure docs do not list');
  assert.equal(listed.source.title, docs);
  // Its path is the user's too: not one of the docs' flows, unless the file names one.
  assert.equal(own.flow, 'aks-listed');
  assert.equal(flowLabel(own.flow, 'cluster'), 'AKS → a host you listed');
  assert.equal(flowLabel(own.flow, 'local'), 'this machine → a host you listed', 'probed from this machine, not AKS');
  assert.equal(listed.flow, REQUIRED_TARGETS.find((t) => t.pattern === 'console.azure.anyscale.com')?.flow);
  assert.equal(withFlow.flow, 'aks-storage-registry');
  const { targets } = deriveWorkspaceTargets([], {
    targets: ['my-registry.example.test', 'console.azure.anyscale.com'],
  });
  const source = (host: string) => targets.find((t) => t.host === host)?.source.title;
  assert.equal(
    source('my-registry.example.test'),
    'Listed in anyscaleAzure.egress.targets (CLI --host): a host the Anyscale on Azure docs do not list',
  );
  assert.equal(source('console.azure.anyscale.com'), docs);
  assert.equal(targets.find((t) => t.host === 'my-registry.example.test')?.flow, 'aks-listed');
});

test('a host the settings (CLI --host, --cloud-id) list twice is one target, and a problem line says so, as a targets file says it', () => {
  const { targets, problems } = deriveWorkspaceTargets([], {
    targets: ['mirror.example.test', 'not a host', 'HTTPS://Mirror.Example.test/', 'mirror.example.test:8443'],
    cloudIds: ['cld_abc', 'cld_ABC'],
  });
  assert.equal(targets.filter((t) => t.host === 'mirror.example.test' && t.port === 443).length, 1);
  assert.equal(targets.filter((t) => t.host === 'mirror.example.test' && t.port === 8443).length, 1);
  assert.equal(targets.filter((t) => t.host === cloudHost('cld_abc')).length, 1);
  // Each named by its place in the setting, the entry that is not a host counted.
  assert.deepEqual(problems, [
    `anyscaleAzure.egress.cloudIds (CLI --cloud-id): [1] lists ${cloudHost('cld_abc')}:443 again (first at [0]): probed once, as first listed`,
    'anyscaleAzure.egress.targets: "not a host" is not a host name or host:port',
    'anyscaleAzure.egress.targets (CLI --host): [2] lists mirror.example.test:443 again (first at [0]): probed once, as first listed',
  ]);
  // Listed once each: no such line.
  assert.deepEqual(deriveWorkspaceTargets([], { targets: ['a.example.test'], cloudIds: ['cld_abc'] }).problems, []);
});

test('the allow-list: a deployable rule collection group and matching az commands', async () => {
  const { targets } = deriveWorkspaceTargets((await readWorkspaceFiles([WORKSPACE])).files, {});
  const list = allowListFor(targets);
  const template = JSON.parse(list.armJson);
  const group = template.resources[0];
  assert.equal(group.type, 'Microsoft.Network/firewallPolicies/ruleCollectionGroups');
  const rules = group.properties.ruleCollections[0].rules;
  const https = rules.find((r: { name: string }) => r.name === 'anyscale-https');
  assert.ok(https.targetFqdns.includes('*.azure.anyscale-cloud.dev'));
  assert.ok(!https.targetFqdns.includes('cld-abc123.azure.anyscale-cloud.dev'), 'covered by the wildcard');
  assert.ok(!https.targetFqdns.some((f: string) => f.includes('{')));
  assert.ok(https.targetFqdns.includes('contosodata.blob.core.windows.net'));
  assert.deepEqual(https.protocols, [{ protocolType: 'Https', port: 443 }]);
  assert.deepEqual(rules.find((r: { name: string }) => r.name === 'aks-baseline').fqdnTags, ['AzureKubernetesService']);
  assert.match(
    list.azCli,
    /^az network firewall policy rule-collection-group create --resource-group "\$RESOURCE_GROUP"/m,
  );
  // A command over several lines, each ending in ` \`, is one command: read joined.
  const commands = list.azCli.replace(/ \\\n {2}/g, ' ');
  assert.match(
    commands,
    /add-filter-collection .*--protocols Https=443 .*--target-fqdns .*'\*\.azure\.anyscale-cloud\.dev'/,
  );
  assert.match(list.azCli, /^az network firewall application-rule create /m);
  assert.deepEqual(
    list.azCli.split('\n').filter((line) => line.length > 120),
    [],
    'no line is wider than 120 characters (the FQDN lists ran to 1,200)',
  );
  assert.ok(fs.existsSync(WORKSPACE));
  // The script parses as it is printed, placeholders included (bash reads an unquoted <…> as a redirection).
  const parsed = spawnSync('bash', ['-n'], { input: list.azCli, encoding: 'utf8' });
  assert.equal(parsed.status, 0, parsed.stderr);
  // Run by bash with az standing in as a function that prints its argv: each command reaches az whole, its FQDNs
  // as separate words, wildcards unexpanded, the same as the command written on one line.
  const argvOf = (script: string) =>
    spawnSync('bash', ['-c', `az() { printf '%s\\n' "--- az" "$@"; }\n${script}`], { encoding: 'utf8' }).stdout;
  const asRun = argvOf(list.azCli);
  assert.equal(asRun, argvOf(commands));
  assert.equal(asRun.split('--- az').length - 1, commands.split('\n').filter((line) => line.startsWith('az ')).length);
  assert.match(asRun, /^--target-fqdns\n(?:[^\n-][^\n]*\n)*\*\.azure\.anyscale-cloud\.dev$/m);
});

test('the allow-list as a plain list: the same FQDNs as the ARM rules, one a line under its port, the notes as # lines', async () => {
  const { targets } = deriveWorkspaceTargets((await readWorkspaceFiles([WORKSPACE])).files, {
    targets: ['grafana-eu.azure.anyscale-cloud.dev:8443'],
  });
  const list = allowListFor(targets);
  const rules = JSON.parse(list.armJson).resources[0].properties.ruleCollections[0].rules as Array<{
    protocols: Array<{ port: number }>;
    targetFqdns?: string[];
  }>;
  const lines = list.fqdnList.split('\n');
  const entries = lines.filter((line) => line && !line.startsWith('#'));
  assert.deepEqual(
    entries,
    rules.flatMap((rule) => rule.targetFqdns ?? []),
    'every FQDN of the rules, in their order, nothing else',
  );
  const port8443 = lines.indexOf('# HTTPS, port 8443');
  assert.ok(
    port8443 > lines.indexOf('# HTTPS, port 443') &&
      lines
        .slice(port8443 + 1)
        .filter(Boolean)
        .every((l) => l === 'grafana-eu.azure.anyscale-cloud.dev'),
    list.fqdnList,
  );
  assert.ok(list.notes.length > 0);
  for (const note of list.notes) assert.ok(commentText(list.fqdnList).includes(note), `the note "${note}" as # lines`);
  for (const line of lines.filter((l) => l.startsWith('#'))) assert.ok(line.length <= 120, line);
  assert.match(list.fqdnList, /^# .*AzureKubernetesService FQDN tag/m);
});

test('each allow-list form opens with a short title (an unsaved editor is named after it) and wraps its comments at 120', async () => {
  const { targets } = deriveWorkspaceTargets((await readWorkspaceFiles([WORKSPACE])).files, {
    cloudIds: ['cld_abc123'],
  });
  const list = allowListFor(targets, { strictCloudIds: true });
  // Strict mode and the optional targets: notes of several hundred characters, the ones that made one long line.
  assert.ok(
    list.notes.some((note) => note.length > 300),
    JSON.stringify(list.notes),
  );
  const forms = [
    { text: list.armJsonc, marker: '//', title: '// Anyscale egress allow-list (ARM)' },
    { text: list.azCli, marker: '#', title: '# Anyscale egress allow-list (az)' },
    { text: list.fqdnList, marker: '#', title: '# Anyscale egress allow-list (FQDNs)' },
  ];
  for (const { text, marker, title } of forms) {
    const lines = text.split('\n');
    // VS Code names an unsaved editor after the first 40 characters of its first line.
    assert.equal(lines[0], title);
    assert.ok(title.length <= 40, title);
    const comments = lines.filter((line) => line.startsWith(marker));
    for (const line of comments) assert.ok(line.length <= 120, `${line.length} characters: ${line}`);
    const read = comments.map((line) => line.slice(marker.length + 1)).join(' ');
    for (const note of list.notes)
      assert.ok(read.includes(note.replace(/\n/g, ' ')), `${title} keeps the note: ${note}`);
  }
  // Without its comment lines, the ARM form is the template itself.
  const json = list.armJsonc
    .split('\n')
    .filter((line) => !line.startsWith('//'))
    .join('\n');
  assert.deepEqual(JSON.parse(json), JSON.parse(list.armJson));
  assert.match(list.armJsonc, /^\/\/ An Azure Firewall policy rule collection group for Anyscale on Azure egress/m);
});

test('console.azure.anyscale.com is also the operator control-plane URL: AKS must reach it, not only clients', () => {
  const console = REQUIRED_TARGETS.find((t) => t.pattern === 'console.azure.anyscale.com');
  assert.equal(console?.flow, 'aks-control-plane');
  assert.match(console?.purpose ?? '', /global\.controlPlaneURL/);
  assert.match(console?.purpose ?? '', /clients/);
  // A values file naming a host outside the catalog: that host is the operator's control plane, so AKS → control plane too.
  const values = (url: string) => ({ path: 'values.yaml', text: `global:\n  controlPlaneURL: ${url}\n` });
  const privateLink = deriveWorkspaceTargets([values('https://cp.example.com')], {}).targets.find(
    (t) => t.host === 'cp.example.com',
  );
  assert.equal(privateLink?.flow, 'aks-control-plane');
});

test('the ACR data endpoint is required only for a Premium registry with dataEndpointEnabled: true in the template', () => {
  const template = (sku: string, dataEndpointEnabled: string) => ({
    path: 'acr.json',
    text: JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Microsoft.ContainerRegistry/registries',
          apiVersion: '2023-07-01',
          name: 'acmeacr',
          location: 'westeurope',
          sku: { name: sku },
          properties: JSON.parse(`{${dataEndpointEnabled}}`),
        },
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'acme',
          location: 'uksouth',
          properties: { acrResourceId: "[resourceId('Microsoft.ContainerRegistry/registries', 'acmeacr')]" },
        },
      ],
    }),
  });
  const dataEndpoint = (sku: string, enabled: string) => {
    const { targets } = deriveWorkspaceTargets([template(sku, enabled)], {});
    assert.equal(
      targets.find((t) => t.host === 'acmeacr.azurecr.io')?.required,
      true,
      `${sku} ${enabled}: login server`,
    );
    return targets.find((t) => t.host.endsWith('.data.azurecr.io') && t.host.startsWith('acmeacr.'));
  };
  const dedicated = dataEndpoint('Premium', '"dataEndpointEnabled": true');
  assert.equal(dedicated?.host, 'acmeacr.westeurope.data.azurecr.io', "the region is the registry's, not the cloud's");
  assert.equal(dedicated?.required, true);
  assert.match(dedicated?.source.url ?? '', /dedicated-data-endpoints/);
  for (const [sku, enabled] of [
    ['Standard', '"dataEndpointEnabled": true'],
    ['Premium', '"dataEndpointEnabled": false'],
    ['Premium', ''],
  ]) {
    const target = dataEndpoint(sku, enabled);
    assert.equal(target?.required, false, `${sku} ${enabled}`);
    assert.match(target?.purpose ?? '', /depends on the registry's configuration/);
  }
});

test('the AzureKubernetesService FQDN tag covers the AKS required FQDN table, login.microsoftonline.com included, and nothing of Anyscale', () => {
  const covered = REQUIRED_TARGETS.filter((t) => t.fqdnTag === 'AzureKubernetesService')
    .map((t) => t.pattern)
    .sort();
  assert.deepEqual(covered, [
    '*.data.mcr.microsoft.com',
    '*.hcp.{region}.azmk8s.io',
    'acs-mirror.azureedge.net',
    'login.microsoftonline.com',
    'management.azure.com',
    'mcr-0001.mcr-msedge.net',
    'mcr.microsoft.com',
    'packages.aks.azure.com',
    'packages.microsoft.com',
  ]);
});

test('each wildcard gets the needs-host hint that can fill it: cloud IDs only for *.azure.anyscale-cloud.dev', async () => {
  const workspaceFiles = (await readWorkspaceFiles([WORKSPACE])).files;
  const hintOf = (host: string, regions: 'with' | 'without') => {
    const files = regions === 'with' ? workspaceFiles : [];
    const target = deriveWorkspaceTargets(files, {}).targets.find((t) => t.host === host);
    assert.ok(target?.needsHost, host);
    return hintFor('needs-host', target, {}, 'local') ?? '';
  };
  assert.match(
    hintOf('*.azure.anyscale-cloud.dev', 'without'),
    /anyscaleAzure\.egress\.cloudIds.*cld-<id>\.azure\.anyscale-cloud\.dev/,
  );
  for (const host of [
    'grafana-*.azure.anyscale-cloud.dev',
    '*.i.azure.anyscaleuserdata.com',
    '*.s.azure.anyscaleuserdata.com',
    '*.hcp.{region}.azmk8s.io',
    '{region}.dp.kubernetesconfiguration.azure.com',
    '*.hcp.uksouth.azmk8s.io',
    '*.data.mcr.microsoft.com',
  ]) {
    assert.doesNotMatch(hintOf(host, host.includes('uksouth') ? 'with' : 'without'), /cloudIds|cloud ID/, host);
  }
  for (const host of ['*.hcp.{region}.azmk8s.io', '{region}.dp.kubernetesconfiguration.azure.com']) {
    assert.match(hintOf(host, 'without'), /region.*ARM template/, host);
  }
  assert.match(hintOf('*.hcp.uksouth.azmk8s.io', 'with'), /API server FQDN.*az aks show/);
  assert.match(hintOf('*.i.azure.anyscaleuserdata.com', 'without'), /workspace/);
  assert.match(hintOf('*.s.azure.anyscaleuserdata.com', 'without'), /service/);
  assert.match(hintOf('*.data.mcr.microsoft.com', 'without'), /anyscaleAzure\.egress\.targets/);
});

test('the per-cloud polling host form cld-<id>.azure.anyscale-cloud.dev is graded inferred wherever a user reads it', () => {
  // Documented: the operator polls *.azure.anyscale-cloud.dev; the cld-<id> form is only the host the Private Link page tests.
  const cloudIdHelp = /--cloud-id[^\n]*(\n {4,}[^\n]*)*/.exec(EGRESS_USAGE)?.[0] ?? '';
  assert.match(cloudIdHelp, /cld-<id>\.azure\.anyscale-cloud\.dev.*inferred/s);
  const polling = REQUIRED_TARGETS.find((t) => t.pattern === '*.azure.anyscale-cloud.dev');
  assert.match(polling?.purpose ?? '', /cld-<id>\.azure\.anyscale-cloud\.dev.*inferred/);
  const fromCloudId = deriveWorkspaceTargets([], { cloudIds: ['cld_abc'] }).targets.find(
    (t) => t.host === 'cld-abc.azure.anyscale-cloud.dev',
  );
  assert.match(fromCloudId?.purpose ?? '', /inferred/);
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  assert.match(
    pkg.contributes.configuration.properties['anyscaleAzure.egress.cloudIds'].markdownDescription,
    /cld-<id>\.azure\.anyscale-cloud\.dev.*inferred/,
  );
});

test('strict per-cloud-ID egress: one allow-list entry per known cloud ID instead of *.azure.anyscale-cloud.dev, saying what is inferred', () => {
  const rulesOf = (list: ReturnType<typeof allowListFor>) =>
    JSON.parse(list.armJson).resources[0].properties.ruleCollections[0].rules;
  const httpsOf = (list: ReturnType<typeof allowListFor>): string[] =>
    rulesOf(list).find((r: { name: string }) => r.name === 'anyscale-https').targetFqdns;
  const { targets } = deriveWorkspaceTargets([], { cloudIds: ['cld_abc123', 'cld_zz9'] });
  assert.ok(httpsOf(allowListFor(targets)).includes('*.azure.anyscale-cloud.dev'), 'default: the documented wildcard');
  // By default no strict-mode note: only the one listing the optional targets left out of the rules.
  assert.ok(
    !allowListFor(targets).notes.some((n) => /[Ss]trict per-cloud-ID/.test(n)),
    allowListFor(targets).notes.join('\n'),
  );
  assert.equal(allowListFor(targets).notes.length, 1);

  const strict = allowListFor(targets, { strictCloudIds: true });
  const fqdns = httpsOf(strict);
  assert.ok(
    fqdns.includes('cld-abc123.azure.anyscale-cloud.dev') && fqdns.includes('cld-zz9.azure.anyscale-cloud.dev'),
    fqdns.join(' '),
  );
  assert.ok(!fqdns.some((f) => f.endsWith('*.azure.anyscale-cloud.dev')), 'no wildcard under azure.anyscale-cloud.dev');
  assert.ok(
    fqdns.includes('console.azure.anyscale.com') && fqdns.includes('*.i.azure.anyscaleuserdata.com'),
    'the other documented hosts stay',
  );
  assert.match(strict.notes.join('\n'), /cld-<id>.*inferred/);
  // No source names a per-cloud host for grafana-* / registry-*: they are left out of the rule, and the note says so.
  assert.match(
    strict.notes.join('\n'),
    /grafana-\*\.azure\.anyscale-cloud\.dev.*registry-\*\.azure\.anyscale-cloud\.dev.*not in this allow-list/s,
  );
  for (const note of strict.notes)
    assert.ok(commentText(strict.azCli).includes(note.replace(/\n/g, ' ')), `az script carries the note: ${note}`);
  // Every line of a note is a comment: none is left for bash to run (a command's continued lines read joined).
  const joined = strict.azCli.replace(/ \\\n {2}/g, ' ');
  const script = joined.split('\n').filter((line) => line && !line.startsWith('#'));
  assert.ok(
    script.every((line) => /^(az |[A-Z_]+=)/.test(line)),
    script.filter((line) => !/^(az |[A-Z_]+=)/.test(line)).join('\n'),
  );
  assert.equal(spawnSync('bash', ['-n'], { input: strict.azCli, encoding: 'utf8' }).status, 0);
  assert.match(joined, /--target-fqdns .*cld-abc123\.azure\.anyscale-cloud\.dev/);
  assert.doesNotMatch(strict.azCli, /'\*\.azure\.anyscale-cloud\.dev'/);

  // A concrete grafana-/registry- host the user named is kept: it is exact, not a wildcard.
  const named = deriveWorkspaceTargets([], {
    cloudIds: ['cld_abc123'],
    targets: ['grafana-eu.azure.anyscale-cloud.dev'],
  }).targets;
  const namedStrict = allowListFor(named, { strictCloudIds: true });
  assert.ok(httpsOf(namedStrict).includes('grafana-eu.azure.anyscale-cloud.dev'));
  assert.doesNotMatch(namedStrict.notes.join('\n'), /grafana-\*/);
  assert.match(namedStrict.notes.join('\n'), /registry-\*/);
});

test('strict per-cloud-ID egress without a known cloud ID keeps the wildcard and says why', () => {
  const { targets } = deriveWorkspaceTargets([], {});
  const list = allowListFor(targets, { strictCloudIds: true });
  const rules = JSON.parse(list.armJson).resources[0].properties.ruleCollections[0].rules;
  assert.ok(
    rules.find((r: { name: string }) => r.name === 'anyscale-https').targetFqdns.includes('*.azure.anyscale-cloud.dev'),
  );
  const strictNotes = list.notes.filter((n) => /Strict per-cloud-ID/.test(n));
  assert.equal(strictNotes.length, 1, list.notes.join('\n'));
  assert.match(
    strictNotes[0],
    /no cloud ID is known.*\*\.azure\.anyscale-cloud\.dev.*anyscaleAzure\.egress\.cloudIds.*--cloud-id/s,
  );
  assert.ok(commentText(list.azCli).includes(strictNotes[0].replace(/\n/g, ' ')));
});

test('the allow-list allows only required targets; one note names the optional ones left out, why, and how to add them', async () => {
  const httpsOf = (list: ReturnType<typeof allowListFor>): string[] =>
    JSON.parse(list.armJson).resources[0].properties.ruleCollections[0].rules.find(
      (r: { name: string }) => r.name === 'anyscale-https',
    ).targetFqdns;
  const files = (await readWorkspaceFiles([WORKSPACE])).files;
  const { targets } = deriveWorkspaceTargets(files, {});
  const list = allowListFor(targets);
  const fqdns = httpsOf(list);
  for (const optional of [
    'anyscaleoperator.azurecr.io',
    'us-docker.pkg.dev',
    'registry-1.docker.io',
    'contosoacr.westeurope.data.azurecr.io',
  ]) {
    assert.ok(!fqdns.includes(optional), `${optional} is optional: not in the rule`);
    const commands = list.azCli.split('\n').filter((line) => !line.startsWith('#'));
    assert.ok(!commands.some((line) => line.includes(` ${optional}`)), `${optional} not in the az commands`);
  }
  assert.ok(
    fqdns.includes('contosoacr.azurecr.io') && fqdns.includes('contosodata.blob.core.windows.net'),
    'required derived hosts stay',
  );
  assert.equal(list.notes.length, 1, list.notes.join('\n'));
  const [note] = list.notes;
  assert.match(note, /anyscaleoperator\.azurecr\.io.*inferred/s);
  assert.match(note, /contosoacr\.westeurope\.data\.azurecr\.io.*depends on the registry's configuration/s);
  assert.match(note, /anyscaleAzure\.egress\.targets.*--host/s);
  assert.ok(commentText(list.azCli).includes(note));
  assert.ok(
    list.targets.some((t) => t.host === 'us-docker.pkg.dev'),
    'the target list itself keeps every target',
  );

  // Named with --host (anyscaleAzure.egress.targets), an optional host is allowed.
  const named = allowListFor(deriveWorkspaceTargets(files, { targets: ['us-docker.pkg.dev'] }).targets);
  assert.ok(httpsOf(named).includes('us-docker.pkg.dev'));
  assert.doesNotMatch(named.notes.join('\n'), /us-docker/);

  // A cloud ID's host is optional (inferred form): by default the documented wildcard covers it, even with the
  // grafana-/registry- hosts named; in strict mode the per-cloud host is the entry, whatever its grade.
  const clouds = deriveWorkspaceTargets([], {
    cloudIds: ['cld_abc'],
    targets: ['grafana-eu.azure.anyscale-cloud.dev', 'registry-eu.azure.anyscale-cloud.dev'],
  }).targets;
  assert.ok(httpsOf(allowListFor(clouds)).includes('*.azure.anyscale-cloud.dev'));
  const strict = httpsOf(allowListFor(clouds, { strictCloudIds: true }));
  assert.ok(
    strict.includes('cld-abc.azure.anyscale-cloud.dev') && !strict.includes('*.azure.anyscale-cloud.dev'),
    strict.join(' '),
  );
});

test('the walk of the workspace gives the event loop turns while it reads: the language server answers meanwhile', async () => {
  const root = temporaryDirectory('anyscale-egress-turns-');
  for (let i = 0; i < 60; i++) fs.writeFileSync(path.join(root, `file-${i}.json`), '{}');
  let turns = 0;
  let walking = true;
  const turn = () => {
    turns++;
    if (walking) setImmediate(turn);
  };
  setImmediate(turn);
  const files = (await readWorkspaceFiles([root])).files;
  walking = false;
  assert.equal(files.length, 60);
  // One turn after listing the folder, then one per 20 files read.
  assert.ok(turns >= 3, `${turns} turns of the event loop during the walk`);
});

test('a walk stopped at its file limit says so: the hosts of the files it did not read are missing', async () => {
  const root = temporaryDirectory('anyscale-egress-limit-');
  for (let i = 0; i < 5001; i++) fs.writeFileSync(path.join(root, `f${String(i).padStart(4, '0')}.json`), '{}');
  const { files, unread } = await readWorkspaceFiles([root]);
  assert.equal(files.length, 5000);
  assert.deepEqual(unread, ['stopped after 5,000 files: the hosts the rest name are missing']);
});

test("the files egress reads: the CLI's skips node_modules and dot-folders, as the scan; the scan's excludes too when the editor passes it", async () => {
  const root = temporaryDirectory('anyscale-egress-scope-');
  for (const folder of ['infra', 'out', 'archive', '.azure', 'node_modules'])
    fs.mkdirSync(path.join(root, folder), { recursive: true });
  for (const folder of ['infra', 'out', 'archive', '.azure', 'node_modules'])
    fs.writeFileSync(path.join(root, folder, 'cloud.json'), '{}');
  const read = (files: { path: string }[]) => files.map((f) => path.relative(root, f.path).split(path.sep)[0]).sort();
  assert.deepEqual(read((await readWorkspaceFiles([root])).files), ['archive', 'infra', 'out']);
  const scan = new WorkspaceScan(new WorkspaceIndex(), () => false);
  scan.setExcludes(['archive']);
  await scan.scan([root]);
  assert.deepEqual(read((await readWorkspaceFiles([root], { scope: scan })).files), ['infra', 'out']);
  // A folder outside the scanned ones: only node_modules and dot-folders are skipped there.
  assert.equal(scan.entersFolder(path.join(os.tmpdir(), 'elsewhere', 'archive')), true);
  assert.equal(scan.entersFolder(path.join(os.tmpdir(), 'elsewhere', '.git')), false);
});
