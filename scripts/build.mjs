// Bundles the extension client, the language server and the CLI with esbuild (one file each, `vscode`
// external). With --tests it also bundles the test entry points under out/, each suite's folder emptied first (a
// deleted test's old bundle would still run). Typechecking is `tsc -b`.
import * as esbuild from 'esbuild';
import { readdirSync, statSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readFileSync } from 'node:fs';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const root = new URL('..', import.meta.url).pathname;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's UMD build hides its requires from bundlers; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  external: ['vscode'],
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
  define: {
    __TOOL_VERSION__: JSON.stringify(
      JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
    ),
  },
};

/** Test entry points besides `*.test.ts`: runners, the benches, the fuzz and the soak (and the soak's server preload). */
const ENTRY_POINTS = [
  /(^|\/)(run|index)\.ts$/,
  /^test\/bench\/(values|egress|editing|parseTreeWorker)\.ts$/,
  /^test\/fuzz\/(fuzz|soak|heapProbe)\.ts$/,
];

function testEntries(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.test\.ts$/.test(name) || ENTRY_POINTS.some((pattern) => pattern.test(relative(root, full))))
        out.push(relative(root, full));
    }
  };
  walk(join(root, dir));
  return out;
}

await Promise.all([
  esbuild.build({ ...common, entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist' }),
  esbuild.build({ ...common, entryPoints: { server: 'server/src/lsp/main.ts' }, outdir: 'dist' }),
  esbuild.build({ ...common, entryPoints: { cli: 'server/src/cli/main.ts' }, outdir: 'dist' }),
]);

if (args.has('--tests')) {
  mkdirSync(join(root, 'out'), { recursive: true });
  const suites = [
    ['test/unit', 'out/test/unit'],
    ['test/lsp', 'out/test/lsp'],
    ['test/e2e/suite', 'out/test/e2e/suite'],
    ['test/bench', 'out/bench'],
    ['test/fuzz', 'out/fuzz'],
  ];
  await Promise.all(
    suites.map(([dir, outdir]) => {
      let entryPoints;
      try {
        entryPoints = testEntries(dir);
      } catch {
        return undefined;
      }
      rmSync(join(root, outdir), { recursive: true, force: true });
      return esbuild.build({ ...common, sourcemap: 'inline', entryPoints, outdir, outbase: dir });
    }),
  );
}
