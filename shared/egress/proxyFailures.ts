// How a probe's detail tells where at its proxy it stopped: the TCP connection to the proxy failed (an error, or no
// connection within the timeout), the proxy took the connection and never answered the CONNECT request, or closed it
// before answering, it answered with something that is not an HTTP response or with a header too large to read, it
// refused the tunnel with a 4xx status, or failed to open it with a 5xx. The probe engines write these details (the
// local one, and the in-cluster script, which embeds the message functions); a row's hint and the overall diagnosis
// read them back, and name the proxy the same way (host:port, never credentials).
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

/**
 * The detail (after `proxy: `) of a probe whose proxy took the TCP connection and then closed it, or reset it (`code`,
 * ECONNRESET), before any answer to CONNECT: a proxy that speaks TLS (an https:// proxy written as http://), or one
 * that drops clients it does not know. Self-contained (no imports, no helpers): the in-cluster probe script embeds its
 * source.
 */
export function proxyClosedMessage(code?: string): string {
  return 'the proxy closed the connection before answering CONNECT' + (code ? ' (' + code + ')' : '');
}

/** The code proxyClosedMessage's failures carry: not a reset of the target's connection (outcomes.ts, `reset`). */
export const PROXY_CLOSED = 'PROXY_CLOSED';

/**
 * Whether the first bytes of a proxy's answer (latin1) can still be the start of an HTTP response, `HTTP/`: an answer
 * that cannot is not waited on to its end. Self-contained (no imports, no helpers): the in-cluster probe script embeds
 * its source.
 */
export function mayBeHttpResponse(start: string): boolean {
  const prefix = 'HTTP/';
  return start.length < prefix.length ? prefix.startsWith(start) : start.startsWith(prefix);
}

/**
 * The detail (after `proxy: `) of a probe whose proxy answered CONNECT with something that is not an HTTP/1.x response
 * (another service on that port, a TLS or SOCKS proxy): its first line, quoted as JSON so that binary shows as escapes.
 * Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function proxyNotHttpMessage(answer: string): string {
  return (
    'the proxy answered ' +
    JSON.stringify(answer.split('\n')[0].replace(/\r$/, '').slice(0, 80)) +
    ', not an HTTP response'
  );
}

/**
 * The detail (after `proxy: `) of a probe whose proxy's answer began as an HTTP response and did not end its header
 * within `maxBytes`, where the probe stops reading. Self-contained: the in-cluster probe script embeds its source.
 */
export function proxyHeaderTooLargeMessage(maxBytes: number): string {
  return 'the proxy answered with a response header over ' + maxBytes / 1024 + ' KB';
}

/** What a proxy's answer to CONNECT came to (connectAnswer). */
export type ConnectAnswer =
  /** The tunnel is open; the bytes from `open` on (latin1 offsets are byte offsets) are the target's. */
  | { open: number }
  /** The status line is not HTTP/1.x: the line, for proxyNotHttpMessage. */
  | { notHttp: string }
  /** The header did not end within the bytes the probe reads: for proxyHeaderTooLargeMessage. */
  | { tooLarge: true }
  /** No tunnel: the status code, `403`, and the detail (after `proxy: `), `the proxy answered 403 Forbidden`. */
  | { status: string; message: string };

