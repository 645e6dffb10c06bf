// Completion and hover right after an edit, measured over stdio as an editor sees them: the bundled server
// (dist/server.js) holds a 1 MB template; each keystroke is an incremental didChange followed at once by a
// completion and a hover at the edit, and the time of each from request to answer is taken (wall time: the
// server is another process). Words of a few keystrokes are typed at seeded-random resources: into the region
// value (the JSON stays valid) and as a new property name (the JSON is broken until the name is whole); between
// words the typist pauses until the document is validated, as a real one does. Goal: p95 < 10 ms for each of
// completion and hover. Wall time grows when other processes share the cores: the load average is printed beside it.
import {
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  LogTraceNotification,
  SetTraceNotification,
  type LogTraceParams,
  type Position,
} from 'vscode-languageserver-protocol/node';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { SERVER_NODE_OPTIONS } from '../../shared/serverProcess';
import { startServer } from '../support/lspServer';
import { generateTemplate } from './generate';
import { random } from '../support/random';
import { percentile } from './measure';

const RESOURCES = 1720;
const WORDS = 60;
/** Words typed first and not measured: the server's code is compiled while a long-running server's already is. */
const WARM_UP_WORDS = 10;
const GOAL_MS = 10;
const URI = 'file:///bench/stdio-template.json';

export interface StdioRow {
  operation: string;
  edits: number;
  p50Ms: number;
  p95Ms: number;
  goalMs: number;
  met: boolean;
}

interface Word {
  /** Where the word starts, found in the text. */
  readonly at: (text: string, resource: number) => number;
  readonly keys: readonly string[];
}

/** Typing at the end of a resource's region value; a new property name on a line of its own at the top of its properties. */
const WORDS_TYPED: readonly Word[] = [
  {
    at: (text, resource) =>
      text.indexOf('"', text.indexOf('"region": "', text.indexOf(`"bench-cloud/res${resource}"`)) + 11),
    keys: [...'north'],
  },
  // The rest of the name at once, as when a completion is accepted; the JSON is valid again after it.
  {
    at: (text, resource) => text.indexOf('"properties": {', text.indexOf(`"bench-cloud/res${resource}"`)) + 15,
    keys: ['\n        "', ...'clo', 'udStorageBucketRegion": "",'],
  },
];

export async function benchEditingOverStdio(): Promise<StdioRow[]> {
  let text = generateTemplate(RESOURCES).replace(/"provider": "AWS"/g, '"provider": "Aws"');
  // The server's verbose trace says how each version's editing model got its tree, and which versions were analysed.
  const server = await startServer({
    settings: {},
    collect: [LogTraceNotification.type.method],
    nodeArgs: serverNodeArgs(),
    capabilities: VSCODE_CAPABILITIES,
  });
  await server.connection.sendNotification(SetTraceNotification.type, { value: 'verbose' });
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: 'json', version: 1, text },
  });
  await server.diagnosticsFor(URI, () => true, 60_000);
  const next = random(20260914);
  const times = { completion: [] as number[], hover: [] as number[] };
  let version = 1;
  let edits = 0;
  const timed = async (into: number[], run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let word = -WARM_UP_WORDS; word < WORDS; word++) {
    const typed = WORDS_TYPED[(word + WARM_UP_WORDS) % WORDS_TYPED.length];
    let offset = typed.at(text, next(RESOURCES));
    for (const key of typed.keys) {
      const lines = new LineIndex(text);
      const position: Position = lines.positionAt(offset);
      text = text.slice(0, offset) + key + text.slice(offset);
      offset += key.length;
      version++;
      const contentChanges = [{ range: { start: position, end: position }, text: key }];
      await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: URI, version },
        contentChanges,
      });
      const after = new LineIndex(text).positionAt(offset);
      const completion = () =>
        server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: URI }, position: after });
      const hover = () =>
        server.connection.sendRequest(HoverRequest.type, {
          textDocument: { uri: URI },
          position: { line: after.line, character: Math.max(0, after.character - 1) },
        });
      if (word < 0) {
        await completion();
        await hover();
        continue;
      }
      edits++;
      await timed(times.completion, completion);
      await timed(times.hover, hover);
    }
    // The typist pauses until the word is validated (the server's default delay, 200 ms, then the analysis).
    await server.latest(
      URI,
      (published) => published.version === version,
      `the diagnostics of version ${version}`,
      60_000,
    );
  }
  const work = server.notifications<LogTraceParams>(LogTraceNotification.type.method).map((trace) => trace.message);
  await server.stop();
  const count = (pattern: RegExp) => work.filter((line) => pattern.test(line)).length;
  console.log(
    `\nover stdio: ${(text.length / 1e6).toFixed(1)} MB template, ${edits} keystrokes in ${WORDS} words (after ${WARM_UP_WORDS} not measured), each followed`,
  );
  console.log(`at once by a completion and a hover at the edit; load average ${os.loadavg()[0].toFixed(1)}`);
  console.log(
    `(the server: ${count(/tree spliced/)} editing models spliced, ${count(/tree parsed/)} parsed whole; ${count(/: analysed/)} analyses)`,
  );
  console.log('request    | p50 ms | p95 ms | goal');
  return (['completion', 'hover'] as const).map((operation) => {
    const sorted = [...times[operation]].sort((a, b) => a - b);
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    console.log(
      `${operation.padEnd(10)} | ${p50.toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | p95 < ${GOAL_MS} ms ${p95 < GOAL_MS ? 'PASS' : 'FAIL'}`,
    );
    return {
      operation: `${operation} after an edit (stdio)`,
      edits,
      p50Ms: p50,
      p95Ms: p95,
      goalMs: GOAL_MS,
      met: p95 < GOAL_MS,
    };
  });
}

