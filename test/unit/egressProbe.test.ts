// The probe engine against real loopback servers: every classification (ok, nxdomain, dns-timeout, refused,
// tcp-timeout, tls-*, proxy-*), per-phase timing, concurrency, cancellation, HTTPS HEAD and proxies (explicit,
// HTTPS_PROXY/NO_PROXY, Basic auth). Host names resolve through an injected map to 127.0.0.1: loopback only.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import type { EgressTargetInfo } from '../../shared/protocol';
import { probeTarget, probeTargets, type ProbeOptions } from '../../server/src/node/egressProbe/engine';
import { staticResolver, type Resolver } from '../../server/src/node/egressProbe/resolver';
import { proxyConfig, proxyFromEnvironment } from '../../server/src/service/egress/proxy';
import { classify, TIMEOUT, ABORTED } from '../../server/src/service/egress/outcomes';
import { parseTargetsFile } from '../../server/src/service/egress/targetsFile';
import {
  startLab,
  startUnanswered,
  HOSTS,
  UNKNOWN_HOST,
  PROXY_USER,
  PROXY_PASSWORD,
  PORTAL_SHOWN,
  type Lab,
} from '../support/egressLab';

let lab: Lab;
let base: ProbeOptions;

function target(hostPort: string): EgressTargetInfo {
  return parseTargetsFile(JSON.stringify([hostPort]))[0];
}

before(async () => {
  lab = await startLab({ slowMs: 300 });
  base = { resolver: staticResolver(lab.names), extraCa: lab.certificates.caPem, timeoutMs: 1500 };
});
after(() => lab.close());

test('a server with a test-CA certificate for its name is ok, with per-phase times, addresses and the issuer', async () => {
  const result = await probeTarget(target(lab.target('good')), base);
  assert.equal(result.outcome, 'ok', JSON.stringify(result));
  assert.equal(result.ok, true);
  assert.deepEqual(result.addresses, ['127.0.0.1']);
  assert.equal(result.tls?.issuer, 'Anyscale Egress Test CA');
  for (const phase of ['dnsMs', 'tcpMs', 'tlsMs'] as const) assert.equal(typeof result.phases[phase], 'number', phase);
  assert.equal(result.hint, undefined);
});

test('without the extra CA the same server is tls-untrusted, with a hint naming FQDN, port, flow and issuer', async () => {
  const t = target(lab.target('good'));
  const result = await probeTarget(t, { ...base, extraCa: undefined });
  assert.equal(result.outcome, 'tls-untrusted');
  assert.ok(result.hint?.includes(`${HOSTS.good}:${lab.ports.good}`), result.hint);
  assert.ok(result.hint?.includes('Anyscale Egress Test CA'), result.hint);
  assert.ok(result.hint?.includes('this machine → a host you listed'), result.hint);
  // Measured: the certificate is not trusted, and who issued it. Inferred, and said so: a TLS-inspecting middlebox.
  assert.match(result.hint ?? '', /is not trusted: a TLS-inspecting firewall or proxy may sit on the path to /);
  assert.doesNotMatch(result.hint ?? '', /sits on/);
});

test('a port nobody listens on is refused: the refusal is stated, its cause only as the likely one', async () => {
  const result = await probeTarget(target(lab.target('closed')), base);
  assert.equal(result.outcome, 'refused');
  assert.match(
    result.hint ?? '',
    new RegExp(
      `^The connection to ${HOSTS.closed.replace(/\./g, '\\.')}:${lab.ports.closed} .* was refused: most likely a firewall on the path rejects it, or nothing listens on port ${lab.ports.closed}`,
    ),
  );
  assert.doesNotMatch(result.hint ?? '', /something on the path rejects/);
});

test('each failure is classified', async () => {
  const cases: Array<[string, string]> = [
    [lab.target('selfSigned'), 'tls-untrusted'],
    [lab.target('wrongHost'), 'tls-hostname'],
    [lab.target('expired'), 'tls-expired'],
    [lab.target('silent'), 'tls-timeout'],
    [lab.target('closed'), 'refused'],
    [`${UNKNOWN_HOST}:443`, 'nxdomain'],
  ];
  // Only the silent server needs the timeout to pass: the others answer, and on a loaded machine (the unit tier runs
  // its files side by side) a TLS handshake can take longer than a short timeout.
  const silent = lab.target('silent');
  const results = await Promise.all(
    cases.map(async ([hostPort]) => {
      const [result] = await probeTargets([target(hostPort)], {
        ...base,
        timeoutMs: hostPort === silent ? 500 : 10_000,
      });
      return result;
    }),
  );
  assert.deepEqual(
    results.map((r) => [`${r.target.host}:${r.target.port}`, r.outcome]),
    cases,
  );
  for (const r of results) assert.ok(r.hint && r.hint.includes(r.target.host), `${r.outcome}: ${r.hint}`);
});

