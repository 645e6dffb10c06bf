// The summary and the overall diagnosis of an egress run (shared/egress/diagnosis.ts): one cause named when
// it explains every failure, none when a target escapes it; and a docs/egress.md section for every outcome.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EgressOutcome, EgressProbeResult } from '../../shared/protocol';
import {
  countResults,
  countsLine,
  diagnose,
  notProbed,
  outcomeDocSection,
  proxyUsed,
} from '../../shared/egress/diagnosis';
import { hintFor } from '../../server/src/service/egress/hints';
import { formatEgressText } from '../../server/src/cli/egressCommand';
import { reportMarkdown } from '../../client/src/features/egress/report';
import { REPO_ROOT } from '../support/paths';

function result(host: string, outcome: EgressOutcome, extra: Partial<EgressProbeResult> = {}): EgressProbeResult {
  return {
    target: {
      host,
      port: 443,
      flow: 'aks-control-plane',
      purpose: 'test',
      source: { title: 'test', url: 'https://example.com' },
      required: true,
      origin: 'settings',
    },
    outcome,
    ok: outcome === 'ok',
    ms: 12,
    phases: {},
    ...extra,
  };
}

test('the counts line: passed, failed and wildcards that need a host, in the words the view and the CLI print', () => {
  const optional = (host: string, outcome: EgressOutcome) => {
    const probe = result(host, outcome);
    return { ...probe, target: { ...probe.target, required: false } };
  };
  const counts = countResults([
    result('a.test', 'ok'),
    result('b.test', 'refused'),
    result('c.test', 'tls-expired'),
    result('*.d.test', 'needs-host'),
    optional('e.test', 'nxdomain'),
    optional('f.test', 'ok'),
  ]);
  // An optional target that did not pass is reported, never counted as failed (docs/egress.md, "Exit codes").
  assert.deepEqual(counts, { passed: 2, failed: 2, optionalFailed: 1, needsHost: 1 });
  assert.equal(countsLine(counts), '2 passed, 2 failed, 1 optional failed, 1 needs a host');
  assert.equal(
    countsLine({ passed: 0, failed: 3, optionalFailed: 0, needsHost: 2 }),
    '0 passed, 3 failed, 2 need a host',
  );
  assert.equal(countsLine({ passed: 4, failed: 0, optionalFailed: 0, needsHost: 0 }), '4 passed, 0 failed');
});

