// The rules of eslint.config.mjs (CONTRIBUTING.md, "Style"), run by ESLint itself on small texts placed in the tree.
// The layering: what the service may not import (a face, the editor or LSP, a Node built-in), the faces' deep imports
// of the service, the client and the server importing each other; and the imports each layer may make. The type-aware
// rules: a floating promise, a promise used as a condition, `await` on a number, an async function with nothing to
// await; in tests too, where node:test's own test() may float.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';

const LAYERING_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths'];
const TYPED_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
  '@typescript-eslint/require-await',
];

/**
 * Lints each text as if it were the file at its path; the reports of `rules` (and fatal errors) per path. `typed`
 * false: the probes' paths need not exist, so type information (which needs the file in a tsconfig's program) is off.
 */
function reports(files: Record<string, string>, rules: string[], typed: boolean): Record<string, string[]> {
  const script = `
    const { ESLint } = await import('eslint');
    const tseslint = (await import('typescript-eslint')).default;
    const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: ${typed} ? [] : [tseslint.configs.disableTypeChecked] });
    const files = JSON.parse(process.argv[1]);
    const out = {};
    for (const [filePath, code] of Object.entries(files)) {
      const [result] = await eslint.lintText(code, { filePath });
      out[filePath] = result.messages.filter((m) => ${JSON.stringify(rules)}.includes(m.ruleId) || m.fatal)
        .map((m) => (m.ruleId ?? 'fatal ' + m.message) + ' ' + m.line);
    }
    console.log(JSON.stringify(out));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(files)], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    // Under CI=true typescript-eslint builds its program once from the files on disk ("single run"), and the types of
    // the probes' texts would be those of the files as saved: the probes would never be seen.
    env: { ...process.env, TSESTREE_SINGLE_RUN: 'false' },
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

const layeringReports = (files: Record<string, string>) => reports(files, LAYERING_RULES, false);

test('eslint.config.mjs: each layer imports only what the layering allows', () => {
  const reports = layeringReports({
    'server/src/service/layeringProbe.ts': [
      "import * as net from 'node:net';",
      "import { readFileSync } from 'fs';",
      "import type { Connection } from 'vscode-languageserver/node';",
      "import * as vscode from 'vscode';",
      "import * as diagnostics from '../lsp/diagnostics';",
      "import { parseTree } from 'jsonc-parser';",
      "import { LineIndex } from './text/lineIndex';",
      'export { net, readFileSync, vscode, diagnostics, parseTree, LineIndex };',
      'export type { Connection };',
    ].join('\n'),
    'server/src/lsp/layeringProbe.ts': [
      "import { LineIndex } from '../service/text/lineIndex';",
      "import { Connection } from 'vscode-languageserver/node';",
      "import * as fs from 'node:fs';",
      "import * as protocol from '../../../shared/protocol';",
      'export { LineIndex, Connection, fs, protocol };',
    ].join('\n'),
    'client/src/layeringProbe.ts': [
      "import { analyzeDocument as diagnose } from '../../server/src/service/index';",
      "import * as protocol from '../../shared/protocol';",
      "import * as vscode from 'vscode';",
      'export { diagnose, protocol, vscode };',
    ].join('\n'),
    'server/src/cli/layeringProbe.ts':
      "import * as extension from '../../../client/src/extension';\nexport { extension };",
  });
  assert.deepEqual(reports, {
    // node:net, fs, vscode-languageserver, vscode, a face (lsp/); jsonc-parser and the service's own modules are fine.
    'server/src/service/layeringProbe.ts': [
      'no-restricted-imports 1',
      'no-restricted-imports 2',
      'no-restricted-imports 3',
      'no-restricted-imports 4',
      'import-x/no-restricted-paths 5',
    ],
    // A face reaches the service through server/src/service/index.ts only; LSP, Node and shared/ are its own to use.
    'server/src/lsp/layeringProbe.ts': ['import-x/no-restricted-paths 1'],
    'client/src/layeringProbe.ts': ['import-x/no-restricted-paths 1'],
    'server/src/cli/layeringProbe.ts': ['import-x/no-restricted-paths 1'],
  });
});

test('eslint.config.mjs: sources and tests are linted with type information for promise mistakes', () => {
  // An existing file of the server's program, so that the type checker knows it: its own text, then the probes.
  const file = 'server/src/lsp/requests.ts';
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const first = text.split('\n').length;
  const probes = [
    'export function floating(sent: Promise<void>): void { sent.then(() => undefined); }',
    'export function misused(ready: Promise<boolean>): number { return ready ? 1 : 0; }',
    'export async function notThenable(count: number): Promise<number> { return await count; }',
    'export async function nothingToAwait(): Promise<number> { return 1; }',
    'export async function fine(sent: Promise<void>): Promise<void> { void sent.catch(() => undefined); await sent; }',
  ];
  // A test file of the tests' program: node:test's test() returns a promise the runner owns; any other must not float.
  const testFile = 'test/unit/lineIndex.test.ts';
  const testText = fs.readFileSync(path.join(REPO_ROOT, testFile), 'utf8');
  const testProbes = ["test('probe', async () => assert.ok(await Promise.resolve(true)));", 'Promise.resolve(1);'];
  const found = reports(
    { [file]: `${text}${probes.join('\n')}\n`, [testFile]: `${testText}${testProbes.join('\n')}\n` },
    TYPED_RULES,
    true,
  );
  assert.deepEqual(found, {
    [testFile]: [`@typescript-eslint/no-floating-promises ${testText.split('\n').length + 1}`],
    [file]: [
      `@typescript-eslint/no-floating-promises ${first}`,
      `@typescript-eslint/no-misused-promises ${first + 1}`,
      `@typescript-eslint/await-thenable ${first + 2}`,
      `@typescript-eslint/require-await ${first + 3}`,
    ],
  });
});
