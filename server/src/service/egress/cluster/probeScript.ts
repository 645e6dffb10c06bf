// The in-cluster probe: a self-contained Node script (built-in modules only) that the probe Job runs with
// `node -e`. It probes DNS, TCP, TLS (SNI, full verification) and optionally an HTTPS HEAD like the local engine, classifies failures with
// the same table (../outcomes.ts, embedded as JSON) and prints one `anyscale-egress/v1` line per target plus a
// `done` line (../lines.ts parses them). Inputs come from environment variables, see PROBE_ENV. Like the local
// engine it honours HTTPS_PROXY/NO_PROXY — the variables AKS's cluster-wide HTTP proxy injects into every pod — and
// then tunnels through the proxy with HTTP CONNECT; NO_PROXY matching, the check that the proxy is http:// and the
// words of a proxy that times out (connect, or CONNECT unanswered) or closes before answering, and the reading of its
// answer, are the local engine's own functions, embedded.
import { OUTCOME_TABLE } from '../outcomes';
import { LINE_PREFIX } from '../lines';
import { bypassesProxy, proxyProtocolProblem } from '../proxy';
import {
  connectAnswer,
  mayBeHttpResponse,
  PROXY_CLOSED,
  proxyAnswerTimeoutMessage,
  proxyClosedMessage,
  proxyConnectTimeoutMessage,
  proxyHeaderTooLargeMessage,
  proxyNotHttpMessage,
} from '../../../../../shared/egress/proxyFailures';

export const PROBE_ENV = {
  targets: 'ANYSCALE_EGRESS_TARGETS', // JSON [{ "host": "...", "port": 443 }]
  resolve: 'ANYSCALE_EGRESS_RESOLVE', // JSON { "host": "address" }, optional
  ca: 'ANYSCALE_EGRESS_CA', // extra trusted CA certificates (PEM), optional
  timeoutMs: 'ANYSCALE_EGRESS_TIMEOUT_MS',
  concurrency: 'ANYSCALE_EGRESS_CONCURRENCY',
  httpHead: 'ANYSCALE_EGRESS_HTTP_HEAD', // "1": send `HEAD /` over the TLS connection, optional
} as const;

