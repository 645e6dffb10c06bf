// The hints of failed probes (server/src/service/egress/hints.ts) keep what a probe measures as fact (a refusal, a
// certificate's issuer, a proxy's status) and word what it only infers from that (who refused, a TLS-inspecting
// middlebox, another server answering) as the likely cause.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { EgressOutcome, EgressProbeResult } from '../../shared/protocol';
import { hintFor } from '../../server/src/service/egress/hints';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import { Outcome, parseProbeLog } from '../../server/src/service/egress/lines';
import type { ProbeSite } from '../../shared/egress/flows';

const TARGET = parseTargetsFile('["api.example.test"]')[0];
const TLS = { tls: { issuer: 'Corp Inspection CA' } };
const SITES: ProbeSite[] = ['local', 'cluster'];

/** Per outcome: what the probe measured (stated), the inferred cause (worded as likely), and the old claim of fact. */
const CASES: [EgressOutcome, Pick<EgressProbeResult, 'tls' | 'via' | 'detail'>, RegExp, RegExp, RegExp][] = [
  [
    'refused',
    {},
    /^The connection to api\.example\.test:443 .* was refused:/,
    /most likely a firewall on the path rejects it, or nothing listens on port 443/,
    /something on the path rejects/,
  ],
  [
    'tcp-timeout',
    {},
    /^No answer to the TCP connection to api/,
    /most likely a firewall (or NSG )?drops it/,
    /: a firewall or NSG drops/,
  ],
  [
    'reset',
    {},
    /^The connection to api\.example\.test:443 .* was reset:/,
    /most likely a firewall or proxy cuts it/,
    /: a firewall or proxy cuts/,
  ],
  [
    'tls-untrusted',
    TLS,
    /^The certificate for api\.example\.test \(issuer "Corp Inspection CA"\) is not trusted:/,
    /a TLS-inspecting firewall or proxy may sit on the path to api\.example\.test:443/,
    /sits on/,
  ],
  [
    'tls-hostname',
    TLS,
    /\(issuer "Corp Inspection CA"\) does not name api\.example\.test:/,
    /most likely another server answers/,
    /: traffic reaches another server/,
  ],
  [
    'tls-expired',
    TLS,
    /\(issuer "Corp Inspection CA"\) is expired or not yet valid:/,
    /most likely a middlebox answers instead of api\.example\.test, or (this machine's clock|the clock of the node the probe pod ran on) is wrong/,
    /valid: a middlebox answers/,
  ],
  [
    'proxy-refused',
    { via: 'http://proxy.test:3128', detail: 'proxy: the proxy answered 403 Forbidden' },
    /^the proxy proxy\.test:3128 does not tunnel to api\.example\.test:443/,
    /most likely its allow-list does not let api\.example\.test through/,
    /:443 \((AKS|this machine) → a host you listed\): add/,
  ],
];

for (const [outcome, result, measured, likely, asFact] of CASES)
  test(`${outcome}: what was measured is stated, the cause is worded as the likely one`, () => {
    for (const from of SITES) {
      const hint = hintFor(outcome, TARGET, result, from) ?? '';
      assert.match(hint, measured, from);
      assert.match(hint, likely, from);
      assert.doesNotMatch(hint, asFact, from);
    }
  });

test('a target written as an IP address: its hints do not speak of a name resolved or a DNS record', () => {
  const [v4, v6] = parseTargetsFile('["127.0.0.1:18443", "[::1]:18443"]');
  for (const target of [v4, v6]) {
    const refused = hintFor('refused', target, {}, 'local')!;
    assert.match(refused, new RegExp(`nothing listens on port 18443 at ${target.host.replace(/\./g, '\\.')}\\. `));
    assert.doesNotMatch(refused, /resolved to/);
    const hostname = hintFor('tls-hostname', target, TLS, 'local')!;
    assert.doesNotMatch(hostname, /DNS/);
    assert.match(hostname, /Connect by a name the certificate holds/);
  }
  // A name still does.
  assert.match(hintFor('refused', TARGET, {}, 'local')!, /at the address api\.example\.test resolved to\./);
  assert.match(hintFor('tls-hostname', TARGET, TLS, 'local')!, /a wrong private endpoint or DNS record\)\. Check DNS/);
});

const PROXY = 'http://proxy.test:3128';
/** Every kind of hint: each outcome, a name and an address, and each proxy failure the hints tell apart. */
const EVERY_HINT: [EgressOutcome, Pick<EgressProbeResult, 'tls' | 'via' | 'detail'>][] = [
  ...Outcome.options
    // A pass and a cancelled probe have no hint.
    .filter((outcome) => outcome !== 'ok' && outcome !== 'cancelled')
    .map((outcome): [EgressOutcome, Pick<EgressProbeResult, 'tls'>] => [outcome, TLS]),
  ['nxdomain', { via: PROXY }],
  ['dns-timeout', { via: PROXY }],
  ...[
    'proxy: connect ECONNREFUSED 127.0.0.1:1',
    'proxy: could not connect to the proxy within 5 s',
    'proxy: the proxy accepted the connection but did not answer CONNECT within 5 s',
    'proxy: the proxy closed the connection before answering CONNECT (ECONNRESET)',
    'proxy: the proxy answered "SSH-2.0-OpenSSH_9.6", not an HTTP response',
    'proxy: the proxy answered with a response header over 16 KB',
    'proxy: the proxy answered 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"',
    'proxy: the proxy answered 302 Found, redirecting to http://portal/login',
    'proxy: the proxy answered 101 Switching Protocols',
    'proxy: the proxy answered 502 Bad Gateway',
    'proxy: the proxy answered 403 Forbidden',
  ].map((detail): [EgressOutcome, Pick<EgressProbeResult, 'via' | 'detail'>] => [
    'proxy-refused',
    { via: PROXY, detail },
  ]),
];

