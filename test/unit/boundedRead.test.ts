// fileText and readBoundedText: a file's text as check, the workspace index, egress and the config lookup read it,
// UTF-8 without the byte order mark an editor may write first (one BOM, at the start only); and readBoundedAsync, which
// egress's workspace walk reads with in the language server: the same bytes and errors as readBounded.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  BoundedReadError,
  fileText,
  notTextReason,
  readBounded,
  readBoundedAsync,
  readBoundedText,
  readBoundedTextAsync,
  utf16Decoded,
  utf16Text,
} from '../../server/src/node/boundedRead';
import { loadConfig } from '../../server/src/node/config';
import { temporaryDirectory } from '../support/temporaryDirectory';

const BOM = '\uFEFF';

test('fileText drops one byte order mark at the start, and only there', () => {
  assert.equal(fileText(Buffer.from(`${BOM}{"a": "é"}`)), '{"a": "é"}');
  assert.equal(fileText(Buffer.from(`${BOM}${BOM}x`)), `${BOM}x`, 'a second one is text');
  assert.equal(fileText(Buffer.from(`x${BOM}`)), `x${BOM}`, 'one inside is text');
  assert.equal(fileText(Buffer.from('{}\r\n')), '{}\r\n');
});

test('a file written with a byte order mark: its text without it, and a config file with one is read as written', () => {
  const dir = temporaryDirectory('anyscale-bounded-read-');
  const template = path.join(dir, 'main.json');
  fs.writeFileSync(template, `${BOM}{}`);
  assert.equal(readBoundedText(template), '{}');
  const config = path.join(dir, '.anyscale-azure.json');
  fs.writeFileSync(config, `${BOM}{ "rules": { "provider-invalid": "off" } }`);
  const loaded = loadConfig(config);
  assert.deepEqual(
    { rules: loaded.rules, messages: loaded.messages },
    { rules: { 'provider-invalid': 'off' }, messages: [] },
  );
});

/** What a read came to: the bytes (hex), or the error's message and kind. */
async function outcomeOf(read: () => Buffer | Promise<Buffer>) {
  try {
    return { bytes: (await read()).toString('hex') };
  } catch (error) {
    assert.ok(error instanceof BoundedReadError, String(error));
    return { error: error.message, notAFile: error.notAFile, overLimit: error.overLimit };
  }
}

test('readBoundedAsync reads what readBounded reads, and fails where it fails in the same words', async () => {
  const dir = temporaryDirectory('anyscale-bounded-async-');
  const at = (name: string) => path.join(dir, name);
  fs.writeFileSync(at('main.json'), `${BOM}{"a": "é"}`);
  fs.writeFileSync(at('empty.json'), '');
  // Over the first read's 64 KB: the buffer grows.
  fs.writeFileSync(at('large.yaml'), 'key: value\n'.repeat(20_000));
  fs.mkdirSync(at('folder'));
  fs.symlinkSync(at('gone.json'), at('broken.json'));
  fs.symlinkSync('loop2.json', at('loop1.json'));
  fs.symlinkSync('loop1.json', at('loop2.json'));
  const fifo = spawnSync('mkfifo', [at('pipe')]);
  assert.equal(fifo.status, 0, `mkfifo: ${fifo.stderr}`);
  const cases: Array<[string, number | undefined, string]> = [
    [at('main.json'), undefined, 'bytes'],
    [at('empty.json'), undefined, 'bytes'],
    [at('large.yaml'), undefined, 'bytes'],
    [at('large.yaml'), 100_000, 'too large to check: 0.2 MB'],
    [at('folder'), undefined, 'is a folder'],
    [at('pipe'), undefined, 'not a regular file (a FIFO), not checked'],
    ['/dev/null', undefined, 'not a regular file (a character device), not checked'],
    [at('missing.json'), undefined, 'no such file'],
    [at('broken.json'), undefined, 'broken symbolic link to'],
    [at('loop1.json'), undefined, 'a loop of symbolic links (ELOOP): loop1.json → loop2.json → loop1.json'],
    // Its size says 0; what it holds is read to its end, and past a limit, is too large.
    ['/proc/version', undefined, 'bytes'],
    ['/proc/version', 10, 'too large to check: over the limit of 10 bytes'],
    // Its size says 0 and it holds megabytes: read in many reads into a growing buffer (where the kernel shows it).
    ['/proc/kallsyms', undefined, 'any'],
  ];
  for (const [file, limit, expected] of cases) {
    const sync = await outcomeOf(() => readBounded(file, limit));
    const async = await outcomeOf(() => readBoundedAsync(file, limit));
    assert.deepEqual(async, sync, file);
    if (expected === 'any') continue;
    if (expected === 'bytes') assert.ok('bytes' in sync, `${file}: ${JSON.stringify(sync)}`);
    else assert.ok('error' in sync && sync.error?.startsWith(expected), `${file}: ${JSON.stringify(sync)}`);
  }
  assert.equal(await readBoundedTextAsync(at('main.json')), readBoundedText(at('main.json')));
  assert.equal(await readBoundedTextAsync(at('main.json')), '{"a": "é"}');
});

