// Mutation testing on demand (`npm run mutate`; docs/testing.md): Stryker mutates the rules and the fix helpers,
// type-checks each mutant with the TypeScript checker, bundles the unit tests in its sandbox with esbuild and runs
// the unit test files that exercise the rules in-process, one node:test process per file, through the TAP runner.
// The TAP runner gives coverage per test file, so a mutant runs only the files that reach it. Slow; not part of npm test.
/** The unit test files that run the rules and the fixes in their own process (a test that spawns the CLI reports no coverage), in
 * the order they run for a mutant: the ones that kill most first, since a mutant stops at its first failing file. */
const TEST_FILES = [
  'rules',
  'storage',
  'regions',
  'fixesGolden',
  'fixSafety',
  'fixes',
  'suppression',
  'yaml',
  'yamlEditing',
  'checkParameterFile',
  'indirection',
  'docs',
  'egress-fqdns-not-allowed',
  'allowedValues',
  'expressions',
  'expressionTable',
  'workspaceScan',
  'corpus',
  'parseJson',
  'completion',
  'computedPropertyNames',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'server/src/service/rules/**/*.ts',
    'server/src/service/suppression/rules/**/*.ts',
    'server/src/service/suppression/insert.ts',
    'server/src/service/features/fixes.ts',
    'server/src/service/yaml/valuesEditor.ts',
  ],
  plugins: ['@stryker-mutator/tap-runner', '@stryker-mutator/typescript-checker'],
  checkers: ['typescript'],
  tsconfigFile: 'server/tsconfig.json',
  // The tests are TypeScript bundled by esbuild: bundle them from the mutated sources in the sandbox. The sandbox sits in
  // .stryker-tmp/, so `../shared` (the corpus of real files, when present) is linked beside it for corpus.test.
  buildCommand: 'bash scripts/mutate-build.sh',
  testRunner: 'tap',
  tap: { testFiles: TEST_FILES.map((name) => `out/test/unit/${name}.test.js`), nodeArgs: ['--test-reporter=tap'] },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  ignorePatterns: ['dist', 'out', '.tools', 'test-results', 'bench-results', 'reports', '*.vsix'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { reportTests: false, reportMutants: false },
};
