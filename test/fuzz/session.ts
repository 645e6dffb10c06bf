// One fuzz session with the bundled language server over stdio: opens, edits and closes documents, sends requests
// (cancelling some at once) and checks everything that comes back with ./checks: answers, published diagnostics,
// logged errors, stderr, the process's exit. Problems are grouped into failure classes, one line each, the first
// occurrence kept with what reproduces it. The random driver (protocolFuzz.ts) and the shrinker (minimize.ts) use it.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CancellationTokenSource,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type ClientCapabilities,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type Range,
  type TextDocumentContentChangeEvent,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CHECKED_LANGUAGES, isYamlLanguage } from '../../server/src/service/documents/languages';
import { startServer, type LspServer } from '../support/lspServer';
import {
  applyEdits,
  expressionStrings,
  expressionTouched,
  isParameterFile,
  isRange,
  linesOf,
  overlappingEdits,
  parses,
  rangeProblem,
  toOffsetEdits,
  type Syntax,
} from './checks';

/** A request as sent, with why an error answer may be justified. */
export interface SentRequest {
  method: string;
  /** Undefined: sent without params. */
  params?: unknown;
  /** The params are missing or not what the protocol allows: InvalidParams is a fine answer. */
  malformed?: boolean;
  /** A position on a line the document does not have: InvalidParams is a fine answer. */
  outOfRange?: boolean;
  /** Cancelled right after sending: RequestCancelled is a fine answer. */
  cancelled?: boolean;
}

/** What reproduces a failure: the document as the server had it, the request if there was one, and how it got there. */
export interface Repro {
  uri?: string;
  languageId?: string;
  uriKind?: string;
  text?: string;
  /** The text the document was opened with, when it differs from `text`: with `history`, it replays what happened. */
  openedText?: string;
  sample?: string;
  mutations?: string[];
  /** The notifications and requests since the document was opened. */
  history?: string[];
  request?: SentRequest;
  answer?: unknown;
  /** Filled in by the shrinker: the fewest lines and the request that still show the failure on a fresh server, or why not. */
  minimal?: string;
  /** The shrunk document's text. */
  minimalText?: string;
}

export interface Failure {
  /** One line naming the class: what went wrong, on which method, in words without numbers. */
  classKey: string;
  /** The full message of this occurrence. */
  message: string;
  seed: number;
  /** The number of the document the driver was working on. */
  document: number;
  repro: Repro;
}

export interface FailureClass {
  key: string;
  count: number;
  /** How often it happened on each method. */
  methods: Map<string, number>;
  uriKinds: Set<string>;
  languageIds: Set<string>;
  first: Failure;
}

/** How much was checked, so that a run is known not to have tested nothing. */
export interface SessionStats {
  /** Requests sent, per method. */
  requests: Record<string, number>;
  /** Requests answered with something other than null or an empty list, per method. */
  answered: Record<string, number>;
  cancelled: { sent: number; answeredRequestCancelled: number };
  diagnosticsChecked: number;
  quickFixEdits: number;
  fixAllEdits: number;
  editsApplied: number;
  renamesChecked: number;
}

export interface SessionDocument {
  readonly uri: string;
  readonly uriKind: string;
  readonly languageId: string;
  readonly sample?: string;
  readonly mutations: string[];
  readonly openedText: string;
  document: TextDocument;
  readonly history: string[];
  /** The diagnostics of the current version, once waited for (random choices may read them then: they are deterministic). */
  settled?: Diagnostic[];
  /** A version of this document went without diagnostics. */
  unvalidated?: boolean;
}

/** How long one batch of requests may take before it counts as never answered (the documents are small). */
const ANSWER_TIMEOUT_MS = 20_000;
/**
 * How long diagnostics for a settled document's version may take (the validation delay is 0); once a document went
 * without, the next waits for it are short, so that a server that never validates it does not stall the run.
 */
