// Rewrites the README's rules table from the rule registry (the rules, then the CLI's syntax codes) (`npm run docs:rules`); test/unit/docs.test.ts
// fails when the two disagree.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'rules-'));
try {
  const outfile = join(dir, 'registry.cjs');
  await esbuild.build({ entryPoints: [join(root, 'server/src/service/rules/registry.ts')], bundle: true, platform: 'node', format: 'cjs', outfile, mainFields: ['module', 'main'], logLevel: 'error' });
  const { RULES, SYNTAX_PROBLEMS } = createRequire(import.meta.url)(outfile);
  const rows = [...RULES, ...SYNTAX_PROBLEMS].map((r) => `| [\`${r.code}\`](docs/rules/${r.code}.md) | ${r.defaultSeverity} | ${r.category} | ${r.title} |`);
  const table = ['| Code | Default | Category | What it checks |', '| --- | --- | --- | --- |', ...rows].join('\n');
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, readme.replace(/<!-- rules-table:start -->[\s\S]*?<!-- rules-table:end -->/, `<!-- rules-table:start -->\n${table}\n<!-- rules-table:end -->`));
  console.log(`README.md: ${RULES.length} rules`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
