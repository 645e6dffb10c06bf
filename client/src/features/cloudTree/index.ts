// The Cloud Resources view (docs/tree.md): the workspace's Anyscale clouds → cloud resources → their files, in the
// Anyscale activity-bar container and, collapsed, in the Explorer once the workspace has a cloud. Its actions: reveal
// a node's definition, verify egress for a cloud resource, generate its operator values, copy its ARM resource ID
// expression, open the rule docs of a node's worst finding; and, when the view is empty, a new template from the
// server's snippet and these docs. Everything shown comes from the server (anyscaleAzure/workspaceIndex).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  EgressTargetsRequest,
  GenerateValuesRequest,
  SHOW_RULE_DOCUMENTATION_COMMAND,
  WorkspaceIndexChangedNotification,
  WorkspaceIndexRequest,
  type GeneratedValues,
  type IndexedCloudResource,
  type IndexLocation,
} from '../../../../shared/protocol';
import type { Egress } from '../egress';
import { workspaceParams } from '../egress/settings';
import { egressTargetsFor } from './egressScope';
import { ProblemDecorations, REVEAL_COMMAND } from './items';
import { CloudTreeProvider, type CloudTreeNode } from './provider';
import { cloudTreeMessage } from './viewMessage';

export const CLOUD_TREE = {
  view: 'anyscaleAzure.cloudResources',
  explorerView: 'anyscaleAzure.cloudResourcesExplorer',
  reveal: REVEAL_COMMAND,
  refresh: 'anyscaleAzure.cloudTree.refresh',
  verifyEgress: 'anyscaleAzure.cloudTree.verifyEgress',
  generateValues: 'anyscaleAzure.cloudTree.generateValues',
  copyResourceId: 'anyscaleAzure.cloudTree.copyResourceId',
  showWorstRuleDocumentation: 'anyscaleAzure.cloudTree.showWorstRuleDocumentation',
  newTemplate: 'anyscaleAzure.cloudTree.newTemplate',
  openDocs: 'anyscaleAzure.cloudTree.openDocs',
} as const;

/** Context keys: the first scan is done; the workspace declares at least one cloud (the Explorer section's `when`). */
const SCANNED = 'anyscaleAzure.cloudTree.scanned';
const HAS_CLOUDS = 'anyscaleAzure.hasCloudResources';
/** The server's snippet the welcome view's "New Cloud Resource Template" inserts into an empty document. */
const NEW_TEMPLATE_SNIPPET = 'Anyscale cloud + default cloud resource';
/** How the examples, the docs and Azure's own templates indent a template. */
const TEMPLATE_INDENTATION: vscode.TextEditorOptions = { tabSize: 2, insertSpaces: true };

/**
 * The indentation of a new template: the user's own when they set `editor.tabSize` or `editor.insertSpaces` for JSON
 * (in any scope), else two spaces. A new document has no indentation to detect, so VS Code would otherwise indent the
 * snippet with its generic default of 4.
 */
function newTemplateIndentation(): vscode.TextEditorOptions | undefined {
  const editor = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  const setByUser = (key: string) => {
    const value = editor.inspect(key);
    return [
      value?.globalValue,
      value?.workspaceValue,
      value?.workspaceFolderValue,
      value?.globalLanguageValue,
      value?.workspaceLanguageValue,
      value?.workspaceFolderLanguageValue,
    ].some((set) => set !== undefined);
  };
  return setByUser('tabSize') || setByUser('insertSpaces') ? undefined : TEMPLATE_INDENTATION;
}

/**
 * Opens generated values as an untitled document named after the server's file name, in the folder of the template that
 * declares the cloud resource: Save proposes `values.<cloud>.<resource>.yaml` there (VS Code asks before replacing an
 * existing file), not a name made of the first comment line. An untitled document of that name already open (generated
 * before, perhaps edited) is left as it is: these values open in a new untitled document instead.
 */
