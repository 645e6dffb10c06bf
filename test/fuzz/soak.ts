// `npm run soak`: a long editing session against the bundled language server over stdio. Not part of `npm test`
// (it takes minutes). On a 1 MB template of chained cloud resources (test/bench/generate.ts), 5,000 incremental edits
// as typing makes them (see Typist), each followed by a completion or a hover at the cursor, with a pause for
// validation every 250 edits. Asserts: the diagnostics of the final text equal those of a fresh server opened on it; the server's
// heap (measured after full garbage collections, through the test-only preload ./heapProbe) grows less than 20%
// from the end of the warm-up to the end; every request is answered, the server never exits or writes to stderr.
// Prints completion and hover p50/p95 over stdio. Knobs: SOAK_EDITS (5,000), SOAK_SEED. Exits 1 on a failed assertion.
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  type Diagnostic,
  type Position,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { generateTemplate } from '../bench/generate';
import { startServer, type LspServer } from '../support/lspServer';
import { random } from '../support/random';

const EDITS = Number(process.env.SOAK_EDITS ?? 5000);
const SEED = Number(process.env.SOAK_SEED ?? 20261201);
const TEMPLATE_BYTES = 1_000_000;
const WARM_UP_EDITS = Math.min(500, Math.floor(EDITS / 10));
/** Validation runs when typing pauses (the server's debounce is 200 ms): a pause every this many edits. */
const PAUSE_EVERY = 250;
const HEAP_EVERY = 1000;
const MAX_HEAP_GROWTH = 0.2;
const ANSWER_TIMEOUT_MS = 30_000;
const DIAGNOSTICS_TIMEOUT_MS = 60_000;
const URI = 'file:///soak/template.json';
const HEAP_PROBE = path.join(__dirname, 'heapProbe.js');
const TYPED = 'abcdefghijklmnopqrstuvwxyz0123456789-';
/** Values edited at once: what the document holds beyond the original stays bounded. */
const MAX_EDITED = 25;
/** Values typed over a whole value: right and wrong ones, and expressions (one undefined, one unfinished). */
const REPLACEMENTS = [
  'Azure',
  'Aws',
  'AWS',
  'K8S',
  'k8s',
  'uksouth',
  'UK South',
  "[concat('Az', 'ure')]",
  "[parameters('nope')]",
  "[concat('a',",
];

const next = random(SEED);
const failures: string[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The smallest generated template of at least TEMPLATE_BYTES characters. */
function template(): { text: string; resources: number } {
  for (let resources = 1000; ; resources += 50) {
    const text = generateTemplate(resources);
    if (text.length >= TEMPLATE_BYTES) return { text, resources };
  }
}

function heapUsed(lsp: LspServer): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the heap probe did not answer: is out/fuzz/heapProbe.js built?')),
      30_000,
    );
    lsp.process.once('message', (message: { heapUsed: number; collected: boolean }) => {
      clearTimeout(timer);
      if (!message.collected)
        reject(new Error('the server runs without --expose-gc: its heap cannot be measured after collection'));
      else resolve(message.heapUsed);
    });
    lsp.process.send('heap');
  });
}

async function answered<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(
        () => reject(new Error(`${what}: no answer within ${ANSWER_TIMEOUT_MS} ms`)),
        ANSWER_TIMEOUT_MS,
      )),
  );
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The diagnostics published for this version, waited for. */
async function diagnosticsOf(lsp: LspServer, version: number): Promise<Diagnostic[]> {
  return (
    await lsp.latest(URI, (p) => p.version === version, `diagnostics for version ${version}`, DIAGNOSTICS_TIMEOUT_MS)
  ).diagnostics;
}

const comparable = (diagnostics: Diagnostic[]) =>
  diagnostics
    .map((d) =>
      JSON.stringify({ range: d.range, severity: d.severity, code: d.code, source: d.source, message: d.message }),
    )
    .sort();