test("the wildcards not probed: how many need a concrete host name, and how to give one in their rows' words", () => {
  const wildcard = (host: string) => result(host, 'needs-host');
  assert.equal(notProbed([result('a.test', 'ok'), result('b.test', 'refused')]), undefined);
  const one = notProbed([result('a.test', 'ok'), wildcard('grafana-*.azure.anyscale-cloud.dev')]);
  assert.deepEqual(one, {
    headline: '1 wildcard needs a concrete host name',
    action: 'add one with anyscaleAzure.egress.targets (CLI --host); each row says what fills it',
  });
  const generic = wildcard('grafana-*.azure.anyscale-cloud.dev');
  assert.ok(
    hintFor('needs-host', generic.target, {}, 'local')?.includes(
      `needs a concrete host name: ${one?.action.split(';')[0]};`,
    ),
    "the summary's words are the row's",
  );
  // The cloud wildcard takes cloud IDs too, as its row says.
  const cloud = wildcard('*.azure.anyscale-cloud.dev');
  const several = notProbed([cloud, generic, result('a.test', 'nxdomain')]);
  assert.equal(several?.headline, '2 wildcards need a concrete host name');
  assert.equal(
    several?.action,
    'add one with anyscaleAzure.egress.targets (CLI --host), or cloud IDs with anyscaleAzure.egress.cloudIds (CLI --cloud-id) for *.azure.anyscale-cloud.dev; each row says what fills it',
  );
  assert.match(
    hintFor('needs-host', cloud.target, {}, 'local') ?? '',
    /add cloud IDs with anyscaleAzure\.egress\.cloudIds \(CLI --cloud-id; /,
  );
  // A narrower wildcard from a targets file, which the cloud wildcard covers (its pattern), takes no cloud IDs: they
  // fill cld-<id> hosts only.
  const narrower = wildcard('grafana-*.azure.anyscale-cloud.dev');
  const fromFile = { ...narrower, target: { ...narrower.target, pattern: '*.azure.anyscale-cloud.dev' } };
  assert.equal(notProbed([fromFile])?.action, one?.action);
  assert.doesNotMatch(hintFor('needs-host', fromFile.target, {}, 'local') ?? '', /cloud IDs/);
});

test('a wildcard of a targets file gets its host in that file, not in the settings the file replaces', () => {
  const inFile = (host: string) => {
    const row = result(host, 'needs-host');
    return { ...row, target: { ...row.target, origin: 'file' as const } };
  };
  const wildcards = [
    inFile('*.wild.test'),
    inFile('*.azure.anyscale-cloud.dev'),
    inFile('*.i.azure.anyscaleuserdata.com'),
  ];
  const toFile = 'to the targets file (anyscaleAzure.egress.targetsFile, CLI --targets)';
  const summary = notProbed([result('a.test', 'ok'), ...wildcards]);
  assert.equal(summary?.headline, '3 wildcards need a concrete host name');
  assert.equal(summary?.action, `add one ${toFile}; each row says what fills it`);
  for (const { target } of wildcards) {
    const hint = hintFor('needs-host', target, {}, 'local') ?? '';
    assert.ok(hint.includes(`needs a concrete host name: add `) && hint.includes(toFile), hint);
    // Neither the hosts nor the cloud IDs of the settings are probed beside a targets file.
    assert.doesNotMatch(hint, /anyscaleAzure\.egress\.(targets |cloudIds)|--host|--cloud-id/, hint);
  }
  assert.doesNotMatch(summary?.action ?? '', /anyscaleAzure\.egress\.(targets |cloudIds)|--host|--cloud-id/);
});

test('every name failing to resolve is one cause, named by what the DNS servers answered where the probes ran', () => {
  const results = [result('a.test', 'nxdomain'), result('b.test', 'dns-timeout'), result('*.c.test', 'needs-host')];
  const diagnosis = diagnose(results, 'local');
  assert.equal(diagnosis?.headline, 'nothing resolves: this machine has no working DNS');
  assert.match(diagnosis?.action ?? '', /DNS servers/);
  assert.doesNotMatch(diagnosis?.action ?? '', /Azure DNS|168\.63\.129\.16/, 'Azure DNS answers inside Azure only');
  assert.match(diagnosis?.action ?? '', /the DNS servers this machine uses \(its network's, or a VPN's/);
  const inCluster = diagnose(results, 'cluster');
  assert.equal(inCluster?.headline, 'nothing resolves: the cluster has no working DNS');
  assert.match(inCluster?.action ?? '', /its virtual network uses \(custom DNS servers, Azure DNS 168\.63\.129\.16/);
  // A resolver that answers "no such name" for every target works: it is filtering or knows only private zones.
  const nxdomain = [result('a.test', 'nxdomain'), result('b.test', 'nxdomain')];
  assert.equal(
    diagnose(nxdomain, 'local')?.headline,
    'nothing resolves: the DNS servers this machine uses answer that no target name exists',
  );
  const silent = [result('a.test', 'dns-timeout'), result('b.test', 'dns-timeout')];
  assert.equal(
    diagnose(silent, 'cluster')?.headline,
    'nothing resolves: the DNS servers the cluster uses do not answer',
  );
});

test('every handshake with an untrusted certificate is a TLS-inspecting proxy: add its CA with caFile / --ca-file', () => {
  const intercepted = (host: string) => result(host, 'tls-untrusted', { tls: { issuer: 'Contoso Inspection CA' } });
  const diagnosis = diagnose([intercepted('a.test'), intercepted('b.test')], 'local');
  assert.equal(
    diagnosis?.headline,
    'no certificate presented is trusted: most likely a TLS-inspecting proxy or firewall intercepts every handshake',
  );
  assert.match(
    diagnosis?.action ?? '',
    /anyscaleAzure\.egress\.caFile \(CLI --ca-file\) \(every certificate is issued by "Contoso Inspection CA"\)/,
  );
});

test('every TCP connection refused, timed out or unrouted: what was measured, and the likely cause as likely', () => {
  const mixed = diagnose(
    [result('a.test', 'refused'), result('b.test', 'tcp-timeout'), result('c.test', 'unreachable')],
    'local',
  );
  assert.equal(mixed?.headline, 'no TCP connection on 443 succeeded: most likely nothing leaves this network on 443');
  assert.match(
    mixed?.action ?? '',
    /^every TCP connection was refused, timed out or had no route, most likely at a firewall that blocks outbound traffic \(a refusal can also be nothing listening there\): allow outbound HTTPS in this machine's own firewall, the network's firewall and any VPN on the path, or set the proxy the network requires \(anyscaleAzure\.egress\.proxy, CLI --proxy\)$/,
  );
  assert.doesNotMatch(mixed?.action ?? '', /NSG|route table|NAT Gateway/, 'from this machine, not the AKS network');
  // From the cluster: the AKS network, and the probe pod's proxy, not this machine's setting.
  const inCluster = diagnose([result('a.test', 'refused'), result('b.test', 'tcp-timeout')], 'cluster');
  assert.match(
    inCluster?.action ?? '',
    /most likely at a firewall, NSG or route table .*allow outbound HTTPS in the NSG, route table \(NAT Gateway, firewall next hop\) and firewall, or give the probe pod the proxy the network requires \(its HTTPS_PROXY\)$/,
  );
  // Only what was measured: refusals alone are not called timeouts, nor anything "dropped".
  const refused = diagnose([result('a.test', 'refused'), result('b.test', 'refused')], 'local');
  assert.match(refused?.action ?? '', /^every TCP connection was refused, most likely at a firewall/);
  assert.doesNotMatch(refused?.action ?? '', /dropped|timed out/);
  const other = result('d.test', 'tcp-timeout');
  other.target = { ...other.target, port: 8443 };
  const twoPorts = diagnose([result('a.test', 'refused'), other], 'local');
  assert.equal(
    twoPorts?.headline,
    'no TCP connection on ports 443, 8443 succeeded: most likely nothing leaves this network on ports 443, 8443',
  );
  assert.match(twoPorts?.action ?? '', /^every TCP connection was refused or timed out, most likely/);
});

test('every probe stopped at a proxy nobody listens on: the proxy cannot be reached, not the targets', () => {
  const proxy = 'http://127.0.0.1:1';
  const down = (host: string) =>
    result(host, 'proxy-refused', { via: proxy, detail: 'proxy: connect ECONNREFUSED 127.0.0.1:1' });
  const diagnosis = diagnose([down('a.test'), down('b.test'), result('*.c.test', 'needs-host')], 'local');
  assert.equal(diagnosis?.headline, 'the proxy 127.0.0.1:1 cannot be reached (ECONNREFUSED 127.0.0.1:1)');
  assert.match(
    diagnosis?.action ?? '',
    /^no target was tried: check that the proxy runs .*anyscaleAzure\.egress\.proxy/,
  );
  // The cluster's probe pod reads its proxy from HTTPS_PROXY, not from a setting.
  assert.match(diagnose([down('a.test'), down('b.test')], 'cluster')?.action ?? '', /HTTPS_PROXY the probe pod/);
  // Refused by one address and timed out on another: the proxy all the same, without one reason to name.
  const timedOut = result('b.test', 'proxy-refused', { via: proxy, detail: 'proxy: connect ETIMEDOUT 127.0.0.1:1' });
  assert.equal(diagnose([down('a.test'), timedOut], 'local')?.headline, 'the proxy 127.0.0.1:1 cannot be reached');
});

test('every probe timed out connecting to the same proxy: its host:port, and whether it can be reached from there', () => {
  const proxy = 'http://proxy.corp.test';
  const dropped = (host: string) =>
    result(host, 'proxy-refused', { via: proxy, detail: 'proxy: could not connect to the proxy within 5 s' });
  const diagnosis = diagnose([dropped('a.test'), dropped('b.test'), result('*.c.test', 'needs-host')], 'local');
  assert.equal(diagnosis?.headline, 'the proxy proxy.corp.test:80 cannot be reached: no connection within 5 s');
  assert.equal(
    diagnosis?.action,
    "no target was tried: check that the proxy's address, proxy.corp.test:80, is right (anyscaleAzure.egress.proxy, else http.proxy or HTTPS_PROXY; CLI --proxy) and that this machine can reach it; a firewall, NSG or route that drops the packets to it makes the connection time out",
  );
  // The system giving up on the connection (ETIMEDOUT) is the same cause, from the cluster as from here.
  const systemTimeout = result('b.test', 'proxy-refused', {
    via: proxy,
    detail: 'proxy: connect ETIMEDOUT 10.0.0.1:80',
  });
  const fromCluster = diagnose([dropped('a.test'), systemTimeout], 'cluster');
  assert.equal(fromCluster?.headline, 'the proxy proxy.corp.test:80 cannot be reached: the connection to it timed out');
  assert.match(fromCluster?.action ?? '', /the probe pod was given\) and that the cluster can reach it/);
  // A proxy that took the connection and never answered CONNECT was reached: not this cause.
  const unanswered = result('b.test', 'proxy-refused', {
    via: proxy,
    detail: 'proxy: the proxy accepted the connection but did not answer CONNECT within 5 s',
  });
  assert.equal(diagnose([dropped('a.test'), unanswered], 'local'), undefined);
});

test('every probe through the same proxy got no answer to CONNECT: the proxy was reached, what to check, a curl to run', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const held = (host: string, seconds = '5') =>
    result(host, 'proxy-refused', {
      via: proxy,
      detail: `proxy: the proxy accepted the connection but did not answer CONNECT within ${seconds} s`,
    });
  const diagnosis = diagnose([held('a.test'), held('b.test'), result('*.c.test', 'needs-host')], 'local');
  assert.equal(
    diagnosis?.headline,
    'the proxy proxy.corp.test:3128 took every connection but answered no CONNECT request within 5 s',
  );
  assert.equal(
    diagnosis?.action,
    'each request waited at the proxy, so whether the targets are allowed is not known yet: check that proxy.corp.test:3128 is the HTTP proxy meant (anyscaleAzure.egress.proxy, else http.proxy or HTTPS_PROXY; CLI --proxy), that it can reach the targets itself (its logs; its own egress may be blocked, or the targets slow) and that it is not overloaded; to ask it directly, run this from this machine: curl -v -x http://proxy.corp.test:3128 https://a.test',
  );
  assert.doesNotMatch(diagnosis?.action ?? '', /allow-list|no target was tried/);
  const fromCluster = diagnose([held('a.test'), held('b.test')], 'cluster');
  assert.match(fromCluster?.action ?? '', /the HTTPS_PROXY the probe pod was given\)/);
  assert.match(
    fromCluster?.action ?? '',
    /run this from a pod in the cluster: curl -v -x http:\/\/proxy\.corp\.test:3128 https:\/\/a\.test$/,
  );
  // Off 443 the curl names the port; timeouts that differ are not named.
  const other = held('b.test', '2');
  other.target = { ...other.target, port: 8443 };
  const mixed = diagnose([other, held('a.test')], 'local');
  assert.equal(mixed?.headline, 'the proxy proxy.corp.test:3128 took every connection but answered no CONNECT request');
  assert.match(mixed?.action ?? '', / https:\/\/b\.test:8443$/);
  // One target refused with 403 is an answer: the proxy works, and that row's hint names its allow-list.
  const forbidden = result('b.test', 'proxy-refused', {
    via: proxy,
    detail: 'proxy: the proxy answered 403 Forbidden',
  });
  assert.equal(diagnose([held('a.test'), forbidden], 'local'), undefined);
  assert.equal(diagnose([held('a.test'), held('b.test'), result('c.test', 'ok', { via: proxy })], 'local'), undefined);
});

