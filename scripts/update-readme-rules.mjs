// Rewrites, from the rule registry, the JSON schema of the `anyscaleAzure.rules` setting in package.json (a property
// per rule code with its levels and title) and the README's rules table (the rules, then the CLI's syntax codes); then
// the README's settings table from package.json (every setting, in the manifest's order: `anyscaleAzure.rules` first)
// (`npm run docs:rules`). With `--check` it writes nothing and exits 1 naming the files that are out of date, which
// test/unit/manifest.test.ts runs; test/unit/docs.test.ts checks the tables too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTypeScript } from './loadTypeScript.mjs';

/** A settings table row: the id, the default as JSON, and the description's first sentence (test/unit/manifest.test.ts has the same). */
function settingRow([id, setting]) {
  const description = (setting.markdownDescription ?? setting.description).replace(/\s+/g, ' ');
  const first = description.split(/(?<!\be\.g|\bi\.e)\.\s+(?=[A-Z*])/)[0].replace(/\.$/, '');
  return `| \`${id}\` | \`${JSON.stringify(setting.default)}\` | ${first.replace(/\|/g, '\\|')} |`;
}

/** The rule the setting's example turns off: it must exist, or the example misleads. */
const EXAMPLE_RULE = 'region-missing';

/** The `anyscaleAzure.rules` setting: one property per rule code with the levels it takes; unknown codes are flagged. */
function rulesSetting(rules, levels) {
  if (!rules.some((rule) => rule.code === EXAMPLE_RULE))
    throw new Error(`the example rule ${EXAMPLE_RULE} is not in the registry: pick another one`);
  return {
    type: 'object',
    default: {},
    markdownDescription: `Severity per rule code, overriding the rule's default. Example: \`{ "${EXAMPLE_RULE}": "off" }\`.`,
    properties: Object.fromEntries(
      rules.map((rule) => [
        rule.code,
        { type: 'string', enum: [...levels], description: `${rule.title} (default: ${rule.defaultSeverity})` },
      ]),
    ),
    additionalProperties: false,
  };
}

const check = process.argv.includes('--check');
const root = new URL('..', import.meta.url).pathname;
const { RULES, SYNTAX_PROBLEMS, RULE_LEVELS } = await loadTypeScript(
  "export { RULES, SYNTAX_PROBLEMS } from './server/src/service/rules/registry';\nexport { RULE_LEVELS } from './server/src/service/config/workspaceConfig';\n",
);
const rows = [...RULES, ...SYNTAX_PROBLEMS].map(
  (r) => `| [\`${r.code}\`](docs/rules/${r.code}.md) | ${r.defaultSeverity} | ${r.category} | ${r.title} |`,
);
const table = ['| Code | Default | Category | What it checks |', '| --- | --- | --- | --- |', ...rows].join('\n');
const manifestPath = join(root, 'package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const { properties } = manifest.contributes.configuration;
properties['anyscaleAzure.rules'] = rulesSetting(RULES, RULE_LEVELS);
const readmePath = join(root, 'README.md');
const settings = [
  '| Setting | Default | Meaning |',
  '| --- | --- | --- |',
  // A setting with a deprecation message is hidden from the Settings editor (the test harness's token): not listed.
  ...Object.entries(properties)
    .filter(([, setting]) => setting.markdownDeprecationMessage === undefined)
    .map(settingRow),
].join('\n');
const written = {
  [manifestPath]: `${JSON.stringify(manifest, null, 2)}\n`,
  [readmePath]: readFileSync(readmePath, 'utf8')
    .replace(
      /<!-- rules-table:start -->[\s\S]*?<!-- rules-table:end -->/,
      `<!-- rules-table:start -->\n${table}\n<!-- rules-table:end -->`,
    )
    .replace(
      /<!-- settings-table:start -->[\s\S]*?<!-- settings-table:end -->/,
      `<!-- settings-table:start -->\n${settings}\n<!-- settings-table:end -->`,
    ),
};
const stale = Object.keys(written).filter((file) => readFileSync(file, 'utf8') !== written[file]);
if (check) {
  for (const file of stale)
    console.error(`${file.slice(root.length)} is out of date with the rule registry: run npm run docs:rules`);
  process.exitCode = stale.length ? 1 : 0;
} else {
  for (const file of stale) writeFileSync(file, written[file]);
  console.log(`package.json and README.md: ${RULES.length} rules, ${Object.keys(properties).length} settings`);
}