/**
 * Edits as typing makes them, inside string values: a character typed or deleted, a whole value replaced, now and
 * then the closing quote deleted (put back by the next edit). At most MAX_EDITED values differ from the original
 * at a time, and an edited value is sometimes restored, so that the document stays the same kind of document from
 * the warm-up to the end: what the heap holds at the end is comparable with what it held after the warm-up.
 */
class Typist {
  /** The original value of each edited line. */
  private readonly edited = new Map<number, string>();
  private brokenQuote: Position | undefined;

  constructor(private readonly lineCount: number) {}

  next(document: TextDocument): { change: TextDocumentContentChangeEvent; cursor: Position } {
    if (this.brokenQuote) {
      const at = this.brokenQuote;
      this.brokenQuote = undefined;
      return {
        change: { range: { start: at, end: at }, text: '"' },
        cursor: { line: at.line, character: at.character + 1 },
      };
    }
    const revisit = this.edited.size >= MAX_EDITED || (this.edited.size > 0 && next(3) === 0);
    for (;;) {
      const line = revisit ? [...this.edited.keys()][next(this.edited.size)] : next(this.lineCount);
      const match = /^(\s*"[^"]+": ")([^"]*)"/.exec(
        document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }),
      );
      if (!match) continue;
      const start = match[1].length;
      const value = match[2];
      const at = (character: number): Position => ({ line, character });
      const replace = (text: string) => ({
        change: { range: { start: at(start), end: at(start + value.length) }, text },
        cursor: at(start + text.length),
      });
      if (!this.edited.has(line)) this.edited.set(line, value);
      if (revisit && next(10) < 3) {
        const original = this.edited.get(line)!;
        this.edited.delete(line);
        return replace(original);
      }
      const roll = next(100);
      if (roll < 2) {
        this.brokenQuote = at(start + value.length);
        return {
          change: { range: { start: at(start + value.length), end: at(start + value.length + 1) }, text: '' },
          cursor: at(start + value.length),
        };
      }
      if (roll < 10) return replace(REPLACEMENTS[next(REPLACEMENTS.length)]);
      const offset = start + next(value.length + 1);
      if (roll < 55 || value.length === 0)
        return {
          change: { range: { start: at(offset), end: at(offset) }, text: TYPED[next(TYPED.length)] },
          cursor: at(offset + 1),
        };
      const deleted = Math.min(offset, start + value.length - 1);
      return { change: { range: { start: at(deleted), end: at(deleted + 1) }, text: '' }, cursor: at(deleted) };
    }
  }
}

