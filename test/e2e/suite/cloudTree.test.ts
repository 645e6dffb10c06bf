// The Cloud Resources view in a real VS Code, over the fixture workspace (its cloud-tree/ folder holds tree-cloud, with a
// primary and a broken cloud resource, and a cloud whose name is a parameter): the rows as drawn on the screen, a click
// that reveals a definition, values beside the template drawn under the cloud resources they match (under each, saying
// so, when they match none), an operator extension under the cloud resource its provider setting matches and a values
// file of two documents under the cloud resource each is for, the context actions (copy the resource ID expression from
// the context menu, generate operator values from the inline button, the worst finding's rule docs), the new-template
// command of the welcome view, the Explorer section, an edit of one template redrawing only its cloud (the provider's
// own onDidChangeTreeData), a cloud counting its parameter file's own problems at the levels of the .anyscale-azure.json
// beside it, a cloud resource row of one parameter file badged for that file's problems only, and a folder renamed
// (its cloud read under the new name) or deleted (its cloud gone) as VS Code's watcher reports it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CloudNode, CloudResourceNode, CloudTreeNode } from '../../../client/src/features/cloudTree/provider';
import { activateExtension, waitFor, workspaceFile, type ExtensionApi } from './helpers';
import { attributes, click, contextMenuAction, hover, paletteRows, press, runFromPalette, texts, type } from './ui';

const VIEW = 'anyscaleAzure.cloudResources';
/** The tree rows of the side bar (the Anyscale container shows the Cloud Resources view alone here). */
const ROWS = '.part.sidebar .customview-tree .monaco-list-row';
const row = (label: string) => `${ROWS}[aria-label^=${JSON.stringify(label)}]`;
const TEMPLATE = 'cloud-tree/tree-cloud.json';

/** Each row as the screen reads it out: `label description` (its aria-label, without the ", has actions" suffix). */
async function drawnRows(): Promise<string[]> {
  return (await attributes(ROWS, 'aria-label')).map((label) => label.replace(/, has actions$/, ''));
}

const TREE_CLOUD_ROW = 'tree-cloud westus2 · 2 cloud resources';

/** The row of a cloud resource under the cloud drawn as `cloudRow` (other clouds have a `default` too), by its place. */
async function cloudResourceRow(cloudRow: string, resource: string): Promise<string> {
  const [labels, places] = await Promise.all([drawnRows(), attributes(ROWS, 'data-index')]);
  const from = labels.indexOf(cloudRow);
  const at = labels.findIndex((label, place) => from >= 0 && place > from && label.startsWith(`${resource} `));
  assert.ok(at >= 0, `no row of ${resource} under ${cloudRow} (rows: ${JSON.stringify(labels)})`);
  return `${ROWS}[data-index="${places[at]}"]`;
}

const treeCloudRow = (resource: string) => cloudResourceRow(TREE_CLOUD_ROW, resource);

/** Waits until the row of `label` (the first) carries a problem badge, or not (a FileDecoration, drawn with CSS). */
async function badgeShown(label: string, shown: boolean): Promise<void> {
  let classes = '';
  await waitFor(
    () => `the row of ${label} ${shown ? 'with' : 'without'} a badge (classes: ${classes})`,
    async () => {
      classes = (await attributes(`${row(label)} .monaco-icon-label`, 'class'))[0] ?? '';
      return classes.split(' ').includes('monaco-decoration-badge') === shown;
    },
  );
}

async function cloudNamed(api: ExtensionApi, label: string): Promise<CloudNode> {
  return waitFor(`cloud ${label} in the tree`, () =>
    api.cloudTree.getChildren().find((node): node is CloudNode => node.kind === 'cloud' && node.cloud.label === label),
  );
}

async function resourceNamed(api: ExtensionApi, cloud: string, label: string): Promise<CloudResourceNode> {
  const children = api.cloudTree.getChildren(await cloudNamed(api, cloud));
  const found = children.find(
    (node): node is CloudResourceNode => node.kind === 'cloudResource' && node.resource.label === label,
  );
  assert.ok(found, `no cloud resource ${label} under ${cloud}`);
  return found;
}

