// A loopback-only network lab for the egress tests: certificates made at test time with the Debian `openssl`
// binary (spawned with argv, never a shell), real TLS servers (test-CA signed, self-signed, wrong host, expired),
// a server that accepts and never answers, one that resets, a closed port, a slow server, and real HTTP CONNECT
// proxies (node:http): with and without Basic auth (both refuse, 403, the hosts the lab does not know, and answer 502
// for a target they cannot connect to), one that opens tunnels with 204 instead of 200, one that sends 100 Continue
// first, an HTTPS one (node:https, TLS first), one that takes CONNECT requests and never answers them, one that closes
// the connection without answering, and one whose answer's header never ends; and ports where something else answers
// instead of a proxy: an SSH server's banner, a captive portal's redirect, a 101 Switching Protocols, and nginx's and Go's
// 400 to plain HTTP on a port that expects TLS (and nginx's cut short, its connection held open). Apart, a listener whose connections never complete (startUnanswered).
// Test host names resolve to 127.0.0.1 through the map the tests inject; nothing here ever sends a packet anywhere but
// loopback.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as net from 'node:net';
import * as tls from 'node:tls';
import * as http from 'node:http';
import * as https from 'node:https';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { temporaryDirectory } from './temporaryDirectory';

export const LOOPBACK = '127.0.0.1';
export const HOSTS = {
  good: 'good.egress.test',
  selfSigned: 'selfsigned.egress.test',
  wrongHost: 'wrong.egress.test',
  expired: 'expired.egress.test',
  silent: 'silent.egress.test',
  closed: 'closed.egress.test',
  slow: 'slow.egress.test',
  reset: 'reset.egress.test',
} as const;
/** A name the lab's resolver does not know: NXDOMAIN. */
export const UNKNOWN_HOST = 'nxdomain.egress.test';
export const PROXY_USER = 'probe';
/** Where the lab's captive portal redirects CONNECT requests. */
export const PORTAL_LOGIN = 'http://portal.egress.test/login?from=connect';
/** PORTAL_LOGIN as reports show it: without its query, where a real portal may carry a session token. */
export const PORTAL_SHOWN = 'http://portal.egress.test/login (its query left out)';
export const PROXY_PASSWORD = 'p@ss:word';

export interface Certificates {
  dir: string;
  caFile: string;
  caPem: string;
  pair(name: 'good' | 'selfSigned' | 'wrongHost' | 'expired'): { key: string; cert: string };
}

function openssl(dir: string, args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.error) throw new Error(`openssl could not be started (${run.error.message}); install Debian's openssl`);
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${run.stderr}`);
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Writes a test CA, three leaf certificates it signs and a self-signed one, each with its key, into `dir`. */
function writeCertificates(dir: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Anyscale Egress Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const signed = (name: string, san: string, days: string) => {
    fs.writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${san}\n`);
    openssl(dir, ['req', '-new', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      String(Date.now() % 1e9),
      '-days',
      days,
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
  };
  signed('good', `DNS:${HOSTS.good},DNS:${HOSTS.slow},DNS:localhost,IP:${LOOPBACK}`, '2');
  signed('wrongHost', 'DNS:someone-else.egress.test', '2');
  signed('expired', `DNS:${HOSTS.expired}`, '-1');
  openssl(dir, [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'selfSigned.key',
    '-out',
    'selfSigned.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Self Signed',
    '-addext',
    `subjectAltName=DNS:${HOSTS.selfSigned}`,
  ]);
}

/**
 * A test CA and four leaf certificates, in a fresh temporary folder: removed again when openssl fails, and at the
 * latest when the test process exits (temporaryDirectory).
 */
export function makeCertificates(): Certificates {
  const dir = temporaryDirectory('anyscale-egress-certs-');
  try {
    writeCertificates(dir);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    caPem: read('ca.pem'),
    pair: (name) => ({ key: read(`${name}.key`), cert: read(`${name}.pem`) }),
  };
}