test('a resolver that never answers is dns-timeout', async () => {
  const hanging: Resolver = () => new Promise(() => undefined);
  const dns = await probeTarget(target(lab.target('good')), { ...base, resolver: hanging, timeoutMs: 200 });
  assert.equal(dns.outcome, 'dns-timeout');
  assert.match(dns.detail ?? '', /no answer within 200 ms/);
});

test('a server that resets the connection is reset', async () => {
  const result = await probeTarget(target(lab.target('reset')), base);
  assert.equal(result.outcome, 'reset', JSON.stringify(result));
});

test('what loopback cannot produce (a dropped SYN, an unreachable network) is classified by the same table', () => {
  // Loopback always answers a SYN, so a TCP timeout cannot be staged here without leaving the machine.
  assert.equal(classify('tcp', TIMEOUT), 'tcp-timeout');
  assert.equal(classify('tcp', 'ETIMEDOUT'), 'tcp-timeout');
  assert.equal(classify('tcp', 'EHOSTUNREACH'), 'unreachable');
  assert.equal(classify('dns', 'EAI_AGAIN'), 'dns-timeout');
  assert.equal(classify('tls', 'CERT_NOT_YET_VALID'), 'tls-expired');
  assert.equal(classify('proxy', 'HTTP_502'), 'proxy-refused');
  assert.equal(classify('http', ABORTED), 'cancelled');
  assert.equal(classify('tls', 'SOMETHING_NEW'), 'tls-error');
});

test('HTTPS HEAD reports the status code', async () => {
  const result = await probeTarget(target(lab.target('good')), { ...base, httpHead: true });
  assert.equal(result.outcome, 'ok', JSON.stringify(result));
  assert.equal(result.httpStatus, 200);
  assert.equal(typeof result.phases.httpMs, 'number');
});

test('a wildcard without a concrete host is needs-host, never a pass', async () => {
  const result = await probeTarget(target('*.azure.anyscale-cloud.dev'), base);
  assert.equal(result.outcome, 'needs-host');
  assert.equal(result.ok, false);
  assert.match(result.hint ?? '', /concrete host/);
});

test('through an explicit HTTP CONNECT proxy; the proxy refuses unknown hosts', async () => {
  const proxy = proxyConfig(`http://127.0.0.1:${lab.proxyPort}`);
  const [ok, refused] = await probeTargets([target(lab.target('good')), target(`${UNKNOWN_HOST}:443`)], {
    ...base,
    proxy,
  });
  assert.equal(ok.outcome, 'ok', JSON.stringify(ok));
  assert.equal(ok.via, `http://127.0.0.1:${lab.proxyPort}`);
  assert.equal(ok.addresses, undefined, 'the proxy resolves the name, not this machine');
  assert.equal(refused.outcome, 'proxy-refused');
  // The proxy answered 403: an explicit refusal, so its allow-list is what to change.
  assert.equal(refused.detail, 'proxy: the proxy answered 403 Forbidden');
  assert.match(
    refused.hint ?? '',
    new RegExp(`^the proxy 127\\.0\\.0\\.1:${lab.proxyPort} does not tunnel to ${UNKNOWN_HOST}:443 .*allow-list`),
  );
  assert.ok(lab.proxied.includes(lab.target('good')));
});

test('a proxy that opens the tunnel with 204 No Content, not 200: any 2xx answer to CONNECT is an open tunnel', async () => {
  // RFC 9110, section 9.3.6: "Any 2xx (Successful) response indicates that the sender ... will switch to tunnel mode".
  lab.proxied.length = 0;
  const result = await probeTarget(target(lab.target('good')), {
    ...base,
    httpHead: true,
    proxy: proxyConfig(`http://127.0.0.1:${lab.noContentProxyPort}`),
  });
  assert.equal(result.outcome, 'ok', JSON.stringify(result));
  assert.equal(result.via, `http://127.0.0.1:${lab.noContentProxyPort}`);
  // The TLS handshake and the HEAD request went through the tunnel the 204 opened.
  assert.equal(result.tls?.issuer, 'Anyscale Egress Test CA');
  assert.equal(result.httpStatus, 200);
  assert.deepEqual(lab.proxied, [lab.target('good')]);
});

