// Dead ends a new user walked into (#19), in a real VS Code: Verify Egress from Cluster with no kube context or no
// kubectl, and Verify Cluster Extension with no kube context (one message and Show Documentation, not an empty
// picker), the egress Language Status item only where egress matters, and the hover's rule documentation link opening
// the rendered preview. A FAKE kubectl (its "no-contexts" scenario) plays a machine before `az aks get-credentials`;
// the links and buttons are clicked on the screen.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startLab } from '../../support/egressLab';
import { REPO_ROOT } from '../../support/paths';
import {
  activateExtension,
  codeOf,
  describe,
  openEditor,
  ours,
  waitFor,
  workspaceFolder,
  type ExtensionApi,
} from './helpers';
import {
  attributes,
  clearNotifications,
  click,
  clickNotificationButton,
  languageStatus,
  paletteRows,
  texts,
  waitForNotification,
} from './ui';

interface FakeKubectl {
  install(): { dir: string; close(): void };
  setScenario(dir: string, scenario?: 'no-contexts'): void;
  readCalls(dir: string): string[][];
}
// Loaded at run time, not bundled: the fake copies its own file as `kubectl`.
const fakeKubectl = module.require(path.join(REPO_ROOT, 'test', 'support', 'fakeKubectl.js')) as FakeKubectl;

/** Closes every Markdown preview, so that the next one found is the one a test opened. */
async function closeMarkdownPreviews(): Promise<void> {
  const previews = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('markdown.preview'));
  await vscode.window.tabGroups.close(previews);
}

const tabsSeen = () =>
  JSON.stringify(vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label)));

/** Waits for the active tab to be the rendered Markdown preview `label` ("Preview <file>.md") and returns its h1s. */
async function previewShown(label: string): Promise<string[]> {
  await waitFor(
    () => `the Markdown preview "${label}" to be the active tab (tabs: ${tabsSeen()})`,
    () => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      return (
        tab?.input instanceof vscode.TabInputWebview &&
        tab.input.viewType.endsWith('markdown.preview') &&
        tab.label === label
      );
    },
  );
  return waitFor('the page rendered in the preview', async () => {
    const found = await texts('h1', true);
    return found.length > 0 && found;
  });
}

const verifyFromCluster = () => vscode.commands.executeCommand<unknown>('anyscaleAzure.egress.verifyCluster');
const verifyClusterExtension = () => vscode.commands.executeCommand<unknown>('anyscaleAzure.clusterExtension.verify');

