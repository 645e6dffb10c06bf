// The HTTP CONNECT tunnel through a proxy (service/egress/proxy.ts says which proxy applies), with Basic proxy
// authentication: one phase of a probe, over a socket the probe engine opened to the proxy.
import type { Socket } from 'node:net';
import { PhaseError, runPhase } from './phase';
import { TIMEOUT, type ProxyConfig } from '../../service';
import {
  type ConnectAnswer,
  connectAnswer,
  mayBeHttpResponse,
  PROXY_CLOSED,
  proxyAnswerTimeoutMessage,
  proxyClosedMessage,
  proxyHeaderTooLargeMessage,
  proxyNotHttpMessage,
} from '../../../../shared/egress/proxyFailures';

const MAX_HEADER_BYTES = 16 * 1024;

/** Opens a CONNECT tunnel to `host:port` over an connected socket to the proxy; resolves with the same socket. */
export function connectTunnel(
  socket: Socket,
  config: ProxyConfig,
  host: string,
  port: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Socket> {
  let buffered = Buffer.alloc(0);
  /** How an answer that opens no tunnel fails the phase; undefined for one that opens it. */
  const failure = (answer: ConnectAnswer): PhaseError | undefined => {
    if ('tooLarge' in answer)
      return new PhaseError('proxy', 'BAD_RESPONSE', proxyHeaderTooLargeMessage(MAX_HEADER_BYTES));
    if ('notHttp' in answer) return new PhaseError('proxy', 'BAD_RESPONSE', proxyNotHttpMessage(answer.notHttp));
    if ('status' in answer) return new PhaseError('proxy', `HTTP_${answer.status}`, answer.message);
    return undefined;
  };
  return runPhase<Socket>(
    'proxy',
    timeoutMs,
    signal,
    (resolve, reject) => {
      const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
      const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`, 'User-Agent: anyscale-azure-egress'];
      if (config.url.username) {
        const credentials = `${decodeURIComponent(config.url.username)}:${decodeURIComponent(config.url.password)}`;
        lines.push(`Proxy-Authorization: Basic ${Buffer.from(credentials).toString('base64')}`);
      }
      // Whether the answer so far settles the phase; `ended`: the proxy closed the connection after it.
      const settled = (ended: boolean): boolean => {
        const answer = connectAnswer(buffered.toString('latin1'), ended, MAX_HEADER_BYTES);
        if (!answer) return false;
        detach();
        const failed = failure(answer);
        if (failed) reject(failed);
        else if ('open' in answer) {
          const rest = buffered.subarray(answer.open);
          if (rest.length > 0) socket.unshift(rest);
          resolve(socket);
        }
        return true;
      };
      const onData = (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        // Another service on the proxy's port (SSH, TLS) answers at once and may never end a header: not waited on.
        if (!mayBeHttpResponse(buffered.subarray(0, 5).toString('latin1')))
          return reject(new PhaseError('proxy', 'BAD_RESPONSE', proxyNotHttpMessage(buffered.toString('latin1'))));
        settled(false);
      };
      // Closed or reset before any answer: the proxy ended the exchange itself, not a firewall cutting the target's
      // connection (a reset after the tunnel opened is the TLS phase's, outcomes.ts `reset`). An answer whose body
      // ends with the connection (a 400 from a server that expects TLS) is read to that end.
      const onError = (error: NodeJS.ErrnoException) => {
        const closed = error.code === 'ECONNRESET' || error.code === 'EPIPE';
        if (closed && settled(true)) return;
        reject(
          closed
            ? new PhaseError('proxy', PROXY_CLOSED, proxyClosedMessage(error.code))
            : new PhaseError('proxy', error.code ?? 'UNKNOWN', error.message),
        );
      };
      const onClose = () => {
        if (!settled(true)) reject(new PhaseError('proxy', PROXY_CLOSED, proxyClosedMessage()));
      };
      const detach = () => {
        socket.off('data', onData);
        socket.off('error', onError);
        socket.off('close', onClose);
      };
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('close', onClose);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      return () => {
        detach();
        socket.destroy();
      };
    },
    // Out of time with the status line and header read, the body short of its Content-Length (a 400 the connection
    // is left open after): that answer, with what its body said so far, not "did not answer".
    () => {
      const answer = connectAnswer(buffered.toString('latin1'), true, MAX_HEADER_BYTES);
      return (answer && failure(answer)) ?? new PhaseError('proxy', TIMEOUT, proxyAnswerTimeoutMessage(timeoutMs));
    },
  );
}
