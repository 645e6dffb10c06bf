// shared/protocol.ts is the one place a custom message's method name is written: it exports one typed RequestType or
// NotificationType per message, each with its own method, and the client and the server send and handle custom
// messages only through those objects (never a method string, never `sendRequest<T>(string, …)`).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import * as protocol from '../../shared/protocol';
import { REPO_ROOT } from '../support/paths';

const messages = Object.entries(protocol as Record<string, unknown>).filter(
  (entry): entry is [string, RequestType<unknown, unknown, unknown> | NotificationType<unknown>] =>
    entry[1] instanceof RequestType || entry[1] instanceof NotificationType,
);

function sourcesUnder(folder: string): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({
      file: path.join(folder, file),
      text: fs.readFileSync(path.join(REPO_ROOT, folder, file), 'utf8'),
    }));
}

const SOURCES = [...sourcesUnder('client/src'), ...sourcesUnder('server/src'), ...sourcesUnder('shared')];

test('every custom message is a typed object with its own anyscaleAzure/ method', () => {
  assert.ok(
    messages.length >= 10,
    `only ${messages.length} message objects: ${messages.map(([name]) => name).join(', ')}`,
  );
  const methods = messages.map(([, message]) => message.method);
  for (const [name, message] of messages) assert.match(message.method, /^anyscaleAzure\/\w+(\/\w+)?$/, name);
  assert.deepEqual(
    methods.filter((method, i) => methods.indexOf(method) !== i),
    [],
    'a method name used by two messages',
  );
  for (const [name, message] of messages)
    assert.match(
      name,
      message instanceof RequestType ? /Request$/ : /Notification$/,
      `${name} is named after its kind`,
    );
});

test('each method string appears once in the sources: in shared/protocol.ts', () => {
  for (const [name, { method }] of messages) {
    const places = SOURCES.flatMap(({ file, text }) =>
      text
        .split(`'${method}'`)
        .slice(1)
        .map(() => file),
    );
    assert.deepEqual(places, [path.join('shared', 'protocol.ts')], `${name}: '${method}'`);
  }
  const literals = SOURCES.filter(({ file }) => file !== path.join('shared', 'protocol.ts')).flatMap(({ file, text }) =>
    [...text.matchAll(/(['"`])anyscaleAzure\/[\w/]+\1/g)].map((match) => `${file}: ${match[0]}`),
  );
  assert.deepEqual(literals, [], 'a custom method name spelled outside shared/protocol.ts');
});

test('the client and the server send and handle messages through the typed objects, never a method name', () => {
  const call =
    /\.(sendRequest|sendNotification|onRequest|onNotification|sendProgress|onProgress)(<[^>(]*>)?\(\s*([^,)]*)/g;
  const calls = SOURCES.flatMap(({ file, text }) =>
    [...text.matchAll(call)].map((match) => ({
      where: `${file}: ${match[0]}`,
      generic: match[2],
      first: match[3].trim(),
    })),
  );
  assert.ok(calls.length > 20, `only ${calls.length} calls found: the pattern no longer matches the code`);
  const byName = calls.filter(
    ({ first, generic }) => generic !== undefined || !/^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(\.type)?$/.test(first),
  );
  assert.deepEqual(
    byName.map(({ where }) => where),
    [],
    'sent or handled by a method name (a string or a constant) instead of a typed message object',
  );
});
