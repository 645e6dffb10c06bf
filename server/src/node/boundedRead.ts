// Reads a file the user names (a template, a parameter file, a config file, a targets or CA file), bounded: only
// regular files (a FIFO would block forever, /dev/zero never ends), and at most MAX_FILE_BYTES of them, so that no
// such file can hang the CLI or the language server or exhaust their memory. Every failure is a BoundedReadError with
// a message fit for the user.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_TEMPLATE_BYTES } from '../service';

const MB = 1024 * 1024;
/**
 * ARM accepts templates and parameter files of up to 4 MB (catalog/armLimits.ts, which template-limit-exceeded
 * checks); the cap leaves a wide margin above that while keeping a run's memory bounded (a 20 MB template takes
 * ~800 MB to analyse). The workspace index (workspaceScan.ts) and egress read workspace files to the same limit.
 */
export const MAX_FILE_BYTES = 16 * MB;
const ARM_LIMIT_MB = MAX_TEMPLATE_BYTES.value / MB;
const FIRST_READ_BYTES = 64 * 1024;

export class BoundedReadError extends Error {
  constructor(
    message: string,
    /** Not a regular file (a folder, FIFO, device or socket): reported only when named on the command line. */
    readonly notAFile = false,
    /** Over the size limit: the workspace readers search such a file for what they would read it for. */
    readonly overLimit = false,
  ) {
    super(message);
  }
}

/** "permission denied (EACCES)" and the like: why a file or folder could not be opened. */
export function ioReason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOENT: 'no such file',
    ENOTDIR: 'a part of the path is not a folder',
    ELOOP: 'too many levels of symbolic links',
    EMFILE: 'too many open files',
  };
  return code && words[code] ? `${words[code]} (${code})` : message;
}

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

/** The one message for a file over the limit, as `check`, egress and the workspace index say it. */
export function tooLarge(size: number | undefined, limit = MAX_FILE_BYTES): BoundedReadError {
  const measured = size === undefined ? '' : `${(size / MB).toFixed(1)} MB, `;
  const cap = limit % MB === 0 ? `${limit / MB} MB` : `${limit} bytes`;
  return new BoundedReadError(
    `too large to check: ${measured}over the limit of ${cap} (ARM accepts templates and parameter files of up to ${ARM_LIMIT_MB} MB)`,
    false,
    true,
  );
}

/** How many links linkLoop follows before it gives up looking for the loop (Linux stops opening at 40). */
const MAX_LINKS_FOLLOWED = 40;

/**
 * The links of a loop of symbolic links that starts at `file`, as each is written (`loop1.json → loop2.json →
 * loop1.json`); undefined when following them does not come back (a loop in a folder of the path, or a longer chain).
 */
function linkLoop(file: string): string | undefined {
  const chain = [path.basename(file)];
  const followed = new Set<string>();
  let at = path.resolve(file);
  while (!followed.has(at) && followed.size < MAX_LINKS_FOLLOWED) {
    followed.add(at);
    let target: string;
    try {
      target = fs.readlinkSync(at);
    } catch {
      return undefined;
    }
    chain.push(target);
    at = path.resolve(path.dirname(at), target);
  }
  return followed.has(at) ? chain.join(' → ') : undefined;
}

/**
 * Why a file could not be opened; for a symbolic link to a missing file, where the link points; for a loop of links,
 * the loop.
 */
