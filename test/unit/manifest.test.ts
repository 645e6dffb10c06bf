// The whole manifest (package.json) holds together: the Marketplace page has its icon, banner and links; every command
// has a category, an icon where it sits in a view and a palette `when` unless it applies everywhere; every contributed
// command is registered in client/src and every registered one contributed (or listed below as internal); every
// setting is read by the client or the server. The Cloud Resources view's own entries: cloudTreeManifest.test.ts.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import Ajv from 'ajv';
import { RULE_LEVELS } from '../../server/src/service/config/workspaceConfig';
import { RULES } from '../../server/src/service/rules/registry';
import { CHECKED_LANGUAGES } from '../../server/src/service/documents/languages';
import { REPO_ROOT } from '../support/paths';

interface MenuEntry {
  command: string;
  when?: string;
}
interface Command {
  command: string;
  title: string;
  category?: string;
  icon?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const commands = manifest.contributes.commands as Command[];
const menus = manifest.contributes.menus as Record<string, MenuEntry[]>;

/** Commands that apply in any window, so the palette always offers them. */
const EVERYWHERE = new Set([
  'anyscaleAzure.egress.verifyLocal', // probes the documented targets even without a workspace
  'anyscaleAzure.egress.showAllowList', // the documented allow-list, narrowed by the workspace when there is one
  'anyscaleAzure.cloudTree.newTemplate', // offers a folder or an untitled file
  'anyscaleAzure.cloudTree.openDocs',
]);
/** Registered for tests and other extensions, never shown: not contributed on purpose. */
const INTERNAL = new Set(['anyscaleAzure.egress.results', 'anyscaleAzure.azure.rows']);

/**
 * The README's settings table as scripts/update-readme-rules.mjs writes it: every setting in the manifest's order but
 * those hidden from the Settings editor by a deprecation message (the test harness's token).
 */
function expectedSettingsTable(): string {
  const rows = Object.entries(
    manifest.contributes.configuration.properties as Record<
      string,
      { default: unknown; description?: string; markdownDescription?: string; markdownDeprecationMessage?: string }
    >,
  )
    .filter(([, setting]) => setting.markdownDeprecationMessage === undefined)
    .map(([id, setting]) => {
      const description = (setting.markdownDescription ?? setting.description ?? '').replace(/\s+/g, ' ');
      const first = description.split(/(?<!\be\.g|\bi\.e)\.\s+(?=[A-Z*])/)[0].replace(/\.$/, '');
      return `| \`${id}\` | \`${JSON.stringify(setting.default)}\` | ${first.replace(/\|/g, '\\|')} |`;
    });
  return ['| Setting | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

function sources(...folders: string[]): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        out.push({ file: path.relative(REPO_ROOT, full), text: fs.readFileSync(full, 'utf8') });
    }
  };
  for (const folder of folders) walk(path.join(REPO_ROOT, folder));
  return out;
}

/** The command ids client/src registers: `registerCommand(X, …)` with X a literal, a constant or `OBJECT.key`. */
function registeredCommands(): Set<string> {
  const files = sources('client/src', 'shared');
  const constants = new Map<string, string>();
  for (const { text } of files)
    for (const m of text.matchAll(/const\s+(\w+)\s*=\s*'(anyscaleAzure\.[\w.]+)'/g)) constants.set(m[1], m[2]);
  for (const { text } of files) {
    for (const object of text.matchAll(/const\s+(\w+)\s*=\s*\{([^}]*)\}\s*as const/g)) {
      for (const entry of object[2].matchAll(/(\w+):\s*(?:'([^']+)'|(\w+))/g)) {
        const value = entry[2] ?? constants.get(entry[3]);
        if (value) constants.set(`${object[1]}.${entry[1]}`, value);
      }
    }
  }
  const registered = new Set<string>();
  for (const { file, text } of files) {
    for (const m of text.matchAll(/registerCommand\(\s*(?:'([^']+)'|([\w.]+))\s*,/g)) {
      const id = m[1] ?? constants.get(m[2]);
      assert.ok(id, `${file}: registerCommand(${m[2]}) names no command id this test can resolve`);
      registered.add(id);
    }
  }
  return registered;
}