test('every diagnosis and hint names a proxy by its host:port, never with the credentials its URL may carry', () => {
  // Reports carry the proxy without credentials; naming it by host:port keeps them out even if one slipped in.
  const via = 'http://ci-user:s3cret@proxy.corp.test:3128';
  const cases: [EgressOutcome, string | undefined][] = [
    ['nxdomain', 'dns: getaddrinfo ENOTFOUND proxy.corp.test'],
    ['proxy-refused', 'proxy: connect ECONNREFUSED 10.0.0.1:3128'],
    ['proxy-refused', 'proxy: could not connect to the proxy within 5 s'],
    ['proxy-refused', 'proxy: the proxy accepted the connection but did not answer CONNECT within 5 s'],
    ['proxy-refused', 'proxy: the proxy answered 403 Forbidden'],
    ['proxy-refused', 'proxy: the proxy answered "SSH-2.0-OpenSSH_9.6", not an HTTP response'],
    ['proxy-refused', 'proxy: the proxy answered with a response header over 16 KB'],
    ['proxy-refused', 'proxy: the proxy closed the connection before answering CONNECT (ECONNRESET)'],
    ['proxy-refused', 'proxy: the proxy answered 503 Service Unavailable'],
    [
      'proxy-refused',
      'proxy: the proxy answered 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"',
    ],
    ['proxy-refused', 'proxy: the proxy answered 302 Found, redirecting to http://portal.corp.test/login'],
    ['proxy-refused', 'proxy: the proxy answered 101 Switching Protocols'],
    ['proxy-auth-required', 'proxy: the proxy answered 407 Proxy Authentication Required'],
  ];
  for (const [outcome, detail] of cases) {
    const row = (host: string) => result(host, outcome, { via, detail });
    const hint = hintFor(outcome, row('a.test').target, { via, detail }, 'local') ?? '';
    const diagnosis = diagnose([row('a.test'), row('b.test')], 'local');
    const said = [hint, diagnosis?.headline ?? '', diagnosis?.action ?? ''];
    assert.match(hint, /the proxy proxy\.corp\.test:3128[ ,]/, `${outcome} ${detail}: ${hint}`);
    // A header too large for every target is no one cause: each row says what to check.
    if (!detail?.includes('16 KB'))
      assert.match(diagnosis?.headline ?? '', /^the proxy proxy\.corp\.test:3128 /, detail);
    for (const text of said) {
      assert.doesNotMatch(text, /s3cret|ci-user/, text);
      assert.doesNotMatch(text, /the proxy http/, text);
    }
  }
});

