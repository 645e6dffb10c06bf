// The layering docs/architecture.md draws, read from the sources' import lines: the service imports no LSP, CLI,
// Node adapter, VS Code or node:* module; lsp/, cli/ and node/ reach the service only through service/index.ts; and
// no module of server/src imports itself through others (no cycle, type-only imports included); no two modules share a name.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';

const SERVER_SRC = path.join(REPO_ROOT, 'server', 'src');
const SERVICE = path.join(SERVER_SRC, 'service');

interface SourceImport {
  readonly specifier: string;
  /** The imported file (absolute, with its extension) for a relative specifier; undefined for a package or node:*. */
  readonly file?: string;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate)) ?? base;
}

/** Every module a file names in an import or export line, `import('…')` or `require('…')`. */
function importsOf(file: string): SourceImport[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: SourceImport[] = [];
  for (const match of text.matchAll(
    /^\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\b(?:import|require)\(\s*'([^']+)'\s*\)/gm,
  )) {
    const specifier = match[1] ?? match[2] ?? match[3];
    found.push({ specifier, file: resolved(file, specifier) });
  }
  return found;
}

const relative = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/');
const inside = (file: string, dir: string) => !path.relative(dir, file).startsWith('..');

test('the service imports no node:* module and nothing of lsp/, cli/, node/, the client or VS Code', () => {
  const outside = ['lsp', 'cli', 'node'].map((dir) => path.join(SERVER_SRC, dir));
  const offending: string[] = [];
  for (const file of sourceFiles(SERVICE)) {
    for (const { specifier, file: target } of importsOf(file)) {
      const bad =
        specifier.startsWith('node:') ||
        /^vscode(-languageserver|-languageclient)?(\/|$)/.test(specifier) ||
        (target !== undefined &&
          (outside.some((dir) => inside(target, dir)) || inside(target, path.join(REPO_ROOT, 'client'))));
      if (bad) offending.push(`${relative(file)} imports ${specifier}`);
    }
  }
  assert.deepEqual(offending, []);
});

test('lsp/, cli/ and node/ import the service only through service/index.ts', () => {
  const entry = path.join(SERVICE, 'index.ts');
  const offending: string[] = [];
  for (const dir of ['lsp', 'cli', 'node']) {
    for (const file of sourceFiles(path.join(SERVER_SRC, dir))) {
      for (const { specifier, file: target } of importsOf(file))
        if (target !== undefined && inside(target, SERVICE) && target !== entry)
          offending.push(`${relative(file)} imports ${specifier}`);
    }
  }
  assert.deepEqual(offending, []);
});

test('no import cycle in server/src (type-only imports count)', () => {
  const files = sourceFiles(SERVER_SRC);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(file).flatMap((i) => (i.file !== undefined && i.file.startsWith(SERVER_SRC) ? [i.file] : [])),
    ]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...trail.slice(trail.indexOf(next)), next].map(relative).join(' > '));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, [file]);
  assert.deepEqual(cycles, []);
});

test("no two modules of server/src share a name (a folder's index.ts and a process's main.ts aside)", () => {
  const byName = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER_SRC)) {
    const name = path.basename(file);
    if (name !== 'index.ts' && name !== 'main.ts') byName.set(name, [...(byName.get(name) ?? []), relative(file)]);
  }
  assert.deepEqual(
    [...byName.values()].filter((files) => files.length > 1),
    [],
  );
});