test('the Marketplace page has an icon (a 128×128 PNG made from our SVG), a banner, categories, keywords and links', () => {
  assert.equal(manifest.icon, 'media/icon.png');
  const png = fs.readFileSync(path.join(REPO_ROOT, manifest.icon));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  assert.ok(fs.existsSync(path.join(REPO_ROOT, 'media/icon.svg')), 'the icon source, media/icon.svg');
  assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9a-f]{6}$/i);
  assert.ok(['dark', 'light'].includes(manifest.galleryBanner?.theme));
  assert.ok(manifest.categories.includes('Linters') && manifest.categories.includes('Azure'));
  assert.ok(manifest.keywords.length >= 5 && manifest.keywords.length <= 30, 'vsce accepts at most 30 keywords');
  for (const url of [manifest.homepage, manifest.repository?.url, manifest.bugs?.url])
    assert.match(url ?? '', /^https:\/\//);
});

test('every command has the Anyscale category, and an icon wherever it sits in a view', () => {
  for (const command of commands) assert.equal(command.category, 'Anyscale', command.command);
  const inViews = new Set([...menus['view/title'], ...menus['view/item/context']].map((entry) => entry.command));
  for (const command of commands.filter((c) => inViews.has(c.command)))
    assert.ok(command.icon, `${command.command} sits in a view without an icon`);
});

test('every command the palette offers has a `when` saying where it applies, unless it applies everywhere', () => {
  const palette = new Map(menus.commandPalette.map((entry) => [entry.command, entry.when]));
  for (const { command } of commands) {
    if (EVERYWHERE.has(command))
      assert.ok(!palette.has(command), `${command} applies everywhere yet has a palette when`);
    else assert.ok(palette.get(command), `${command} has no commandPalette when clause`);
  }
});

test('every contributed command is registered in client/src, and every registered command is contributed', () => {
  const registered = registeredCommands();
  const contributed = new Set(commands.map((c) => c.command));
  assert.deepEqual(
    [...contributed].filter((id) => !registered.has(id)),
    [],
    'contributed but never registered',
  );
  assert.deepEqual(
    [...registered].filter((id) => !contributed.has(id) && !INTERNAL.has(id)),
    [],
    'registered but not contributed',
  );
  for (const id of INTERNAL) assert.ok(registered.has(id), `${id} is listed as internal but no longer registered`);
});

test('activation events: only those VS Code does not generate from contributes (no onCommand:/onView:, since VS Code 1.74)', () => {
  // https://code.visualstudio.com/api/references/activation-events#onCommand: contributed commands and views activate
  // the extension by themselves from VS Code 1.74 on; onLanguage of the languages we serve is still needed.
  const events = manifest.activationEvents as string[];
  assert.deepEqual(
    events.filter((event) => /^on(Command|View):/.test(event)),
    [],
    'generated by VS Code from contributes.commands / contributes.views',
  );
  assert.deepEqual(
    events,
    CHECKED_LANGUAGES.map((language) => `onLanguage:${language}`),
    'the activation events name the languages the server checks (helm: the Kubernetes extension has none built in)',
  );
  const [major, minor] = (manifest.engines.vscode as string).replace(/^\^/, '').split('.').map(Number);
  assert.ok(
    major > 1 || minor >= 74,
    `engines.vscode ${manifest.engines.vscode} predates the generated activation events`,
  );
});

test("the client's document selector is the languages the server checks, helm (the Kubernetes extension's chart templates) included", () => {
  // client/src/extension.ts imports vscode, which runs only in the extension host: its list is read from the source.
  const source = fs.readFileSync(path.join(REPO_ROOT, 'client', 'src', 'extension.ts'), 'utf8');
  const list = /^export const LANGUAGES = (\[[^\]]*\]);$/m.exec(source)?.[1];
  assert.ok(list, 'client/src/extension.ts declares export const LANGUAGES = [...]');
  assert.deepEqual(JSON.parse(list.replaceAll("'", '"')), CHECKED_LANGUAGES);
});

test('the anyscaleAzure.rules setting is what npm run docs:rules generates from the rule registry', () => {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'update-readme-rules.mjs'), '--check'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 0, `${run.stderr}${run.stdout}`);
});

