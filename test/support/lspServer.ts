// Protocol-tier harness: spawns the bundled language server (dist/server.js) over stdio and waits on what it sends.
import type { Writable } from 'node:stream';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ConfigurationRequest,
  type ConfigurationItem,
  ShutdownRequest,
  ExitNotification,
  type ClientCapabilities,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type InitializeResult,
} from 'vscode-languageserver-protocol/node';
import { REPO_ROOT } from './paths';
import { SERVER_NODE_OPTIONS } from '../../shared/serverProcess';

export const SERVER = path.join(REPO_ROOT, 'dist', 'server.js');

export interface ServerOptions {
  /** Environment of the server process; the test's own by default. */
  env?: NodeJS.ProcessEnv;
  /** Client capabilities sent with initialize; `{ workspace: { configuration: true } }` by default. */
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /**
   * The answer to each item of workspace/configuration, or a function of the item (its section and scope) giving
   * it; without it the request is left unanswered.
   */
  settings?: unknown;
  /** Custom notification methods whose params are kept, in order, for `notifications(method)`. */
  collect?: string[];
  /** Workspace folders sent with initialize; none by default. */
  workspaceFolders?: { uri: string; name: string }[];
  /**
   * Node options before the server's script, after the ones the extension starts it with (SERVER_NODE_OPTIONS), e.g.
   * `--expose-gc` or `--require <test-only preload>`.
   */
  nodeArgs?: string[];
  /** Opens an IPC channel to the server process (`process.send`), for a test-only side channel such as a heap probe. */
  ipc?: boolean;
}

export interface LspServer {
  connection: ProtocolConnection;
  /** The server's standard input: corked, what the client sends meanwhile reaches the server in one write. */
  input: Writable;
  initializeResult: InitializeResult;
  /** Every publishDiagnostics notification, in arrival order. */
  published: PublishDiagnosticsParams[];
  /** The params of the notifications of `method` (one of `options.collect`) received so far. */
  notifications<T>(method: string): T[];
  /**
   * The first diagnostics notification for `uri` that satisfies `accept` among those published after `since` (a
   * mark()); by default after the test's latest notification to the server (a didOpen, didChange, a settings change…),
   * so that an answer to an earlier action is never taken for this one's. Fails with what arrived instead.
   */
  diagnosticsFor(
    uri: string,
    accept?: (p: PublishDiagnosticsParams) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<PublishDiagnosticsParams>;
  /** How many diagnostics notifications have arrived so far: a `since` for diagnosticsFor. */
  mark(): number;
  /** The latest diagnostics for `uri` once they satisfy `accept`. */
  latest(
    uri: string,
    accept: (p: PublishDiagnosticsParams) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<PublishDiagnosticsParams>;
  /** Polls `probe` until it returns a value, or fails naming what never came. */
  until<T>(probe: () => T | undefined, what: string, timeoutMs?: number): Promise<T>;
  /** What workspace/configuration answers from now on (it is answered only when started with `settings`). */
  setSettings(settings: unknown): void;
  /** The server's process, e.g. to see whether it exited or to talk over its IPC channel. */
  process: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Sends shutdown + exit and resolves with the server's exit code. */
  stop(): Promise<number | null>;
}

export async function startServer(options: ServerOptions = {}): Promise<LspServer> {
  assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run node scripts/build.mjs`);
  const stdio: StdioOptions = options.ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : 'pipe';
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...(options.nodeArgs ?? []), SERVER, '--stdio'], {
    stdio,
    env: options.env ?? process.env,
  });
  let stderr = '';
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  const connection = createProtocolConnection(
    new StreamMessageReader(server.stdout!),
    new StreamMessageWriter(server.stdin!),
  );
  const published: PublishDiagnosticsParams[] = [];
  /** Called once for the next diagnostics notification: waiting wakes when it arrives, not at the next poll. */
  let onPublished: (() => void)[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    const waiting = onPublished;
    onPublished = [];
    for (const wake of waiting) wake();
  });
  const nextPublished = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      onPublished.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  // Where the test's latest action starts: what the server published before it answers earlier actions.
  let lastAction = 0;
  const send = connection.sendNotification.bind(connection) as (type: unknown, params?: unknown) => Promise<void>;
  (connection as { sendNotification: unknown }).sendNotification = (type: unknown, params?: unknown) => {
    lastAction = published.length;
    return send(type, params);
  };
  const collected = new Map<string, unknown[]>();
  for (const method of options.collect ?? []) {
    const received: unknown[] = [];
    collected.set(method, received);
    connection.onNotification(method, (params: unknown) => {
      received.push(params);
    });
  }
  let settings = options.settings;
  if (settings !== undefined)
    connection.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) =>
        typeof settings === 'function' ? (settings as (i: ConfigurationItem) => unknown)(item) : settings,
      ),
    );
  connection.listen();
  const initializeResult = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    workspaceFolders: options.workspaceFolders ?? null,
    capabilities: options.capabilities ?? { workspace: { configuration: true } },
    initializationOptions: options.initializationOptions,
  });
  await connection.sendNotification(InitializedNotification.type, {});

  async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline)
        throw new Error(`${what} did not arrive within ${timeoutMs} ms; server stderr: ${stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  return {
    connection,
    input: server.stdin!,
    initializeResult,
    published,
    notifications<T>(method: string): T[] {
      const received = collected.get(method);
      assert.ok(received, `notifications of ${method} are not collected: add it to startServer's collect`);
      return received as T[];
    },
    mark: () => published.length,
    async diagnosticsFor(uri, accept = () => true, timeoutMs = 5000, since = lastAction) {
      const deadline = Date.now() + timeoutMs;
      let seen = since;
      for (;;) {
        for (; seen < published.length; seen++)
          if (published[seen].uri === uri && accept(published[seen])) return published[seen];
        if (Date.now() > deadline)
          throw new Error(
            `no matching diagnostics for ${uri} after #${since}; got ${JSON.stringify(
              published
                .slice(since)
                .filter((p) => p.uri === uri)
                .slice(-2),
            )}\nserver stderr: ${stderr}`,
          );
        await nextPublished(deadline - Date.now() + 1);
      }
    },
    latest(uri, accept, what, timeoutMs) {
      return until(
        () => {
          const last = published.filter((p) => p.uri === uri).at(-1);
          return last && accept(last) ? last : undefined;
        },
        what,
        timeoutMs,
      );
    },
    until,
    process: server,
    stderr: () => stderr,
    setSettings(next) {
      settings = next;
    },
    async stop() {
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