/**
 * What the proxy's answer to CONNECT so far (`received`, read as latin1; `ended`: the proxy has closed the connection)
 * comes to, or undefined while more is needed. Any 2xx (Successful) status opens the tunnel (RFC 9110, section
 * 9.3.6), not only 200. Interim 1xx answers before the final one are read past (RFC 9110, section 15.2), but 101
 * Switching Protocols, which answers only a request that asked for an upgrade (section 7.8), is final. The detail of
 * a 3xx names where it redirects to; of a 400, what the body says when it is the answer of a server that expects TLS
 * on that port (nginx, Apache, Go), whose body is waited for (its Content-Length, 4 KB at most, or the end of the
 * connection). Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function connectAnswer(received: string, ended: boolean, maxHeaderBytes: number): ConnectAnswer | undefined {
  let start = 0;
  for (;;) {
    const end = received.indexOf('\r\n\r\n', start);
    if (end < 0) return received.length - start > maxHeaderBytes ? { tooLarge: true } : undefined;
    const lines = received.slice(start, end).split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})\s*(.*)$/.exec(lines[0]);
    if (!match) return { notHttp: lines[0] };
    const code = match[1];
    const bodyStart = end + 4;
    if (code.charAt(0) === '1' && code !== '101') {
      start = bodyStart;
      continue;
    }
    if (code.charAt(0) === '2') return { open: bodyStart };
    const field = function (name: string): string | undefined {
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
      }
      return undefined;
    };
    let message = ('the proxy answered ' + code + ' ' + match[2]).trim();
    const location = field('location');
    if (code.charAt(0) === '3' && location) {
      // A captive portal's address may carry a session token in its query: reports are shared, so it is left out.
      const query = location.search(/[?#]/);
      const shown = (query < 0 ? location : location.slice(0, query)).slice(0, 200);
      message += ', redirecting to ' + shown + (query < 0 ? '' : ' (its query left out)');
    }
    if (code === '400') {
      const length = Number(field('content-length'));
      const chunked = field('transfer-encoding') !== undefined;
      const wanted = Math.min(length >= 0 ? length : chunked ? 0 : Infinity, 4096);
      if (!ended && received.length - bodyStart < wanted) return undefined;
      const said =
        /The plain HTTP request was sent to HTTPS port|Client sent an HTTP request to an HTTPS server|You're speaking plain HTTP to an SSL-enabled server port/i.exec(
          received.slice(bodyStart, bodyStart + 4096),
        );
      if (said) message += ', saying "' + said[0] + '"';
    }
    return { status: code, message: message };
  }
}

/** The connection to the proxy failed with an error: `proxy: connect ECONNREFUSED 127.0.0.1:1`. */
const CONNECT_ERROR = /^proxy: connect (E[A-Z]+.*)$/;
/** proxyConnectTimeoutMessage's words. */
const CONNECT_TIMEOUT = /^proxy: could not connect to the proxy within ([\d.]+) s$/;
/** proxyAnswerTimeoutMessage's words. */
const CONNECT_UNANSWERED = /^proxy: the proxy accepted the connection but did not answer CONNECT within ([\d.]+) s$/;
/** proxyClosedMessage's words, with the error code of a reset. */
const CLOSED_UNANSWERED = /^proxy: the proxy closed the connection before answering CONNECT(?: \((\w+)\))?$/;
/** proxyNotHttpMessage's words: the quoted first line. */
const NOT_HTTP = /^proxy: the proxy answered (".*"), not an HTTP response$/;
/** proxyHeaderTooLargeMessage's words: the limit. */
const HEADER_TOO_LARGE = /^proxy: the proxy answered with a response header over ([\d.]+ KB)$/;
/** The proxy's status line when it was not 2xx (407 is its own outcome): `proxy: the proxy answered 403 Forbidden`. */
const ANSWERED_STATUS = /^proxy: the proxy answered (\d{3})\b ?(.*)$/;
/** connectAnswer's words for a 400 from a server that expects TLS: the status, and what its body said (quoted). */
const EXPECTS_TLS = /^proxy: the proxy answered (400\b.*), saying (".*")$/;
/** connectAnswer's words for a redirect: the status, and where to when its Location said. */
const REDIRECT = /^proxy: the proxy answered (3\d\d\b.*?)(?:, redirecting to (.*))?$/;

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
 * Whether a proxy that took the TCP connection ended it before answering CONNECT, and how: `code` is the error of a
 * reset (`ECONNRESET`), undefined for a plain close. Undefined when it did not (it answered, held the request, or was
 * not reached).
 */
export function proxyClosedUnanswered(
  result: Pick<EgressProbeResult, 'outcome' | 'detail'>,
): { code: string | undefined } | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const closed = CLOSED_UNANSWERED.exec(result.detail ?? '');
  return closed ? { code: closed[1] } : undefined;
}

/**
 * What was wrong with the answer of a proxy that answered CONNECT but not with an HTTP response the probe could read:
 * its first line when it was not HTTP (`notHttp`, quoted), or the header limit it went past (`tooLarge`). Undefined
 * otherwise.
 */