async function openGeneratedValues(
  resource: IndexedCloudResource,
  generated: GeneratedValues,
): Promise<vscode.TextEditor> {
  const template = resource.files.find((file) => file.relation === 'declares');
  const untitled = template
    ? vscode.Uri.joinPath(vscode.Uri.parse(template.uri), '..', generated.fileName).with({ scheme: 'untitled' })
    : undefined;
  const taken = vscode.workspace.textDocuments.some((open) => open.uri.toString() === untitled?.toString());
  // The cursor at the top, whatever VS Code remembers of an untitled document of that name closed before.
  const atTop = { selection: new vscode.Range(0, 0, 0, 0) };
  if (!untitled || taken) {
    const document = await vscode.workspace.openTextDocument({ language: 'yaml', content: generated.content });
    return vscode.window.showTextDocument(document, atTop);
  }
  // Filled before it is shown, so that the editor opens on the values.
  const document = await vscode.workspace.openTextDocument(untitled);
  const fill = new vscode.WorkspaceEdit();
  fill.insert(untitled, new vscode.Position(0, 0), generated.content);
  await vscode.workspace.applyEdit(fill);
  return vscode.window.showTextDocument(document, atTop);
}

export interface CloudTreeOptions {
  /** The rule docs folder (InitializationOptions.docsBaseUri). */
  docsBaseUri: string;
  egress: Egress;
  /** performance.now() when the extension started activating: the first paint is measured from it. */
  activatedAt: number;
}