test('the anyscaleAzure.rules schema: a property per registered rule with its levels, other codes flagged, an example that names a rule', () => {
  const setting = manifest.contributes.configuration.properties['anyscaleAzure.rules'];
  assert.deepEqual(
    Object.keys(setting.properties),
    RULES.map((rule) => rule.code),
  );
  for (const rule of RULES) {
    assert.deepEqual(setting.properties[rule.code].enum, [...RULE_LEVELS], rule.code);
    assert.equal(
      setting.properties[rule.code].description,
      `${rule.title} (default: ${rule.defaultSeverity})`,
      rule.code,
    );
  }
  const example = /Example: `(\{.*\})`/.exec(setting.markdownDescription);
  assert.ok(example, setting.markdownDescription);
  const validate = new Ajv({ strict: false }).compile(setting);
  assert.ok(validate(JSON.parse(example[1])), `the example ${example[1]}: ${JSON.stringify(validate.errors)}`);
  assert.ok(!validate({ 'cloud-resource-region-missing': 'off' }), 'a code no rule has is flagged');
  assert.ok(!validate({ [RULES[0].code]: 'loud' }), 'a level that does not exist is flagged');
});

test('every setting is read by the client or the language server', () => {
  const files = sources('client/src', 'server/src');
  for (const setting of Object.keys(manifest.contributes.configuration.properties)) {
    const parts = setting.split('.').slice(1);
    const key = parts[parts.length - 1];
    if (setting === 'anyscaleAzure.trace.server') {
      // vscode-languageclient reads `<client id>.trace.server` itself.
      assert.ok(
        files.some(({ text }) => text.includes("new LanguageClient('anyscaleAzure'")),
        'the language client id is anyscaleAzure',
      );
      continue;
    }
    // The client reads a section's key with `config.get('key')` (or a helper called with the key) in a file that asks
    // getConfiguration; the server pulls the whole section and walks `settings.a?.b`.
    const byGet = new RegExp(`\\w(?:<[^()]*>)?\\('${key}'\\)`);
    const byPath = new RegExp(`settings\\.${parts.join('\\??\\.')}\\b`);
    const read = ({ text }: { text: string }) =>
      (text.includes('getConfiguration(') && byGet.test(text)) || byPath.test(text);
    assert.ok(files.some(read), `${setting} is never read in client/src or server/src`);
  }
});

test("README's settings table lists every setting of package.json, anyscaleAzure.rules first", () => {
  assert.equal(Object.keys(manifest.contributes.configuration.properties)[0], 'anyscaleAzure.rules');
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const match = /<!-- settings-table:start -->\n([\s\S]*?)\n?<!-- settings-table:end -->/.exec(readme);
  assert.ok(match, 'README.md lacks the settings-table markers');
  assert.equal(
    match[1].trim(),
    expectedSettingsTable(),
    'the README settings table is out of date: run npm run docs:rules',
  );
});

test('the Get Started walkthrough: five steps, each with a page that exists and a button; our buttons run contributed commands', () => {
  const walkthrough = (manifest.contributes.walkthroughs ?? []).find((w: { id: string }) => w.id === 'gettingStarted');
  assert.ok(walkthrough, 'contributes.walkthroughs has gettingStarted');
  const contributed = new Set(commands.map((c) => c.command));
  const views = new Set(
    Object.values(manifest.contributes.views as Record<string, Array<{ id: string }>>)
      .flat()
      .map((view) => `${view.id}.focus`),
  );
  assert.equal(walkthrough.steps.length, 5);
  for (const step of walkthrough.steps as Array<{ id: string; description: string; media: { markdown?: string } }>) {
    assert.ok(
      step.media.markdown && fs.existsSync(path.join(REPO_ROOT, step.media.markdown)),
      `step ${step.id}: its page exists`,
    );
    const buttons = [...step.description.matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);
    assert.ok(buttons.length > 0, `step ${step.id} has a command button`);
    for (const id of buttons.filter((b) => b.startsWith('anyscaleAzure.')))
      assert.ok(contributed.has(id) || views.has(id), `step ${step.id}: ${id}`);
  }
});

test('npm run try runs scripts/try.js, which says how to get code-server when it is missing, before packaging anything', async () => {
  assert.equal(manifest.scripts.try, 'node scripts/try.js');
  const { spawnSync } = await import('node:child_process');
  const missing = path.join(REPO_ROOT, 'test-results', 'no-tools-here');
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'try.js')], {
    env: { ...process.env, ANYSCALE_TOOLS_DIR: missing },
    encoding: 'utf8',
    timeout: 20000,
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /npm run try: code-server not found at .*no-tools-here.*; run scripts\/install-tools\.sh/);
  assert.doesNotMatch(run.stdout, /Packaging/);
});