export interface Lab {
  certificates: Certificates;
  ports: Record<keyof typeof HOSTS, number>;
  /** Host name → address, for the injected resolver. */
  names: Record<string, string>;
  /** `host:port` of each server. */
  target(name: keyof typeof HOSTS): string;
  proxyPort: number;
  /**
   * The same proxy, opening each tunnel with 204 No Content instead of 200: any 2xx answer to CONNECT opens the tunnel
   * (RFC 9110, section 9.3.6).
   */
  noContentProxyPort: number;
  /** The same proxy, sending an interim 100 Continue before its 200. */
  continueProxyPort: number;
  /** Not a forward proxy: a captive portal's server, which answers CONNECT with 302 Found to PORTAL_LOGIN. */
  redirectingPort: number;
  /** Not a forward proxy: a server that answers CONNECT with 101 Switching Protocols, which nothing asked for. */
  switchingPort: number;
  /** A port that expects TLS, answering plain HTTP with nginx's 400 "The plain HTTP request was sent to HTTPS port". */
  expectsTlsPort: number;
  /** The same, answered as Go's net/http does: "Client sent an HTTP request to an HTTPS server.", ended by the close. */
  goExpectsTlsPort: number;
  /**
   * nginx's 400 cut short: its header and the first part of its body, less than its Content-Length says, and the
   * connection held open, never ended.
   */
  shortBodyPort: number;
  authProxyPort: number;
  /** A real HTTP proxy that accepts every connection and never answers its CONNECT requests. */
  mutedProxyPort: number;
  /** A real HTTP proxy that answers CONNECT with a response header that never ends (over the probe's 16 KB). */
  oversizedProxyPort: number;
  /** Not a proxy: a service that greets each connection with an SSH banner, as one on the proxy's port would. */
  sshPort: number;
  /** Reads each CONNECT request and closes the connection without answering it. */
  closingProxyPort: number;
  /** A real HTTPS proxy (TLS first, then CONNECT), which a client that speaks plain HTTP to it never gets an answer from. */
  tlsProxyPort: number;
  /** The banner the service on sshPort sends. */
  sshBanner: string;
  /** The CONNECT authorities the proxies were asked for. */
  proxied: string[];
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** A TLS server whose handshake starts `delayMs` after the TCP connection is accepted. */
function tlsServer(pair: { key: string; cert: string }, delayMs: number, sockets: Set<net.Socket>): net.Server {
  const secure = tls.createServer(pair, (socket) => {
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
  });
  secure.on('tlsClientError', () => undefined);
  return net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (delayMs > 0) setTimeout(() => secure.emit('connection', socket), delayMs);
    else secure.emit('connection', socket);
  });
}

/**
 * An HTTP CONNECT proxy; with `tlsPair`, an HTTPS one (TLS first, then CONNECT inside it), which a client must address
 * as https://; `established` is the status it opens a tunnel with (200 Connection Established unless said), after the
 * interim (1xx) answer `interim` when given. It refuses (403) the hosts the lab does not know and answers 502 when it cannot connect to one it does.
 */
function proxy(
  names: Record<string, string>,
  proxied: string[],
  sockets: Set<net.Socket>,
  options: { auth?: string; tlsPair?: { key: string; cert: string }; established?: string; interim?: string } = {},
): http.Server {
  const { auth, tlsPair, established = '200 Connection Established', interim } = options;
  const notProxied: http.RequestListener = (_req, res) => res.writeHead(405).end();
  const server = tlsPair ? https.createServer(tlsPair, notProxied) : http.createServer(notProxied);
  server.on('tlsClientError', () => undefined);
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('error', () => undefined);
    proxied.push(req.url ?? '');
    if (auth && req.headers['proxy-authorization'] !== `Basic ${Buffer.from(auth).toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="lab"\r\n\r\n');
      return;
    }
    const [host, port] = [
      (req.url ?? '').slice(0, (req.url ?? '').lastIndexOf(':')),
      Number((req.url ?? '').slice((req.url ?? '').lastIndexOf(':') + 1)),
    ];
    const address = names[host.toLowerCase()];
    if (!address) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    let connected = false;
    const upstream = net.connect({ host: address, port }, () => {
      connected = true;
      client.write(`${interim ? `HTTP/1.1 ${interim}\r\n\r\n` : ''}HTTP/1.1 ${established}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    // As real proxies do: a target it cannot connect to is a 502; a tunnel the target breaks is cut.
    upstream.on('error', () => (connected ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
  });
  return server;
}

/** Not a forward proxy: an HTTP server (node:http) that answers every CONNECT request with `answer` and closes. */
function answeringServer(answer: string, sockets: Set<net.Socket>): http.Server {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (_req: http.IncomingMessage, client: net.Socket) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.end(answer);
  });
  return server;
}