test('every probe through the same proxy refused (403): its allow-list, naming the hosts to put there as the docs list them', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const refused = (host: string, extra: Partial<EgressProbeResult['target']> = {}, status = '403 Forbidden') => {
    const row = result(host, 'proxy-refused', { via: proxy, detail: `proxy: the proxy answered ${status}` });
    return { ...row, target: { ...row.target, ...extra } };
  };
  const results = [
    refused('console.azure.anyscale.com'),
    // Hosts that stand for a documented wildcard are allowed as that wildcard, once.
    refused('cld-abc.azure.anyscale-cloud.dev', { pattern: '*.azure.anyscale-cloud.dev', required: false }),
    refused('grafana-abc.azure.anyscale-cloud.dev', { pattern: 'grafana-*.azure.anyscale-cloud.dev' }),
    // A host under a wildcard of the list is covered by it.
    refused('health.azure.anyscale-cloud.dev'),
    // A {region} template is no entry: the host itself is.
    refused('westus2.dp.kubernetesconfiguration.azure.com', {
      pattern: '{region}.dp.kubernetesconfiguration.azure.com',
    }),
    refused('login.microsoftonline.com'),
    refused('registry.corp.test', { port: 8443 }),
    result('*.s.azure.anyscaleuserdata.com', 'needs-host'),
  ];
  const diagnosis = diagnose(results, 'local');
  assert.deepEqual(diagnosis, {
    headline: 'the proxy proxy.corp.test:3128 refuses every target (HTTP 403 Forbidden)',
    action:
      'the proxy runs and answered each CONNECT request with a refusal, so its allow-list lets none of these hosts through: add them to it, console.azure.anyscale.com, *.azure.anyscale-cloud.dev, westus2.dp.kubernetesconfiguration.azure.com, login.microsoftonline.com, registry.corp.test:8443, or to NO_PROXY for one that must go direct; Show Egress Allow-List (CLI --allow-list fqdns) lists every host to allow, the wildcards not probed included',
  });
  // Refusals in different words (Azure Firewall's 470) are refusals all the same, without one status to name.
  const mixed = diagnose([refused('a.test'), refused('b.test', {}, '470 status code 470')], 'cluster');
  assert.equal(mixed?.headline, 'the proxy proxy.corp.test:3128 refuses every target');
  assert.match(mixed?.action ?? '', /: add them to it, a\.test, b\.test, or to NO_PROXY/);
  // A 5xx is the proxy failing on its side, not a refusal; a target let through shows the proxy does allow some.
  assert.equal(diagnose([refused('a.test'), refused('b.test', {}, '502 Bad Gateway')], 'local'), undefined);
  assert.equal(diagnose([refused('a.test'), result('b.test', 'ok', { via: proxy })], 'local'), undefined);
  // A 400 whose body says the port expects TLS refused nothing; a 400 without those words is a refusal.
  const tlsPort = '400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"';
  const expectsTls = diagnose([refused('a.test', {}, tlsPort), refused('b.test', {}, tlsPort)], 'local');
  assert.doesNotMatch(expectsTls?.headline ?? '', /refuses/);
  assert.equal(
    diagnose([refused('a.test', {}, '400 Bad Request'), refused('b.test', {}, '400 Bad Request')], 'local')?.headline,
    'the proxy proxy.corp.test:3128 refuses every target (HTTP 400 Bad Request)',
  );
});

