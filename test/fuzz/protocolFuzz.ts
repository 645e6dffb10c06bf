// The protocol-level fuzz's random driver: opens mutated fixtures and corpus files (./inputs) one after another
// under ordinary and odd URIs, edits them incrementally, and sends every request the server announces in initialize
// (and its cheap custom ones) at random positions, out-of-range ones included, with missing params now and then,
// some cancelled right after sending. ./session checks every answer. The same seed sends the same inputs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type {
  Position,
  Range,
  ServerCapabilities,
  TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  EgressAllowListRequest,
  EgressClusterJobRequest,
  EgressClusterLogRequest,
  EgressProbeRequest,
  EgressTargetsRequest,
} from '../../shared/protocol';
import { FIXTURES } from '../support/paths';
import { random } from '../support/random';
import { linesOf } from './checks';
import {
  insertion,
  interestingOffsets,
  languageIdFor,
  loadSamples,
  mutate,
  pick,
  symbolOffsets,
  uriFor,
  uriKind,
  valueEdit,
  type Next,
} from './inputs';
import {
  describeRange,
  FuzzSession,
  type FailureClass,
  type SentRequest,
  type SessionDocument,
  type SessionStats,
} from './session';

export interface FuzzOptions {
  seed: number;
  /** How many documents are opened, one after another, each with its edits and requests. */
  documents: number;
  /** Stops opening documents after this many seconds, whatever `documents` says. */
  seconds?: number;
  /** Where progress lines go; nowhere by default. */
  log?: (line: string) => void;
}

export interface FuzzReport {
  seed: number;
  documents: number;
  stats: SessionStats;
  classes: FailureClass[];
  /** Why part of the input was not there (the shared corpus), in one line. */
  skipped?: string;
  durationMs: number;
}

/** Documents kept open at once, so that templates and parameter files meet. */
const MAX_OPEN = 3;
const FIX_ALL_KIND = 'source.fixAll.anyscale-azure';
/** New names for rename: valid ones half the time, then ones ARM or JSON would choke on. */
const NEW_NAMES = [
  'renamedByFuzz',
  'x',
  'newName2',
  'ünïcode',
  'location',
  "it's",
  'a"b',
  '',
  '123',
  'a b',
  '[x]',
  'a\\b',
];
const NAVIGATION = new Set([
  'textDocument/definition',
  'textDocument/references',
  'textDocument/rename',
  'textDocument/prepareRename',
  'textDocument/documentHighlight',
]);
const ONLY_KINDS: (string[] | undefined)[] = [
  undefined,
  undefined,
  ['quickfix'],
  [FIX_ALL_KIND],
  ['source.fixAll'],
  ['source'],
  ['refactor'],
];

/** The standard requests a server may announce, with the capability that announces each and the params it takes. */
type ParamsKind =
  'position' | 'document' | 'range' | 'completion' | 'references' | 'rename' | 'codeAction' | 'formatting';
const STANDARD_REQUESTS: { capability: keyof ServerCapabilities; method: string; params: ParamsKind }[] = [
  { capability: 'hoverProvider', method: 'textDocument/hover', params: 'position' },
  { capability: 'completionProvider', method: 'textDocument/completion', params: 'completion' },
  { capability: 'definitionProvider', method: 'textDocument/definition', params: 'position' },
  { capability: 'declarationProvider', method: 'textDocument/declaration', params: 'position' },
  { capability: 'typeDefinitionProvider', method: 'textDocument/typeDefinition', params: 'position' },
  { capability: 'implementationProvider', method: 'textDocument/implementation', params: 'position' },
  { capability: 'referencesProvider', method: 'textDocument/references', params: 'references' },
  { capability: 'documentHighlightProvider', method: 'textDocument/documentHighlight', params: 'position' },
  { capability: 'signatureHelpProvider', method: 'textDocument/signatureHelp', params: 'position' },
  { capability: 'documentSymbolProvider', method: 'textDocument/documentSymbol', params: 'document' },
  { capability: 'foldingRangeProvider', method: 'textDocument/foldingRange', params: 'document' },
  { capability: 'documentLinkProvider', method: 'textDocument/documentLink', params: 'document' },
  { capability: 'codeLensProvider', method: 'textDocument/codeLens', params: 'document' },
  { capability: 'inlayHintProvider', method: 'textDocument/inlayHint', params: 'range' },
  { capability: 'documentFormattingProvider', method: 'textDocument/formatting', params: 'formatting' },
  { capability: 'codeActionProvider', method: 'textDocument/codeAction', params: 'codeAction' },
  { capability: 'renameProvider', method: 'textDocument/rename', params: 'rename' },
];
/** The custom requests (shared/protocol.ts) that are cheap: no network. The probe is sent only with an empty target list. */
const CUSTOM_REQUESTS = [
  EgressTargetsRequest.method,
  EgressAllowListRequest.method,
  EgressClusterJobRequest.method,
  EgressClusterLogRequest.method,
  EgressProbeRequest.method,
];
/** Custom requests whose missing params are tried: not the probe, which with no params could reach for the network. */
const CUSTOM_WITHOUT_PARAMS = [
  EgressTargetsRequest.method,
  EgressAllowListRequest.method,
  EgressClusterJobRequest.method,
  EgressClusterLogRequest.method,
];

