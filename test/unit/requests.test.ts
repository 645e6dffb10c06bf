// The server's request helper (server/src/lsp/requests.ts) on its own: a handler is built from the typed RequestType
// of its method (vscode-languageserver's HoverRequest.type and the like, shared/protocol.ts's objects), so the method in
// its InvalidParams message is the request's own and a handler whose params or result do not fit the request does not
// compile (`tsc -b` checks the @ts-expect-error lines below: it fails once such a mismatch compiles). The protocol
// tier (test/lsp/requests.test.ts) checks the same helper over stdio.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  CancellationTokenSource,
  ErrorCodes,
  HoverRequest,
  LSPErrorCodes,
  ResponseError,
  type RenameParams,
} from 'vscode-languageserver/node';
import { EgressClusterLogRequest } from '../../shared/protocol';
import { AT_POSITION, request } from '../../server/src/lsp/requests';

const AT_LINE_3 = { textDocument: { uri: 'file:///a.json' }, position: { line: 3, character: 1 } };

async function rejection(promise: Promise<unknown>): Promise<ResponseError<unknown>> {
  const error = await promise.then(
    (result) => assert.fail(`answered ${JSON.stringify(result)} instead of an error`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ResponseError, `not a ResponseError: ${String(error)}`);
  return error;
}

test("params missing a field are refused as InvalidParams named after the request type's method", async () => {
  let ran = false;
  const hover = request(HoverRequest.type, AT_POSITION, () => {
    ran = true;
    return null;
  });
  const error = await rejection(
    hover({ textDocument: { uri: 'file:///a.json' } } as never, new CancellationTokenSource().token),
  );
  assert.equal(error.code, ErrorCodes.InvalidParams);
  assert.equal(error.message, 'textDocument/hover: params.position.line is missing');
  const custom = request(EgressClusterLogRequest, { log: 'string' }, () => ({}) as never);
  const wrongType = await rejection(custom({ log: 3 } as never, new CancellationTokenSource().token));
  assert.equal(wrongType.message, 'anyscaleAzure/egress/parseClusterLog: params.log must be a string, not a number');
  assert.equal(ran, false, 'the handler ran on params it cannot read');
});

test('the handler gets the params and its answer is the answer; a request cancelled before it starts runs nothing', async () => {
  const seen: number[] = [];
  const hover = request(HoverRequest.type, AT_POSITION, (params) => {
    seen.push(params.position.line);
    return { contents: `line ${params.position.line}` };
  });
  assert.deepEqual(await hover(AT_LINE_3, new CancellationTokenSource().token), { contents: 'line 3' });
  const cancelled = new CancellationTokenSource();
  cancelled.cancel();
  const error = await rejection(hover(AT_LINE_3, cancelled.token));
  assert.equal(error.code, LSPErrorCodes.RequestCancelled);
  assert.deepEqual(seen, [3]);
});

test('a handler whose params or result do not fit its request type is a type error (checked by tsc -b)', () => {
  const mismatches = [
    // @ts-expect-error a rename handler (it reads params.newName) cannot answer a hover request
    () => request(HoverRequest.type, AT_POSITION, (params: RenameParams) => params.newName.length),
    // @ts-expect-error a hover request answers a Hover or null, not a string
    () => request(HoverRequest.type, AT_POSITION, () => 'hover text'),
    // @ts-expect-error the cluster log request answers an EgressReport, not its log's lines
    () => request(EgressClusterLogRequest, { log: 'string' }, (params) => params.log.split('\n')),
  ];
  assert.equal(mismatches.length, 3);
});