export interface EnvelopeStdio {
  edits: number;
  /** The Node options the server ran with: the extension's (SERVER_NODE_OPTIONS), then BENCH_SERVER_NODE_ARGS. */
  serverNodeOptions: string[];
  loadAverage: number;
  /** Wall time from an edit's didChange to the publishDiagnostics of its version (debounce 0), sorted. */
  diagnostics: number[];
  /** Wall time of jsonc-parser's parseTree of each edited text in a worker thread, right after its requests, sorted. */
  parseTree: number[];
  completion: number[];
  hover: number[];
}

/** What VS Code's language client tells the server it can take, where it changes the answers timed here. */
const VSCODE_CAPABILITIES = {
  workspace: { configuration: true },
  textDocument: {
    completion: {
      completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
    },
  },
};

/** jsonc-parser's parseTree timed in a worker thread (./parseTreeWorker): the envelope's anchor over stdio. */
class ParseTreeWorker {
  private readonly worker = new Worker(path.join(__dirname, 'parseTreeWorker.js'));

  /** Wall time of parseTree of the text, in ms. */
  parseTreeTime(text: string): Promise<number> {
    return new Promise((resolve, reject) => {
      // Each listener goes when either fires: an 'error' listener left per edit piled up past Node's warning limit.
      const answered = (ms: number) => {
        this.worker.off('error', failed);
        resolve(ms);
      };
      const failed = (error: Error) => {
        this.worker.off('message', answered);
        reject(error);
      };
      this.worker.once('message', answered);
      this.worker.once('error', failed);
      this.worker.postMessage(text);
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Node options for the server after the extension's, e.g. `BENCH_SERVER_NODE_ARGS="--cpu-prof"` to profile it. */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * The envelope template over stdio with the validation delay at 0: each edit types one character into a literal
 * tag of a seeded-random resource (the JSON stays valid); the time from its didChange to its version's diagnostics
 * is taken, then a completion and a hover inside a `parameters('…')` call of the same resource. The anchor is
 * parseTree of the same text timed after them in a worker thread (./parseTreeWorker), in wall time too, so that the
 * machine's load weighs on both alike. The
 * server is told what VS Code's client tells it it can take (a completion list's default edit range).
 */
export async function benchEnvelopeOverStdio(template: string, edits = 30, warmUpEdits = 5): Promise<EnvelopeStdio> {
  let text = template;
  const anchor = new ParseTreeWorker();
  const server = await startServer({
    settings: { validation: { delay: 0 } },
    nodeArgs: serverNodeArgs(),
    capabilities: VSCODE_CAPABILITIES,
  });
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: 'json', version: 1, text },
  });
  await server.diagnosticsFor(URI, () => true, 120_000);
  const next = random(20261202);
  const literals: number[] = [];
  for (let at = text.indexOf('"literal tag '); at >= 0; at = text.indexOf('"literal tag ', at + 1))
    literals.push(at + 1);
  const times = {
    diagnostics: [] as number[],
    parseTree: [] as number[],
    completion: [] as number[],
    hover: [] as number[],
  };
  let version = 1;
  // Moved with each edit, as the server moves its own: scanning 4 MB twice per edit made this process's garbage
  // collections long enough to land inside the requests timed.
  let lines = new LineIndex(text);
  for (let edit = -warmUpEdits; edit < edits; edit++) {
    // Typing at the start of a literal; the literals after it move by one character.
    const literal = next(literals.length);
    const offset = literals[literal];
    const position = lines.positionAt(offset);
    text = text.slice(0, offset) + 'x' + text.slice(offset);
    lines = lines.edited(text, { start: offset, oldEnd: offset, newEnd: offset + 1 });
    for (let i = literal + 1; i < literals.length; i++) literals[i]++;
    version++;
    const since = server.mark();
    const started = performance.now();
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: URI, version },
      contentChanges: [{ range: { start: position, end: position }, text: 'x' }],
    });
    await server.diagnosticsFor(URI, (published) => published.version === version, 120_000, since);
    const validated = performance.now() - started;
    const call = text.indexOf("parameters('region", offset) + "parameters('".length + 2;
    const at = lines.positionAt(call);
    const t0 = performance.now();
    await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: URI }, position: at });
    const t1 = performance.now();
    await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: at });
    const t2 = performance.now();
    // The anchor after the requests, in a thread of its own: its 4 MB of garbage, collected in this thread, made
    // the next requests wait for this process's collections (an editor does not parse the document before each one).
    const parsed = await anchor.parseTreeTime(text);
    if (edit < 0) continue;
    times.diagnostics.push(validated);
    times.parseTree.push(parsed);
    times.completion.push(t1 - t0);
    times.hover.push(t2 - t1);
  }
  await server.stop();
  await anchor.stop();
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    edits,
    serverNodeOptions: [...SERVER_NODE_OPTIONS, ...serverNodeArgs()],
    loadAverage: os.loadavg()[0],
    diagnostics: sorted(times.diagnostics),
    parseTree: sorted(times.parseTree),
    completion: sorted(times.completion),
    hover: sorted(times.hover),
  };
}