test('a proxy that answered CONNECT with a 5xx failed on its side: the hint says what RFC 9110 says the status means and what to check, no allow-list', () => {
  const via = 'http://proxy.corp.test:3128';
  const hint = (status: string, port = 443) => {
    const row = result('a.test', 'proxy-refused', { via, detail: `proxy: the proxy answered ${status}` });
    return hintFor(row.outcome, { ...row.target, port }, row, 'local') ?? '';
  };
  const said = 'the proxy proxy.corp.test:3128 answered the CONNECT request for a.test:443 (AKS → control plane) with';
  const ask =
    'see its logs for a.test, or ask it directly from a machine that uses it: curl -v -x http://proxy.corp.test:3128 https://a.test';
  assert.equal(
    hint('504 Gateway Timeout'),
    `${said} 504 Gateway Timeout: per RFC 9110, as a gateway or proxy, it did not get a timely response from the server it went on to. That is no refusal, so its allow-list is not in question. Check whether the proxy can reach a.test:443 itself (its DNS, its own firewall or upstream proxy, the target being up): ${ask}`,
  );
  assert.equal(
    hint('503 Service Unavailable'),
    `${said} 503 Service Unavailable: per RFC 9110, it cannot handle the request now, because of a temporary overload or maintenance. That is no refusal, so its allow-list is not in question. It may be overloaded or down for maintenance (try again later, and check its health); some proxies also answer 503 when they cannot resolve or connect to a.test: ${ask}`,
  );
  assert.match(
    hint('502 Bad Gateway'),
    /with 502 Bad Gateway: per RFC 9110, as a gateway or proxy, it received an invalid response from the server it went on to\. .*Check whether the proxy can reach a\.test:443 itself/,
  );
  assert.match(
    hint('500 Internal Server Error'),
    /: per RFC 9110, it met an unexpected condition that kept it from fulfilling the request\. .*Check the proxy's health: see its logs/,
  );
  // A 5xx RFC 9110 gives no meaning for, and one without a reason phrase.
  assert.match(
    hint('599'),
    /with 599: per RFC 9110, it failed on its side, for a reason the status does not say\. .*Check the proxy's health/,
  );
  assert.match(hint('502 Bad Gateway', 8443), /itself .*https:\/\/a\.test:8443$/);
  for (const status of [
    '500 Internal Server Error',
    '502 Bad Gateway',
    '503 Service Unavailable',
    '504 Gateway Timeout',
    '599',
  ])
    assert.doesNotMatch(hint(status), /does not tunnel|add a\.test/, status);
  // A 4xx is a refusal: its allow-list.
  assert.match(hint('403 Forbidden'), /does not tunnel to a\.test:443 .*add a\.test:443 to the proxy's allow-list/);
});

test('every probe through the same proxy failed with a 5xx: the proxy itself, once, in the CLI text and the Markdown report', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const failed = (host: string, status = '502 Bad Gateway') => {
    const row = result(host, 'proxy-refused', { via: proxy, detail: `proxy: the proxy answered ${status}` });
    return { ...row, hint: hintFor(row.outcome, row.target, row, 'local') };
  };
  const results = [failed('a.test'), failed('b.test'), result('*.c.test', 'needs-host')];
  const diagnosis = {
    headline: 'the proxy proxy.corp.test:3128 failed every CONNECT request with a server error (HTTP 502 Bad Gateway)',
    action:
      "that is no refusal: the proxy itself is the likely problem, not the targets' allow-list. Check its health and whether it can reach the targets itself (its logs; its DNS, its own egress or upstream proxy); to ask it directly, run this from this machine: curl -v -x http://proxy.corp.test:3128 https://a.test",
  };
  assert.deepEqual(diagnose(results, 'local'), diagnosis);
  // Different 5xx are one cause all the same, without one status to name.
  assert.equal(
    diagnose([failed('a.test'), failed('b.test', '504 Gateway Timeout')], 'cluster')?.headline,
    'the proxy proxy.corp.test:3128 failed every CONNECT request with a server error',
  );
  // A refusal or a pass escapes the pattern.
  assert.equal(diagnose([failed('a.test'), failed('b.test', '403 Forbidden')], 'local'), undefined);
  assert.equal(diagnose([failed('a.test'), result('b.test', 'ok', { via: proxy })], 'local'), undefined);
  const report = {
    origin: 'local' as const,
    startedAt: '2026-12-02T01:00:00Z',
    durationMs: 1500,
    cancelled: false,
    results,
  };
  const text = formatEgressText(report, false);
  assert.match(text, new RegExp(`\\nDiagnosis: ${diagnosis.headline.replace(/[()]/g, '\\$&')} — that is no refusal`));
  assert.equal(text.split('Diagnosis:').length, 2, 'said once');
  assert.match(
    reportMarkdown(report),
    new RegExp(`^\\*\\*Diagnosis: ${diagnosis.headline.replace(/[()]/g, '\\$&')}\\.\\*\\*`, 'm'),
  );
});

test('every probe through the same proxy answered as no forward proxy would: one likely cause, said once', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const answered = (host: string, answer: string) =>
    result(host, 'proxy-refused', { via: proxy, detail: `proxy: the proxy answered ${answer}` });
  const tlsPort = '400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"';
  assert.deepEqual(diagnose([answered('a.test', tlsPort), answered('b.test', tlsPort)], 'local'), {
    headline:
      'the proxy proxy.corp.test:3128 likely expects TLS: it answered every CONNECT request as a TLS port answers plain HTTP',
    action:
      'so whether the targets are allowed is not known: the proxy is likely an https:// one, which the probe does not use (use its plain HTTP port if it has one), or the port is wrong; check its port and scheme (anyscaleAzure.egress.proxy, else http.proxy or HTTPS_PROXY; CLI --proxy); to ask it directly, run this from this machine: curl -v -x http://proxy.corp.test:3128 https://a.test',
  });
  const portal = '302 Found, redirecting to http://portal.corp.test/login';
  const redirected = diagnose(
    [
      answered('a.test', portal),
      answered('b.test', '307 Temporary Redirect, redirecting to http://portal.corp.test/login'),
    ],
    'cluster',
  );
  assert.equal(
    redirected?.headline,
    'the proxy proxy.corp.test:3128 redirected every CONNECT request to http://portal.corp.test/login: likely not a forward proxy',
  );
  assert.match(
    redirected?.action ?? '',
    /^a captive portal, a web server or a reverse proxy likely answers there, .*\(the HTTPS_PROXY the probe pod was given\)/,
  );
  assert.equal(
    diagnose([answered('a.test', portal), answered('b.test', '302 Found')], 'local')?.headline,
    'the proxy proxy.corp.test:3128 redirected every CONNECT request: likely not a forward proxy',
  );
  assert.equal(
    diagnose([answered('a.test', '101 Switching Protocols'), answered('b.test', '101 Switching Protocols')], 'local')
      ?.headline,
    'the proxy proxy.corp.test:3128 answered every CONNECT request with 101 Switching Protocols: likely not an HTTP forward proxy',
  );
  // Answers of different kinds are no one cause.
  assert.equal(diagnose([answered('a.test', tlsPort), answered('b.test', portal)], 'local'), undefined);
});

