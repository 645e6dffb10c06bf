// Documentation stays true: the README's rules table lists exactly the registered rules (and the CLI's syntax codes) with their default
// severities, every docs page belongs to a rule (a page for a removed rule would mislead), and dates read as ISO 8601.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES, SYNTAX_PROBLEMS } from '../../server/src/service/rules/registry';
import { REPO_ROOT } from '../support/paths';

function expectedTable(): string {
  const rows = [...RULES, ...SYNTAX_PROBLEMS].map(
    (rule) =>
      `| [\`${rule.code}\`](docs/rules/${rule.code}.md) | ${rule.defaultSeverity} | ${rule.category} | ${rule.title} |`,
  );
  return ['| Code | Default | Category | What it checks |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

test("README's rules table matches the rule registry", () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const match = /<!-- rules-table:start -->\n([\s\S]*?)\n?<!-- rules-table:end -->/.exec(readme);
  assert.ok(match, 'README.md lacks the rules-table markers');
  assert.equal(match[1].trim(), expectedTable(), `the README rules table is out of date: run npm run docs:rules`);
});

test('every docs page names a registered rule (or a syntax code), in its title', () => {
  const codes = new Set([...RULES, ...SYNTAX_PROBLEMS].map((rule) => rule.code));
  for (const file of fs.readdirSync(path.join(REPO_ROOT, 'docs', 'rules'))) {
    const code = file.replace(/\.md$/, '');
    assert.ok(codes.has(code), `docs/rules/${file} has no rule`);
    const firstLine = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'rules', file), 'utf8').split('\n')[0];
    assert.equal(firstLine, `# ${code}`);
  }
});

test("every rule's docs page gives the rule's default severity and category", () => {
  for (const rule of [...RULES, ...SYNTAX_PROBLEMS]) {
    const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'rules', `${rule.code}.md`), 'utf8');
    // A rule that grades its cases says so after its default: `warning (error for AWS and GCP)`.
    const header = /\*\*Default severity:\*\* (\w+)(?: \([^)]*\))? · \*\*Category:\*\* ([\w-]+)/.exec(page);
    assert.ok(header, `docs/rules/${rule.code}.md lacks the "**Default severity:** … · **Category:** …" line`);
    assert.deepEqual(
      { severity: header[1], category: header[2] },
      { severity: rule.defaultSeverity, category: rule.category },
      `docs/rules/${rule.code}.md`,
    );
  }
});

test('rule codes are unique and kebab-case', () => {
  const codes = [...RULES, ...SYNTAX_PROBLEMS].map((rule) => rule.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const code of codes) assert.match(code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test("the README's opening paragraph says what each mistake really does (domain fact sheet §8)", () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const intro = readme.slice(readme.indexOf('Platform engineers'), readme.indexOf('![')).replace(/\s+/g, ' ');
  // 409 is a duplicate cloud-resource name or deleting one with running clusters, never casing, sub-paths or slashes.
  assert.doesNotMatch(intro, /(casing|sub-path|trailing slash|parallel)[^.;]*(409|Cannot update fields)/);
  assert.match(intro, /same name[^.;]*409[^.;]*running clusters/);
  assert.match(intro, /(redeploy|changed property)[^.;]*"Cannot update fields in the existing cloud resource"/);
  assert.match(intro, /trailing slash[^.;]*deploys[^.;]*log shipping/);
});

test('dates users read are ISO 8601 (2026-10-05): 10/05/2026 is 5 October to some readers and 10 May to others', () => {
  const slashDate = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
  const read = (dir: string): string[] =>
    fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return read(relative);
      return /\.(ts|md|json)$/.test(entry.name) ? [relative] : [];
    });
  const files = [...['server/src', 'client/src', 'shared', 'docs', 'media'].flatMap(read), 'README.md', 'package.json'];
  const wrong = files.flatMap((file) =>
    fs
      .readFileSync(path.join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (slashDate.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(wrong, []);
});
