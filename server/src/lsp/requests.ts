// How the server runs a request: its params are checked first, so that a missing or mistyped field is answered
// InvalidParams naming it (not a TypeError from deep inside a handler), and the work waits one turn of the event
// loop, so that a $/cancelRequest that arrived meanwhile is seen: a cancelled request answers RequestCancelled
// without starting its work. The server is single-threaded, so a handler that did long work calls
// `stopIfCancelled` again after it: a cancel sent during that work is seen then. It also notes when the latest
// request came, so that background work can wait for a quiet moment (msSinceLastRequest).
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type RequestType,
} from 'vscode-languageserver/node';

/** The fields a request needs, by path, with the type each must have: `{ 'position.line': 'number' }`. */
export type ParamFields = Readonly<Record<string, 'string' | 'number' | 'boolean' | 'object' | 'array'>>;

export const IN_DOCUMENT: ParamFields = { 'textDocument.uri': 'string' };
export const AT_POSITION: ParamFields = { ...IN_DOCUMENT, 'position.line': 'number', 'position.character': 'number' };
export const IN_RANGE: ParamFields = {
  ...IN_DOCUMENT,
  'range.start.line': 'number',
  'range.start.character': 'number',
  'range.end.line': 'number',
  'range.end.character': 'number',
};

const WITH_ARTICLE: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
};

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Throws InvalidParams naming the first field of `fields` that `params` lacks or has with another type. */
export function checkParams(method: string, params: unknown, fields: ParamFields): void {
  for (const [path, type] of Object.entries(fields)) {
    let value = params;
    for (const key of path.split('.'))
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined || value === null)
      throw new ResponseError(ErrorCodes.InvalidParams, `${method}: params.${path} is missing`);
    const actual = typeOf(value);
    if (actual !== type)
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `${method}: params.${path} must be ${WITH_ARTICLE[type]}, not ${WITH_ARTICLE[actual] ?? actual}`,
      );
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets the messages that have arrived be read (a $/cancelRequest among them); then throws RequestCancelled if one
 * was for this request. Two turns: a message read from stdin in one turn is handed to the connection in an
 * immediate of the next (vscode-jsonrpc's reader queues each one).
 */
export async function stopIfCancelled(token: CancellationToken): Promise<void> {
  for (let turn = 0; turn < 2 && !token.isCancellationRequested; turn++) await nextTurn();
  if (token.isCancellationRequested)
    throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

/** When the latest request came in (performance.now()). */
let lastRequestAt = -Infinity;

/** How long ago the latest request came in: work that can wait (the index's outlines) waits for a quiet moment. */
export function msSinceLastRequest(): number {
  return performance.now() - lastRequestAt;
}

/**
 * A request handler that checks its params, and does nothing for a request cancelled before it started. `type` is the
 * request's typed object (`HoverRequest.type`, shared/protocol.ts's requests): the handler's params and result must be
 * the ones it declares, and its method names the request in the InvalidParams message.
 */
export function request<P, R, E>(
  type: RequestType<P, R, E>,
  fields: ParamFields,
  handler: (params: P, token: CancellationToken) => R | Promise<R>,
): (params: P, token: CancellationToken) => Promise<R> {
  return async (params, token) => {
    lastRequestAt = performance.now();
    checkParams(type.method, params, fields);
    await stopIfCancelled(token);
    return handler(params, token);
  };
}