test('every probe through the same proxy closed before answering CONNECT: not an FQDN filter, not its allow-list, a curl to run', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const closed = (host: string, code?: string) =>
    result(host, 'proxy-refused', {
      via: proxy,
      detail: `proxy: the proxy closed the connection before answering CONNECT${code ? ` (${code})` : ''}`,
    });
  assert.deepEqual(diagnose([closed('a.test'), closed('b.test', 'ECONNRESET')], 'local'), {
    headline: 'the proxy proxy.corp.test:3128 closed every connection before answering CONNECT',
    action:
      'no CONNECT request got an answer, so whether the targets are allowed is not known: check that proxy.corp.test:3128 is the HTTP proxy meant (anyscaleAzure.egress.proxy, else http.proxy or HTTPS_PROXY; CLI --proxy); a proxy that expects TLS first (an https:// proxy written as http://, which the probe does not use), another service on that port, or a proxy that drops clients it does not know closes the connection this way; to ask it directly, run this from this machine: curl -v -x http://proxy.corp.test:3128 https://a.test',
  });
  assert.match(
    diagnose([closed('a.test'), closed('b.test')], 'cluster')?.action ?? '',
    /\(the HTTPS_PROXY the probe pod was given\);.* run this from a pod in the cluster: curl/,
  );
  // A reset as the row's hint says it; one target let through, or refused, escapes the pattern.
  const reset = closed('a.test', 'ECONNRESET');
  assert.match(
    hintFor(reset.outcome, reset.target, reset, 'local') ?? '',
    /and reset it \(ECONNRESET\) before answering the CONNECT request/,
  );
  assert.doesNotMatch(hintFor(reset.outcome, reset.target, reset, 'local') ?? '', /FQDN|allow-list/);
  assert.equal(diagnose([closed('a.test'), result('b.test', 'ok', { via: proxy })], 'local'), undefined);
  const forbidden = result('b.test', 'proxy-refused', {
    via: proxy,
    detail: 'proxy: the proxy answered 403 Forbidden',
  });
  assert.equal(diagnose([closed('a.test'), forbidden], 'local'), undefined);
});

test('every probe through the same proxy answered with something that is not HTTP: not an HTTP proxy there, a curl to run', () => {
  const proxy = 'http://127.0.0.1:2222';
  const ssh = (host: string, banner = 'SSH-2.0-OpenSSH_9.6') =>
    result(host, 'proxy-refused', {
      via: proxy,
      detail: `proxy: the proxy answered "${banner}", not an HTTP response`,
    });
  assert.deepEqual(diagnose([ssh('a.test'), ssh('b.test', 'SSH-2.0-other')], 'cluster'), {
    headline: 'the proxy 127.0.0.1:2222 does not answer as an HTTP proxy',
    action:
      'each CONNECT request was answered with something that is not an HTTP response (the first: "SSH-2.0-OpenSSH_9.6"), so whether the targets are allowed is not known: check that 127.0.0.1:2222 is the HTTP proxy meant (the HTTPS_PROXY the probe pod was given); another service may listen on that port, or a proxy that speaks TLS or SOCKS, which the probe does not use; to ask it directly, run this from a pod in the cluster: curl -v -x http://127.0.0.1:2222 https://a.test',
  });
  const forbidden = result('b.test', 'proxy-refused', {
    via: proxy,
    detail: 'proxy: the proxy answered 403 Forbidden',
  });
  assert.equal(diagnose([ssh('a.test'), forbidden], 'local'), undefined);
});

test("every probe through a proxy whose name does not resolve: the proxy's address, not this machine's DNS", () => {
  const lost = (host: string) =>
    result(host, 'nxdomain', { via: 'http://notaurl', detail: 'dns: getaddrinfo ENOTFOUND notaurl' });
  const diagnosis = diagnose([lost('a.test'), lost('b.test')], 'local');
  assert.equal(diagnosis?.headline, 'the proxy notaurl:80 cannot be reached: its name does not resolve');
  assert.match(diagnosis?.action ?? '', /the proxy, not this machine, looks up their names/);
});

test('every probe answered 407 by the same proxy: its credentials, not the targets', () => {
  const proxy = 'http://proxy.corp.test:3128';
  const wantsCredentials = (host: string) => result(host, 'proxy-auth-required', { via: proxy });
  const diagnosis = diagnose([wantsCredentials('a.test'), wantsCredentials('b.test')], 'local');
  assert.equal(diagnosis?.headline, 'the proxy proxy.corp.test:3128 asks for credentials (HTTP 407) for every target');
  assert.match(diagnosis?.action ?? '', /http:\/\/user:password@host:port/);
  // One target let through: the proxy does take these credentials for some targets, so no single cause.
  assert.equal(diagnose([wantsCredentials('a.test'), result('b.test', 'ok', { via: proxy })], 'local'), undefined);
});