/** Runs the fuzz and returns what it found; a failure of the server never throws. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const next: Next = random(options.seed);
  const { samples, skipped } = loadSamples();
  if (skipped) log(skipped);
  const session = await FuzzSession.start(options.seed, log);
  const capabilities = session.server.initializeResult.capabilities;
  const offered = STANDARD_REQUESTS.filter((request) => capabilities[request.capability]);
  const prepareRename =
    typeof capabilities.renameProvider === 'object' && capabilities.renameProvider.prepareProvider === true;
  log(
    `fuzzing ${[...offered.map((r) => r.method), ...(prepareRename ? ['textDocument/prepareRename'] : []), ...CUSTOM_REQUESTS].join(', ')}`,
  );

  /** A position: mostly where features have work, sometimes at line ends (between `\r` and `\n` too), past the end, or negative. */
  function randomPosition(
    document: SessionDocument,
    navigation = false,
  ): { position: Position; outOfRange?: boolean; malformed?: boolean } {
    const text = document.document.getText();
    const lines = linesOf(text);
    const roll = next(20);
    const choice = next(1_000_000);
    const at = (offset: number) => document.document.positionAt(Math.min(text.length, offset));
    if (navigation && roll < 12) {
      // Navigation and rename have work only on the name of a parameter or variable: most of their positions are there.
      const symbols = symbolOffsets(text);
      if (symbols.length > 0) return { position: at(symbols[choice % symbols.length]) };
    }
    if (roll < 5) {
      const interesting = interestingOffsets(text);
      return {
        position: at(
          interesting.length > 0 ? interesting[choice % interesting.length] + (choice % 3) : choice % (text.length + 1),
        ),
      };
    }
    const symbols = roll < 10 ? symbolOffsets(text) : [];
    if (symbols.length > 0) return { position: at(symbols[choice % symbols.length]) };
    if (roll < 12) return { position: at(choice % (text.length + 1)) };
    if (roll < 14 && document.settled && document.settled.length > 0) {
      const range = document.settled[choice % document.settled.length].range;
      return { position: choice % 2 === 0 ? range.start : range.end };
    }
    if (roll < 16) {
      const line = choice % lines.lengths.length;
      return { position: { line, character: lines.lengths[line] + (lines.crlf[line] ? choice % 2 : 0) } };
    }
    if (roll < 18)
      return { position: { line: lines.lengths.length + (choice % 5), character: choice % 10 }, outOfRange: true };
    if (roll < 19) return { position: { line: choice % lines.lengths.length, character: 1_000_000 } }; // clamped to the line end, as LSP says
    return choice % 2 === 0
      ? { position: { line: 2 ** 31 - 1, character: 2 ** 31 - 1 }, outOfRange: true }
      : { position: { line: -1, character: -1 }, malformed: true };
  }

  function randomRange(document: SessionDocument): { range: Range; outOfRange?: boolean; malformed?: boolean } {
    const roll = next(4);
    const choice = next(1_000_000);
    if (roll === 0 && document.settled && document.settled.length > 0)
      return { range: document.settled[choice % document.settled.length].range };
    const a = randomPosition(document);
    const b = roll === 1 ? a : randomPosition(document);
    const before =
      a.position.line < b.position.line ||
      (a.position.line === b.position.line && a.position.character <= b.position.character);
    const [start, end] = before ? [a, b] : [b, a];
    return {
      range: { start: start.position, end: end.position },
      outOfRange: a.outOfRange || b.outOfRange,
      malformed: a.malformed || b.malformed,
    };
  }

  function customRequest(method: string): SentRequest {
    const folders = [[], [path.join(FIXTURES, 'egress', 'workspace')], ['/nonexistent/fuzz']][next(3)];
    const settings = [
      {},
      { targets: ['example.com', 'bad host:99999', ''] },
      { cloudIds: ['cld_abc', 'nope'] },
      { resolve: { 'a.example': 'not-an-ip' } },
    ][next(4)];
    const logLines = [
      '',
      '{"host":"a","port":443,"outcome":"ok"}',
      'garbage',
      '{"host":1}',
      '\u0000',
      '{"done":true}',
      '{',
    ];
    const log = Array.from({ length: next(6) }, () => pick(logLines, next)).join('\n');
    switch (method) {
      case EgressClusterJobRequest.method:
        return {
          method,
          params: { folders, settings, namespace: pick(['default', '', 'Bad Name'], next), image: 'x' },
        };
      case EgressClusterLogRequest.method:
        return { method, params: { log, targets: [], startedAt: new Date(0).toISOString(), durationMs: 1 } };
      case EgressProbeRequest.method:
        return { method, params: { folders, settings, targets: [], workDoneToken: 'fuzz' } };
      default:
        return { method, params: { folders, settings } };
    }
  }

  function randomRequest(document: SessionDocument): SentRequest {
    const roll = next(100);
    if (roll < 6) return customRequest(pick(CUSTOM_REQUESTS, next));
    if (roll < 10) {
      const method =
        next(3) === 0
          ? pick(CUSTOM_WITHOUT_PARAMS, next)
          : next(4) === 0 && prepareRename
            ? 'textDocument/prepareRename'
            : pick(offered, next).method;
      const params = [undefined, {}, { textDocument: { uri: document.uri } }, { textDocument: {} }, null][next(5)];
      return { method, params: params ?? undefined, malformed: true };
    }
    const textDocument = { uri: roll < 13 ? `file:///fuzz/never-opened-${next(1000)}.json` : document.uri };
    if (roll < 17 && prepareRename) {
      const { position, outOfRange, malformed } = randomPosition(document, true);
      return { method: 'textDocument/prepareRename', params: { textDocument, position }, outOfRange, malformed };
    }
    const kind = pick(offered, next);
    const { method } = kind;
    switch (kind.params) {
      case 'document':
        return { method, params: { textDocument } };
      case 'formatting':
        return { method, params: { textDocument, options: { tabSize: 2, insertSpaces: true } } };
      case 'range': {
        const { range, outOfRange, malformed } = randomRange(document);
        return { method, params: { textDocument, range }, outOfRange, malformed };
      }
      case 'codeAction': {
        const { range, outOfRange, malformed } = randomRange(document);
        const choice = next(3);
        const near = (document.settled ?? []).filter(
          (d) => d.range.start.line <= range.end.line && d.range.end.line >= range.start.line,
        );
        const diagnostics = choice === 0 ? [] : choice === 1 ? (document.settled ?? []) : near;
        const only = pick(ONLY_KINDS, next);
        return {
          method,
          params: {
            textDocument,
            range,
            context: { diagnostics, ...(only ? { only } : {}), triggerKind: 1 + next(2) },
          },
          outOfRange,
          malformed,
        };
      }
      default: {
        const { position, outOfRange, malformed } = randomPosition(document, NAVIGATION.has(method));
        let extra: object = {};
        if (kind.params === 'completion')
          extra =
            next(2) === 0
              ? { context: { triggerKind: 2, triggerCharacter: pick(['"', "'", '(', ':', '.', ' '], next) } }
              : { context: { triggerKind: 1 } };
        if (kind.params === 'references') extra = { context: { includeDeclaration: next(2) === 0 } };
        if (kind.params === 'rename') extra = { newName: pick(NEW_NAMES, next) };
        return { method, params: { textDocument, position, ...extra }, outOfRange, malformed };
      }
    }
  }

  /**
   * Half the time a value typed over (the document's syntax kept); otherwise one to three incremental changes (each
   * range worked out on the text the one before leaves), or now and then a whole new text.
   */
  function randomEdit(document: SessionDocument): void {
    const typed =
      next(2) === 0 ? valueEdit(document.document.getText(), document.languageId !== 'yaml', next) : undefined;
    if (typed) {
      const range = { start: document.document.positionAt(typed.start), end: document.document.positionAt(typed.end) };
      return session.change(
        document,
        [{ range, text: typed.text }],
        `${describeRange(range)} ← ${JSON.stringify(typed.text)} (a value typed over)`,
      );
    }
    const count = 1 + next(3);
    const changes: TextDocumentContentChangeEvent[] = [];
    // TextDocument.update changes the document it is given: the changes are worked out on a copy.
    const scratch = TextDocument.create(document.uri, document.languageId, 0, document.document.getText());
    for (let i = 0; i < count; i++) {
      const text = scratch.getText();
      const start = next(text.length + 1);
      const end = Math.min(text.length, start + (next(3) === 0 ? next(30) : 0));
      const change = {
        range: { start: scratch.positionAt(start), end: scratch.positionAt(end) },
        text: insertion(text, next),
      };
      changes.push(change);
      TextDocument.update(scratch, [change], 0);
    }
    if (next(15) === 0) changes.splice(0, changes.length, { text: mutate(pick(samples, next), next).text });
    const what = changes
      .map((c) =>
        'range' in c ? `${describeRange(c.range)} ← ${JSON.stringify(c.text).slice(0, 80)}` : 'whole text replaced',
      )
      .join('; ');
    session.change(document, changes, what);
  }

  /** A third of the documents come from those with parameters or variables, so that navigation and rename have work. */
  const withSymbols = samples.filter((sample) => symbolOffsets(sample.text).length > 0);
  function openRandomDocument(serial: number): SessionDocument {
    const sample = pick(next(3) === 0 && withSymbols.length > 0 ? withSymbols : samples, next);
    const { text, what } = mutate(sample, next);
    let kind = uriKind(next);
    if (
      kind === 'file on disk' &&
      session.openDocuments().some((document) => document.uri === uriFor(kind, sample, serial))
    )
      kind = 'file';
    const languageId = languageIdFor(sample, next);
    return session.openDocument({
      uri: uriFor(kind, sample, serial),
      uriKind: kind,
      languageId,
      text,
      sample: sample.name,
      mutations: what,
    });
  }

  const deadline = options.seconds === undefined ? Infinity : started + options.seconds * 1000;
  let documents = 0;
  for (let serial = 1; serial <= options.documents && Date.now() < deadline; serial++) {
    session.documentNumber = serial;
    const document = (session.current = openRandomDocument(serial));
    documents++;
    if (serial % 50 === 0)
      log(
        `  document ${serial}: ${document.sample} as ${document.languageId} (${session.classes.size} failure classes so far)`,
      );
    const steps = 4 + next(12);
    for (let step = 0; step < steps && session.isOpen(document); step++) {
      const roll = next(10);
      if (roll < 3) randomEdit(document);
      else if (roll < 4) await session.settle(document);
      else
        await session.sendBatch(
          Array.from({ length: 1 + next(5) }, () => ({ ...randomRequest(document), cancelled: next(6) === 0 })),
        );
    }
    if (session.isOpen(document)) await session.settle(document);
    while (session.openDocuments().length > MAX_OPEN || (session.openDocuments().length > 0 && next(3) === 0))
      session.closeDocument(session.openDocuments()[0]);
  }
  await session.stop();
  return {
    seed: options.seed,
    documents,
    stats: session.stats,
    classes: [...session.classes.values()],
    skipped,
    durationMs: Date.now() - started,
  };
}