test("an interim 100 Continue before the proxy's 200 is read past: the tunnel opens (RFC 9110, section 15.2)", async () => {
  const result = await probeTarget(target(lab.target('good')), {
    ...base,
    httpHead: true,
    proxy: proxyConfig(`http://127.0.0.1:${lab.continueProxyPort}`),
  });
  assert.equal(result.outcome, 'ok', JSON.stringify(result));
  assert.equal(result.httpStatus, 200);
});

/** One probe of the good target through `port` as its proxy, which answers CONNECT without opening a tunnel. */
async function throughNonProxy(port: number) {
  const result = await probeTarget(target(lab.target('good')), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${port}`),
  });
  assert.equal(result.outcome, 'proxy-refused', JSON.stringify(result));
  // No refusal was read: neither the proxy's allow-list nor NO_PROXY is what to change.
  assert.doesNotMatch(result.hint ?? '', /allow-list|does not tunnel|NO_PROXY/, result.hint);
  return result;
}

test('a port that expects TLS answers 400 "The plain HTTP request was sent to HTTPS port": a hint about its scheme and port', async () => {
  const result = await throughNonProxy(lab.expectsTlsPort);
  // The body came after the header: it was waited for.
  assert.equal(
    result.detail,
    'proxy: the proxy answered 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"',
  );
  const good = lab.target('good');
  assert.equal(
    result.hint,
    `the proxy 127.0.0.1:${lab.expectsTlsPort} answered the CONNECT request for ${good} (this machine → a host you listed) with 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port": what nginx, Apache and Go's HTTP servers answer when plain HTTP reaches a port that expects TLS. The port likely expects TLS, so whether it would let ${HOSTS.good} through is not known: the proxy is likely an https:// one (the probe speaks plain HTTP CONNECT and does not use https:// proxies; use the proxy's plain HTTP port if it has one), or the port is wrong (a web server's HTTPS port). Check the proxy's port and scheme (anyscaleAzure.egress.proxy, CLI --proxy, HTTPS_PROXY), then ask it directly from a machine that uses it: curl -v -x http://127.0.0.1:${lab.expectsTlsPort} https://${good}`,
  );
  // Go's answer has no Content-Length: its body ends with the connection, and is read to that end.
  const go = await throughNonProxy(lab.goExpectsTlsPort);
  assert.equal(
    go.detail,
    'proxy: the proxy answered 400 Bad Request, saying "Client sent an HTTP request to an HTTPS server"',
  );
  assert.match(go.hint ?? '', /The port likely expects TLS/);
});

test('a 400 whose body stops short of its Content-Length, the connection held open: at the timeout, that answer and what its body said, not "did not answer"', async () => {
  const started = performance.now();
  const result = await throughNonProxy(lab.shortBodyPort);
  const waited = performance.now() - started;
  // Its title says what the page would have said: read as far as it came.
  assert.equal(
    result.detail,
    'proxy: the proxy answered 400 Bad Request, saying "The plain HTTP request was sent to HTTPS port"',
  );
  assert.match(result.hint ?? '', /The port likely expects TLS/);
  assert.ok(waited >= base.timeoutMs! - 50, `${Math.round(waited)} ms: the rest of the body was waited for`);
});

test('a captive portal that redirects CONNECT: a hint that it is likely no forward proxy, naming where it redirects', async () => {
  const result = await throughNonProxy(lab.redirectingPort);
  assert.equal(result.detail, `proxy: the proxy answered 302 Found, redirecting to ${PORTAL_SHOWN}`);
  assert.match(
    result.hint ?? '',
    new RegExp(
      `^the proxy 127\\.0\\.0\\.1:${lab.redirectingPort} answered the CONNECT request for .* with 302 Found to ${PORTAL_SHOWN.replace(/[?.()]/g, '\\$&')}: a redirect opens no tunnel, .* likely not a forward proxy \\(a captive portal, a web server or a reverse proxy\\)`,
    ),
  );
  assert.match(result.hint ?? '', /curl -v -x http:\/\/127\.0\.0\.1:\d+ https:\/\/good\.egress\.test:\d+$/);
});

