// Shrinks the first occurrence of each failure class of a fuzz run to a minimal reproduction: the document alone
// (without its history) and the request, replayed on a fresh server, then with as many lines removed as still show
// the same failure class (delta debugging over lines; positions in the request follow the lines they point at).
import type { Position } from 'vscode-languageserver-protocol/node';
import type { FuzzReport } from './protocolFuzz';
import { FuzzSession, type FailureClass, type Repro, type SentRequest } from './session';

/** Replays per class at most: each is an open, a request or a wait for diagnostics, and a close. */
const BUDGET = 150;
/** How long a replay waits for diagnostics: the documents are small, and the failures that are about diagnostics are quick. */
const DIAGNOSTICS_WAIT_MS = 1000;
/** Lines printed of a minimal document; longer ones are in the JSON file only. */
const PRINTED_LINES = 40;

const isPosition = (value: unknown): value is Position =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Position).line === 'number' &&
  typeof (value as Position).character === 'number';

/** The request with every position moved to where its line is in the shrunk document, and the context's diagnostics dropped. */
function remapRequest(request: SentRequest, mapLine: (line: number) => number): SentRequest {
  const remap = (value: unknown, key: string): unknown => {
    if (key === 'diagnostics' && Array.isArray(value)) return [];
    if (isPosition(value)) return { ...value, line: mapLine(value.line) };
    if (Array.isArray(value)) return value.map((item) => remap(item, key));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, remap(inner, field)]));
  };
  return { ...request, params: remap(request.params, '') };
}

/** The lines the request points at: they are never removed. */
function linesPointedAt(request: SentRequest | undefined): Set<number> {
  const lines = new Set<number>();
  const walk = (value: unknown) => {
    if (isPosition(value)) lines.add(value.line);
    else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) walk(inner);
  };
  walk(request?.params);
  return lines;
}

function render(repro: Repro, text: string | undefined, request: SentRequest | undefined): string {
  const out: string[] = [];
  if (text !== undefined) {
    const lines = text === '' ? [] : text.split('\n');
    out.push(
      `document ${repro.uri} as ${repro.languageId}, ${lines.length === 0 ? 'empty' : `${lines.length} lines`}${text.includes('\r') ? ' (␍ marks a \\r)' : ''}${lines.length > 0 ? ':' : ''}`,
    );
    if (lines.length <= PRINTED_LINES) out.push(...lines.map((line) => `  | ${line.replace(/\r/g, '␍')}`));
    else out.push('  (too long to print: see "minimalText" in the file)');
  }
  if (request)
    out.push(
      `request ${request.method}${request.cancelled ? ' (cancelled at once)' : ''}: ${request.params === undefined ? 'no params' : JSON.stringify(request.params)}`,
    );
  return out.join('\n');
}

/** Fills in `repro.minimal` (and `minimalText`) for each class, or says why it could not be reproduced alone. */
export async function minimizeAll(report: FuzzReport, log: (line: string) => void): Promise<void> {
  const session = await FuzzSession.start(report.seed);
  try {
    for (const failureClass of report.classes) await minimize(session, failureClass, log);
  } finally {
    await session.stop();
  }
}

async function minimize(session: FuzzSession, failureClass: FailureClass, log: (line: string) => void): Promise<void> {
  const { repro } = failureClass.first;
  const { request, text, uri, languageId } = repro;
  if (/^(server exited|no answer|wrote to stderr)/.test(failureClass.key)) {
    repro.minimal = 'not shrunk: it needs a fresh server per attempt; the history in the file shows how it happened';
    return;
  }
  const onDocument = text !== undefined && uri !== undefined && languageId !== undefined;
  const ownRequest =
    request && (request.params as { textDocument?: { uri?: string } } | undefined)?.textDocument?.uri === uri
      ? request
      : undefined;
  let replays = 0;
  const reproduces = async (
    candidate: string | undefined,
    candidateRequest: SentRequest | undefined,
  ): Promise<boolean> => {
    replays++;
    session.classes.clear();
    const document =
      candidate === undefined
        ? undefined
        : session.openDocument({ uri: uri!, uriKind: repro.uriKind ?? '', languageId: languageId!, text: candidate });
    session.current = document;
    if (candidateRequest) await session.sendBatch([candidateRequest]);
    else if (document) await session.settle(document, DIAGNOSTICS_WAIT_MS);
    if (document && session.isOpen(document)) session.closeDocument(document);
    return session.classes.has(failureClass.key);
  };

  if (!onDocument || (request && !ownRequest)) {
    // A request about no open document (a custom request, missing params): the request alone is the reproduction.
    repro.minimal = (await reproduces(undefined, request))
      ? render(repro, undefined, request)
      : `does not reproduce alone on a fresh server: see the history in the file\n${render(repro, undefined, request)}`;
    return;
  }
  if (!(await reproduces(text, ownRequest))) {
    repro.minimal = `does not reproduce from the document alone on a fresh server (it needs its history: see the file)\n${render(repro, text, ownRequest)}`;
    return;
  }
  const all = text!.split('\n');
  const pointedAt = linesPointedAt(ownRequest);
  let kept = all.map((_, index) => index);
  const build = (indices: number[]) => {
    const mapLine = (line: number) => (line < all.length ? indices.indexOf(line) : indices.length + line - all.length);
    return {
      text: indices.map((index) => all[index]).join('\n'),
      request: ownRequest && remapRequest(ownRequest, mapLine),
    };
  };
  for (let chunk = Math.ceil(kept.length / 2); chunk >= 1 && replays < BUDGET; chunk = Math.floor(chunk / 2)) {
    for (let start = 0; start < kept.length && replays < BUDGET;) {
      const candidate = kept.filter(
        (index, position) => position < start || position >= start + chunk || pointedAt.has(index),
      );
      if (candidate.length === kept.length) {
        start += chunk;
        continue;
      }
      const built = build(candidate);
      if (await reproduces(built.text, built.request)) kept = candidate;
      else start += chunk;
    }
  }
  const minimal = build(kept);
  repro.minimalText = minimal.text;
  repro.minimal = render(repro, minimal.text, minimal.request);
  log(`  ${failureClass.key}: ${all.length} → ${kept.length} lines in ${replays} replays`);
}
