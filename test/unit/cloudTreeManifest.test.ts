// The manifest entries of the Cloud Resources view (package.json contributes): every command of the view has the
// Anyscale category, an icon where it sits in a view, a `when` on each menu entry, and the commands that need a tree
// row are hidden from the command palette (Generate Operator Values, which asks for one there, aside); the container's icon is a file of ours that the .vsix ships.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/paths';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
interface Command {
  command: string;
  title: string;
  category?: string;
  icon?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const contributes = manifest.contributes as {
  commands: Command[];
  menus: Record<string, MenuEntry[]>;
  views: Record<string, Array<{ id: string; when?: string; icon?: string }>>;
  viewsContainers: { activitybar: Array<{ id: string; icon: string }> };
};
const PREFIX = 'anyscaleAzure.cloudTree.';
const commands = contributes.commands.filter((command) => command.command.startsWith(PREFIX));
const ours = (menu: string) => (contributes.menus[menu] ?? []).filter((entry) => entry.command.startsWith(PREFIX));

test('the view has its commands, each in the Anyscale category', () => {
  assert.ok(commands.length >= 8, `the Cloud Resources commands (have ${commands.map((c) => c.command).join(', ')})`);
  for (const command of commands) assert.equal(command.category, 'Anyscale', `${command.command}'s category`);
});

test('each menu entry of the view has a when clause, and a command that sits in a view has an icon', () => {
  for (const menu of ['view/title', 'view/item/context', 'commandPalette']) {
    for (const entry of ours(menu)) assert.ok(entry.when?.trim(), `${menu} ${entry.command} has a when clause`);
  }
  const inViews = new Set([...ours('view/title'), ...ours('view/item/context')].map((entry) => entry.command));
  for (const command of commands.filter((c) => inViews.has(c.command))) {
    assert.match(command.icon ?? '', /^\$\([a-z-]+\)$/, `${command.command} sits in a view: it has a codicon`);
  }
});

test('the commands that need a tree row are hidden from the command palette; Generate Operator Values asks for one there', () => {
  const onTitle = new Set(ours('view/title').map((entry) => entry.command));
  // Generate Operator Values runs without a row too (a pick of the cloud resources: the palette, the walkthrough).
  const asksForARow = new Set([`${PREFIX}generateValues`]);
  const itemOnly = [...new Set(ours('view/item/context').map((entry) => entry.command))].filter(
    (command) => !onTitle.has(command) && !asksForARow.has(command),
  );
  assert.ok(itemOnly.includes(`${PREFIX}copyResourceId`));
  const palette = new Map(ours('commandPalette').map((entry) => [entry.command, entry.when]));
  for (const command of itemOnly) assert.equal(palette.get(command), 'false', `${command} is hidden from the palette`);
  assert.equal(
    palette.get(`${PREFIX}generateValues`),
    'anyscaleAzure.hasCloudResources',
    'in the palette once the workspace has a cloud resource',
  );
});

test('the Anyscale container holds the view, with an SVG icon of ours that the .vsix ships', () => {
  const container = contributes.viewsContainers.activitybar.find((entry) => entry.id === 'anyscaleAzure');
  assert.ok(container, 'an anyscaleAzure activity-bar container');
  assert.ok(contributes.views.anyscaleAzure.some((view) => view.id === 'anyscaleAzure.cloudResources'));
  assert.match(fs.readFileSync(path.join(REPO_ROOT, container.icon), 'utf8'), /^<svg[\s\S]*<\/svg>\s*$/);
  const ignore = fs
    .readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim());
  assert.ok(
    ignore.includes(`!${path.posix.dirname(container.icon)}/*.svg`),
    `.vscodeignore lets ${container.icon} into the .vsix`,
  );
});