test('a 101 Switching Protocols that CONNECT never asked for: a hint that what answers is likely no HTTP forward proxy', async () => {
  const result = await throughNonProxy(lab.switchingPort);
  assert.equal(result.detail, 'proxy: the proxy answered 101 Switching Protocols');
  assert.match(
    result.hint ?? '',
    /with 101 Switching Protocols, which HTTP allows only in answer to a request that asked for an upgrade \(RFC 9110, section 7\.8\), and CONNECT asks for none\. What answers there is likely not an HTTP forward proxy/,
  );
});

test('a proxy that cannot connect to the target answers 502: the hint says what 502 means, not that the proxy refused', async () => {
  // The lab's proxy knows the host, but nothing listens on its port: the proxy answers 502 Bad Gateway, as real ones do.
  const closed = lab.target('closed');
  const result = await probeTarget(target(closed), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${lab.proxyPort}`),
  });
  assert.equal(result.outcome, 'proxy-refused');
  assert.equal(result.detail, 'proxy: the proxy answered 502 Bad Gateway');
  assert.equal(
    result.hint,
    `the proxy 127.0.0.1:${lab.proxyPort} answered the CONNECT request for ${closed} (this machine → a host you listed) with 502 Bad Gateway: per RFC 9110, as a gateway or proxy, it received an invalid response from the server it went on to. That is no refusal, so its allow-list is not in question. Check whether the proxy can reach ${closed} itself (its DNS, its own firewall or upstream proxy, the target being up): see its logs for ${HOSTS.closed}, or ask it directly from a machine that uses it: curl -v -x http://127.0.0.1:${lab.proxyPort} https://${closed}`,
  );
});

test('a proxy that closes the connection before answering CONNECT, and an HTTPS proxy addressed as http://: not a reset, no filter blamed', async () => {
  const good = lab.target('good');
  for (const port of [lab.closingProxyPort, lab.tlsProxyPort]) {
    // Ended at once, not at the timeout.
    const started = performance.now();
    const result = await probeTarget(target(good), {
      ...base,
      timeoutMs: 5000,
      proxy: proxyConfig(`http://127.0.0.1:${port}`),
    });
    assert.ok(
      performance.now() - started < 2500,
      `${Math.round(performance.now() - started)} ms: waited for the timeout`,
    );
    assert.equal(result.outcome, 'proxy-refused', JSON.stringify(result));
    assert.equal(result.detail, 'proxy: the proxy closed the connection before answering CONNECT');
    assert.equal(
      result.hint,
      `the proxy 127.0.0.1:${port} took the connection for ${good} (this machine → a host you listed) and closed it before answering the CONNECT request, so whether it would let ${HOSTS.good} through is not known. A proxy that expects TLS first does this when addressed as http:// (an https:// proxy, which the probe does not use: it speaks plain HTTP CONNECT), and so do a service that is not an HTTP proxy and a proxy that drops clients it does not know (a source-address rule). Check the proxy's address, port and scheme (anyscaleAzure.egress.proxy, CLI --proxy, HTTPS_PROXY) and its logs, then ask it directly from a machine that uses it: curl -v -x http://127.0.0.1:${port} https://${good}`,
    );
  }
  // One that resets the connection when it reads the request (the lab's reset server as a proxy): said so, with the code.
  const resetByProxy = await probeTarget(target(good), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${lab.ports.reset}`),
  });
  assert.equal(resetByProxy.outcome, 'proxy-refused', JSON.stringify(resetByProxy));
  assert.equal(resetByProxy.detail, 'proxy: the proxy closed the connection before answering CONNECT (ECONNRESET)');
  assert.match(
    resetByProxy.hint ?? '',
    new RegExp(
      `^the proxy 127\\.0\\.0\\.1:${lab.ports.reset} took the connection for .* and reset it \\(ECONNRESET\\) before answering`,
    ),
  );
  // A reset once the tunnel is open is still a reset: the lab's proxy tunnels to a server that resets the connection.
  const reset = await probeTarget(target(lab.target('reset')), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${lab.proxyPort}`),
  });
  assert.equal(reset.outcome, 'reset', JSON.stringify(reset));
  assert.match(reset.detail ?? '', /^tls: /);
});