/** nginx's answer (1.24, its default error page) to plain HTTP on a port where it expects TLS. */
const NGINX_PLAIN_ON_TLS_BODY =
  '<html>\r\n<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>\r\n<body>\r\n' +
  '<center><h1>400 Bad Request</h1></center>\r\n<center>The plain HTTP request was sent to HTTPS port</center>\r\n' +
  '<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n';

/**
 * A port where a server expects TLS and answers plain HTTP as nginx does (400 Bad Request with its error page, the
 * header and the body in two writes, the body a moment later, so a reader that stops at the header misses it), or as
 * Go's net/http does (an HTTP/1.0 400 without Content-Length, its body ended by the close); then it closes.
 */
function expectsTlsServer(as: 'nginx' | 'go' | 'nginx cut short', sockets: Set<net.Socket>): net.Server {
  return net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      if (as === 'go') {
        socket.end('HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n');
        return;
      }
      socket.write(
        'HTTP/1.1 400 Bad Request\r\nServer: nginx/1.24.0\r\nContent-Type: text/html\r\n' +
          `Content-Length: ${Buffer.byteLength(NGINX_PLAIN_ON_TLS_BODY)}\r\nConnection: close\r\n\r\n`,
      );
      // Cut short: the page up to its title, and the rest never comes; the connection stays open until the lab closes.
      if (as === 'nginx cut short')
        setTimeout(
          () => socket.write(NGINX_PLAIN_ON_TLS_BODY.slice(0, NGINX_PLAIN_ON_TLS_BODY.indexOf('</title>'))),
          50,
        );
      else setTimeout(() => socket.end(NGINX_PLAIN_ON_TLS_BODY), 50);
    });
  });
}

/** An HTTP proxy (node:http) that holds every CONNECT request without an answer until the lab closes. */
function mutedProxy(sockets: Set<net.Socket>): http.Server {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (_req: http.IncomingMessage, client: net.Socket) => {
    sockets.add(client);
    client.on('error', () => undefined);
  });
  return server;
}

/** An HTTP proxy (node:http) that answers every CONNECT with 200 and a header it never ends, 32 KB of it. */
function oversizedProxy(sockets: Set<net.Socket>): http.Server {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (_req: http.IncomingMessage, client: net.Socket) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.write(`HTTP/1.1 200 Connection Established\r\n${'X-Lab-Filler: 0123456789abcdef\r\n'.repeat(1024)}`);
  });
  return server;
}

/** Not an HTTP proxy, or not for this client: it reads the CONNECT request and closes the connection without a word. */
function closingProxy(sockets: Set<net.Socket>): net.Server {
  return net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end());
  });
}

const SSH_BANNER = 'SSH-2.0-OpenSSH_9.6 egress-lab';

/** A service that is not an HTTP proxy: it greets each connection with an SSH banner and keeps it open, as sshd does. */
function sshLike(sockets: Set<net.Socket>): net.Server {
  return net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write(`${SSH_BANNER}\r\n`);
  });
}

/**
 * Starts every server of the lab on a free loopback port. When one cannot listen, the servers already listening are
 * closed and the certificates' folder removed before the error is thrown: nothing is left running or on disk.
 */
