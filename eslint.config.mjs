// ESLint (flat config): typescript-eslint's recommended rules, Prettier's rule switch-off (Prettier holds the layout),
// and the layering of docs/architecture.md as import rules: the service imports no face (lsp/, cli/, node/), no editor
// or protocol library and no Node built-in; the faces reach the service only through server/src/service/index.ts; the
// client and the server do not import each other. Import cycles are `npm run lint:cycles` (madge): import-x/no-cycle
// skips type-only imports, which make every cycle of today, and spent 16 s where madge takes about 9.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const TS_AND_JS = ['.ts', '.js', '.mjs', '.cjs', '.json'];

/** Module names the service must not import: it is plain data in, plain data out (no LSP, no editor, no node:* I/O). */
const NOT_IN_THE_SERVICE = {
  paths: builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => ({
      name,
      message: 'The service does no Node I/O: move this behind an interface in server/src/node/.',
    })),
  patterns: [
    { group: ['node:*'], message: 'The service does no Node I/O: move this behind an interface in server/src/node/.' },
    {
      group: ['vscode', 'vscode-languageserver', 'vscode-languageserver*', 'vscode-languageclient*'],
      message: 'The service is independent of the editor and of LSP: the language server (server/src/lsp) adapts it.',
    },
  ],
};

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      '.tools/',
      'test-results/',
      'bench-results/',
      'reports/',
      '.stryker-tmp/',
      'test/fixtures/',
      'examples/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: TS_AND_JS })],
      'import-x/extensions': TS_AND_JS,
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/src/service',
              from: ['./server/src/lsp', './server/src/cli', './server/src/node'],
              message: 'The service does not import the faces over it (lsp/, cli/, node/).',
            },
            {
              target: ['./server/src/lsp', './server/src/cli', './server/src/node'],
              from: './server/src/service',
              except: ['./index.ts'],
              message: 'Import the service through server/src/service/index.ts only.',
            },
            {
              target: './client',
              from: './server',
              message: 'The client talks to the server over LSP (shared/protocol.ts).',
            },
            { target: './server', from: './client', message: 'The server does not import the client.' },
          ],
        },
      ],
      // The code uses `_name` for parameters a signature needs but the body does not read, as tsc's noUnused* allow.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Doc comments show the editor's cursor marker with a zero-width space inside `/*|*/` so as not to end the comment.
      'no-irregular-whitespace': ['error', { skipComments: true }],
      // Tests match printed output with regular expressions written like the output, spaces and all.
      'no-regex-spaces': 'off',
      // Errors rethrown with the caught error's message: ESLint 10's new rule wants `{ cause }` too (5 places today);
      // worth doing, but as its own change, not as a side effect of adopting the linter.
      'preserve-caught-error': 'off',
    },
  },
  {
    // Type-aware rules, for the bugs an LSP server, an extension and their tests hit: a promise nobody awaits (its
    // rejection is lost, or the handler answers before the work is done), a promise where a callback must return void
    // or a condition must be a boolean, `await` on what is not a promise, an async function with nothing to await.
    // node:test's test()/describe() return a promise the runner owns, so they may float. tsconfig.eslint.json is one
    // program over all of it (one program instead of one per tsconfig: about 10 s less).
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'shared/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      'require-await': 'off',
      '@typescript-eslint/require-await': 'error',
    },
  },

  {
    files: ['server/src/service/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', NOT_IN_THE_SERVICE] },
  },
  {
    // Plain CommonJS scripts and the e2e runners (require, module.exports; `const crypto = require('crypto')`).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    // Loads the plain-JS fake kubectl by path, so that the UI smoke (not compiled) runs the very same fake.
    files: ['test/unit/egressCluster.test.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
