// What the .vsix ships, as vsce lists it from .vscodeignore: the user docs (every rule's page, the pages hovers and
// commands open, the pages the README links to), not the developer pages; and every relative link of a shipped page
// (the README included: it is packaged with --no-rewrite-relative-links) leads to a shipped file.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { RULES, SYNTAX_PROBLEMS } from '../../server/src/service/rules/registry';
import { REPO_ROOT } from '../support/paths';

function packagedFiles(): Set<string> {
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const run = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return new Set(
    run.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

const PACKAGED = packagedFiles();

/** The docs pages the client and the server open by name: `joinPath(…, 'docs', 'egress.md')`, `docsPage: 'rbac.md'`. */
function pagesOpenedByName(): string[] {
  const sources = [
    ...fs
      .readdirSync(path.join(REPO_ROOT, 'client', 'src'), { recursive: true, encoding: 'utf8' })
      .map((f) => `client/src/${f}`),
    ...fs
      .readdirSync(path.join(REPO_ROOT, 'server', 'src'), { recursive: true, encoding: 'utf8' })
      .map((f) => `server/src/${f}`),
  ].filter((file) => file.endsWith('.ts'));
  return sources.flatMap((file) => {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    return [
      ...[...text.matchAll(/'docs', '([\w-]+\.md)'/g)].map((match) => `docs/${match[1]}`),
      ...[...text.matchAll(/docsPage: '([\w-]+\.md)'/g)].map((match) => `docs/${match[1]}`),
    ];
  });
}

test('the .vsix ships every rule page and the user pages, not the developer pages', () => {
  for (const rule of [...RULES, ...SYNTAX_PROBLEMS])
    assert.ok(PACKAGED.has(`docs/rules/${rule.code}.md`), `docs/rules/${rule.code}.md is not packaged`);
  const opened = pagesOpenedByName();
  assert.ok(opened.includes('docs/egress.md') && opened.includes('docs/rbac.md'), `pages opened by name: ${opened}`);
  for (const page of opened) assert.ok(PACKAGED.has(page), `${page} is opened by the extension but not packaged`);
  for (const page of ['docs/architecture.md', 'docs/testing.md', 'docs/performance.md', 'CONTRIBUTING.md'])
    assert.ok(!PACKAGED.has(page), `${page} is a developer page, yet packaged`);
});

test("every relative link of a packaged Markdown page (the README's included) leads to a packaged file", () => {
  const pages = [...PACKAGED].filter((file) => file.endsWith('.md'));
  assert.ok(pages.includes('README.md'));
  const broken = pages.flatMap((page) => {
    const text = fs.readFileSync(path.join(REPO_ROOT, page), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1].split('#')[0])
      .filter((target) => target !== '' && !/^[a-z][\w+.-]*:/i.test(target))
      .flatMap((target) => {
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(target)));
        // A file, not a folder: a folder link opens nothing from the extension's details page.
        return PACKAGED.has(file) ? [] : [`${page}: ${target}`];
      });
  });
  assert.deepEqual(broken, []);
});