export async function startLab(options: { slowMs?: number } = {}): Promise<Lab> {
  const certificates = makeCertificates();
  const sockets = new Set<net.Socket>();
  const servers: net.Server[] = [];
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    fs.rmSync(certificates.dir, { recursive: true, force: true });
  };
  const start = async (server: net.Server) => {
    servers.push(server);
    return listen(server);
  };
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  const reset = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.resetAndDestroy());
  });
  // A port nothing listens on: below the ephemeral range, so that no server started with port 0 (this lab's reset
  // server took a port just freed here once, and the "refused" tests saw resets) can be given it.
  const closed = 1;
  const names: Record<string, string> = Object.fromEntries(Object.values(HOSTS).map((host) => [host, LOOPBACK]));
  const proxied: string[] = [];
  try {
    const ports = {
      good: await start(tlsServer(certificates.pair('good'), 0, sockets)),
      selfSigned: await start(tlsServer(certificates.pair('selfSigned'), 0, sockets)),
      wrongHost: await start(tlsServer(certificates.pair('wrongHost'), 0, sockets)),
      expired: await start(tlsServer(certificates.pair('expired'), 0, sockets)),
      silent: await start(silent),
      closed,
      slow: await start(tlsServer(certificates.pair('good'), options.slowMs ?? 1000, sockets)),
      reset: await start(reset),
    };
    return {
      certificates,
      ports,
      names,
      target: (name) => `${HOSTS[name]}:${ports[name]}`,
      proxyPort: await start(proxy(names, proxied, sockets)),
      noContentProxyPort: await start(proxy(names, proxied, sockets, { established: '204 No Content' })),
      continueProxyPort: await start(proxy(names, proxied, sockets, { interim: '100 Continue' })),
      redirectingPort: await start(
        answeringServer(`HTTP/1.1 302 Found\r\nLocation: ${PORTAL_LOGIN}\r\nContent-Length: 0\r\n\r\n`, sockets),
      ),
      switchingPort: await start(
        answeringServer(
          'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
          sockets,
        ),
      ),
      expectsTlsPort: await start(expectsTlsServer('nginx', sockets)),
      goExpectsTlsPort: await start(expectsTlsServer('go', sockets)),
      shortBodyPort: await start(expectsTlsServer('nginx cut short', sockets)),
      authProxyPort: await start(proxy(names, proxied, sockets, { auth: `${PROXY_USER}:${PROXY_PASSWORD}` })),
      mutedProxyPort: await start(mutedProxy(sockets)),
      oversizedProxyPort: await start(oversizedProxy(sockets)),
      sshPort: await start(sshLike(sockets)),
      closingProxyPort: await start(closingProxy(sockets)),
      tlsProxyPort: await start(proxy(names, proxied, sockets, { tlsPair: certificates.pair('good') })),
      sshBanner: SSH_BANNER,
      proxied,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** How a connection to `port` went within `ms`: completed, failed (refused, reset), or still pending. */
function connectWithin(port: number, ms: number, opened: net.Socket[]): Promise<'completed' | 'failed' | 'pending'> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: LOOPBACK, port });
    opened.push(socket);
    const timer = setTimeout(() => resolve('pending'), ms);
    const settle = (how: 'completed' | 'failed') => {
      clearTimeout(timer);
      resolve(how);
    };
    socket.once('connect', () => settle('completed'));
    socket.on('error', () => settle('failed'));
  });
}

/**
 * A port whose TCP connections never complete, as behind a firewall that drops packets, on loopback: a listener that
 * never accepts (its thread is blocked), with its accept queue filled here. Linux then drops the SYN of every further
 * connection, so a connect to the port times out. The queue holds backlog + 1 connections on Linux; it is filled
 * until a connection stays pending, so another system's count does not matter, and one that completes them all or
 * refuses them fails here, loudly, rather than make a timeout test pass for another reason.
 */
export async function startUnanswered(): Promise<{ port: number; close(): Promise<void> }> {
  const released = new Int32Array(new SharedArrayBuffer(4));
  const listener = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const server = require('node:net').createServer();
    server.listen({ port: 0, host: ${JSON.stringify(LOOPBACK)}, backlog: 1 }, () => {
      parentPort.postMessage(server.address().port);
      Atomics.wait(workerData, 0, 0);
      server.close();
    });`,
    { eval: true, workerData: released },
  );
  const port = await new Promise<number>((resolve, reject) => {
    listener.once('message', resolve);
    listener.once('error', reject);
  });
  const opened: net.Socket[] = [];
  const close = async () => {
    for (const socket of opened) socket.destroy();
    Atomics.store(released, 0, 1);
    Atomics.notify(released, 0);
    await listener.terminate();
  };
  for (let attempt = 0; attempt < 16; attempt++) {
    const how = await connectWithin(port, 300, opened);
    if (how === 'pending') return { port, close };
    if (how === 'failed') break;
  }
  await close();
  throw new Error('a listener that never accepts completed or refused every connection: no dropped SYN to test with');
}