/** A quick pick of the workspace's cloud resources; with none, a message that says how to get one. */
async function pickCloudResource(
  provider: CloudTreeProvider,
  placeHolder: string,
): Promise<IndexedCloudResource | undefined> {
  const all = provider.cloudResources;
  if (all.length === 0) {
    void vscode.window.showInformationMessage(
      'Anyscale: no cloud resource in the workspace yet: declare one in an ARM template (New Cloud Resource Template), then run this again.',
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    all.map(({ cloud, resource }) => ({
      label: resource.label,
      description: [cloud.label, resource.provider?.text].filter(Boolean).join(' · '),
      resource,
    })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.resource;
}

export function registerCloudTree(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  options: CloudTreeOptions,
): CloudTreeProvider {
  const provider = new CloudTreeProvider(
    (cloud) => client.sendRequest(WorkspaceIndexRequest, cloud === undefined ? {} : { cloud }),
    options.activatedAt,
  );
  const views = [CLOUD_TREE.view, CLOUD_TREE.explorerView].map((id) =>
    vscode.window.createTreeView(id, { treeDataProvider: provider, showCollapseAll: true }),
  );
  const [containerView, explorerView] = views;
  const showState = () => {
    const errors = provider.errorCount;
    const counted = `${errors} error${errors === 1 ? '' : 's'}`;
    for (const view of views)
      view.message = cloudTreeMessage(provider.indexState, (uri) =>
        vscode.workspace.asRelativePath(vscode.Uri.parse(uri)),
      );
    // A view's badge adds up into its container's icon: on the Explorer's, users read the sum as unsaved files. There
    // the count is the view title's description instead.
    containerView.badge =
      errors > 0 ? { value: errors, tooltip: `${counted} in the workspace's Anyscale clouds` } : undefined;
    explorerView.description = errors > 0 ? counted : undefined;
    void vscode.commands.executeCommand('setContext', SCANNED, provider.complete);
    void vscode.commands.executeCommand('setContext', HAS_CLOUDS, provider.cloudCount > 0);
  };
  showState();
  const resourceOf = (node: CloudTreeNode | undefined) => (node?.kind === 'cloudResource' ? node.resource : undefined);
  const indexedOf = (node: CloudTreeNode) =>
    node.kind === 'cloud' ? node.cloud : node.kind === 'cloudResource' ? node.resource : node.file;
  const failed = (what: string) => (error: unknown) =>
    void vscode.window.showErrorMessage(`Anyscale: ${what}: ${error instanceof Error ? error.message : String(error)}`);

  context.subscriptions.push(
    provider,
    ...views,
    provider.onDidChangeState(showState),
    provider.onDidDrawFirst(({ askedMs, drawnMs, clouds, first, complete }) =>
      client.outputChannel.appendLine(
        `Cloud Resources view: ${first ? 'first rows' : 'the complete index'} drawn ${Math.round(drawnMs)} ms after activation, ` +
          `${Math.round(drawnMs - askedMs)} ms after the view asked for them (${clouds} clouds; ${complete ? 'scan complete' : 'scan under way'})`,
      ),
    ),
    vscode.window.registerFileDecorationProvider(new ProblemDecorations()),
    client.onNotification(
      WorkspaceIndexChangedNotification,
      (change) => void provider.update(change).catch(failed('the Cloud Resources view could not be updated')),
    ),
    // A click passes the node's place (TreeItem.command); the context menu passes the node.
    vscode.commands.registerCommand(CLOUD_TREE.reveal, async (target: IndexLocation | CloudTreeNode) => {
      const at = 'kind' in target ? indexedOf(target).reveal : target;
      const { start, end } = at.range;
      await vscode.window.showTextDocument(vscode.Uri.parse(at.uri), {
        selection: new vscode.Range(start.line, start.character, end.line, end.character),
        preview: true,
      });
    }),
    vscode.commands.registerCommand(CLOUD_TREE.refresh, () =>
      provider.reload().catch(failed('the Cloud Resources view could not be read')),
    ),
    vscode.commands.registerCommand(CLOUD_TREE.copyResourceId, async (node?: CloudTreeNode) => {
      const resource = resourceOf(node);
      if (!resource) return;
      await vscode.env.clipboard.writeText(resource.resourceIdExpression);
      vscode.window.setStatusBarMessage(`$(copy) Copied ${resource.resourceIdExpression}`, 5000);
    }),
    // From a row, its cloud resource; from the palette or the walkthrough, the one the user picks.
    vscode.commands.registerCommand(CLOUD_TREE.generateValues, async (node?: CloudTreeNode) => {
      const resource = node
        ? resourceOf(node)
        : await pickCloudResource(provider, 'Generate operator values for which cloud resource?');
      if (!resource) return undefined;
      try {
        const generated = await client.sendRequest(GenerateValuesRequest, { cloudResource: resource.id });
        return await openGeneratedValues(resource, generated);
      } catch (error) {
        failed(`cannot generate operator values for ${resource.label}`)(error);
        return undefined;
      }
    }),
    vscode.commands.registerCommand(CLOUD_TREE.verifyEgress, async (node?: CloudTreeNode) => {
      const resource = resourceOf(node);
      if (!resource) return undefined;
      const all = await client.sendRequest(EgressTargetsRequest, workspaceParams());
      const files = new Set(resource.files.map((file) => vscode.Uri.parse(file.uri).fsPath));
      return options.egress.verifyLocally(egressTargetsFor(resource, files, all.targets));
    }),
    vscode.commands.registerCommand(CLOUD_TREE.showWorstRuleDocumentation, async (node?: CloudTreeNode) => {
      const indexed = node && indexedOf(node);
      if (!indexed?.worst) return;
      await vscode.commands.executeCommand(
        SHOW_RULE_DOCUMENTATION_COMMAND,
        `${options.docsBaseUri}/${indexed.worst.code}.md`,
      );
    }),
    vscode.commands.registerCommand(CLOUD_TREE.newTemplate, async () => {
      const editor = await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({ language: 'json', content: '' }),
      );
      // The snippet's tabs become the editor's indentation as it is inserted.
      const indentation = newTemplateIndentation();
      if (indentation) editor.options = indentation;
      // The server offers its template snippets in an empty document; the welcome button inserts the cloud with its primary.
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        editor.document.uri,
        new vscode.Position(0, 0),
      );
      const snippet = list?.items.find(
        (entry) => (typeof entry.label === 'string' ? entry.label : entry.label.label) === NEW_TEMPLATE_SNIPPET,
      )?.insertText;
      if (snippet instanceof vscode.SnippetString) await editor.insertSnippet(snippet);
      else await vscode.commands.executeCommand('editor.action.triggerSuggest');
      return editor;
    }),
    vscode.commands.registerCommand(CLOUD_TREE.openDocs, () =>
      vscode.commands.executeCommand(
        'markdown.showPreview',
        vscode.Uri.joinPath(context.extensionUri, 'docs', 'tree.md'),
      ),
    ),
  );
  return provider;
}
