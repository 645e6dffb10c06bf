// The CLI on hostile input, spawned as CI runs it: FIFOs and devices named on the command line, files over the size
// cap, folders it may not read, symbolic links (to files, to folders, back to an ancestor, dangling), output piped
// into a reader that goes away, and `check --help`. Each case must end with a clear line and the right exit code.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { REPO_ROOT, FIXTURES } from '../support/paths';
import { readBounded } from '../../server/src/node/boundedRead';
import { temporaryDirectory } from '../support/temporaryDirectory';

const CLI = path.join(REPO_ROOT, 'bin', 'anyscale-azure.js');
const BAD_TEMPLATE = path.join(FIXTURES, 'cli', 'folder', 'bad.json');
const scratch = temporaryDirectory('anyscale-azure-hostile-');

/** A fresh folder under the scratch folder. */
function folder(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Spawned with a timeout: a CLI that hangs fails the test instead of hanging it. */
function run(args: string[], cwd: string, prefix: string[] = []) {
  const [command, ...rest] = [...prefix, process.execPath, CLI, ...args];
  const result = spawnSync(command, rest, {
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    timedOut: (result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT',
  };
}

test('a FIFO given as --config or as the egress --targets file is refused at once, not waited on', () => {
  const dir = folder('fifo-options');
  const made = spawnSync('mkfifo', [path.join(dir, 'config.json')]);
  assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
  fs.copyFileSync(BAD_TEMPLATE, path.join(dir, 'bad.json'));
  const config = run(['check', '--config', 'config.json', 'bad.json'], dir);
  assert.equal(config.timedOut, false, 'the CLI hangs on a FIFO given as --config');
  assert.equal(config.code, 2, config.stderr);
  assert.match(config.stderr, /config\.json: not a regular file \(a FIFO\)/);
  const egress = run(['egress', '--targets', 'config.json'], dir);
  assert.equal(egress.timedOut, false, 'the CLI hangs on a FIFO given as --targets');
  assert.match(egress.stderr, /not a regular file \(a FIFO\)/);
});

test('a FIFO and a device named on the command line are skipped with a message, without reading them; exit 2', () => {
  const dir = folder('fifo');
  const made = spawnSync('mkfifo', [path.join(dir, 'pipe.json')]);
  assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
  fs.copyFileSync(BAD_TEMPLATE, path.join(dir, 'bad.json'));
  const { code, stdout, stderr, timedOut } = run(['check', 'pipe.json', '/dev/zero', 'bad.json'], dir);
  assert.equal(timedOut, false, 'the CLI hangs on the FIFO');
  assert.equal(code, 2, stderr);
  assert.match(stderr, /^anyscale-azure: pipe\.json: not a regular file \(a FIFO\), not checked$/m);
  assert.match(stderr, /^anyscale-azure: \/dev\/zero: not a regular file \(a character device\), not checked$/m);
  assert.match(stdout, /^bad\.json:11:21 error provider-invalid/m, 'the other files are still checked');
  assert.match(stdout, /in 1 file checked\.$/m);
});

test('a file over the size cap is reported by its size, not read; the cap and ARM limit are in the message', () => {
  const dir = folder('large');
  fs.copyFileSync(BAD_TEMPLATE, path.join(dir, 'bad.json'));
  const sparse = path.join(dir, 'sparse.json');
  fs.writeFileSync(sparse, '');
  fs.truncateSync(sparse, 20 * 1024 * 1024); // sparse: nothing is written, and nothing should be read
  const { code, stdout, stderr } = run(['check', '.'], dir);
  assert.equal(code, 2, stderr);
  assert.match(
    stderr,
    /^anyscale-azure: sparse\.json: too large to check: 20\.0 MB, over the limit of 16 MB \(ARM accepts templates and parameter files of up to 4 MB\)$/m,
  );
  assert.match(stdout, /^bad\.json:11:21 error provider-invalid/m);
});

test('a file that claims a smaller size than it has is still read no further than the cap', () => {
  // Files under /proc report a size of 0 and have content.
  const status = `/proc/${process.pid}/status`;
  assert.equal(fs.statSync(status).size, 0);
  assert.ok(readBounded(status).length > 100, 'within the cap the whole file is read');
  assert.throws(() => readBounded(status, 100), { message: /^too large to check: over the limit of 100 bytes/ });
});

test('a folder the CLI may not read is an I/O problem with its reason (exit 2), at the top and deeper', () => {
  const dir = folder('locked');
  const locked = path.join(dir, 'top', 'locked');
  fs.mkdirSync(locked, { recursive: true });
  fs.copyFileSync(BAD_TEMPLATE, path.join(locked, 'bad.json'));
  fs.copyFileSync(path.join(FIXTURES, 'cli', 'folder', 'nested', 'good.json'), path.join(dir, 'top', 'good.json'));
  fs.chmodSync(locked, 0o000);
  try {
    // As root, permissions are not enforced: run the CLI without the capabilities that bypass them.
    const unprivileged = process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search'] : [];
    const inner = run(['check', path.join('top', 'locked')], dir, unprivileged);
    assert.equal(inner.code, 2, inner.stdout + inner.stderr);
    assert.match(inner.stderr, /^anyscale-azure: top\/locked: folder cannot be read: permission denied \(EACCES\)$/m);
    const outer = run(['check', 'top'], dir, unprivileged);
    assert.equal(outer.code, 2, outer.stdout + outer.stderr);
    assert.match(outer.stderr, /^anyscale-azure: top\/locked: folder cannot be read: permission denied \(EACCES\)$/m);
    assert.match(outer.stdout, /in 1 file checked\.$/m, 'the readable part is still checked');
  } finally {
    fs.chmodSync(locked, 0o755);
  }
});

test('symbolic links in a folder are followed to files and folders, loops end, each real file is checked once', () => {
  const dir = folder('links');
  fs.mkdirSync(path.join(dir, 'real'));
  fs.copyFileSync(BAD_TEMPLATE, path.join(dir, 'real', 'bad.json'));
  fs.mkdirSync(path.join(dir, 'infra'));
  fs.symlinkSync(path.join('..', 'real', 'bad.json'), path.join(dir, 'infra', 'template.json'));
  fs.symlinkSync(path.join('..', 'real'), path.join(dir, 'infra', 'shared'));
  fs.symlinkSync('.', path.join(dir, 'infra', 'loop'));
  fs.symlinkSync('..', path.join(dir, 'real', 'up')); // leads back to infra
  const linked = run(['check', '--format', 'json', 'infra'], dir);
  assert.equal(linked.timedOut, false, 'the walk goes round a loop');
  assert.equal(linked.code, 1, 'CI fails on the errors of the linked template');
  const files = (JSON.parse(linked.stdout) as Array<{ file: string }>).map((row) => row.file);
  // infra/loop is skipped (infra is being walked), infra/shared leads to real/bad.json, real/up to folders walked already.
  assert.deepEqual(
    [...new Set(files)],
    ['infra/shared/bad.json'],
    'the same real file, reached two ways, is checked once',
  );
  const both = run(['check', 'real', 'infra'], dir);
  assert.match(both.stdout, /in 1 file checked\.$/m, both.stdout);
  assert.ok(!both.stdout.includes('infra/'), 'a file is shown by the first path that reached it');
  const glob = run(['check', '--format', 'json', 'infra/**/*.json'], dir);
  assert.deepEqual(
    [...new Set((JSON.parse(glob.stdout) as Array<{ file: string }>).map((row) => row.file))],
    ['infra/shared/bad.json'],
  );
});

test('a dangling symbolic link to a checked file type gets a message (exit 2); the other files are still checked', () => {
  const dir = folder('dangling');
  fs.copyFileSync(BAD_TEMPLATE, path.join(dir, 'bad.json'));
  fs.symlinkSync('moved-away.json', path.join(dir, 'gone.json'));
  fs.symlinkSync('moved-away.txt', path.join(dir, 'gone.txt'));
  // Also the parameter file bad.json is checked with: reported once, as a file of the folder.
  fs.symlinkSync('moved-away.parameters.json', path.join(dir, 'bad.parameters.json'));
  const { code, stdout, stderr } = run(['check', '.'], dir);
  assert.equal(code, 2, stderr);
  assert.equal(
    stderr,
    'anyscale-azure: bad.parameters.json: broken symbolic link to moved-away.parameters.json\n' +
      'anyscale-azure: gone.json: broken symbolic link to moved-away.json\n',
    'only the links to a checked file type are reported, each once',
  );
  assert.match(stdout, /^bad\.json:11:21 error provider-invalid/m);
});

test('output piped into a reader that stops early (| head): no EPIPE trace, the exit code of the run', async () => {
  const dir = folder('many');
  // One template with 2,000 wrong providers: far more output than a pipe holds, so the CLI is still writing when its
  // reader leaves.
  const template = JSON.parse(fs.readFileSync(BAD_TEMPLATE, 'utf8').replace(/\/\/ @expect .*$/gm, '')) as {
    resources: Array<{ name: string }>;
  };
  template.resources = Array.from({ length: 2000 }, (_, i) => ({ ...template.resources[0], name: `my-cloud/r${i}` }));
  fs.writeFileSync(path.join(dir, 'many.json'), JSON.stringify(template, null, 1));
  const child = spawn(process.execPath, [CLI, 'check', '.'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let firstChunk = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.once('data', (chunk: Buffer) => {
    firstChunk = chunk.toString('utf8');
    child.stdout.destroy();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.match(
    firstChunk.slice(0, 80),
    /^many\.json:\d+:\d+ (error|warning) /,
    'the run printed findings before its reader left',
  );
  assert.equal(stderr, '', 'nothing on stderr');
  assert.equal(code, 1, 'the run found errors');
});

test('check --help and -h print the help and exit 0, even after other options', () => {
  for (const args of [
    ['check', '--help'],
    ['check', '-h'],
    ['check', '--format', 'json', '--help'],
  ]) {
    const { code, stdout, stderr } = run(args, scratch);
    assert.equal(stderr, '', args.join(' '));
    assert.equal(code, 0, args.join(' '));
    assert.match(stdout, /^Usage: anyscale-azure check/, args.join(' '));
  }
});