test('a proxy nobody listens on: proxy-refused, with a hint about the proxy itself, not its allow-list', async () => {
  const closedPort = lab.target('closed').split(':')[1];
  const down = await probeTarget(target(lab.target('good')), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${closedPort}`),
  });
  assert.equal(down.outcome, 'proxy-refused');
  assert.match(down.hint ?? '', /^Cannot connect to the proxy 127\.0\.0\.1:\d+ itself \(ECONNREFUSED/);
});

test('a proxy whose connection times out is told apart from one that takes it and never answers CONNECT', async () => {
  // The first is a firewall dropping the packets to the proxy (or a wrong address): the hint is about the proxy itself.
  const unanswered = await startUnanswered();
  try {
    const dropped = await probeTarget(target(lab.target('good')), {
      ...base,
      timeoutMs: 1000,
      proxy: proxyConfig(`http://127.0.0.1:${unanswered.port}`),
    });
    assert.equal(dropped.outcome, 'proxy-refused');
    assert.equal(dropped.detail, 'proxy: could not connect to the proxy within 1 s');
    assert.match(
      dropped.hint ?? '',
      /^Cannot connect to the proxy 127\.0\.0\.1:\d+ itself \(no connection within 1 s\): check that its address and port are right .*drop the packets to it\.$/,
    );
  } finally {
    await unanswered.close();
  }
  const muted = await probeTarget(target(lab.target('good')), {
    ...base,
    timeoutMs: 1000,
    proxy: proxyConfig(`http://127.0.0.1:${lab.mutedProxyPort}`),
  });
  assert.equal(muted.outcome, 'proxy-refused');
  assert.equal(muted.detail, 'proxy: the proxy accepted the connection but did not answer CONNECT within 1 s');
  // The proxy was reached and held the CONNECT: what is known, what to check and a command to ask the proxy
  // directly, without blaming an allow-list it may not have.
  const good = lab.target('good');
  assert.equal(
    muted.hint,
    `The CONNECT request for ${good} (this machine → a host you listed) got no answer within 1 s from the proxy 127.0.0.1:${lab.mutedProxyPort}, which took the connection. Check whether the proxy can reach ${good} itself (its own egress may be blocked, or the target slow) and is not overloaded: see its logs for ${HOSTS.good}, or run this from a machine that uses the proxy: curl -v -x http://127.0.0.1:${lab.mutedProxyPort} https://${good}`,
  );
  assert.doesNotMatch(muted.hint ?? '', /allow-list|does not tunnel|Cannot connect/);
});

test('a proxy port where another service answers, and a proxy whose header never ends: no allow-list is blamed, a curl to run', async () => {
  const good = lab.target('good');
  // An SSH server greets before it is asked: the probe stops at the greeting, without waiting for its timeout.
  const started = performance.now();
  const ssh = await probeTarget(target(good), {
    ...base,
    timeoutMs: 5000,
    proxy: proxyConfig(`http://127.0.0.1:${lab.sshPort}`),
  });
  assert.ok(
    performance.now() - started < 2500,
    `${Math.round(performance.now() - started)} ms: waited for the timeout`,
  );
  assert.equal(ssh.outcome, 'proxy-refused');
  assert.equal(ssh.detail, `proxy: the proxy answered "${lab.sshBanner}", not an HTTP response`);
  const curl = (port: number) => `curl -v -x http://127.0.0.1:${port} https://${good}`;
  assert.equal(
    ssh.hint,
    `the proxy 127.0.0.1:${lab.sshPort} answered the CONNECT request for ${good} (this machine → a host you listed) with "${lab.sshBanner}", not an HTTP response: something other than an HTTP proxy may listen there (another service, or a proxy that speaks TLS or SOCKS, which the probe does not use), so whether it would let ${HOSTS.good} through is not known. Check the proxy's address and port (anyscaleAzure.egress.proxy, CLI --proxy, HTTPS_PROXY), then ask it directly from a machine that uses it: ${curl(lab.sshPort)}`,
  );
  const oversized = await probeTarget(target(good), {
    ...base,
    proxy: proxyConfig(`http://127.0.0.1:${lab.oversizedProxyPort}`),
  });
  assert.equal(oversized.outcome, 'proxy-refused');
  assert.equal(oversized.detail, 'proxy: the proxy answered with a response header over 16 KB');
  assert.equal(
    oversized.hint,
    `the proxy 127.0.0.1:${lab.oversizedProxyPort} answered the CONNECT request for ${good} (this machine → a host you listed) with a response header over 16 KB, where the probe stops reading, so whether it lets ${HOSTS.good} through is not known. Check that it is the HTTP proxy meant (anyscaleAzure.egress.proxy, CLI --proxy, HTTPS_PROXY) and what it sends (its logs), or see its whole answer from a machine that uses it: ${curl(lab.oversizedProxyPort)}`,
  );
  for (const { hint } of [ssh, oversized]) assert.doesNotMatch(hint ?? '', /allow-list|does not tunnel/);
});

