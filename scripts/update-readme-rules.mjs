// Rewrites the README's rules table from the rule registry (the rules, then the CLI's syntax codes) and its settings table
// from package.json (every setting, in the manifest's order: `anyscaleAzure.rules` first) (`npm run docs:rules`);
// test/unit/docs.test.ts and test/unit/manifest.test.ts fail when they disagree.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';

/** A settings table row: the id, the default as JSON, and the description's first sentence (test/unit/manifest.test.ts has the same). */
function settingRow([id, setting]) {
  const description = (setting.markdownDescription ?? setting.description).replace(/\s+/g, ' ');
  const first = description.split(/(?<!\be\.g|\bi\.e)\.\s+(?=[A-Z*])/)[0].replace(/\.$/, '');
  return `| \`${id}\` | \`${JSON.stringify(setting.default)}\` | ${first.replace(/\|/g, '\\|')} |`;
}

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
  const { properties } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).contributes.configuration;
  const settings = ['| Setting | Default | Meaning |', '| --- | --- | --- |', ...Object.entries(properties).map(settingRow)].join('\n');
  writeFileSync(readmePath, readme
    .replace(/<!-- rules-table:start -->[\s\S]*?<!-- rules-table:end -->/, `<!-- rules-table:start -->\n${table}\n<!-- rules-table:end -->`)
    .replace(/<!-- settings-table:start -->[\s\S]*?<!-- settings-table:end -->/, `<!-- settings-table:start -->\n${settings}\n<!-- settings-table:end -->`));
  console.log(`README.md: ${RULES.length} rules, ${Object.keys(properties).length} settings`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
