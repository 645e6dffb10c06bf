// Completion and hover right after an edit, measured over stdio as an editor sees them: the bundled server
// (dist/server.js) holds a 1 MB template; each keystroke is an incremental didChange followed at once by a
// completion and a hover at the edit, and the time of each from request to answer is taken (wall time: the
// server is another process). Words of a few keystrokes are typed at seeded-random resources into a value (the
// region or the provider: the JSON stays valid) and as a new property name (the JSON is broken until the name's
// closing quote and colon are typed); between words the typist pauses long enough for the document to be
// validated, as a real one does. Goal: p95 < 10 ms for each of completion and hover.
import { CompletionRequest, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, HoverRequest, type Position } from 'vscode-languageserver-protocol/node';
import { LineIndex } from '../../server/src/service/text/lineIndex';
import { startServer } from '../support/lspServer';
import { generateTemplate } from './generate';
import { random } from '../support/random';
import { percentile } from './measure';

const RESOURCES = 1720;
const WORDS = 60;
const GOAL_MS = 10;
const URI = 'file:///bench/stdio-template.json';
/** Longer than the server's default validation delay (200 ms) plus the validation of 1 MB. */
const PAUSE_MS = 400;

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

/** Typing at the end of a resource's region value, and a new property name before its `provider`. */
const WORDS_TYPED: readonly Word[] = [
  { at: (text, resource) => text.indexOf('"', text.indexOf('"region": "', text.indexOf(`"bench-cloud/res${resource}"`)) + 11), keys: [...'north'] },
  // The rest of the name at once, as when a completion is accepted; the JSON is valid again after it.
  { at: (text, resource) => text.indexOf('"provider"', text.indexOf(`"bench-cloud/res${resource}"`)), keys: [...'"clo', 'udStorageBucketRegion": "",'] },
];

export async function benchEditingOverStdio(): Promise<StdioRow[]> {
  let text = generateTemplate(RESOURCES).replace(/"provider": "AWS"/g, '"provider": "Aws"');
  const server = await startServer({ settings: {} });
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: 'json', version: 1, text } });
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
  for (let word = 0; word < WORDS; word++) {
    const typed = WORDS_TYPED[word % WORDS_TYPED.length];
    let offset = typed.at(text, next(RESOURCES));
    for (const key of typed.keys) {
      const lines = new LineIndex(text);
      const position: Position = lines.positionAt(offset);
      text = text.slice(0, offset) + key + text.slice(offset);
      offset += key.length;
      version++;
      edits++;
      await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: position, end: position }, text: key }] });
      const after = new LineIndex(text).positionAt(offset);
      await timed(times.completion, () => server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: URI }, position: after }));
      await timed(times.hover, () => server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: URI }, position: { line: after.line, character: Math.max(0, after.character - 1) } }));
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  await server.stop();
  console.log(`\nover stdio: ${(text.length / 1e6).toFixed(1)} MB template, ${edits} keystrokes in ${WORDS} words, each followed at once by a completion and a hover at the edit`);
  console.log('request    | p50 ms | p95 ms | goal');
  return (['completion', 'hover'] as const).map((operation) => {
    const sorted = [...times[operation]].sort((a, b) => a - b);
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    console.log(`${operation.padEnd(10)} | ${p50.toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | p95 < ${GOAL_MS} ms ${p95 < GOAL_MS ? 'PASS' : 'FAIL'}`);
    return { operation: `${operation} after an edit (stdio)`, edits, p50Ms: p50, p95Ms: p95, goalMs: GOAL_MS, met: p95 < GOAL_MS };
  });
}