export function proxyUnreadableAnswer(
  result: Pick<EgressProbeResult, 'outcome' | 'detail'>,
): { notHttp: string } | { tooLarge: string } | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const detail = result.detail ?? '';
  const notHttp = NOT_HTTP.exec(detail)?.[1];
  if (notHttp) return { notHttp };
  const tooLarge = HEADER_TOO_LARGE.exec(detail)?.[1];
  return tooLarge ? { tooLarge } : undefined;
}

/**
 * The status a proxy refused the tunnel with, `403 Forbidden`, when it answered CONNECT with a client error (4xx; 407
 * is an outcome of its own): an explicit refusal, so the proxy works and its allow-list does not let the target
 * through. Undefined otherwise, a server error (5xx: the proxy failed on its side) included.
 */
export function proxyRefusal(result: Pick<EgressProbeResult, 'outcome' | 'detail'>): string | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const answered = ANSWERED_STATUS.exec(result.detail ?? '');
  return answered && answered[1].startsWith('4') && !EXPECTS_TLS.test(result.detail ?? '')
    ? `${answered[1]} ${answered[2]}`.trim()
    : undefined;
}

/**
 * An answer to CONNECT that says what listens at the proxy's address is likely not the plain HTTP forward proxy the
 * probe speaks to, so no refusal was read: a 400 whose body says the port expects TLS (`expectsTls`: an https:// proxy,
 * or a web server's HTTPS port), a redirect (`redirect`, to its Location when it gave one: a forward proxy opens a
 * tunnel or refuses one, it does not normally redirect; a captive portal or a web server does), or 101 Switching
 * Protocols (`switching`), which answers only a request that asked for an upgrade (RFC 9110, section 7.8), and CONNECT
 * asks for none. Undefined otherwise.
 */
export function proxyNotForwarding(
  result: Pick<EgressProbeResult, 'outcome' | 'detail'>,
):
  | { kind: 'expectsTls'; status: string; said: string }
  | { kind: 'redirect'; status: string; location: string | undefined }
  | { kind: 'switching'; status: string }
  | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const detail = result.detail ?? '';
  const expectsTls = EXPECTS_TLS.exec(detail);
  if (expectsTls) return { kind: 'expectsTls', status: expectsTls[1], said: expectsTls[2] };
  const redirect = REDIRECT.exec(detail);
  if (redirect) return { kind: 'redirect', status: redirect[1], location: redirect[2] };
  const answered = ANSWERED_STATUS.exec(detail);
  return answered?.[1] === '101' ? { kind: 'switching', status: `${answered[1]} ${answered[2]}`.trim() } : undefined;
}

/** What RFC 9110 (section 15.6) says each 5xx status means, in the words a CONNECT request's hint uses. */
const SERVER_ERROR_MEANINGS: Readonly<Record<string, string>> = {
  '500': 'it met an unexpected condition that kept it from fulfilling the request',
  '502': 'as a gateway or proxy, it received an invalid response from the server it went on to',
  '503': 'it cannot handle the request now, because of a temporary overload or maintenance',
  '504': 'as a gateway or proxy, it did not get a timely response from the server it went on to',
};

export interface ProxyServerError {
  /** The status code, `503`. */
  code: string;
  /** The status line's code and reason, `503 Service Unavailable`. */
  status: string;
  /** What the status means per RFC 9110, or for a 5xx it does not define, that the proxy failed on its side. */
  meaning: string;
}

/**
 * The status a proxy answered CONNECT with when it was a server error (5xx): the proxy took the request and failed to
 * carry it out, so it refused nothing and its allow-list is not in question. Undefined otherwise.
 */
export function proxyServerError(result: Pick<EgressProbeResult, 'outcome' | 'detail'>): ProxyServerError | undefined {
  if (result.outcome !== 'proxy-refused') return undefined;
  const answered = ANSWERED_STATUS.exec(result.detail ?? '');
  if (!answered || !answered[1].startsWith('5')) return undefined;
  return {
    code: answered[1],
    status: `${answered[1]} ${answered[2]}`.trim(),
    meaning: SERVER_ERROR_MEANINGS[answered[1]] ?? 'it failed on its side, for a reason the status does not say',
  };
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