test('a proxy whose name does not resolve: the hint is about the proxy, not the target it would look up', async () => {
  // `--proxy notaurl` is read as the host name notaurl (as curl reads it).
  const lost = await probeTarget(target(lab.target('good')), { ...base, proxy: proxyConfig('notaurl') });
  assert.equal(lost.outcome, 'nxdomain');
  assert.match(lost.hint ?? '', /^The name of the proxy notaurl:80 itself does not resolve/);
  assert.doesNotMatch(lost.hint ?? '', /private DNS zones/);
  const direct = await probeTarget(target('nowhere.example.test:443'), base);
  assert.match(direct.hint ?? '', /^nowhere\.example\.test does not resolve/);
});

test('a proxy asking for credentials is proxy-auth-required; with Basic credentials it tunnels', async () => {
  const bare = await probeTarget(target(lab.target('good')), {
    ...base,
    proxy: proxyConfig(`127.0.0.1:${lab.authProxyPort}`),
  });
  assert.equal(bare.outcome, 'proxy-auth-required');
  const url = `http://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${lab.authProxyPort}`;
  const authed = await probeTarget(target(lab.target('good')), { ...base, proxy: proxyConfig(url) });
  assert.equal(authed.outcome, 'ok', JSON.stringify(authed));
  assert.ok(!authed.via?.includes(PROXY_USER), 'credentials never appear in results');
});

test('HTTPS_PROXY and NO_PROXY from the environment', async () => {
  const env = { HTTPS_PROXY: `http://127.0.0.1:${lab.proxyPort}`, NO_PROXY: `.example.com,${HOSTS.expired}` };
  const proxy = proxyFromEnvironment(env);
  assert.ok(proxy);
  const before = lab.proxied.length;
  const [good, expired] = await probeTargets([target(lab.target('good')), target(lab.target('expired'))], {
    ...base,
    proxy,
  });
  assert.equal(good.via, `http://127.0.0.1:${lab.proxyPort}`);
  assert.equal(expired.via, undefined, 'NO_PROXY sends it direct');
  assert.equal(expired.outcome, 'tls-expired');
  assert.deepEqual(lab.proxied.slice(before), [lab.target('good')]);
  assert.equal(proxyFromEnvironment({}), undefined);
});

test('concurrency is bounded and results keep the targets order', async () => {
  const targets = Array.from({ length: 6 }, () => target(lab.target('slow')));
  const t0 = performance.now();
  const results = await probeTargets(targets, { ...base, concurrency: 3 });
  const wall = performance.now() - t0;
  assert.ok(
    results.every((r) => r.outcome === 'ok'),
    JSON.stringify(results.map((r) => r.outcome)),
  );
  assert.ok(wall >= 580, `6 targets of 300 ms at concurrency 3 need two rounds, took ${wall.toFixed(0)} ms`);
  assert.ok(wall < 1500, `took ${wall.toFixed(0)} ms`);
});

test('cancellation ends running probes and skips the rest, without a rejection', async () => {
  const abort = new AbortController();
  const progress: string[] = [];
  const targets = Array.from({ length: 5 }, () => target(lab.target('silent')));
  setTimeout(() => abort.abort(), 100);
  const t0 = performance.now();
  const results = await probeTargets(targets, {
    ...base,
    timeoutMs: 10000,
    concurrency: 2,
    signal: abort.signal,
    onResult: (r) => progress.push(r.outcome),
  });
  assert.ok(performance.now() - t0 < 2000);
  assert.ok(
    results.every((r) => r.outcome === 'cancelled'),
    JSON.stringify(results.map((r) => r.outcome)),
  );
  assert.equal(progress.length, 5);
});

test('a throwing resolver and a throwing progress callback are classified, not thrown', async () => {
  const broken: Resolver = () => {
    throw new Error('boom');
  };
  const results = await probeTargets([target(lab.target('good'))], {
    ...base,
    resolver: broken,
    onResult: () => {
      throw new Error('consumer');
    },
  });
  assert.equal(results[0].outcome, 'dns-error');
});
