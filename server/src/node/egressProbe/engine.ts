// The probe engine: per target DNS (timing, addresses), TCP connect (direct or through an HTTP CONNECT proxy),
// TLS with SNI and full certificate verification, optionally an HTTPS HEAD. Bounded concurrency, a timeout per
// phase, cancellation with an AbortSignal. Every outcome is classified with a hint; nothing ever rejects.
import * as net from 'node:net';
import * as tls from 'node:tls';
import * as http from 'node:http';
import type { EgressProbeResult, EgressTargetInfo } from '../../../../shared/protocol';
import { proxyConnectTimeoutMessage } from '../../../../shared/egress/proxyFailures';
import {
  ABORTED,
  bypassesProxy,
  classify,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  hintFor,
  type ProxyConfig,
  proxyDisplay,
  proxyPort,
} from '../../service';
import { PhaseError, errorCode, runPhase } from './phase';
import { systemResolver, isAddress, type Resolver } from './resolver';
import { connectTunnel } from './tunnel';

export interface ProbeOptions {
  resolver?: Resolver;
  /** Timeout of each phase in milliseconds. */
  timeoutMs?: number;
  concurrency?: number;
  proxy?: ProxyConfig;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots. */
  extraCa?: string;
  httpHead?: boolean;
  signal?: AbortSignal;
  /** Called as each target finishes, in completion order. */
  onResult?: (result: EgressProbeResult, done: number, total: number) => void;
}

type TlsInfo = NonNullable<EgressProbeResult['tls']>;
const noop = () => undefined;

function elapsed(since: number): number {
  return Math.round((performance.now() - since) * 10) / 10;
}

function nameOf(entity: tls.Certificate | undefined): string | undefined {
  return entity ? (entity.CN ?? entity.O) : undefined;
}

function connectTcp(
  host: string,
  port: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  phase: 'tcp' | 'proxy',
): Promise<net.Socket> {
  // A connect to a proxy that times out has words of its own: the CONNECT request after it (./tunnel.ts) can time out too.
  const timeoutMessage = phase === 'proxy' ? proxyConnectTimeoutMessage(timeoutMs) : undefined;
  return runPhase<net.Socket>(
    phase,
    timeoutMs,
    signal,
    (resolve, reject) => {
      const socket = net.connect({ host, port });
      socket.on('error', noop);
      socket.once('error', (error: NodeJS.ErrnoException) =>
        reject(new PhaseError(phase, errorCode(error), error.message)),
      );
      socket.once('connect', () => resolve(socket));
      return () => socket.destroy();
    },
    timeoutMessage,
  );
}

let cachedContext: { extraCa: string; context: tls.SecureContext } | undefined;

/** The bundled roots plus the extra CA, built once: parsing ~140 root certificates per connection costs ~20 ms of CPU. */
function secureContextWith(extraCa: string | undefined): tls.SecureContext | undefined {
  if (extraCa === undefined) return undefined;
  if (cachedContext?.extraCa !== extraCa)
    cachedContext = { extraCa, context: tls.createSecureContext({ ca: [...tls.rootCertificates, extraCa] }) };
  return cachedContext.context;
}

function handshake(
  socket: net.Socket,
  target: EgressTargetInfo,
  secureContext: tls.SecureContext | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ socket: tls.TLSSocket; info: TlsInfo }> {
  return runPhase('tls', timeoutMs, signal, (resolve, reject) => {
    const secure = tls.connect({
      socket,
      host: target.host,
      servername: isAddress(target.host) ? undefined : target.host,
      rejectUnauthorized: false,
      secureContext,
    });
    secure.on('error', noop);
    secure.once('error', (error: NodeJS.ErrnoException) =>
      reject(new PhaseError('tls', errorCode(error), error.message)),
    );
    secure.once('secureConnect', () => {
      const cert = secure.getPeerCertificate();
      const info: TlsInfo = {
        issuer: nameOf(cert?.issuer),
        subject: nameOf(cert?.subject),
        validTo: cert?.valid_to,
        protocol: secure.getProtocol() ?? undefined,
      };
      if (secure.authorized) return resolve({ socket: secure, info });
      const code = String(secure.authorizationError ?? 'CERT_REJECTED');
      reject(new PhaseError('tls', code, `certificate not accepted: ${code}`, { tls: info }));
    });
    return () => secure.destroy();
  });
}