const SCRIPT = `'use strict';
const dns = require('dns'), net = require('net'), tls = require('tls');
const TABLE = ${JSON.stringify(OUTCOME_TABLE)};
const PREFIX = ${JSON.stringify(LINE_PREFIX)};
const env = process.env;
const targets = JSON.parse(env.${PROBE_ENV.targets} || '[]');
const overrides = JSON.parse(env.${PROBE_ENV.resolve} || '{}');
const timeoutMs = Number(env.${PROBE_ENV.timeoutMs}) || 5000;
const concurrency = Math.max(1, Number(env.${PROBE_ENV.concurrency}) || 8);
const httpHead = env.${PROBE_ENV.httpHead} === '1';
const secureContext = env.${PROBE_ENV.ca} ? tls.createSecureContext({ ca: tls.rootCertificates.concat([env.${PROBE_ENV.ca}]) }) : undefined;
const noop = function () {};
const bypassesProxy = (${bypassesProxy.toString()});
const proxyConnectTimeoutMessage = (${proxyConnectTimeoutMessage.toString()});
const proxyAnswerTimeoutMessage = (${proxyAnswerTimeoutMessage.toString()});
const mayBeHttpResponse = (${mayBeHttpResponse.toString()});
const connectAnswer = (${connectAnswer.toString()});
const proxyNotHttpMessage = (${proxyNotHttpMessage.toString()});
const proxyClosedMessage = (${proxyClosedMessage.toString()});
const PROXY_CLOSED = ${JSON.stringify(PROXY_CLOSED)};
const proxyHeaderTooLargeMessage = (${proxyHeaderTooLargeMessage.toString()});
const proxyText = env.HTTPS_PROXY || env.https_proxy || '';
const proxy = proxyText ? new URL(/^[a-z][a-z0-9+.-]*:\\/\\//i.test(proxyText) ? proxyText : 'http://' + proxyText) : undefined;
const proxyProblem = proxy ? (${proxyProtocolProblem.toString()})(proxy) : undefined;
const noProxy = String((env.NO_PROXY !== undefined ? env.NO_PROXY : env.no_proxy) || '').split(/[,\\s]+/).map(function (s) { return s.trim().toLowerCase(); }).filter(Boolean);
function since(t) { return Math.round((performance.now() - t) * 10) / 10; }
function failure(phase, code, message, extra) { return { phase: phase, code: code || 'UNKNOWN', message: message, extra: extra }; }
function phase(name, run, timedOut) {
  return new Promise(function (resolve, reject) {
    let settled = false, cleanup;
    const end = function () { settled = true; clearTimeout(timer); };
    const fail = function (f) { if (settled) return; end(); if (cleanup) cleanup(); reject(f); };
    const timer = setTimeout(function () { fail(typeof timedOut === 'function' ? timedOut() : failure(name, 'TIMEOUT', timedOut || 'no answer within ' + timeoutMs + ' ms')); }, timeoutMs);
    cleanup = run(function (value) { if (settled) return; end(); resolve(value); }, fail);
  });
}
function lookup(host) {
  if (net.isIP(host)) return Promise.resolve([host]);
  if (Object.prototype.hasOwnProperty.call(overrides, host)) return Promise.resolve([overrides[host]]);
  return phase('dns', function (ok, no) {
    dns.lookup(host, { all: true, verbatim: true }, function (error, list) {
      if (error) no(failure('dns', error.code, error.message)); else if (!list.length) no(failure('dns', 'ENODATA', host + ' has no addresses')); else ok(list.map(function (a) { return a.address; }));
    });
  });
}
function connect(address, port, name) {
  return phase(name, function (ok, no) {
    const socket = net.connect({ host: address, port: port });
    socket.on('error', noop);
    socket.once('error', function (e) { no(failure(name, e.code, e.message)); });
    socket.once('connect', function () { ok(socket); });
    return function () { socket.destroy(); };
  }, name === 'proxy' ? proxyConnectTimeoutMessage(timeoutMs) : undefined);
}
function tunnel(socket, host, port) {
  let buffered = Buffer.alloc(0);
  return phase('proxy', function (ok, no) {
    const authority = (host.indexOf(':') >= 0 ? '[' + host + ']' : host) + ':' + port;
    const lines = ['CONNECT ' + authority + ' HTTP/1.1', 'Host: ' + authority, 'User-Agent: anyscale-azure-egress'];
    if (proxy.username) lines.push('Proxy-Authorization: Basic ' + Buffer.from(decodeURIComponent(proxy.username) + ':' + decodeURIComponent(proxy.password)).toString('base64'));
    let answered = false;
    const settled = function (ended) {
      if (answered) return true;
      const answer = connectAnswer(buffered.toString('latin1'), ended, 16384);
      if (!answer) return false;
      answered = true;
      socket.off('data', onData);
      if (answer.tooLarge) no(failure('proxy', 'BAD_RESPONSE', proxyHeaderTooLargeMessage(16384)));
      else if (answer.notHttp !== undefined) no(failure('proxy', 'BAD_RESPONSE', proxyNotHttpMessage(answer.notHttp)));
      else if (answer.status) no(failure('proxy', 'HTTP_' + answer.status, answer.message));
      else { if (buffered.length > answer.open) socket.unshift(buffered.subarray(answer.open)); ok(socket); }
      return true;
    };
    const onData = function (chunk) {
      buffered = Buffer.concat([buffered, chunk]);
      if (!mayBeHttpResponse(buffered.subarray(0, 5).toString('latin1'))) return no(failure('proxy', 'BAD_RESPONSE', proxyNotHttpMessage(buffered.toString('latin1'))));
      settled(false);
    };
    socket.on('data', onData);
    socket.once('error', function (e) { const closed = e.code === 'ECONNRESET' || e.code === 'EPIPE'; if (closed && settled(true)) return; if (closed) no(failure('proxy', PROXY_CLOSED, proxyClosedMessage(e.code))); else no(failure('proxy', e.code, e.message)); });
    socket.once('close', function () { if (!settled(true)) no(failure('proxy', PROXY_CLOSED, proxyClosedMessage())); });
    socket.write(lines.join('\\r\\n') + '\\r\\n\\r\\n');
  }, function () {
    // Out of time with the header read and the body short of its Content-Length: that answer, as the local engine says.
    const answer = connectAnswer(buffered.toString('latin1'), true, 16384);
    return answer && answer.status ? failure('proxy', 'HTTP_' + answer.status, answer.message) : failure('proxy', 'TIMEOUT', proxyAnswerTimeoutMessage(timeoutMs));
  });
}
function handshake(socket, host) {
  return phase('tls', function (ok, no) {
    const secure = tls.connect({ socket: socket, host: host, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false, secureContext: secureContext });
    secure.on('error', noop);
    secure.once('error', function (e) { no(failure('tls', e.code, e.message)); });
    secure.once('secureConnect', function () {
      const cert = secure.getPeerCertificate() || {};
      const name = function (n) { return n ? (n.CN || n.O) : undefined; };
      const info = { issuer: name(cert.issuer), subject: name(cert.subject), validTo: cert.valid_to };
      if (secure.authorized) ok(Object.assign(info, { socket: secure }));
      else no(failure('tls', String(secure.authorizationError || 'CERT_REJECTED'), 'certificate not accepted: ' + secure.authorizationError, info));
    });
    return function () { secure.destroy(); };
  });
}
function head(socket, target) {
  return phase('http', function (ok, no) {
    const host = target.port === 443 ? target.host : target.host + ':' + target.port;
    let buffered = Buffer.alloc(0);
    const onData = function (chunk) {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\\r\\n');
      if (end < 0) { if (buffered.length > 16384) no(failure('http', 'BAD_RESPONSE', 'the server sent an oversized status line')); return; }
      const status = buffered.subarray(0, end).toString('latin1');
      const match = /^HTTP\\/\\d(?:\\.\\d)? (\\d{3})/.exec(status);
      if (match) ok(Number(match[1])); else no(failure('http', 'BAD_RESPONSE', 'the server answered "' + status.slice(0, 80) + '"'));
    };
    socket.on('data', onData);
    socket.once('error', function (e) { no(failure('http', e.code, e.message)); });
    socket.once('close', function () { no(failure('http', 'ECONNRESET', 'the server closed the connection before answering')); });
    socket.write('HEAD / HTTP/1.1\\r\\nHost: ' + host + '\\r\\nUser-Agent: anyscale-azure-egress\\r\\nConnection: close\\r\\n\\r\\n');
    return function () { socket.off('data', onData); };
  });
}
async function probe(target) {
  const started = performance.now();
  const out = { host: target.host, port: target.port, outcome: 'ok', ms: 0 };
  const viaProxy = proxy && !bypassesProxy(noProxy, target.host, target.port);
  if (viaProxy) out.via = proxy.protocol + '//' + proxy.host;
  if (viaProxy && proxyProblem) {
    // What the local engine reports for the same HTTPS_PROXY, on each target that would have used it.
    out.outcome = 'error';
    out.detail = 'proxy: ' + proxyProblem;
    console.log(PREFIX + JSON.stringify(out));
    return;
  }
  const open = [];
  try {
    let t = performance.now();
    // Through a proxy, the proxy resolves the target's name: this pod only resolves the proxy's.
    const addresses = await lookup(viaProxy ? proxy.hostname : target.host);
    if (!viaProxy) out.addresses = addresses;
    out.dnsMs = since(t);
    t = performance.now();
    open.push(await connect(addresses[0], viaProxy ? Number(proxy.port || 80) : target.port, viaProxy ? 'proxy' : 'tcp'));
    if (viaProxy) await tunnel(open[0], target.host, target.port);
    out.tcpMs = since(t);
    t = performance.now();
    const secure = await handshake(open[0], target.host);
    open.push(secure.socket);
    out.tlsMs = since(t);
    out.issuer = secure.issuer; out.subject = secure.subject; out.validTo = secure.validTo;
    if (httpHead) {
      t = performance.now();
      out.httpStatus = await head(secure.socket, target);
      out.httpMs = since(t);
    }
  } catch (f) {
    const phaseName = f && f.phase ? f.phase : 'tcp';
    const table = TABLE[phaseName];
    out.outcome = table.codes[f && f.code] || table.other;
    out.detail = phaseName + ': ' + (f && f.message ? f.message : String(f));
    if (f && f.extra) { out.issuer = f.extra.issuer; out.subject = f.extra.subject; out.validTo = f.extra.validTo; }
  } finally {
    open.reverse().forEach(function (s) { s.destroy(); });
  }
  out.ms = since(started);
  console.log(PREFIX + JSON.stringify(out));
}
(async function () {
  let next = 0;
  const worker = async function () { while (next < targets.length) await probe(targets[next++]); };
  const workers = [];
  for (let i = 0; i < Math.min(concurrency, targets.length); i++) workers.push(worker());
  await Promise.all(workers);
  console.log(PREFIX + JSON.stringify({ done: true, count: targets.length }));
})().catch(function (e) { console.error('anyscale-egress: ' + (e && e.stack ? e.stack : e)); process.exitCode = 1; });
`;

/** The script text, ready for `node -e`. */
export function probeScript(): string {
  return SCRIPT;
}