/**
 * Waits until the view has not been redrawn for `quietMs`. A context-menu command receives the row's element through
 * its handle, which VS Code forgets while it redraws the row's parent (until it asks for the children again): a right
 * click in that window runs the command with no element. The suites before this one leave index updates in flight
 * (files removed in their teardown, documents closed), so the context-menu tests start on a settled view.
 */
async function treeSettled(api: ExtensionApi, quietMs = 1500): Promise<void> {
  let last = Date.now();
  let redraws = 0;
  const listener = api.cloudTree.onDidChangeTreeData(() => {
    last = Date.now();
    redraws++;
  });
  try {
    await waitFor(
      () => `the Cloud Resources view to stay unchanged for ${quietMs} ms (${redraws} redraws meanwhile)`,
      () => Date.now() - last >= quietMs,
      20000,
    );
  } finally {
    listener.dispose();
  }
}

suite('Cloud Resources view in a real VS Code', () => {
  let api: ExtensionApi;

  suiteSetup(async () => {
    api = await activateExtension();
    await waitFor('the first scan of the workspace', () => api.cloudTree.complete, 30000);
    await vscode.commands.executeCommand(`${VIEW}.focus`);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the rows as drawn: clouds with location and count, cloud resources with provider · region, the primary marked, an expression name marked', async () => {
    let drawn: string[] = [];
    const rows = await waitFor(
      () => `the tree's rows (have ${JSON.stringify(drawn)})`,
      async () => {
        drawn = await drawnRows();
        return drawn.some((text) => text.startsWith('eks-east')) && drawn;
      },
    );
    const from = rows.indexOf(TREE_CLOUD_ROW);
    assert.ok(from >= 0, `a row for tree-cloud: its location and count (rows: ${JSON.stringify(rows)})`);
    assert.deepEqual(
      rows.slice(from),
      [
        'tree-cloud westus2 · 2 cloud resources',
        'default Azure · westus2 · primary',
        'gke-broken Gcp · us-central1',
        "[parameters('cloudName')] name set at deployment · 1 cloud resource",
        'eks-east AWS · us-east-1',
      ],
      'known names first; an unknown name is its expression, marked',
    );
    // completion-template.json's `"provider": ""` is left out of its description, not drawn as an empty part.
    const emptyPart = rows.find((text) => text.split(' · ').some((part) => part === '' || part !== part.trim()));
    assert.equal(emptyPart, undefined, `a row with an empty description part (rows: ${JSON.stringify(rows)})`);
    await badgeShown('tree-cloud', true); // the cloud counts its broken cloud resource's error
    await badgeShown('gke-broken', true);
    await badgeShown('eks-east', false); // an info alone gets no badge
  });

  test('a click on a cloud resource reveals its declaration; on a related file, its place in that file', async () => {
    await click(row('gke-broken'));
    const editor = await waitFor(
      'tree-cloud.json in the active editor',
      () => vscode.window.activeTextEditor?.document.uri.path.endsWith(TEMPLATE) && vscode.window.activeTextEditor,
    );
    const selected = editor.document.getText(editor.selection);
    assert.match(
      selected,
      /gke-broken/,
      `the selection is the name of the declaration (have ${JSON.stringify(selected)})`,
    );

    // tree-values.yaml (cloudProvider azure) is listed under the Azure primary, not under the GCP cloud resource.
    await vscode.commands.executeCommand(`${VIEW}.focus`);
    await click(`${await treeCloudRow('default')} .monaco-tl-twistie`);
    await waitFor('the files of default', async () =>
      (await drawnRows()).some((text) => text.startsWith('tree-values.yaml')),
    );
    await click(row('tree-values.yaml'));
    const values = await waitFor(
      'tree-values.yaml in the active editor',
      () =>
        vscode.window.activeTextEditor?.document.uri.path.endsWith('tree-values.yaml') &&
        vscode.window.activeTextEditor,
    );
    assert.equal(
      values.document.lineAt(values.selection.start.line).text.trim(),
      'cloudDeploymentId: cldrsrc_treecloud0123456789',
    );
  });

  test('values beside the template are drawn under the cloud resources whose provider they name; values that match none under each, saying so', async () => {
    const unmatched = workspaceFile('cloud-tree/tree-values.aws.yaml');
    const beside = (rows: string[], resource: string) => {
      const from = rows.findIndex((text, at) => at > rows.indexOf(TREE_CLOUD_ROW) && text.startsWith(`${resource} `));
      if (from < 0) return [];
      const next = rows.findIndex((text, at) => at > from && !/^tree-|^anyscale-/.test(text));
      return rows.slice(from + 1, next < 0 ? undefined : next).filter((text) => text.startsWith('tree-values'));
    };
    try {
      await vscode.workspace.fs.writeFile(unmatched, Buffer.from('global:\n  cloudProvider: aws\n'));
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      // default is expanded by the test before; gke-broken too, once its row is drawn with its files. Both are waited
      // for by name, in the same reading of the rows the assertions then use: a count of rows can be met while the tree
      // redraws, and a second reading can differ from the first.
      const expanded = (drawn: string[]) =>
        beside(drawn, 'default').length >= 2 && beside(drawn, 'gke-broken').length >= 1;
      // Drawn under default first: the same redraw draws gke-broken's rows, when it is expanded.
      await waitFor(
        'tree-values.aws.yaml under default',
        async () => beside(await drawnRows(), 'default').length >= 2,
        20000,
      );
      if (!expanded(await drawnRows())) await click(`${await treeCloudRow('gke-broken')} .monaco-tl-twistie`);
      let rows: string[] = [];
      await waitFor(
        () => `the values rows under both cloud resources (have ${JSON.stringify(rows)})`,
        async () => {
          rows = await drawnRows();
          return expanded(rows);
        },
      );
      const none = "operator values · same folder · matches none of tree-cloud.json's cloud resources";
      assert.deepEqual(beside(rows, 'default'), [
        `tree-values.aws.yaml ${none}`,
        'tree-values.yaml operator values · same folder',
      ]);
      assert.deepEqual(beside(rows, 'gke-broken'), [`tree-values.aws.yaml ${none}`], 'azure values are not for Gcp');
    } finally {
      await vscode.workspace.fs.delete(unmatched);
    }
    await waitFor(
      'tree-values.aws.yaml gone from the tree',
      async () => !(await drawnRows()).some((text) => text.startsWith('tree-values.aws.yaml')),
      20000,
    );
    await click(`${await treeCloudRow('default')} .monaco-tl-twistie`); // collapsed again: the rows below stay in view
  });

  test('an operator extension is drawn under the cloud resource its provider setting matches only; a values file of two documents under the cloud resource each is for', async () => {
    // A cloud sorted first, so that its rows are drawn at the top of the view, in sight.
    const cloudRow = 'a-operator-cloud westus2 · 2 cloud resources';
    const folder = workspaceFile('tree-operator');
    const cloudResource = (name: string, properties: Record<string, string>) => ({
      type: 'Anyscale.Platform/clouds/cloudResources',
      apiVersion: '2026-09-01',
      name: `a-operator-cloud/${name}`,
      location: 'westus2',
      dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'a-operator-cloud')]"],
      properties: { computeStack: 'K8S', ...properties },
    });
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'a-operator-cloud',
          location: 'westus2',
          properties: {},
        },
        cloudResource('default', {
          provider: 'Azure',
          region: 'westus2',
          cloudStorageBucketName: 'abfss://op-data@opstorage.dfs.core.windows.net',
          cloudStorageBucketEndpoint: 'https://opstorage.blob.core.windows.net',
          anyscaleOperatorIamIdentity: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
        }),
        cloudResource('eks-west', {
          provider: 'AWS',
          region: 'us-west-2',
          cloudStorageBucketName: 's3://op-eks-bucket',
          anyscaleOperatorIamIdentity: 'arn:aws:iam::123456789012:role/op-operator',
        }),
        {
          type: 'Microsoft.ContainerService/managedClusters',
          apiVersion: '2024-09-01',
          name: 'op-aks',
          location: 'westus2',
          properties: {},
        },
        {
          type: 'Microsoft.KubernetesConfiguration/extensions',
          apiVersion: '2024-11-01',
          name: 'op-operator',
          scope: "[format('Microsoft.ContainerService/managedClusters/{0}', 'op-aks')]",
          plan: { name: 'anyscale-operator-aks', product: 'anyscale-operator-aks', publisher: 'anyscale' },
          properties: {
            extensionType: 'Anyscale.AKS.Operator',
            configurationSettings: { 'global.cloudProvider': 'azure' },
          },
        },
      ],
    };
    const values = 'global:\n  cloudProvider: azure\n---\nglobal:\n  cloudProvider: aws\n';
    /** The operator extension and values rows drawn under a cloud resource of a-operator-cloud, from one reading. */
    const operatorRows = (rows: string[], resource: string) => {
      const from = rows.findIndex((text, at) => at > rows.indexOf(cloudRow) && text.startsWith(`${resource} `));
      if (from < 0) return [];
      const next = rows.findIndex((text, at) => at > from && !text.startsWith('op-') && !text.startsWith('operator-'));
      return rows
        .slice(from + 1, next < 0 ? undefined : next)
        .filter((text) => /^\S+ (operator extension|operator values) · /.test(text));
    };
    const present = () =>
      api.cloudTree.getChildren().some((node) => node.kind === 'cloud' && node.cloud.label === 'a-operator-cloud');
    try {
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'operator-values.yaml'), Buffer.from(values));
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(folder, 'operator-cloud.json'),
        Buffer.from(JSON.stringify(template, null, 2)),
      );
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      let drawn: string[] = [];
      await waitFor(
        () => `a-operator-cloud drawn with its cloud resources (have ${JSON.stringify(drawn)})`,
        async () => {
          drawn = await drawnRows();
          return drawn.includes(cloudRow) && drawn.some((text) => text.startsWith('eks-west '));
        },
        20000,
      );
      await click(`${await cloudResourceRow(cloudRow, 'default')} .monaco-tl-twistie`);
      await waitFor(
        () => `the files of default (have ${JSON.stringify(drawn)})`,
        async () => operatorRows((drawn = await drawnRows()), 'default').length > 0,
      );
      await click(`${await cloudResourceRow(cloudRow, 'eks-west')} .monaco-tl-twistie`);
      // Waited for and asserted on in the same reading of the rows: a second reading can differ from the first.
      let rows: string[] = [];
      await waitFor(
        () => `the values file under both cloud resources, the extension under default (have ${JSON.stringify(rows)})`,
        async () => {
          rows = await drawnRows();
          const under = (resource: string) => operatorRows(rows, resource).join('\n');
          return (
            under('default').includes('op-operator ') &&
            under('default').includes('operator-values.yaml ') &&
            under('eks-west').includes('operator-values.yaml ')
          );
        },
        20000,
      );
      assert.deepEqual(operatorRows(rows, 'default'), [
        'op-operator operator extension · same template',
        'operator-values.yaml operator values · same folder',
      ]);
      assert.deepEqual(
        operatorRows(rows, 'eks-west'),
        ['operator-values.yaml operator values · same folder'],
        'the extension says azure: not for the AWS cloud resource; the second document is',
      );
    } finally {
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
    await waitFor('a-operator-cloud gone with its folder', () => !present(), 20000);
  });

  test('"Go to Definition" from the row\'s context menu reveals the declaration too', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(`${VIEW}.focus`);
    await treeSettled(api);
    const revealed = () =>
      vscode.window.activeTextEditor?.document.uri.path.endsWith(TEMPLATE) && vscode.window.activeTextEditor;
    await contextMenuAction(row('gke-broken'), 'Go to Definition', revealed, 'tree-cloud.json in the active editor');
    const editor = revealed() as vscode.TextEditor;
    assert.match(editor.document.getText(editor.selection), /gke-broken/);
  });

  test('"Copy ARM Resource ID Expression" from the row\'s context menu puts the expression on the clipboard', async () => {
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand(`${VIEW}.focus`);
    await treeSettled(api);
    let copied = '';
    await contextMenuAction(
      row('gke-broken'),
      'Copy ARM Resource ID Expression',
      async () => (copied = await vscode.env.clipboard.readText()),
      'expression on the clipboard',
    );
    assert.equal(copied, "[resourceId('Anyscale.Platform/clouds/cloudResources', 'tree-cloud', 'gke-broken')]");
  });

  test('the inline "Generate Operator Values" opens a YAML document for the resource\'s provider', async () => {
    await vscode.commands.executeCommand(`${VIEW}.focus`);
    await hover(row('eks-east'));
    await click(`${row('eks-east')} .action-label[aria-label="Generate Operator Values"]`);
    const editor = await waitFor(
      'the generated values',
      () => vscode.window.activeTextEditor?.document.isUntitled && vscode.window.activeTextEditor,
    );
    assert.equal(editor.document.languageId, 'yaml');
    const text = editor.document.getText();
    for (const line of [
      'cloudProvider: aws',
      'iamIdentity: arn:aws:iam::210987654321:role/tree-operator',
      'region: us-east-1',
      'cloudDeploymentId: <cloud-resource-id>',
    ]) {
      assert.ok(text.includes(line), `${line} in\n${text}`);
    }
    const azure = await vscode.commands.executeCommand<vscode.TextEditor>(
      'anyscaleAzure.cloudTree.generateValues',
      await resourceNamed(api, 'tree-cloud', 'default'),
    );
    assert.match(azure.document.getText(), /cloudProvider: azure[\s\S]*iamIdentity: <operator-identity-client-id>/);
  });

  test('generated values are named for Save as values.<cloud>.<resource>.yaml beside the template, once each', async () => {
    await vscode.commands.executeCommand(`${VIEW}.focus`);
    const primary = await resourceNamed(api, 'tree-cloud', 'default');
    const generate = () =>
      vscode.commands.executeCommand<vscode.TextEditor>('anyscaleAzure.cloudTree.generateValues', primary);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const first = await generate();
    const beside = vscode.Uri.joinPath(workspaceFile(TEMPLATE), '..', 'values.tree-cloud.default.yaml');
    assert.equal(first.document.uri.toString(), beside.with({ scheme: 'untitled' }).toString());
    assert.equal(first.document.languageId, 'yaml');
    assert.match(
      first.document.getText(),
      /^# Anyscale operator values for cloud resource default of cloud tree-cloud\n[\s\S]*name: anyscale-operator\n$/,
    );
    assert.equal(first.selection.active.line, 0, 'the cursor at the top');
    // Generated again while the first is still open (maybe edited): a new untitled document, the first left alone.
    const text = first.document.getText();
    const second = await generate();
    assert.notEqual(second.document.uri.toString(), first.document.uri.toString());
    assert.equal(second.document.getText(), text);
    assert.equal(first.document.getText(), text);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.window.showTextDocument(first.document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('"Generate Operator Values" from the palette (as the walkthrough runs it) asks which cloud resource, then opens its values', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await runFromPalette('Anyscale: Generate Operator Values');
    let offered: string[] = [];
    await waitFor(
      () => `the cloud resources in the pick (have ${JSON.stringify(offered)})`,
      async () => {
        offered = await paletteRows();
        return ['default', 'gke-broken', 'eks-east'].every((name) => offered.includes(name));
      },
    );
    await type('eks-east');
    await waitFor(
      'eks-east alone in the pick',
      async () => JSON.stringify(await paletteRows()) === JSON.stringify(['eks-east']),
    );
    await press('Enter');
    const editor = await waitFor(
      'the generated values',
      () => vscode.window.activeTextEditor?.document.isUntitled && vscode.window.activeTextEditor,
    );
    assert.match(editor.document.getText(), /cloudProvider: aws[\s\S]*region: us-east-1/);
  });

  test('"Open Rule Documentation of the Worst Problem" opens the page of the broken resource\'s rule', async () => {
    const broken = await resourceNamed(api, 'tree-cloud', 'gke-broken');
    assert.equal(broken.resource.worst?.code, 'provider-invalid');
    await vscode.commands.executeCommand('anyscaleAzure.cloudTree.showWorstRuleDocumentation', broken);
    await waitFor(
      () =>
        `the preview of provider-invalid.md (active tab: ${vscode.window.tabGroups.activeTabGroup.activeTab?.label})`,
      () => /provider-invalid\.md/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ''),
    );
  });

  test("a row's tooltip shows the worst problem's message as written, with ordinary spaces to wrap at", async () => {
    const broken = await resourceNamed(api, 'tree-cloud', 'gke-broken');
    const tooltip = api.cloudTree.getTreeItem(broken).tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString, 'the tooltip is Markdown');
    // MarkdownString.appendText writes each space as &nbsp;: a long message then wrapped inside its words.
    assert.ok(!tooltip.value.includes('&nbsp;'), tooltip.value);
    const message = broken.resource.worst!.message;
    const unescaped = tooltip.value.replace(/\\(.)/g, '$1');
    assert.ok(unescaped.includes(message), `the message as written in:\n${tooltip.value}`);
  });

  /** The lines of `text` indented with a tab or with a number of spaces that is not a multiple of `size`. */
  const indentsNotMultipleOf = (text: string, size: number) =>
    text.split('\n').filter((line) => {
      const indent = /^[ \t]*/.exec(line)![0];
      return indent.includes('\t') || indent.length % size !== 0;
    });

  test('the welcome view\'s "New Cloud Resource Template" opens a template holding a cloud and its default cloud resource', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('anyscaleAzure.cloudTree.newTemplate');
    const text = await waitFor(
      'the inserted snippet',
      () => editor.document.getText().includes('cloudResources') && editor.document.getText(),
    );
    assert.match(text, /"type": "Anyscale\.Platform\/clouds"[\s\S]*"name": "my-cloud\/default"/);
    // Two spaces per level, as the examples, not VS Code's default of 4 (nobody set an indentation here).
    assert.match(text, /^ {4}\{\n {6}"type": "Anyscale\.Platform\/clouds",$/m);
    assert.deepEqual(indentsNotMultipleOf(text, 2), []);
    assert.deepEqual([editor.options.tabSize, editor.options.insertSpaces], [2, true]);
  });

  test('"New Cloud Resource Template" follows an indentation the user set for JSON', async () => {
    const editorSettings = () => vscode.workspace.getConfiguration('editor', { languageId: 'json' });
    await editorSettings().update('tabSize', 3, vscode.ConfigurationTarget.Workspace, true);
    try {
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>('anyscaleAzure.cloudTree.newTemplate');
      const text = await waitFor(
        'the inserted snippet',
        () => editor.document.getText().includes('cloudResources') && editor.document.getText(),
      );
      assert.match(text, /^ {6}\{\n {9}"type": "Anyscale\.Platform\/clouds",$/m);
      assert.deepEqual(indentsNotMultipleOf(text, 3), []);
    } finally {
      await editorSettings().update('tabSize', undefined, vscode.ConfigurationTarget.Workspace, true);
    }
  });

  test('the Explorer has a collapsed Anyscale Cloud Resources section, since the workspace has clouds', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('the section header', async () =>
      (await texts('.part.sidebar .pane-header')).some((text) => /Anyscale Cloud Resources/i.test(text)),
    );
  });

  test("editing one template redraws only its cloud: one onDidChangeTreeData naming that cloud's element, the other clouds untouched", async () => {
    const tree = api.cloudTree;
    const before = tree.getChildren();
    const treeCloud = await cloudNamed(api, 'tree-cloud');
    // Changes from earlier tests settle first.
    let fired: Array<CloudTreeNode | CloudTreeNode[] | undefined> = [];
    const subscription = tree.onDidChangeTreeData((event) => fired.push(event));
    try {
      for (let quiet = Date.now(); Date.now() - quiet < 1500;) {
        if (fired.length > 0) [fired, quiet] = [[], Date.now()];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const document = await vscode.workspace.openTextDocument(workspaceFile(TEMPLATE));
      const editor = await vscode.window.showTextDocument(document);
      const at = document.getText().indexOf('"Gcp"');
      await editor.edit((edit) =>
        edit.replace(new vscode.Range(document.positionAt(at), document.positionAt(at + 5)), '"GCP"'),
      );
      await waitFor('the tree-cloud redraw', () => treeCloud.cloud.problems.error === 0);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // anything else that was going to fire has fired
      assert.equal(fired.length, 1, `one redraw (have ${fired.length})`);
      assert.deepEqual(fired[0], [treeCloud], 'it names the tree-cloud element itself, not the root');
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      const after = tree.getChildren();
      assert.equal(after.length, before.length);
      after.forEach((node, i) => assert.equal(node, before[i], 'every cloud keeps its element'));
      await waitFor('the fixed resource drawn again, as GCP', async () =>
        (await drawnRows()).includes('gke-broken GCP · us-central1'),
      );
      await badgeShown('tree-cloud', false);
    } finally {
      subscription.dispose();
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  test("a files.exclude pattern reaches the server: the excluded template's cloud leaves the tree, and comes back", async () => {
    const files = vscode.workspace.getConfiguration('files');
    const unknownCloud = "[parameters('cloudName')]";
    const shown = () =>
      api.cloudTree.getChildren().some((node) => node.kind === 'cloud' && node.cloud.label === unknownCloud);
    assert.ok(shown(), "unknown-cloud.json's cloud before");
    const before = files.inspect<Record<string, boolean>>('exclude')?.workspaceValue;
    try {
      await files.update(
        'exclude',
        { ...before, 'cloud-tree/unknown-cloud.json': true },
        vscode.ConfigurationTarget.Workspace,
      );
      await waitFor('the cloud of the excluded template gone', () => !shown(), 20000);
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      await waitFor(
        'its row gone from the screen',
        async () => !(await drawnRows()).some((text) => text.startsWith(unknownCloud)),
      );
    } finally {
      await files.update('exclude', before, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor('the cloud back once the pattern is gone', shown, 20000);
  });

  test("a cloud counts its parameter file's own problems, at the levels of the .anyscale-azure.json beside it", async () => {
    // A clean template whose parameter file has a template's $schema (parameter-file-schema, raised to an error by the
    // config) and an entry copied from the template without a value (parameter-file-value-missing, an error).
    const files: Array<[string, string]> = [
      ['param-cloud/.anyscale-azure.json', '{ "rules": { "parameter-file-schema": "error" } }\n'],
      [
        'param-cloud/param-cloud.parameters.json',
        JSON.stringify({
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
          contentVersion: '1.0.0.0',
          parameters: { location: { type: 'string', defaultValue: 'westus2' } },
        }),
      ],
      [
        'param-cloud/param-cloud.json',
        JSON.stringify({
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
          contentVersion: '1.0.0.0',
          parameters: { location: { type: 'string', defaultValue: 'westus2' } },
          resources: [
            {
              type: 'Anyscale.Platform/clouds',
              apiVersion: '2026-09-01',
              name: 'param-cloud',
              location: "[parameters('location')]",
              properties: {},
            },
            {
              type: 'Anyscale.Platform/clouds/cloudResources',
              apiVersion: '2026-09-01',
              name: 'param-cloud/default',
              location: "[parameters('location')]",
              dependsOn: ["[resourceId('Anyscale.Platform/clouds', 'param-cloud')]"],
              properties: {
                provider: 'Azure',
                computeStack: 'K8S',
                region: 'westus2',
                cloudStorageBucketName: 'abfss://param-data@paramstorage.dfs.core.windows.net',
                cloudStorageBucketEndpoint: 'https://paramstorage.blob.core.windows.net',
                anyscaleOperatorIamIdentity: '1d2c3b4a-5f6e-4d7c-8b9a-0e1f2a3b4c5d',
              },
            },
          ],
        }),
      ],
    ];
    const folder = workspaceFile('param-cloud');
    const present = () =>
      api.cloudTree
        .getChildren()
        .find((node): node is CloudNode => node.kind === 'cloud' && node.cloud.label === 'param-cloud');
    try {
      for (const [name, text] of files) await vscode.workspace.fs.writeFile(workspaceFile(name), Buffer.from(text));
      let cloud: CloudNode | undefined;
      await waitFor(
        () => `param-cloud with 2 errors and no warning (have ${JSON.stringify(cloud?.cloud.problems)})`,
        () => {
          cloud = present();
          return cloud?.cloud.problems.error === 2 && cloud.cloud.problems.warning === 0;
        },
        20000,
      );
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      await badgeShown('param-cloud', true);
    } finally {
      // The folder at once: VS Code's watcher reports the folder's deletion, not its files'.
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
    await waitFor('param-cloud gone with its folder', () => !present(), 20000);
  });

  test("a cloud resource row of one parameter file shows its file's problems, not another file's", async () => {
    // One declaration whose name and provider come from two parameter files: "Aws" is no provider (provider-invalid,
    // an error) on the AWS file's row; the Azure file's row is clean.
    const template = JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { resourceName: { type: 'string' }, provider: { type: 'string' } },
      resources: [
        {
          type: 'Anyscale.Platform/clouds/cloudResources',
          apiVersion: '2026-09-01',
          name: "[concat('rows-cloud/', parameters('resourceName'))]",
          location: 'westus2',
          properties: {
            provider: "[parameters('provider')]",
            computeStack: 'K8S',
            region: 'westus2',
            cloudStorageBucketName: 'abfss://rows-data@rowsstorage.dfs.core.windows.net',
            cloudStorageBucketEndpoint: 'https://rowsstorage.blob.core.windows.net',
            anyscaleOperatorIamIdentity: '2e3d4c5b-6a7f-4e8d-9cab-1f2e3d4c5b6a',
          },
        },
      ],
    });
    const parameters = (resourceName: string, provider: string) =>
      JSON.stringify({
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
        contentVersion: '1.0.0.0',
        parameters: { resourceName: { value: resourceName }, provider: { value: provider } },
      });
    const files: Array<[string, string]> = [
      ['rows-cloud/rows.parameters.aws.json', parameters('rows-aws', 'Aws')],
      ['rows-cloud/rows.parameters.azure.json', parameters('rows-azure', 'Azure')],
      ['rows-cloud/rows.json', template],
    ];
    const folder = workspaceFile('rows-cloud');
    const present = () =>
      api.cloudTree
        .getChildren()
        .find((node): node is CloudNode => node.kind === 'cloud' && node.cloud.label === 'rows-cloud');
    try {
      for (const [name, text] of files) await vscode.workspace.fs.writeFile(workspaceFile(name), Buffer.from(text));
      let rows: string[] = [];
      await waitFor(
        () => `rows-cloud's two rows (have ${JSON.stringify(rows)})`,
        () => {
          const cloud = present();
          rows = cloud
            ? cloud.cloud.cloudResources.map((resource) => `${resource.label} ${JSON.stringify(resource.problems)}`)
            : [];
          return rows.length === 2;
        },
        20000,
      );
      assert.deepEqual(rows, [
        'rows-aws {"error":1,"warning":0,"info":0}',
        'rows-azure {"error":0,"warning":0,"info":0}',
      ]);
      await vscode.commands.executeCommand(`${VIEW}.focus`);
      await badgeShown('rows-aws', true);
      // Drawn in the same redraw as rows-aws's.
      const classes = (await attributes(`${row('rows-azure')} .monaco-icon-label`, 'class'))[0];
      assert.ok(classes !== undefined, 'the row of rows-azure is drawn');
      assert.ok(
        !classes.split(' ').includes('monaco-decoration-badge'),
        `rows-azure has no badge (classes: ${classes})`,
      );
    } finally {
      // The folder at once: VS Code's watcher reports the folder's deletion, not its files'.
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
    await waitFor('rows-cloud gone with its folder', () => !present(), 20000);
  });

  test('a renamed folder: its cloud is read under the new name; deleted, the cloud leaves the tree', async () => {
    const before = workspaceFile('rename-before');
    const after = workspaceFile('rename-after');
    const template = JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [
        {
          type: 'Anyscale.Platform/clouds',
          apiVersion: '2026-09-01',
          name: 'renamed-cloud',
          location: 'westus2',
          properties: {},
        },
      ],
    });
    const declaredIn = () =>
      api.cloudTree
        .getChildren()
        .find((node): node is CloudNode => node.kind === 'cloud' && node.cloud.label === 'renamed-cloud')?.cloud.reveal
        .uri;
    try {
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(before, 'nested', 'cloud.json'), Buffer.from(template));
      await waitFor('renamed-cloud in the tree', () => declaredIn()?.includes('/rename-before/'), 20000);
      await vscode.workspace.fs.rename(before, after);
      await waitFor(
        () => `renamed-cloud declared under the new name (now ${declaredIn()})`,
        () => declaredIn()?.includes('/rename-after/nested/cloud.json'),
        20000,
      );
      await vscode.workspace.fs.delete(after, { recursive: true });
      await waitFor('renamed-cloud gone with its folder', () => declaredIn() === undefined, 20000);
    } finally {
      for (const folder of [before, after])
        await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    }
  });
});