const DIAGNOSTICS_TIMEOUT_MS = 3_000;
const DIAGNOSTICS_TIMEOUT_AGAIN_MS = 500;
const OUR_LANGUAGES = new Set(CHECKED_LANGUAGES);
/**
 * A document that starts with an ARM template or parameter file `$schema`: when it does not parse, the user must be told.
 * The `$schema` must be on one line: one broken over lines in a file with other syntax errors reads, as JSON, as a string
 * ending at the line break, so the file is not known to be ARM's (the editor's JSON support marks its errors; the CLI
 * says it cannot parse it, and where).
 */
const ARM_SCHEMA = /^\s*\{\s*"\$schema"\s*:\s*"[^"\r\n]*deployment(Template|Parameters)\.json/i;

/** What the client declares: what VS Code declares for the features the server offers. */
const CLIENT_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
  textDocument: {
    synchronization: { didSave: true },
    completion: {
      completionItem: { snippetSupport: true, insertReplaceSupport: true, labelDetailsSupport: true },
      contextSupport: true,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      codeActionLiteralSupport: {
        codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source', 'source.fixAll'] },
      },
      isPreferredSupport: true,
    },
    rename: { prepareSupport: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
  },
};

/** Failures whose class is the same whichever method met them (their methods are counted instead). */
const ACROSS_METHODS =
  /^(internal error|error -?\d+|InvalidParams|RequestCancelled|request failed|no answer|error logged|wrote to stderr|server exited)/;

/** A class key without what differs between occurrences: numbers, URIs and paths. */
const normalize = (text: string) =>
  text
    .split('\n')[0]
    .replace(/(file|untitled|vscode-vfs):\S*/g, '<uri>')
    .replace(/(\/[\w.%@-]+){2,}/g, '<path>')
    .replace(/\d+/g, 'N')
    .slice(0, 180);

const syntaxOf = (languageId: string): Syntax | undefined =>
  isYamlLanguage(languageId) ? 'yaml' : OUR_LANGUAGES.has(languageId) ? 'json' : undefined;
const isEmptyAnswer = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);
export const describeRange = (value: unknown) =>
  isRange(value)
    ? `${value.start.line}:${value.start.character}-${value.end.line}:${value.end.character}`
    : JSON.stringify(value);

/** A document's text and identity at the moment a request was sent. */
interface Snapshot {
  readonly open: SessionDocument;
  readonly text: string;
}

export class FuzzSession {
  readonly classes = new Map<string, FailureClass>();
  readonly stats: SessionStats = {
    requests: {},
    answered: {},
    cancelled: { sent: 0, answeredRequestCancelled: 0 },
    diagnosticsChecked: 0,
    quickFixEdits: 0,
    fixAllEdits: 0,
    editsApplied: 0,
    renamesChecked: 0,
  };
  /** The document the driver works on: failures that name no document are charged to it. */
  current: SessionDocument | undefined;
  /** The driver's document count, recorded with each failure. */
  documentNumber = 0;
  server!: LspServer;
  private readonly open = new Map<string, SessionDocument>();
  /** The last document opened under each URI, open or not: what a logged error about a URI is charged to. */
  private readonly lastOpened = new Map<string, SessionDocument>();
  /**
   * The text of every version sent, by `uri@version`, for the diagnostics published for it. Versions are unique in a
   * session (each opened document starts at its own thousand), so late diagnostics of a closed document never meet
   * a reopened one.
   */
  private readonly versionTexts = new Map<string, { text: string; document: SessionDocument }>();
  private opened = 0;
  private diagnosticsSeen = 0;
  private logsSeen = 0;
  private stderrSeen = 0;
  private exited = false;
  private stopping = false;
  private exit!: Promise<'exited'>;

  private constructor(
    readonly seed: number,
    private readonly log: (line: string) => void,
  ) {}

  static async start(seed: number, log: (line: string) => void = () => undefined): Promise<FuzzSession> {
    const session = new FuzzSession(seed, log);
    await session.startServer();
    return session;
  }