function head(
  socket: tls.TLSSocket,
  target: EgressTargetInfo,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  return runPhase<number>('http', timeoutMs, signal, (resolve, reject) => {
    const request = http.request({
      createConnection: () => socket,
      method: 'HEAD',
      path: '/',
      headers: {
        host: target.port === 443 ? target.host : `${target.host}:${target.port}`,
        'user-agent': 'anyscale-azure-egress',
      },
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(new PhaseError('http', errorCode(error), error.message)),
    );
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.end();
    return () => request.destroy();
  });
}

function result(
  target: EgressTargetInfo,
  fields: Omit<EgressProbeResult, 'target' | 'ok' | 'hint'>,
): EgressProbeResult {
  const ok = fields.outcome === 'ok';
  return { target, ok, ...fields, hint: hintFor(fields.outcome, target, fields, 'local') };
}

/** Probes one target. Never rejects: every failure is a classified result. */
export async function probeTarget(target: EgressTargetInfo, options: ProbeOptions = {}): Promise<EgressProbeResult> {
  if (target.needsHost)
    return result(target, {
      outcome: 'needs-host',
      ms: 0,
      phases: {},
      detail: 'a wildcard: name a concrete host to probe it',
    });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { signal } = options;
  const proxy =
    options.proxy && !bypassesProxy(options.proxy.noProxy, target.host, target.port) ? options.proxy : undefined;
  const via = proxy ? proxyDisplay(proxy) : undefined;
  const phases: EgressProbeResult['phases'] = {};
  const started = performance.now();
  const sockets: net.Socket[] = [];
  let addresses: string[] | undefined;
  try {
    if (signal?.aborted) throw new PhaseError('dns', ABORTED, 'cancelled before it started');
    const dialHost = proxy ? proxy.url.hostname : target.host;
    let t = performance.now();
    const resolved = isAddress(dialHost)
      ? [dialHost]
      : await runPhase<string[]>('dns', timeoutMs, signal, (resolve, reject) => {
          (options.resolver ?? systemResolver)(dialHost).then(
            (list) =>
              list.length > 0
                ? resolve(list)
                : reject(new PhaseError('dns', 'ENODATA', `${dialHost} has no addresses`)),
            (error: unknown) => reject(new PhaseError('dns', errorCode(error), (error as Error).message)),
          );
        });
    phases.dnsMs = elapsed(t);
    if (!proxy) addresses = resolved;
    t = performance.now();
    let socket = await connectTcp(
      resolved[0],
      proxy ? proxyPort(proxy) : target.port,
      timeoutMs,
      signal,
      proxy ? 'proxy' : 'tcp',
    );
    sockets.push(socket);
    if (proxy) socket = await connectTunnel(socket, proxy, target.host, target.port, timeoutMs, signal);
    phases.tcpMs = elapsed(t);
    t = performance.now();
    const secure = await handshake(socket, target, secureContextWith(options.extraCa), timeoutMs, signal);
    sockets.push(secure.socket);
    phases.tlsMs = elapsed(t);
    let httpStatus: number | undefined;
    if (options.httpHead) {
      t = performance.now();
      httpStatus = await head(secure.socket, target, timeoutMs, signal);
      phases.httpMs = elapsed(t);
    }
    return result(target, {
      outcome: 'ok',
      ms: elapsed(started),
      phases,
      addresses,
      tls: secure.info,
      httpStatus,
      via,
    });
  } catch (error) {
    const failure =
      error instanceof PhaseError
        ? error
        : new PhaseError('tcp', errorCode(error), String((error as Error)?.message ?? error));
    return result(target, {
      outcome: classify(failure.phase, failure.code),
      ms: elapsed(started),
      phases,
      addresses,
      tls: failure.extra.tls,
      via,
      detail: `${failure.phase}: ${failure.message}`,
    });
  } finally {
    // Outermost first: destroying a socket under a live TLS wrap can crash Node.
    for (const socket of sockets.reverse()) socket.destroy();
  }
}

/**
 * Probes all targets, at most `concurrency` at a time; results in the targets' order. Never rejects. Each probe gets
 * a signal of its own, aborted from one listener on the caller's: a listener per running probe on the caller's signal
 * would pass Node's limit of 10 (MaxListenersExceededWarning) at the default concurrency.
 */
export async function probeTargets(
  targets: readonly EgressTargetInfo[],
  options: ProbeOptions = {},
): Promise<EgressProbeResult[]> {
  const results: EgressProbeResult[] = new Array(targets.length);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const running = new Set<AbortController>();
  const abortRunning = () => running.forEach((probe) => probe.abort());
  options.signal?.addEventListener('abort', abortRunning, { once: true });
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      const probe = new AbortController();
      if (options.signal?.aborted) probe.abort();
      running.add(probe);
      try {
        results[index] = await probeTarget(targets[index], { ...options, signal: probe.signal });
      } finally {
        running.delete(probe);
      }
      done++;
      try {
        options.onResult?.(results[index], done, targets.length);
      } catch {
        // A progress consumer's failure must not stop the probes.
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  } finally {
    options.signal?.removeEventListener('abort', abortRunning);
  }
  return results;
}