test('no proxy diagnosis when the proxy was reached, or not every probe went through the same proxy', () => {
  const down = (host: string, via = 'http://127.0.0.1:1') =>
    result(host, 'proxy-refused', { via, detail: 'proxy: connect ECONNREFUSED 127.0.0.1:1' });
  // The proxy answered and refused to tunnel to one target: that target's own hint, not a dead proxy.
  const forbidden = result('b.test', 'proxy-refused', {
    via: 'http://127.0.0.1:1',
    detail: 'proxy: the proxy answered 403 Forbidden',
  });
  assert.equal(diagnose([down('a.test'), forbidden], 'local'), undefined);
  assert.equal(diagnose([down('a.test'), down('b.test', 'http://10.0.0.1:3128')], 'local'), undefined);
  assert.equal(diagnose([down('a.test'), result('b.test', 'refused')], 'local'), undefined);
  // Without a proxy, names that do not resolve are still this machine's DNS.
  assert.match(
    diagnose([result('a.test', 'nxdomain'), result('b.test', 'nxdomain')], 'local')?.headline ?? '',
    /^nothing resolves/,
  );
});

test('no diagnosis when a target escapes the pattern, the causes differ, only one target was probed, or the run was cancelled', () => {
  assert.equal(diagnose([result('a.test', 'nxdomain'), result('b.test', 'ok')], 'local'), undefined);
  assert.equal(diagnose([result('a.test', 'nxdomain'), result('b.test', 'refused')], 'local'), undefined);
  assert.equal(diagnose([result('a.test', 'tls-untrusted'), result('b.test', 'tls-expired')], 'local'), undefined);
  assert.equal(diagnose([result('a.test', 'nxdomain'), result('*.b.test', 'needs-host')], 'local'), undefined);
  assert.equal(diagnose([result('a.test', 'cancelled'), result('b.test', 'cancelled')], 'local'), undefined);
});

test('the CLI text output prints the counts, then the diagnosis', () => {
  const report = {
    origin: 'local' as const,
    startedAt: '2026-01-01T10:00:00Z',
    durationMs: 1500,
    cancelled: false,
    results: [result('a.test', 'nxdomain'), result('b.test', 'nxdomain')],
  };
  const text = formatEgressText(report, false);
  assert.match(
    text,
    /\n0 passed, 2 failed in 1\.5 s\nDiagnosis: nothing resolves: the DNS servers this machine uses answer that no target name exists — no target name resolved: check the DNS servers/,
  );
  assert.doesNotMatch(
    formatEgressText({ ...report, results: [result('a.test', 'nxdomain'), result('b.test', 'ok')] }, false),
    /Diagnosis/,
  );
  // Wildcards not probed: after the diagnosis, how many and how to give them a host.
  const withWildcard = formatEgressText(
    { ...report, results: [...report.results, result('*.c.test', 'needs-host')] },
    false,
  );
  assert.match(
    withWildcard,
    /\n0 passed, 2 failed, 1 need a concrete host name in 1\.5 s\nDiagnosis: nothing resolves: .*\nNot probed: 1 wildcard needs a concrete host name — add one with anyscaleAzure\.egress\.targets \(CLI --host\); each row says what fills it\n$/,
  );
});