async function main(): Promise<number> {
  const { text, resources } = template();
  console.log(
    `npm run soak: ${EDITS} edits (SOAK_EDITS), seed ${SEED} (SOAK_SEED), on a ${(text.length / 1e6).toFixed(2)} MB template of ${resources} cloud resources`,
  );
  const lsp = await startServer({ nodeArgs: ['--expose-gc', '--require', HEAP_PROBE], ipc: true, settings: {} });
  let exited = false;
  let stopping = false;
  lsp.process.once('exit', (code) => {
    exited = true;
    if (!stopping) failures.push(`the server exited (code ${code}); stderr: ${lsp.stderr().slice(-2000)}`);
  });
  let document = TextDocument.create(URI, 'json', 1, text);
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: 'json', version: 1, text },
  });
  await diagnosticsOf(lsp, 1);

  const latency = { completion: [] as number[], hover: [] as number[] };
  const found = { completionItems: 0, hovers: 0 };
  const heap: { edit: number; bytes: number }[] = [];
  const typist = new Typist(document.lineCount);
  const started = Date.now();
  for (let edit = 1; edit <= EDITS && !exited; edit++) {
    const made = typist.next(document);
    const version = document.version + 1;
    document = TextDocument.update(document, [made.change], version);
    void lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: URI, version },
      contentChanges: [made.change],
    });
    const params = { textDocument: { uri: URI }, position: made.cursor };
    const t0 = performance.now();
    try {
      if (edit % 2 === 0) {
        const items = await answered(
          lsp.connection.sendRequest(CompletionRequest.type, params),
          `completion after edit ${edit}`,
        );
        latency.completion.push(performance.now() - t0);
        found.completionItems += Array.isArray(items) ? items.length : (items?.items.length ?? 0);
      } else {
        const shown = await answered(lsp.connection.sendRequest(HoverRequest.type, params), `hover after edit ${edit}`);
        latency.hover.push(performance.now() - t0);
        if (shown) found.hovers++;
      }
    } catch (error) {
      failures.push(`edit ${edit}: ${(error as Error).message}`);
      break;
    }
    const measureHeap = edit === WARM_UP_EDITS || edit % HEAP_EVERY === 0 || edit === EDITS;
    if (edit % PAUSE_EVERY === 0 || measureHeap) await diagnosticsOf(lsp, document.version);
    if (measureHeap) {
      heap.push({ edit, bytes: await heapUsed(lsp) });
      console.log(
        `  edit ${edit}: heap ${(heap.at(-1)!.bytes / 1e6).toFixed(1)} MB after gc; ${((Date.now() - started) / 1000).toFixed(0)} s so far`,
      );
    }
  }
  if (lsp.stderr()) failures.push(`the server wrote to stderr: ${lsp.stderr().slice(0, 2000)}`);

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const completion = sorted(latency.completion);
  const hover = sorted(latency.hover);
  console.log('request after an edit | p50 ms | p95 ms | count   (wall time over stdio, the server validating too)');
  console.log(
    `completion            | ${percentile(completion, 50).toFixed(1).padStart(6)} | ${percentile(completion, 95).toFixed(1).padStart(6)} | ${completion.length} (${found.completionItems} items)`,
  );
  console.log(
    `hover                 | ${percentile(hover, 50).toFixed(1).padStart(6)} | ${percentile(hover, 95).toFixed(1).padStart(6)} | ${hover.length} (${found.hovers} with content)`,
  );

  if (!exited && failures.length === 0) {
    const [baseline, last] = [heap.find((h) => h.edit === WARM_UP_EDITS)!, heap.at(-1)!];
    const growth = last.bytes / baseline.bytes - 1;
    const verdict = growth < MAX_HEAP_GROWTH ? 'ok' : 'FAILED';
    console.log(
      `heap after gc: ${(baseline.bytes / 1e6).toFixed(1)} MB after the warm-up (edit ${baseline.edit}), ${(last.bytes / 1e6).toFixed(1)} MB at the end: ${(growth * 100).toFixed(1)}% (< ${MAX_HEAP_GROWTH * 100}%: ${verdict})`,
    );
    if (growth >= MAX_HEAP_GROWTH)
      failures.push(`the heap grew ${(growth * 100).toFixed(1)}% from edit ${baseline.edit} to edit ${last.edit}`);

    const final = comparable(await diagnosticsOf(lsp, document.version));
    const fresh = await startServer({ settings: {} });
    await fresh.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: URI, languageId: 'json', version: 1, text: document.getText() },
    });
    const expected = comparable(await diagnosticsOf(fresh, 1));
    await fresh.stop();
    const missing = expected.filter((d) => !final.includes(d));
    const extra = final.filter((d) => !expected.includes(d));
    console.log(
      `final diagnostics: ${final.length} after ${EDITS} edits, ${expected.length} from a fresh server on the same text: ${missing.length + extra.length === 0 ? 'equal' : 'DIFFERENT'}`,
    );
    if (missing.length + extra.length > 0)
      failures.push(
        `final diagnostics differ from a fresh server's: missing ${missing.slice(0, 5).join(' ')}; extra ${extra.slice(0, 5).join(' ')}`,
      );
    stopping = true;
    await lsp.stop();
  } else if (!exited) {
    stopping = true;
    lsp.process.kill();
  }

  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(failures.length === 0 ? 'soak passed' : `soak failed: ${failures.length} problems`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`the soak itself failed: ${(error as Error).stack ?? error}`);
    process.exit(2);
  },
);
