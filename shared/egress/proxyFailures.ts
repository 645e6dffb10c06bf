// How a probe's detail tells where at its proxy it stopped: the TCP connection to the proxy failed (an error, or no
// connection within the timeout), or the proxy took the connection and never answered the CONNECT request. The probe
// engines write these details (the local one, and the in-cluster script, which embeds the two message functions); a
// row's hint and the overall diagnosis read them back, and name the proxy the same way (host:port, never credentials).
import type { EgressProbeResult } from '../protocol';

/**
 * The detail (after `proxy: `) of a probe whose TCP connection to the proxy was not made within the phase's timeout.
 * Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function proxyConnectTimeoutMessage(timeoutMs: number): string {
  return 'could not connect to the proxy within ' + timeoutMs / 1000 + ' s';
}

/**
 * The detail (after `proxy: `) of a probe whose proxy took the TCP connection but did not answer CONNECT in time.
 * Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function proxyAnswerTimeoutMessage(timeoutMs: number): string {
  return 'the proxy accepted the connection but did not answer CONNECT within ' + timeoutMs / 1000 + ' s';
}

/** The connection to the proxy failed with an error: `proxy: connect ECONNREFUSED 127.0.0.1:1`. */
const CONNECT_ERROR = /^proxy: connect (E[A-Z]+.*)$/;
/** proxyConnectTimeoutMessage's words. */
const CONNECT_TIMEOUT = /^proxy: could not connect to the proxy within ([\d.]+) s$/;
/** proxyAnswerTimeoutMessage's words. */
const CONNECT_UNANSWERED = /^proxy: the proxy accepted the connection but did not answer CONNECT within ([\d.]+) s$/;

export interface ProxyConnectFailure {
  /** Why, in a few words: "ECONNREFUSED 127.0.0.1:1", "no connection within 5 s". */
  reason: string;
  /** Nothing answered the connection: packets to the proxy are dropped, or the address leads nowhere. */
  timedOut: boolean;
}

/** How the TCP connection to the proxy itself failed, or undefined when it did not (the proxy was reached). */
export function proxyConnectFailure(
  result: Pick<EgressProbeResult, 'outcome' | 'detail'>,
): ProxyConnectFailure | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const detail = result.detail ?? '';
  const error = CONNECT_ERROR.exec(detail)?.[1];
  if (error) return { reason: error, timedOut: error.startsWith('ETIMEDOUT') };
  const seconds = CONNECT_TIMEOUT.exec(detail)?.[1];
  return seconds ? { reason: `no connection within ${seconds} s`, timedOut: true } : undefined;
}

/**
 * How long a proxy that took the TCP connection left the CONNECT request unanswered, in seconds as the detail says
 * them ("5"), or undefined when it did not (it answered, or was not reached).
 */
export function proxyUnansweredSeconds(result: Pick<EgressProbeResult, 'outcome' | 'detail'>): string | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  return CONNECT_UNANSWERED.exec(result.detail ?? '')?.[1];
}

/**
 * `host:port` of a proxy as a report names it (`http://proxy.corp`), the port spelled out: proxy.corp:80. What a
 * firewall rule needs, and how every hint and diagnosis names a proxy: without the user name and password its URL may
 * carry.
 */
export function proxyHostPort(via: string): string {
  try {
    const url = new URL(via);
    return `${url.hostname}:${url.port || 80}`;
  } catch {
    return via;
  }
}

/**
 * The curl command that asks the proxy for the same tunnel, for the user to run (nothing here runs it):
 * `curl -v -x http://proxy.corp:3128 https://host` (`https://host:port` off 443).
 */
export function curlThroughProxy(proxy: string, host: string, port: number): string {
  const name = host.includes(':') ? `[${host}]` : host;
  return `curl -v -x http://${proxy} https://${name}${port === 443 ? '' : `:${port}`}`;
}