suite('First ten minutes (#19) in a real VS Code: no dead ends', () => {
  let api: ExtensionApi;
  let fake: { dir: string; close(): void };
  const pathBefore = process.env.PATH;

  suiteSetup(async () => {
    api = await activateExtension();
    fake = fakeKubectl.install();
  });

  setup(async () => {
    await clearNotifications();
    await closeMarkdownPreviews();
    // A quick input an earlier suite left open would read as a picker these tests must not show: start with none.
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await waitFor(
      () => 'no quick input open before the test',
      async () => (await paletteRows()).length === 0,
    );
  });

  teardown(() => {
    process.env.PATH = pathBefore;
    fakeKubectl.setScenario(fake.dir, undefined);
  });

  suiteTeardown(() => fake?.close());

  test('Verify Egress from Cluster with no kube context: no empty picker; the message says how to get one; Show Documentation opens the section', async () => {
    fakeKubectl.setScenario(fake.dir, 'no-contexts');
    process.env.PATH = `${fake.dir}${path.delimiter}${pathBefore}`; // the extension host's own environment: kubectl is spawned from it
    const callsBefore = fakeKubectl.readCalls(fake.dir).length;
    assert.equal(await verifyFromCluster(), undefined, 'the command ends by itself: nothing waits on a picker');
    assert.deepEqual(await paletteRows(), [], 'no quick pick is open');
    const message = await waitForNotification('kubectl has none');
    assert.equal(
      message,
      "Anyscale: Verify Egress from Cluster runs in a kube context, and kubectl has none. Get your AKS cluster's credentials: az aks get-credentials --resource-group <rg> --name <cluster>, then run it again.",
    );
    assert.deepEqual(
      fakeKubectl
        .readCalls(fake.dir)
        .slice(callsBefore)
        .filter((argv) => argv[0] !== 'config'),
      [],
      'nothing but the contexts was asked of kubectl',
    );
    await clickNotificationButton('kubectl has none', 'Show Documentation');
    assert.deepEqual(await previewShown('Preview egress.md'), ['Verify egress']);
    const headings = await texts('h3', true);
    assert.ok(headings.includes('What Verify Egress from Cluster needs'), JSON.stringify(headings));
  });

  test('Verify Egress from Cluster without kubectl: the message says to install it, Show Documentation opens the section', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-kubectl-'));
    process.env.PATH = empty;
    try {
      assert.equal(await verifyFromCluster(), undefined);
    } finally {
      process.env.PATH = pathBefore;
      fs.rmSync(empty, { recursive: true, force: true });
    }
    const message = await waitForNotification('not installed or not on PATH');
    assert.match(
      message,
      /^Anyscale: Verify Egress from Cluster runs kubectl, which is not installed or not on PATH \(.*ENOENT.*\)\. Install it \(az aks install-cli\), then get your AKS cluster's credentials: az aks get-credentials --resource-group <rg> --name <cluster>\.$/,
    );
    await clickNotificationButton('not installed or not on PATH', 'Show Documentation');
    assert.deepEqual(await previewShown('Preview egress.md'), ['Verify egress']);
  });

  test('Verify Cluster Extension with no kube context: the same message as Verify Egress from Cluster, with Show Documentation', async () => {
    fakeKubectl.setScenario(fake.dir, 'no-contexts');
    process.env.PATH = `${fake.dir}${path.delimiter}${pathBefore}`;
    assert.equal(await verifyClusterExtension(), undefined, 'the command ends by itself: nothing waits on a picker');
    assert.deepEqual(await paletteRows(), [], 'no quick pick is open');
    const message = await waitForNotification('kubectl has none');
    assert.equal(
      message,
      "Anyscale: Verify Cluster Extension runs in a kube context, and kubectl has none. Get your AKS cluster's credentials: az aks get-credentials --resource-group <rg> --name <cluster>, then run it again.",
    );
    await clickNotificationButton('kubectl has none', 'Show Documentation');
    assert.deepEqual(await previewShown('Preview cluster-extension.md'), ['Verify Cluster Extension']);
    const headings = await texts('h2', true);
    assert.ok(headings.includes('What it needs'), JSON.stringify(headings));
  });

  test('the egress status (1 failed) shows next to Anyscale documents and while the results view is visible, not on other JSON files', async () => {
    // A real result first, one target failing (the "Egress: N failed" a new user saw on every JSON file).
    const lab = await startLab();
    const egress = vscode.workspace.getConfiguration('anyscaleAzure.egress');
    const settings: Record<string, unknown> = {
      targetsFile: 'first-ten-minutes-targets.json',
      resolve: lab.names,
      caFile: lab.certificates.caFile,
      timeoutMs: 2000,
    };
    const targetsFile = path.join(workspaceFolder().uri.fsPath, 'first-ten-minutes-targets.json');
    fs.writeFileSync(targetsFile, JSON.stringify({ targets: [lab.target('good'), lab.target('closed')] }));
    try {
      for (const [key, value] of Object.entries(settings))
        await egress.update(key, value, vscode.ConfigurationTarget.Workspace);
      assert.ok(await vscode.commands.executeCommand('anyscaleAzure.egress.verifyLocal'), 'no egress report');
    } finally {
      for (const key of Object.keys(settings))
        await egress.update(key, undefined, vscode.ConfigurationTarget.Workspace);
      fs.rmSync(targetsFile, { force: true });
      await lab.close();
    }
    const egressRow = async () => (await languageStatus()).find((row) => /^Egress:/.test(row.line));
    // The Search view in the side bar: the Explorer, and the egress results view in it, are not visible.
    await vscode.commands.executeCommand('workbench.view.search');
    const other = await openEditor('not-arm.json', 'json');
    await waitFor('stats for not-arm.json', () => api.documentStats(other.document.uri));
    const rows = await waitFor('the document status of not-arm.json', async () => {
      const found = await languageStatus();
      return found.some((row) => row.line === 'Anyscale: not an ARM template') && found;
    });
    assert.deepEqual(
      rows.filter((row) => /^Egress:/.test(row.line)),
      [],
      'no egress status on a JSON file without Anyscale resources',
    );

    for (const [file, language] of [
      ['bad-template.json', 'json'],
      ['operator-values.yaml', 'yaml'],
      ['gateway.yaml', 'yaml'],
    ]) {
      await openEditor(file, language);
      const row = await waitFor(`the egress status next to ${file}`, egressRow);
      assert.match(row.line, /^Egress: 1 failed from this machine/);
      assert.equal(row.severity, 'error');
    }

    await openEditor('not-arm.json', 'json');
    await vscode.commands.executeCommand('anyscaleAzure.egressResults.focus');
    await waitFor('the egress status while the results view is visible', egressRow);
    await vscode.commands.executeCommand('workbench.view.search');
    await openEditor('not-arm.json', 'json');
    await waitFor('the egress status to go with the results view', async () => !(await egressRow()));
  });

  test("the hover's documentation link opens the rule's page as a rendered preview, not the raw Markdown", async () => {
    const editor = await openEditor('bad-template.json');
    const uri = editor.document.uri;
    const diagnostic = await waitFor(`a diagnostic on bad-template.json (have ${describe(uri)})`, () => ours(uri)[0]);
    const codes = ours(uri)
      .filter((d) => d.range.contains(diagnostic.range.start))
      .map(codeOf);
    editor.selection = new vscode.Selection(diagnostic.range.start, diagnostic.range.start);
    await vscode.commands.executeCommand('editor.action.showHover');
    const link = '.monaco-hover a:text-is("documentation")';
    const hrefs = await waitFor('the documentation link in the hover', async () => {
      const found = await attributes(link, 'data-href');
      return found.length > 0 && found;
    });
    assert.match(hrefs[0], /^command:anyscaleAzure\.showRuleDocumentation\?/);
    await click(link);
    const page = await waitFor(
      () => `a rule page's preview to be the active tab (tabs: ${tabsSeen()})`,
      () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
        return (
          tab?.input instanceof vscode.TabInputWebview &&
          tab.input.viewType.endsWith('markdown.preview') &&
          /^Preview (.+)\.md$/.exec(tab.label)?.[1]
        );
      },
    );
    assert.ok(codes.includes(page), `the preview of ${page}.md, one of the diagnostics there (${codes.join(', ')})`);
    assert.deepEqual(await previewShown(`Preview ${page}.md`), [page]);
    assert.ok(
      !vscode.window.tabGroups.all.some((group) =>
        group.tabs.some(
          (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.path.endsWith(`/docs/rules/${page}.md`),
        ),
      ),
      'the raw Markdown file is not opened',
    );
  });

  test("the rule code in VS Code's own problem hover opens the rule's page as a rendered preview, not the raw Markdown", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await openEditor('bad-template.json');
    const uri = editor.document.uri;
    const diagnostic = await waitFor(`a provider-invalid diagnostic on bad-template.json (have ${describe(uri)})`, () =>
      ours(uri).find((d) => codeOf(d) === 'provider-invalid'),
    );
    editor.selection = new vscode.Selection(diagnostic.range.start, diagnostic.range.start);
    await vscode.commands.executeCommand('editor.action.showHover');
    const link = '.monaco-hover a.code-link:has-text("provider-invalid")';
    await waitFor('the rule code link in the problem hover', async () => (await texts(link)).length > 0);
    await click(link);
    await waitFor(
      () => `the preview of provider-invalid.md to be the active tab (tabs: ${tabsSeen()})`,
      () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
        return (
          tab?.input instanceof vscode.TabInputWebview &&
          tab.input.viewType.endsWith('markdown.preview') &&
          tab.label === 'Preview provider-invalid.md'
        );
      },
    );
    assert.deepEqual(await previewShown('Preview provider-invalid.md'), ['provider-invalid']);
    assert.ok(
      !vscode.window.tabGroups.all.some((group) =>
        group.tabs.some(
          (tab) =>
            tab.input instanceof vscode.TabInputText && tab.input.uri.path.endsWith('/docs/rules/provider-invalid.md'),
        ),
      ),
      'the raw Markdown file is not opened',
    );
  });
});