function openFailure(file: string, error: unknown): BoundedReadError {
  if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
    const loop = linkLoop(file);
    if (loop !== undefined) return new BoundedReadError(`a loop of symbolic links (ELOOP): ${loop}`);
  }
  try {
    if (fs.lstatSync(file).isSymbolicLink())
      return new BoundedReadError(`broken symbolic link to ${fs.readlinkSync(file)}`);
  } catch {
    // Not there at all.
  }
  return new BoundedReadError(
    (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot read: ${ioReason(error)}`,
  );
}

/**
 * A file's bytes as its text, the one way check, the workspace index, egress and the config lookup read it: UTF-8,
 * without the byte order mark some editors write first.
 */
export function fileText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** How much of a file is looked at for a NUL byte to tell a binary file from text, as git does. */
const BINARY_SNIFF_BYTES = 8000;

/** True for bytes that look binary: a NUL byte in the first 8,000 (git's test); no text file we read has one. */
export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Which UTF-16 a file is written in, and whether its byte order mark says so or its bytes only suggest it. */
interface Utf16 {
  readonly order: 'LE' | 'BE';
  readonly marked: boolean;
}

/** True for a byte that is printable ASCII, a tab or a line break: what most of a template or values file is. */
const isAsciiText = (byte: number) => (byte >= 0x20 && byte <= 0x7e) || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * The share of code units that must be ASCII text, with the NUL byte on the same side, for a file without a byte order
 * mark to look like UTF-16 (a few characters outside ASCII, a name with an accent, may stand among them).
 */
const UTF16_ASCII_SHARE = 0.95;

/**
 * Which UTF-16 a file without a byte order mark looks written in (`iconv -t UTF-16LE` and Python's `utf-16-le` codec
 * write none): an inference, made only when it looks binary (looksBinary), its length is even, and of the code units
 * in its first 8,000 bytes none is NUL (00 00: binary, or UTF-32) and almost all are ASCII text with their NUL byte on
 * the same side (the odd bytes: LE; the even: BE). Anything else: undefined.
 */
function byteOrderWithoutMark(bytes: Buffer): Utf16['order'] | undefined {
  if (bytes.length % 2 !== 0 || !looksBinary(bytes)) return undefined;
  const sample = bytes.subarray(0, BINARY_SNIFF_BYTES);
  let littleEndian = 0;
  let bigEndian = 0;
  for (let i = 0; i < sample.length; i += 2) {
    const [first, second] = [sample[i], sample[i + 1]];
    if (first === 0 && second === 0) return undefined;
    if (second === 0 && isAsciiText(first)) littleEndian++;
    else if (first === 0 && isAsciiText(second)) bigEndian++;
  }
  const enough = (sample.length / 2) * UTF16_ASCII_SHARE;
  return littleEndian >= enough ? 'LE' : bigEndian >= enough ? 'BE' : undefined;
}

/**
 * Which UTF-16 a file is written in: by its byte order mark (Windows PowerShell 5's `>` and `Out-File` write UTF-16 LE
 * with one; FF FE 00 00 is UTF-32 LE's mark, not this), else as its bytes suggest (byteOrderWithoutMark); undefined
 * for any other file.
 */
function utf16Of(bytes: Buffer): Utf16 | undefined {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { order: 'BE', marked: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe && !(bytes[2] === 0 && bytes[3] === 0))
    return { order: 'LE', marked: true };
  const order = byteOrderWithoutMark(bytes);
  return order === undefined ? undefined : { order, marked: false };
}

/** What check, the index, the Cloud Resources tree and the editor say of a file they could not read as text. */
export const NOT_CHECKED = 'not checked';

/**
 * For a file in UTF-16, which every reader here reads as UTF-8 (with or without a byte order mark) and cannot: what it
 * is and how to make it readable, after what is done (`doing`: NOT_CHECKED); undefined for any other file. Without a
 * byte order mark, UTF-16 is only inferred from its bytes, and the words say so ("looks like").
 */
export function utf16Text(bytes: Buffer, doing: string): string | undefined {
  const utf16 = utf16Of(bytes);
  if (utf16 === undefined) return undefined;
  const what = utf16.marked
    ? `UTF-16 text (UTF-16 ${utf16.order}, byte order mark ${utf16.order === 'LE' ? 'FF FE' : 'FE FF'})`
    : `looks like UTF-16 ${utf16.order} text without a byte order mark`;
  return `${what}, ${doing}: save it as UTF-8`;
}

/**
 * The text of a file in UTF-16 (utf16Text), without its byte order mark, to search it for what a reader would read it
 * for (the workspace scan names such a file only then); undefined for any other file. A last odd byte is left out.
 */
export function utf16Decoded(bytes: Buffer): string | undefined {
  const utf16 = utf16Of(bytes);
  if (utf16 === undefined) return undefined;
  const start = utf16.marked ? 2 : 0;
  const units = Buffer.from(bytes.subarray(start, bytes.length - ((bytes.length - start) % 2)));
  return (utf16.order === 'BE' ? units.swap16() : units).toString('utf16le');
}

/** Why a file's bytes are not text to read: UTF-16 (utf16Text) or binary (looksBinary); undefined for text. */
export function notTextReason(bytes: Buffer, doing: string): string | undefined {
  return utf16Text(bytes, doing) ?? (looksBinary(bytes) ? `binary file, ${doing}` : undefined);
}

/** The text (fileText) of a regular file of at most `limit` bytes (readBounded). */
export function readBoundedText(file: string, limit = MAX_FILE_BYTES): string {
  return fileText(readBounded(file, limit));
}

/** readBoundedText without blocking the event loop (readBoundedAsync). */
export async function readBoundedTextAsync(file: string, limit = MAX_FILE_BYTES): Promise<string> {
  return fileText(await readBoundedAsync(file, limit));
}

/** What readBounded checks of an opened file: a regular file, not over `limit` by its size. */
function checkOpened(stat: fs.Stats, limit: number): void {
  if (stat.isDirectory()) throw new BoundedReadError('is a folder', true);
  if (!stat.isFile()) throw new BoundedReadError(`not a regular file (${kindOf(stat)}), not checked`, true);
  if (stat.size > limit) throw tooLarge(stat.size, limit);
}

/** The buffer to read into at `length` bytes: `buffer` while it has room, else one twice as large, up to `limit` + 1. */
function withRoom(buffer: Buffer, length: number, limit: number): Buffer {
  if (length < buffer.length) return buffer;
  if (length > limit) throw tooLarge(undefined, limit);
  const grown = Buffer.allocUnsafe(Math.min(length * 2, limit + 1));
  buffer.copy(grown, 0, 0, length);
  return grown;
}

/** The first buffer for a file of `size` bytes by its stat: one byte over, so that its end is seen in one read. */
function firstBuffer(size: number, limit: number): Buffer {
  return Buffer.allocUnsafe(Math.min(Math.max(size + 1, FIRST_READ_BYTES), limit + 1));
}

/** A failure while reading, as a BoundedReadError. */
function readFailure(error: unknown): BoundedReadError {
  return error instanceof BoundedReadError ? error : new BoundedReadError(`cannot read: ${ioReason(error)}`);
}

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * The bytes of a regular file of at most `limit` bytes. Opened without blocking (a FIFO would wait for a writer),
 * checked with fstat, then read to its end but never past `limit` + 1 bytes, as some files report a size smaller than
 * what they hold (those under /proc say 0).
 */
export function readBounded(file: string, limit = MAX_FILE_BYTES): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    throw openFailure(file, error);
  }
  try {
    const stat = fs.fstatSync(fd);
    checkOpened(stat, limit);
    let buffer = firstBuffer(stat.size, limit);
    let length = 0;
    for (;;) {
      buffer = withRoom(buffer, length, limit);
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
    }
  } catch (error) {
    throw readFailure(error);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * readBounded without blocking the event loop, for readers that run beside a language server's requests: the same
 * bytes, the same errors.
 */
export async function readBoundedAsync(file: string, limit = MAX_FILE_BYTES): Promise<Buffer> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, OPEN_FLAGS);
  } catch (error) {
    throw openFailure(file, error);
  }
  try {
    const stat = await handle.stat();
    checkOpened(stat, limit);
    let buffer = firstBuffer(stat.size, limit);
    let length = 0;
    for (;;) {
      buffer = withRoom(buffer, length, limit);
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) return buffer.subarray(0, length);
      length += bytesRead;
    }
  } catch (error) {
    throw readFailure(error);
  } finally {
    await handle.close();
  }
}