/** What a failure class may be met on besides requests: it goes without saying. */
const NOT_REQUESTS = new Set(['window/logMessage', 'textDocument/publishDiagnostics', 'process', 'exit', 'shutdown']);

/** What a run did and found: one line per failure class (how often, under which URIs and languages). */
export function summarize(report: FuzzReport): string[] {
  const { stats } = report;
  const counts = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([method, n]) => `${method.replace(/^textDocument\//, '')} ${n}`)
      .join(', ');
  const classes = report.classes.map((c) => {
    const requests = [...c.methods.keys()].filter((method) => !NOT_REQUESTS.has(method));
    const methods =
      requests.length > 0 && !c.key.includes(` on ${requests[0]}`)
        ? ` on ${counts(Object.fromEntries(c.methods))}`
        : '';
    const uris = c.uriKinds.size > 0 ? `; URIs: ${[...c.uriKinds].join(', ')}` : '';
    const languages = c.languageIds.size > 0 ? `; languages: ${[...c.languageIds].join(', ')}` : '';
    return `FAIL ${c.key} (${c.count}×${methods}${uris}${languages}; first in document ${c.first.document})`;
  });
  const last = Math.max(0, ...report.classes.map((c) => c.first.document));
  return [
    `fuzz seed ${report.seed}: ${report.documents} documents in ${(report.durationMs / 1000).toFixed(1)} s; requests: ${counts(stats.requests)}`,
    `  non-empty answers: ${counts(stats.answered)}`,
    `  ${stats.diagnosticsChecked} diagnostics notifications checked; ${stats.quickFixEdits} quick-fix and ${stats.fixAllEdits} fix-all edits checked, ${stats.renamesChecked} renames; ${stats.editsApplied} edits applied and parsed`,
    `  ${stats.cancelled.sent} requests cancelled right after sending, ${stats.cancelled.answeredRequestCancelled} answered RequestCancelled`,
    ...(report.skipped ? [`  ${report.skipped}`] : []),
    `  ${report.classes.length} failure classes${last > 0 ? ` (reproduce with FUZZ_SEED=${report.seed} FUZZ_DOCUMENTS=${last} npm run fuzz)` : ''}`,
    ...classes,
  ];
}

/** Writes the first occurrence of each class to `dir` as JSON (the document text, the request and how it got there); returns the files. */
export function writeRepros(report: FuzzReport, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return report.classes.map((c, index) => {
    const file = path.join(dir, `seed-${report.seed}-${String(index + 1).padStart(2, '0')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          class: c.key,
          count: c.count,
          message: c.first.message,
          seed: c.first.seed,
          document: c.first.document,
          ...c.first.repro,
        },
        null,
        2,
      ),
    );
    return file;
  });
}