  private async startServer(): Promise<void> {
    const lsp = await startServer({
      capabilities: CLIENT_CAPABILITIES,
      settings: { validation: { delay: 0 } },
      collect: ['window/logMessage'],
    });
    this.server = lsp;
    this.exited = this.stopping = false;
    this.diagnosticsSeen = this.logsSeen = this.stderrSeen = 0;
    this.exit = new Promise((resolve) =>
      lsp.process.once('exit', (code, signal) => {
        resolve('exited');
        if (lsp !== this.server) return; // a server replaced by restart()
        this.exited = true;
        if (!this.stopping)
          this.fail(
            'server exited',
            'process',
            `exit ${code ?? signal}`,
            `the server exited (${code ?? signal}); stderr: ${lsp.stderr().slice(-2000)}`,
            this.reproOf(this.current),
          );
      }),
    );
  }

  /** A fresh server with no documents open, after a crash or a request that was never answered. */
  private async restart(why: string): Promise<void> {
    this.log(`  restarting the server: ${why}`);
    this.stopping = true;
    if (!this.exited) this.server.process.kill();
    this.server.connection.dispose();
    this.open.clear();
    await this.startServer();
  }

  /** Shuts the server down; a server that does not exit cleanly is a failure. */
  async stop(): Promise<void> {
    this.drain();
    this.stopping = true;
    if (this.exited) return;
    const stopped = await Promise.race([
      this.server.stop(),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000)),
    ]);
    if (stopped === 'timeout') {
      this.fail('no answer', 'shutdown', 'within 5 s', 'shutdown was not answered within 5 s', {});
      this.server.process.kill();
    } else if (stopped !== 0)
      this.fail(
        'server exited',
        'exit',
        `code ${stopped} after shutdown`,
        `exit code ${stopped} after shutdown + exit`,
        {},
      );
  }

  isOpen(document: SessionDocument): boolean {
    return this.open.get(document.uri) === document;
  }

  openDocuments(): SessionDocument[] {
    return [...this.open.values()];
  }

  /** Opens a document (the caller makes sure the URI is not open already). */
  openDocument(spec: {
    uri: string;
    uriKind: string;
    languageId: string;
    text: string;
    sample?: string;
    mutations?: string[];
  }): SessionDocument {
    const version = ++this.opened * 1000;
    const { uri, languageId, text } = spec;
    const document: SessionDocument = {
      uri,
      uriKind: spec.uriKind,
      languageId,
      sample: spec.sample,
      mutations: spec.mutations ?? [],
      openedText: text,
      document: TextDocument.create(uri, languageId, version, text),
      history: [
        `didOpen ${uri} as ${languageId}${spec.sample ? `: ${spec.sample}` : ''}${spec.mutations?.length ? `, ${spec.mutations.join(', ')}` : ''}`,
      ],
    };
    this.open.set(uri, document);
    this.lastOpened.set(uri, document);
    this.versionTexts.set(`${uri}@${version}`, { text, document });
    void this.server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version, text },
    });
    return document;
  }

  /** Closes the document; the texts of documents closed a few opens ago are forgotten (their diagnostics have arrived). */
  closeDocument(document: SessionDocument): void {
    this.open.delete(document.uri);
    void this.server.connection.sendNotification(DidCloseTextDocumentNotification.type, {
      textDocument: { uri: document.uri },
    });
    const forgetBelow = (this.opened - 3) * 1000;
    for (const [key, sent] of this.versionTexts)
      if (sent.document.document.version < forgetBelow && !this.isOpen(sent.document)) this.versionTexts.delete(key);
  }

  change(document: SessionDocument, changes: TextDocumentContentChangeEvent[], what: string): void {
    const version = document.document.version + 1;
    document.document = TextDocument.update(document.document, changes, version);
    this.versionTexts.set(`${document.uri}@${version}`, { text: document.document.getText(), document });
    document.settled = undefined;
    document.history.push(`didChange to version ${version}: ${what}`);
    void this.server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: document.uri, version },
      contentChanges: changes,
    });
  }

  /** Waits for the diagnostics of the document's current version; without them the server has failed to validate it. */
  async settle(
    document: SessionDocument,
    timeoutMs = document.unvalidated ? DIAGNOSTICS_TIMEOUT_AGAIN_MS : DIAGNOSTICS_TIMEOUT_MS,
  ): Promise<void> {
    const version = document.document.version;
    document.settled = [];
    if (!OUR_LANGUAGES.has(document.languageId)) return;
    try {
      const published = await this.server.latest(
        document.uri,
        (p) => p.version === version,
        `diagnostics for version ${version}`,
        timeoutMs,
      );
      document.settled = published.diagnostics;
      const text = document.document.getText();
      if (
        published.diagnostics.length === 0 &&
        syntaxOf(document.languageId) === 'json' &&
        ARM_SCHEMA.test(text) &&
        !parses(text, 'json')
      ) {
        const why =
          'an ARM template or parameter file that does not parse (a syntax error, or nested too deeply) got no diagnostic';
        this.fail('syntax error not reported', 'textDocument/publishDiagnostics', '', why, this.reproOf(document));
      }
    } catch {
      document.unvalidated = true;
      const why = `no diagnostics for ${document.uri} version ${version} within ${timeoutMs} ms`;
      if (!this.exited)
        this.fail(
          'no diagnostics',
          'textDocument/publishDiagnostics',
          'none for the current version',
          why,
          this.reproOf(document),
        );
    }
    this.drain();
  }

  /** Sends the requests together (those marked cancelled are cancelled at once), waits for every answer, and checks each. */
  async sendBatch(requests: SentRequest[]): Promise<void> {
    const snapshots = new Map<string, Snapshot>(
      this.openDocuments().map((document) => [document.uri, { open: document, text: document.document.getText() }]),
    );
    const { stats } = this;
    const answers = requests.map((request) => {
      stats.requests[request.method] = (stats.requests[request.method] ?? 0) + 1;
      if (request.cancelled) stats.cancelled.sent++;
      const source = new CancellationTokenSource();
      if (request.cancelled) source.cancel();
      this.current?.history.push(
        `request ${request.method}${request.cancelled ? ' (cancelled at once)' : ''}: ${JSON.stringify(request.params)?.slice(0, 300) ?? 'no params'}`,
      );
      const { connection } = this.server;
      const sent =
        request.params === undefined
          ? connection.sendRequest(request.method, source.token)
          : connection.sendRequest(request.method, request.params, source.token);
      return sent.then(
        (answer) => {
          if (!isEmptyAnswer(answer)) stats.answered[request.method] = (stats.answered[request.method] ?? 0) + 1;
          this.checkAnswer(request, answer, snapshots);
        },
        (error: unknown) => {
          if (error instanceof ResponseError) this.checkError(request, error, snapshots);
          else if (!this.exited)
            this.fail(
              'request failed',
              request.method,
              String(error),
              String(error),
              this.reproOf(this.current, undefined, request),
            );
        },
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS)),
    );
    const outcome = await Promise.race([Promise.all(answers).then(() => 'answered' as const), timedOut, this.exit]);
    clearTimeout(timer);
    this.drain();
    if (outcome === 'timeout') {
      const methods = requests.map((r) => r.method).join(' + ');
      this.fail(
        'no answer',
        methods,
        `within ${ANSWER_TIMEOUT_MS / 1000} s`,
        `a batch of ${requests.length} requests got no answer within ${ANSWER_TIMEOUT_MS} ms`,
        this.reproOf(this.current, undefined, requests[0]),
      );
      await this.restart('a request was not answered');
    } else if (outcome === 'exited' || this.exited) await this.restart('the server exited');
  }

  // ---- Checks ----

  /**
   * Records a failure in its class: `kind` and `detail` without numbers, URIs or paths; plus the method where it says
   * what failed (a range, an edit). An error the server raises the same way on every method is one class, with the
   * methods counted.
   */
  private fail(kind: string, method: string, detail: string, message: string, repro: Repro): void {
    const onMethod = !ACROSS_METHODS.test(kind);
    const key = `${kind}${onMethod ? ` on ${method}` : ''}${detail ? `: ${normalize(detail)}` : ''}`;
    let known = this.classes.get(key);
    if (!known) {
      const first: Failure = { classKey: key, message, seed: this.seed, document: this.documentNumber, repro };
      known = { key, count: 0, methods: new Map(), uriKinds: new Set(), languageIds: new Set(), first };
      this.classes.set(key, known);
      this.log(`  new failure class: ${key}`);
    }
    known.count++;
    known.methods.set(method, (known.methods.get(method) ?? 0) + 1);
    if (repro.uriKind) known.uriKinds.add(repro.uriKind);
    if (repro.languageId) known.languageIds.add(repro.languageId);
  }

  private reproOf(open: SessionDocument | undefined, text?: string, request?: SentRequest, answer?: unknown): Repro {
    if (!open) return { request, answer };
    const { uri, languageId, uriKind, sample, mutations, history, openedText } = open;
    const shown = text ?? open.document.getText();
    return {
      uri,
      languageId,
      uriKind,
      text: shown,
      openedText: openedText === shown ? undefined : openedText,
      sample,
      mutations,
      history: [...history],
      request,
      answer,
    };
  }

  /** Checks what arrived since the last look: diagnostics, logged errors and stderr. */
  drain(): void {
    const { server } = this;
    for (; this.diagnosticsSeen < server.published.length; this.diagnosticsSeen++)
      this.checkPublished(server.published[this.diagnosticsSeen]);
    const logs = server.notifications<{ type: number; message: string }>('window/logMessage');
    for (; this.logsSeen < logs.length; this.logsSeen++) {
      const { type, message } = logs[this.logsSeen];
      if (type !== 1) continue;
      const named = /^Validating (\S+) failed/.exec(message)?.[1];
      const culprit = named === undefined ? this.current : this.lastOpened.get(named);
      const repro = culprit ? this.reproOf(culprit) : { uri: named };
      // The server's own function that threw tells two causes of the same error apart.
      const thrower = /^\s+at (\S+) \((?!node:|<anonymous>)/m.exec(message)?.[1];
      const detail = `${message.split('\n')[0].replace(/^Validating \S+ failed: /, 'validating failed: ')}${thrower ? ` (in ${thrower})` : ''}`;
      this.fail('error logged', 'window/logMessage', detail, message.slice(0, 2000), repro);
    }
    const stderr = server.stderr();
    if (stderr.length > this.stderrSeen) {
      const written = stderr.slice(this.stderrSeen);
      this.stderrSeen = stderr.length;
      this.fail('wrote to stderr', 'process', written.trim(), written.slice(0, 2000), this.reproOf(this.current));
    }
  }

  private checkPublished(published: PublishDiagnosticsParams): void {
    if (published.diagnostics.length === 0) return;
    const sent =
      published.version === undefined ? undefined : this.versionTexts.get(`${published.uri}@${published.version}`);
    if (!sent)
      return this.fail(
        'diagnostics for a version never sent',
        'textDocument/publishDiagnostics',
        '',
        `${published.uri} version ${published.version}`,
        { uri: published.uri },
      );
    const { text, document } = sent;
    const lines = linesOf(text);
    this.stats.diagnosticsChecked++;
    for (const diagnostic of published.diagnostics) {
      const problem = rangeProblem(diagnostic.range, lines);
      const what = `diagnostic ${diagnostic.code ?? String(diagnostic.message).split(':')[0]}`;
      if (problem) {
        const message = `${what} at ${describeRange(diagnostic.range)}: ${problem}`;
        this.fail(
          'range outside the document',
          'textDocument/publishDiagnostics',
          `${what}: ${problem}`,
          message,
          this.reproOf(document, text),
        );
      }
      const snapshots = new Map([[document.uri, { open: document, text }]]);
      for (const related of diagnostic.relatedInformation ?? [])
        this.checkRange(
          related.location.uri,
          related.location.range,
          `related information of ${what}`,
          'textDocument/publishDiagnostics',
          snapshots,
        );
    }
  }

  /** The text of a document an answer points into: open when the request was sent, or a file on disk. */
  private textOf(uri: string, snapshots: Map<string, Snapshot>): string | undefined {
    const snapshot = snapshots.get(uri);
    if (snapshot) return snapshot.text;
    if (!uri.startsWith('file:')) return undefined;
    try {
      return fs.readFileSync(fileURLToPath(uri), 'utf8');
    } catch {
      return undefined;
    }
  }

  private checkRange(
    uri: string,
    range: Range,
    what: string,
    method: string,
    snapshots: Map<string, Snapshot>,
    request?: SentRequest,
    answer?: unknown,
  ): void {
    const text = this.textOf(uri, snapshots);
    if (text === undefined) return;
    const problem = rangeProblem(range, linesOf(text));
    if (!problem) return;
    const own = snapshots.get(uri);
    this.fail(
      'range outside the document',
      method,
      `${what}: ${problem}`,
      `${what} at ${describeRange(range)} in ${uri}: ${problem}`,
      this.reproOf(own?.open ?? this.current, own?.text, request, answer),
    );
  }

  /** Every range in an answer, with the document it belongs to (Locations, LocationLinks, WorkspaceEdits; else the request's document). */
  private checkRanges(
    value: unknown,
    uri: string,
    key: string,
    method: string,
    snapshots: Map<string, Snapshot>,
    request: SentRequest,
    answer: unknown,
  ): void {
    if (typeof value !== 'object' || value === null) return;
    if (isRange(value)) return this.checkRange(uri, value, key, method, snapshots, request, answer);
    const record = value as Record<string, unknown>;
    if (typeof record.uri === 'string' && isRange(record.range))
      return this.checkRange(record.uri, record.range, 'location', method, snapshots, request, answer);
    if (typeof record.targetUri === 'string') {
      for (const field of ['targetRange', 'targetSelectionRange'])
        if (isRange(record[field]))
          this.checkRange(record.targetUri, record[field] as Range, field, method, snapshots, request, answer);
      if (isRange(record.originSelectionRange))
        this.checkRange(uri, record.originSelectionRange, 'originSelectionRange', method, snapshots, request, answer);
      return;
    }
    if (key === 'changes' && !Array.isArray(value)) {
      for (const [target, edits] of Object.entries(record))
        this.checkRanges(edits, target, 'edit', method, snapshots, request, answer);
      return;
    }
    if (typeof record.textDocument === 'object' && record.textDocument !== null && Array.isArray(record.edits)) {
      return this.checkRanges(
        record.edits,
        (record.textDocument as { uri: string }).uri,
        'edit',
        method,
        snapshots,
        request,
        answer,
      );
    }
    for (const [field, inner] of Object.entries(record))
      this.checkRanges(inner, uri, Array.isArray(value) ? key : field, method, snapshots, request, answer);
  }

  /** One action's edits: no two overlap; parseable stays parseable; a fix (not a rename) leaves ARM expressions alone. */
  private checkWorkspaceEdit(
    edit: WorkspaceEdit,
    what: string,
    method: string,
    snapshots: Map<string, Snapshot>,
    request: SentRequest,
    answer: unknown,
    isFix: boolean,
  ): void {
    const byUri = new Map<string, TextEdit[]>();
    for (const [uri, edits] of Object.entries(edit.changes ?? {}))
      byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
    for (const change of edit.documentChanges ?? [])
      if ('edits' in change)
        byUri.set(change.textDocument.uri, [
          ...(byUri.get(change.textDocument.uri) ?? []),
          ...(change.edits as TextEdit[]),
        ]);
    for (const [uri, edits] of byUri) {
      const text = this.textOf(uri, snapshots);
      if (text === undefined) continue;
      const lines = linesOf(text);
      if (edits.some((e) => rangeProblem(e.range, lines))) continue; // reported as a range problem already
      const offsets = toOffsetEdits(edits, lines);
      const own = snapshots.get(uri);
      const repro = this.reproOf(own?.open ?? this.current, own?.text ?? text, request, answer);
      const overlap = overlappingEdits(offsets);
      if (overlap) {
        this.fail(
          'overlapping edits',
          method,
          what,
          `${what}: edits ${JSON.stringify(overlap[0])} and ${JSON.stringify(overlap[1])} overlap`,
          repro,
        );
        continue;
      }
      const syntax = own ? syntaxOf(own.open.languageId) : /\.ya?ml$/i.test(uri) ? 'yaml' : 'json';
      if (!syntax || !parses(text, syntax)) continue;
      if (isFix && syntax === 'json' && !isParameterFile(text)) {
        const expressions = expressionStrings(text);
        for (const offsetEdit of offsets) {
          const expression = expressionTouched(offsetEdit, expressions);
          const replaced = JSON.stringify(text.slice(offsetEdit.start, offsetEdit.end));
          if (expression)
            this.fail(
              'fix edits an ARM expression',
              method,
              what,
              `${what} replaces ${replaced} with ${JSON.stringify(offsetEdit.newText)} inside ${expression}`,
              repro,
            );
        }
      }
      this.stats.editsApplied++;
      if (!parses(applyEdits(text, offsets), syntax))
        this.fail(
          `${what} breaks ${syntax === 'json' ? 'JSON' : 'YAML'}`,
          method,
          '',
          `${what}: the document no longer parses after its edits ${JSON.stringify(edits)}`,
          repro,
        );
    }
  }

  private checkAnswer(request: SentRequest, answer: unknown, snapshots: Map<string, Snapshot>): void {
    const { method } = request;
    const uri = (request.params as { textDocument?: { uri?: string } } | undefined)?.textDocument?.uri ?? '';
    this.checkRanges(answer, uri, 'range', method, snapshots, request, answer);
    if (method === 'textDocument/codeAction' && Array.isArray(answer)) {
      for (const action of answer as { title: string; kind?: string; edit?: WorkspaceEdit }[]) {
        if (!action.edit) continue;
        const fixAll = action.kind?.startsWith('source.fixAll') === true;
        if (fixAll) this.stats.fixAllEdits++;
        else this.stats.quickFixEdits++;
        const what = fixAll ? 'fix-all' : action.title.startsWith('Disable ') ? 'a "Disable …" action' : 'a quick fix';
        this.checkWorkspaceEdit(action.edit, what, method, snapshots, request, answer, true);
      }
    }
    if (method === 'textDocument/rename' && answer) {
      this.stats.renamesChecked++;
      this.checkWorkspaceEdit(answer as WorkspaceEdit, 'rename', method, snapshots, request, answer, false);
    }
  }

  private checkError(request: SentRequest, error: ResponseError<unknown>, snapshots: Map<string, Snapshot>): void {
    const { method } = request;
    const uri = (request.params as { textDocument?: { uri?: string } } | undefined)?.textDocument?.uri;
    const own = uri ? snapshots.get(uri) : undefined;
    const repro = this.reproOf(own?.open, own?.text, request, { code: error.code, message: error.message });
    const justified = (reason: boolean | undefined, kind: string) =>
      reason ? undefined : this.fail(kind, method, error.message, error.message, repro);
    switch (error.code) {
      case ErrorCodes.InternalError:
        return this.fail(
          'internal error',
          method,
          error.message.replace(/^Request \S+ failed with message: /, ''),
          error.message,
          repro,
        );
      case ErrorCodes.InvalidParams:
        return justified(request.malformed || request.outOfRange, 'InvalidParams for well-formed params');
      case LSPErrorCodes.RequestCancelled:
      case LSPErrorCodes.ServerCancelled:
        if (request.cancelled) this.stats.cancelled.answeredRequestCancelled++;
        return justified(request.cancelled, 'RequestCancelled for a request nobody cancelled');
      case ErrorCodes.InvalidRequest:
        return justified(
          method === 'textDocument/rename' || method === 'textDocument/prepareRename',
          `error ${error.code}`,
        );
      case LSPErrorCodes.ContentModified:
      case LSPErrorCodes.RequestFailed:
        return;
      default:
        return this.fail(`error ${error.code}`, method, error.message, error.message, repro);
    }
  }
}