test('a loop of symbolic links is named as one, link by link, not as a broken link; a loop in a folder of the path too', () => {
  const dir = temporaryDirectory('anyscale-bounded-loop-');
  const at = (name: string) => path.join(dir, name);
  fs.symlinkSync('self.json', at('self.json'));
  fs.mkdirSync(at('infra'));
  fs.symlinkSync('../b.json', at('infra/a.json'));
  fs.symlinkSync('infra/a.json', at('b.json'));
  fs.symlinkSync('folder-loop', at('folder-loop'));
  const messageOf = (file: string) => {
    try {
      readBounded(file);
    } catch (error) {
      return (error as BoundedReadError).message;
    }
    return 'read';
  };
  assert.equal(messageOf(at('self.json')), 'a loop of symbolic links (ELOOP): self.json → self.json');
  assert.equal(messageOf(at('b.json')), 'a loop of symbolic links (ELOOP): b.json → infra/a.json → ../b.json');
  assert.equal(messageOf(at('folder-loop/t.json')), 'cannot read: too many levels of symbolic links (ELOOP)');
});

test('UTF-16 with its byte order mark, LE or BE, is named as such with how to fix it; binary is binary; UTF-8 is text', () => {
  const text = '{"$schema": "x"}';
  const utf16le = Buffer.from(`${BOM}${text}`, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  assert.equal(
    notTextReason(utf16le, 'not checked'),
    'UTF-16 text (UTF-16 LE, byte order mark FF FE), not checked: save it as UTF-8',
  );
  assert.equal(
    notTextReason(utf16be, 'not checked'),
    'UTF-16 text (UTF-16 BE, byte order mark FE FF), not checked: save it as UTF-8',
  );
  // Only characters outside ASCII: no NUL byte, still UTF-16 by its mark.
  assert.match(notTextReason(Buffer.from(`${BOM}中文`, 'utf16le'), 'x') ?? '', /^UTF-16 text \(UTF-16 LE/);
  // UTF-32 LE's mark starts as UTF-16 LE's: it is not called UTF-16.
  assert.equal(
    notTextReason(Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]), 'not checked'),
    'binary file, not checked',
  );
  assert.equal(notTextReason(Buffer.from([0x7b, 0x00, 0x7d]), 'not checked'), 'binary file, not checked');
  assert.equal(notTextReason(Buffer.from(`${BOM}${text}`), 'not checked'), undefined, 'UTF-8 with a BOM is text');
  assert.equal(notTextReason(Buffer.from(text), 'not checked'), undefined);
});

test('UTF-16 without a byte order mark, LE or BE, mostly ASCII: named as looking like it, with how to fix it, and decoded', () => {
  const text = '{\r\n  "$schema": "x",\n\t"name": "Zoë"\n}\n';
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  assert.equal(
    notTextReason(le, 'not checked'),
    'looks like UTF-16 LE text without a byte order mark, not checked: save it as UTF-8',
  );
  assert.equal(
    notTextReason(be, 'not a targets file (JSON)'),
    'looks like UTF-16 BE text without a byte order mark, not a targets file (JSON): save it as UTF-8',
  );
  assert.equal(utf16Decoded(le), text);
  assert.equal(utf16Decoded(be), text);
  // With its mark, the mark is dropped and the file is named by it, as before.
  assert.equal(utf16Decoded(Buffer.from(`${BOM}${text}`, 'utf16le')), text);
  // Longer than what is looked at: the first 8,000 bytes decide, the whole is decoded.
  const long = `${'# a comment line\n'.repeat(400)}global: {}\n`;
  assert.equal(utf16Decoded(Buffer.from(long, 'utf16le')), long);
});

test('UTF-16 without a byte order mark is inferred conservatively: what is not almost all ASCII units of one order stays binary', () => {
  const named = (bytes: Buffer) => utf16Text(bytes, 'not checked');
  const le = (text: string) => Buffer.from(text, 'utf16le');
  const ascii = le('a: 1\n'.repeat(40));
  assert.ok(named(ascii));
  // An odd length: no UTF-16 file has one.
  assert.equal(named(Buffer.concat([ascii, Buffer.from([0x0a])])), undefined);
  // A NUL character (00 00), even one among many ASCII units: binary, or UTF-32 LE without its mark.
  assert.equal(named(Buffer.from([0x7b, 0, 0, 0, 0x7d, 0, 0, 0])), undefined);
  assert.equal(named(Buffer.concat([ascii, Buffer.from([0, 0]), ascii])), undefined);
  // The NUL bytes on both sides: no one byte order.
  const mixed = Buffer.concat([le('{"name": "half'), Buffer.from(le('and half"}')).swap16()]);
  assert.equal(named(mixed), undefined);
  // Mostly characters outside ASCII (Chinese): no NUL byte, not binary, not inferred.
  assert.equal(named(le('名前: 値です')), undefined);
  // A zip's header; UTF-8 text.
  assert.equal(named(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x1b, 0x5b])), undefined);
  assert.equal(named(Buffer.from('{"a": 1}')), undefined);
  assert.equal(notTextReason(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x1b, 0x5b]), 'x'), 'binary file, x');
  // One unit in ten outside ASCII text (a control character): more than a few, so not inferred.
  assert.equal(named(le('abcdefghi\u0001'.repeat(10))), undefined);
  assert.ok(named(le('abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789\u0001')));
});