/** The CLI option of each setting a hint may name (docs/egress.md, "On the command line"). */
const CLI_OPTION: Record<string, string> = {
  targets: '--host',
  cloudIds: '--cloud-id',
  targetsFile: '--targets',
  caFile: '--ca-file',
  proxy: '--proxy',
};

test('every hint that names a setting names its CLI option too: the CLI prints the same hints', () => {
  const [address] = parseTargetsFile('["127.0.0.1:18443"]');
  const wildcard = parseTargetsFile('["*.azure.anyscale-cloud.dev"]')[0];
  let named = 0;
  for (const [outcome, result] of EVERY_HINT)
    for (const [target, from] of SITES.flatMap((site) =>
      [TARGET, address, ...(outcome === 'needs-host' ? [wildcard] : [])].map((t) => [t, site] as const),
    )) {
      const hint = hintFor(outcome, target, result, from) ?? '';
      for (const [, setting] of hint.matchAll(/anyscaleAzure\.egress\.(\w+)/g)) {
        named++;
        assert.ok(CLI_OPTION[setting], `a setting without a known CLI option: ${setting} in ${hint}`);
        assert.ok(
          hint.includes(`CLI ${CLI_OPTION[setting]}`),
          `${outcome}: ${setting} without CLI ${CLI_OPTION[setting]}: ${hint}`,
        );
      }
    }
  assert.ok(named >= 12, `${named} settings named: the hints that name one were reached`);
});

test("a probe from this machine: a host you listed is reached from this machine, and the hints speak of this machine's network, not AKS's", () => {
  const [address] = parseTargetsFile('["127.0.0.1:18443"]');
  let hints = 0;
  for (const [outcome, result] of EVERY_HINT)
    for (const target of [TARGET, address]) {
      const local = hintFor(outcome, target, result, 'local') ?? '';
      const cluster = hintFor(outcome, target, result, 'cluster') ?? '';
      if (local === '') continue;
      hints++;
      assert.doesNotMatch(
        local,
        /AKS|Azure Firewall|NSG|NAT Gateway|route table|168\.63\.129\.16|probe pod|node/,
        local,
      );
      assert.doesNotMatch(cluster, /this machine/, cluster);
      if (local.includes(`${target.host}:${target.port} (`)) {
        assert.match(
          local,
          /:18443 \(this machine → a host you listed\)|:443 \(this machine → a host you listed\)/,
          local,
        );
        assert.match(cluster, /\(AKS → a host you listed\)/, cluster);
      }
    }
  assert.ok(hints >= 40, `${hints} hints read`);
  const refused = (from: ProbeSite) => hintFor('refused', TARGET, {}, from) ?? '';
  assert.match(
    refused('local'),
    /Allow outbound HTTPS to api\.example\.test:443 \(this machine → a host you listed\) in this machine's own firewall, the network's firewall and any proxy or VPN on the path\.$/,
  );
  assert.match(
    refused('cluster'),
    /Allow outbound HTTPS to api\.example\.test:443 \(AKS → a host you listed\) in the Azure Firewall application rules, NSG and any proxy on the path\.$/,
  );
  // The proxy the probe Job used is its pod's HTTPS_PROXY, not this machine's setting.
  const connectFailed = { via: PROXY, detail: 'proxy: connect ECONNREFUSED 127.0.0.1:1' };
  assert.match(
    hintFor('proxy-refused', TARGET, connectFailed, 'local') ?? '',
    /\(anyscaleAzure\.egress\.proxy, CLI --proxy, HTTPS_PROXY\)/,
  );
  assert.match(
    hintFor('proxy-refused', TARGET, connectFailed, 'cluster') ?? '',
    /\(the HTTPS_PROXY the probe pod was given\)/,
  );
});

test("the probe Job's log gives the hints of a probe that ran in the cluster", () => {
  const log = `anyscale-egress/v1 ${JSON.stringify({ host: TARGET.host, port: TARGET.port, outcome: 'refused', ms: 3 })}`;
  const [row] = parseProbeLog(log, [TARGET]).results;
  assert.equal(row.hint, hintFor('refused', TARGET, {}, 'cluster'));
  assert.match(row.hint ?? '', /\(AKS → a host you listed\).* Azure Firewall application rules, NSG/);
});
