// Protocol tier: how the server treats requests themselves, over stdio. Missing or mistyped params are answered
// InvalidParams naming the field; a cancelled request is answered RequestCancelled, and one cancelled before it
// ran does not start the analysis its answer would need (the server's verbose trace, $/logTrace, says what work
// it did for which version).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  CancellationTokenSource,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  HoverRequest,
  LSPErrorCodes,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  SetTraceNotification,
  LogTraceNotification,
  type LogTraceParams,
} from 'vscode-languageserver-protocol/node';
import { EgressAllowListRequest, EgressClusterLogRequest, EgressTargetsRequest } from '../../shared/protocol';
import { generateTemplate } from '../bench/generate';
import { startServer, type LspServer } from '../support/lspServer';

let server: LspServer;
let traces: LogTraceParams[];
const URI = 'file:///workspace/requests/big.json';
/** About 4 MB: its analysis takes long enough that a cancel sent 20 ms after the request arrives while it runs. */
const BIG = generateTemplate(7000);
let version = 1;

/** The error a request is answered with (fails when it is answered with a result). */
async function errorOf(send: () => Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    const result = await send();
    assert.fail(`answered ${JSON.stringify(result)?.slice(0, 200)} instead of an error`);
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return error;
  }
}

/** One keystroke in the big template: a new version whose analysis nobody has computed yet. */
async function edit(): Promise<number> {
  version++;
  await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: URI, version },
    contentChanges: [{ range: { start: { line: 2, character: 22 }, end: { line: 2, character: 22 } }, text: ' ' }],
  });
  return version;
}

/** The trace lines that say work was done for a version of the big template. */
const workOn = (v: number) => traces.filter((trace) => trace.message.startsWith(`${URI} version ${v}:`));

before(async () => {
  // Validation waits 30 s after an edit: within a test, only the requests themselves analyse.
  server = await startServer({
    settings: { validation: { delay: 30_000 } },
    collect: [LogTraceNotification.type.method],
  });
  traces = server.notifications(LogTraceNotification.type.method);
  await server.connection.sendNotification(SetTraceNotification.type, { value: 'verbose' });
  await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: 'json', version, text: BIG },
  });
  await server.diagnosticsFor(URI, () => true, 60_000);
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('a request with missing or mistyped params is answered InvalidParams naming the field, by every handler', async () => {
  const position = { line: 0, character: 0 };
  const range = { start: position, end: position };
  const textDocument = { uri: URI };
  const cases: Array<[string, unknown, RegExp]> = [
    [HoverRequest.method, {}, /params\.textDocument\.uri is missing/],
    [HoverRequest.method, { textDocument }, /params\.position\.line is missing/],
    [
      HoverRequest.method,
      { textDocument, position: { line: '0', character: 0 } },
      /params\.position\.line must be a number, not a string/,
    ],
    [CompletionRequest.method, { position }, /params\.textDocument\.uri is missing/],
    [CodeActionRequest.method, { textDocument, range }, /params\.context\.diagnostics is missing/],
    [CodeActionRequest.method, { textDocument, context: { diagnostics: [] } }, /params\.range\.start\.line is missing/],
    [DefinitionRequest.method, { textDocument: 'x', position }, /params\.textDocument\.uri is missing/],
    [ReferencesRequest.method, { textDocument, position }, /params\.context\.includeDeclaration is missing/],
    [PrepareRenameRequest.method, { textDocument }, /params\.position\.line is missing/],
    [RenameRequest.method, { textDocument, position }, /params\.newName is missing/],
    [EgressTargetsRequest.method, {}, /params\.folders is missing/],
    [EgressAllowListRequest.method, { folders: 'here' }, /params\.folders must be an array, not a string/],
    [EgressClusterLogRequest.method, { targets: [] }, /params\.log is missing/],
  ];
  for (const [method, params, message] of cases) {
    const error = await errorOf(() => server.connection.sendRequest(method, params));
    assert.equal(error.code, ErrorCodes.InvalidParams, `${method} ${JSON.stringify(params)}: ${error.message}`);
    assert.match(error.message, message, method);
    assert.ok(error.message.startsWith(`${method}: `), error.message);
  }
});

test('requests cancelled before they run answer RequestCancelled and analyse nothing, ten in a row', async () => {
  const cancelledVersions: number[] = [];
  for (let i = 0; i < 10; i++) {
    const v = await edit();
    cancelledVersions.push(v);
    const source = new CancellationTokenSource();
    const params = { textDocument: { uri: URI }, position: { line: 10, character: 20 } };
    // The request and its cancel reach the server in one write, as an editor cancelling at once sends them: on a busy
    // machine two writes may be read a turn apart, and the request then runs (a request cancelled while it runs is
    // the next test's).
    server.input.cork();
    const pending =
      i % 2 === 0
        ? server.connection.sendRequest(CompletionRequest.type, params, source.token)
        : server.connection.sendRequest(HoverRequest.type, params, source.token);
    source.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    server.input.uncork();
    const error = await errorOf(() => pending);
    assert.equal(error.code, LSPErrorCodes.RequestCancelled, error.message);
  }
  // A request that is not cancelled is answered, and it is the one that analyses (the last version only).
  const hover = await server.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: URI },
    position: { line: 6, character: 14 },
  });
  assert.ok(hover, 'the hover after the cancelled requests is answered');
  assert.ok(workOn(version).length > 0, `the last version was analysed: ${JSON.stringify(traces.slice(-3))}`);
  for (const v of cancelledVersions.slice(0, -1))
    assert.deepEqual(workOn(v), [], `version ${v} was analysed for a cancelled request`);
});

test('a request cancelled while its analysis runs answers RequestCancelled', async () => {
  await edit();
  const source = new CancellationTokenSource();
  // Code actions need the rules' findings: the whole analysis of 4 MB, which takes far longer than 20 ms.
  const pending = server.connection.sendRequest(
    CodeActionRequest.type,
    {
      textDocument: { uri: URI },
      range: { start: { line: 10, character: 0 }, end: { line: 11, character: 0 } },
      context: { diagnostics: [] },
    },
    source.token,
  );
  // Mostly the analysis has started by then (on a machine too busy to read the request within 20 ms, the cancel comes
  // before it, and the answer is the same).
  await new Promise((resolve) => setTimeout(resolve, 20));
  source.cancel();
  const error = await errorOf(() => pending);
  assert.equal(error.code, LSPErrorCodes.RequestCancelled, error.message);
  // The work is not lost: the next request on the same version is answered from it.
  const actions = await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: URI },
    range: { start: { line: 10, character: 0 }, end: { line: 11, character: 0 } },
    context: { diagnostics: [] },
  });
  assert.ok(Array.isArray(actions));
});