test('the proxy the probes went through: named by host:port in the CLI text and the Markdown report, passing or not, with how many never reached it', () => {
  // A via that slipped its credentials in is still named by host:port only.
  const via = 'http://ci-user:s3cret@proxy.corp.test:3128';
  const report = (results: EgressProbeResult[]) => ({
    origin: 'local' as const,
    startedAt: '2026-01-01T10:00:00Z',
    durationMs: 1500,
    cancelled: false,
    results,
  });
  const passed = report([
    result('a.test', 'ok', { via }),
    result('b.test', 'ok', { via }),
    result('*.c.test', 'needs-host'),
  ]);
  assert.deepEqual(proxyUsed(passed.results), {
    proxy: 'proxy.corp.test:3128',
    scope: 'every probed target went through it',
    unreached: 0,
  });
  const text = formatEgressText(passed, false);
  assert.match(
    text,
    /\n2 passed, 0 failed, 1 need a concrete host name in 1\.5 s\nNot probed: .*\nProxy: proxy\.corp\.test:3128 — every probed target went through it\n$/,
  );
  const markdown = reportMarkdown(passed);
  assert.match(markdown, /^\*\*Proxy: `proxy\.corp\.test:3128`\*\* — every probed target went through it\.$/m);
  for (const said of [text, markdown]) assert.doesNotMatch(said, /ci-user|s3cret|http:\/\//);
  // NO_PROXY sent one direct; a cancelled target went nowhere.
  const some = report([
    result('a.test', 'ok', { via }),
    result('b.test', 'ok'),
    result('c.test', 'ok', { via }),
    result('d.test', 'cancelled', { via }),
  ]);
  assert.match(
    formatEgressText(some, false),
    /\nProxy: proxy\.corp\.test:3128 — 2 of 3 probed targets went through it, 1 direct \(NO_PROXY\)\n/,
  );
  assert.match(
    reportMarkdown(some),
    /^\*\*Proxy: `proxy\.corp\.test:3128`\*\* — 2 of 3 probed targets went through it, 1 direct \(NO_PROXY\)\.$/m,
  );
  // A target sent direct did not fail to reach the proxy: the results view draws the proxy as reached.
  assert.equal(proxyUsed(some.results)?.unreached, 0);
  // A proxy that could not be reached carried nothing: the line says so, next to the diagnosis that no target was tried.
  const refused = { detail: 'proxy: connect ECONNREFUSED 127.0.0.1:1', via: 'http://127.0.0.1:1' };
  const dead = report([result('a.test', 'proxy-refused', refused), result('b.test', 'proxy-refused', refused)]);
  assert.deepEqual(proxyUsed(dead.results), {
    proxy: '127.0.0.1:1',
    scope: 'no target went through it: it could not be reached',
    unreached: 2,
  });
  assert.match(
    formatEgressText(dead, false),
    /\nProxy: 127\.0\.0\.1:1 — no target went through it: it could not be reached\n$/,
  );
  assert.match(
    reportMarkdown(dead),
    /^\*\*Proxy: `127\.0\.0\.1:1`\*\* — no target went through it: it could not be reached\.$/m,
  );
  for (const said of [formatEgressText(dead, false), reportMarkdown(dead)])
    assert.doesNotMatch(said, /went through it,|every probed/);
  // Its name did not resolve, or the connection timed out: not reached either; a refusal (403) was an answer from it.
  const mixed = report([
    result('a.test', 'nxdomain', { via }),
    result('b.test', 'proxy-refused', { via, detail: 'proxy: could not connect to the proxy within 5 s' }),
    result('c.test', 'proxy-refused', { via, detail: 'proxy: the proxy answered 403 Forbidden' }),
    result('d.test', 'ok'),
  ]);
  assert.deepEqual(proxyUsed(mixed.results), {
    proxy: 'proxy.corp.test:3128',
    scope: '1 of 4 probed targets went through it, 2 could not reach it, 1 direct (NO_PROXY)',
    unreached: 2,
  });
  // The in-cluster probe given an https:// HTTPS_PROXY it cannot use sent nothing through it.
  const unusable = {
    via: 'https://proxy.corp.test:3128',
    detail: 'proxy: only http:// proxies are supported (got https://proxy.corp.test:3128)',
  };
  assert.equal(
    proxyUsed([result('a.test', 'error', unusable), result('b.test', 'error', unusable)])?.scope,
    'no target went through it: it could not be reached',
  );
  // Without a proxy, no such line.
  const direct = report([result('a.test', 'ok'), result('b.test', 'ok')]);
  assert.equal(proxyUsed(direct.results), undefined);
  assert.doesNotMatch(formatEgressText(direct, false), /Proxy/);
  assert.doesNotMatch(reportMarkdown(direct), /Proxy/);
});

test('every outcome has a section of docs/egress.md that explains it', () => {
  const slugs = new Set(
    fs
      .readFileSync(path.join(REPO_ROOT, 'docs', 'egress.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) =>
        line
          .replace(/^#+\s*/, '')
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .trim()
          .replace(/ /g, '-'),
      ),
  );
  const outcomes: EgressOutcome[] = [
    'ok',
    'nxdomain',
    'dns-timeout',
    'dns-error',
    'refused',
    'unreachable',
    'tcp-timeout',
    'reset',
    'tls-timeout',
    'tls-untrusted',
    'tls-hostname',
    'tls-expired',
    'tls-error',
    'http-timeout',
    'proxy-auth-required',
    'proxy-refused',
    'needs-host',
    'cancelled',
    'error',
  ];
  for (const outcome of outcomes)
    assert.ok(
      slugs.has(outcomeDocSection(outcome)),
      `${outcome} → #${outcomeDocSection(outcome)}, not a heading of docs/egress.md`,
    );
});

test('the exported Markdown report carries the same diagnosis as the view, and none when a target escapes the pattern', () => {
  const report = (results: EgressProbeResult[]) =>
    reportMarkdown({ origin: 'local', startedAt: '2026-12-02T01:00:00Z', durationMs: 1200, cancelled: false, results });
  const intercepted = report([
    result('a.test', 'tls-untrusted', { tls: { issuer: 'Corp Proxy CA' } }),
    result('b.test', 'tls-untrusted', { tls: { issuer: 'Corp Proxy CA' } }),
  ]);
  assert.match(intercepted, /\*\*0 passed, 2 failed\*\*/);
  assert.match(
    intercepted,
    /^\*\*Diagnosis: no certificate presented is trusted: most likely a TLS-inspecting proxy or firewall intercepts every handshake\.\*\* add its CA with anyscaleAzure\.egress\.caFile .*"Corp Proxy CA"/m,
  );
  const mixed = report([result('a.test', 'tls-untrusted'), result('b.test', 'ok')]);
  assert.doesNotMatch(mixed, /Diagnosis/);
  assert.doesNotMatch(mixed, /Not probed/);
  assert.match(
    report([result('a.test', 'ok'), result('*.azure.anyscale-cloud.dev', 'needs-host')]),
    /^\*\*Not probed: 1 wildcard needs a concrete host name\.\*\* add one with anyscaleAzure\.egress\.targets \(CLI --host\), or cloud IDs with anyscaleAzure\.egress\.cloudIds \(CLI --cloud-id\) for \*\.azure\.anyscale-cloud\.dev; each row says what fills it\.$/m,
  );
});

test('the Markdown report names a proxy as its rows and diagnosis do, host:port, never its URL or credentials', () => {
  // A report whose via slipped its credentials in: the Markdown still names only host:port.
  const via = 'http://ci-user:s3cret@proxy.corp.test:3128';
  const refused = (host: string) => {
    const row = result(host, 'proxy-refused', { via, detail: 'proxy: the proxy answered 403 Forbidden' });
    return { ...row, hint: hintFor(row.outcome, row.target, row, 'local') };
  };
  const markdown = reportMarkdown({
    origin: 'local',
    startedAt: '2026-12-02T01:00:00Z',
    durationMs: 1200,
    cancelled: false,
    results: [refused('console.azure.anyscale.com'), refused('login.microsoftonline.com')],
  });
  assert.match(
    markdown,
    /^\*\*Diagnosis: the proxy proxy\.corp\.test:3128 refuses every target \(HTTP 403 Forbidden\)\.\*\* .*add them to it, console\.azure\.anyscale\.com, login\.microsoftonline\.com, or to NO_PROXY/m,
  );
  assert.equal(markdown.match(/the proxy proxy\.corp\.test:3128 does not tunnel to/g)?.length, 2);
  assert.doesNotMatch(markdown, /http:\/\/|ci-user|s3cret/);
});
