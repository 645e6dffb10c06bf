// HTTP proxies for probes: which proxy applies to a target (HTTPS_PROXY / NO_PROXY, or an explicit URL such as
// VS Code's http.proxy), and the HTTP CONNECT tunnel through it, with Basic proxy authentication.
import type { Socket } from 'node:net';
import { PhaseError, runPhase } from './phase';

export interface ProxyConfig {
  readonly url: URL;
  /** NO_PROXY entries: `*`, `host`, `.suffix`, `host:port`, IP addresses. */
  readonly noProxy: readonly string[];
}

function splitList(text: string | undefined): string[] {
  return (text ?? '').split(/[,\s]+/).map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/**
 * Why a proxy URL cannot be used, or undefined: probes tunnel with plain HTTP CONNECT, so only http:// proxies.
 * Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function proxyProtocolProblem(url: URL): string | undefined {
  return url.protocol === 'http:' ? undefined : 'only http:// proxies are supported (got ' + url.protocol + '//' + url.host + ')';
}

/** A proxy URL as given; `host:port` without a scheme means http://. Throws on anything but an http proxy. */
export function proxyConfig(url: string, noProxy: readonly string[] = []): ProxyConfig {
  const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  const problem = proxyProtocolProblem(parsed);
  if (problem) throw new Error(problem);
  return { url: parsed, noProxy: noProxy.map((entry) => entry.toLowerCase()) };
}

/** The proxy from HTTPS_PROXY/https_proxy with NO_PROXY/no_proxy, as curl and most tools read them. */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv): ProxyConfig | undefined {
  const url = env.HTTPS_PROXY || env.https_proxy;
  return url ? proxyConfig(url, splitList(env.NO_PROXY ?? env.no_proxy)) : undefined;
}

/** True when NO_PROXY says `host:port` goes direct. */
export function bypassesProxy(noProxy: readonly string[], host: string, port: number): boolean {
  const h = host.toLowerCase();
  return noProxy.some((raw) => {
    if (raw === '*') return true;
    const [entry, entryPort] = raw.includes(':') && !raw.includes('::') ? [raw.slice(0, raw.lastIndexOf(':')), raw.slice(raw.lastIndexOf(':') + 1)] : [raw, undefined];
    if (entryPort !== undefined && Number(entryPort) !== port) return false;
    const suffix = entry.replace(/^\*?\./, '');
    return h === suffix || h.endsWith(`.${suffix}`);
  });
}

/** The proxy URL without credentials, for reports. */
export function proxyDisplay(config: ProxyConfig): string {
  return `${config.url.protocol}//${config.url.host}`;
}

export function proxyPort(config: ProxyConfig): number {
  return Number(config.url.port || 80);
}

const HEADER_END = '\r\n\r\n';
const MAX_HEADER_BYTES = 16 * 1024;

/** Opens a CONNECT tunnel to `host:port` over an connected socket to the proxy; resolves with the same socket. */
export function connectTunnel(socket: Socket, config: ProxyConfig, host: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<Socket> {
  return runPhase<Socket>('proxy', timeoutMs, signal, (resolve, reject) => {
    const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`, 'User-Agent: anyscale-azure-egress'];
    if (config.url.username) {
      const credentials = `${decodeURIComponent(config.url.username)}:${decodeURIComponent(config.url.password)}`;
      lines.push(`Proxy-Authorization: Basic ${Buffer.from(credentials).toString('base64')}`);
    }
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) {
        if (buffered.length > MAX_HEADER_BYTES) reject(new PhaseError('proxy', 'BAD_RESPONSE', 'the proxy sent an oversized response header'));
        return;
      }
      detach();
      const statusLine = buffered.subarray(0, buffered.indexOf('\r\n')).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})\s*(.*)$/.exec(statusLine);
      if (!match) return reject(new PhaseError('proxy', 'BAD_RESPONSE', `the proxy answered "${statusLine.slice(0, 80)}"`));
      if (match[1] !== '200') return reject(new PhaseError('proxy', `HTTP_${match[1]}`, `the proxy answered ${match[1]} ${match[2]}`.trim()));
      const rest = buffered.subarray(end + HEADER_END.length);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    const onError = (error: NodeJS.ErrnoException) => reject(new PhaseError('proxy', error.code ?? 'UNKNOWN', error.message));
    const onClose = () => reject(new PhaseError('proxy', 'ECONNRESET', 'the proxy closed the connection'));
    const detach = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(`${lines.join('\r\n')}${HEADER_END}`);
    return () => {
      detach();
      socket.destroy();
    };
  });
}
