// The live Azure view of the client (docs/azure.md): "Connect to Azure" signs in with VS Code's Microsoft account,
// lists what Azure holds (./arm), shows it in the Deployed in Azure view (./deployedView) and sends it to the
// language server, which compares it with the templates (drift diagnostics). Actions on a deployed cloud resource:
// fill its ID into the values files the workspace index relates to it, copy the ID, go to its template. Works only in
// a trusted workspace. The token stays here: it is never logged and never sent to the server.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import {
  CloudDeploymentIdEditRequest,
  DeployedAzureNotification,
  WorkspaceIndexRequest,
  type DeployedAzure,
  type IndexedCloudResource,
  type IndexedFile,
} from '../../../../shared/protocol';
import { ArmClient, endpointUrl, listDeployed } from './arm';
import { DEPLOYED_VIEW, DeployedView, REVEAL_AUTHORED_COMMAND, type DeployedNode } from './deployedView';
import { resourceManagerEndpoint, tokenSource } from './session';

export const AZURE_COMMANDS = {
  connect: 'anyscaleAzure.azure.connect',
  refresh: 'anyscaleAzure.azure.refresh',
  disconnect: 'anyscaleAzure.azure.disconnect',
  fillCloudDeploymentId: 'anyscaleAzure.azure.fillCloudDeploymentId',
  copyCloudResourceId: 'anyscaleAzure.azure.copyCloudResourceId',
  revealAuthored: REVEAL_AUTHORED_COMMAND,
  /** Not in the palette: the view's rows as shown, for tests and other extensions. */
  rows: 'anyscaleAzure.azure.rows',
} as const;

const CONNECTED_CONTEXT = 'anyscaleAzure.azure.connected';

type CloudResourceNode = Extract<DeployedNode, { kind: 'cloudResource' }>;

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function counts(deployed: DeployedAzure): string {
  const clouds = deployed.subscriptions.flatMap((subscription) => subscription.clouds);
  const cloudResources = clouds.reduce((sum, cloud) => sum + cloud.cloudResources.length, 0);
  return `${deployed.subscriptions.length} subscription(s), ${clouds.length} cloud(s), ${cloudResources} cloud resource(s)`;
}

/** Every problem of a listing, one line each. */
function problemsOf(deployed: DeployedAzure): string[] {
  const lines = (problem: { message: string; hint?: string } | undefined) =>
    problem ? [`${problem.message}${problem.hint ? ` — ${problem.hint}` : ''}`] : [];
  return [
    ...lines(deployed.problem),
    ...deployed.subscriptions.flatMap((subscription) => [
      ...lines(subscription.problem),
      ...subscription.clouds.flatMap((cloud) => lines(cloud.problem)),
    ]),
  ];
}

export function registerAzure(context: vscode.ExtensionContext, client: LanguageClient): void {
  const view = new DeployedView();
  const tree = vscode.window.createTreeView(DEPLOYED_VIEW, { treeDataProvider: view, showCollapseAll: true });
  const log = (line: string) => client.outputChannel.appendLine(`[Azure] ${line}`);
  let listing: AbortController | undefined;

  const publish = async (deployed: DeployedAzure | undefined) => {
    view.show(deployed);
    tree.description = deployed ? `listed ${new Date(deployed.listedAt).toLocaleTimeString()}` : undefined;
    await vscode.commands.executeCommand('setContext', CONNECTED_CONTEXT, deployed !== undefined);
    if (client.state === State.Running)
      await client.sendNotification(DeployedAzureNotification, { deployed: deployed ?? null });
  };

  /** Signs in, lists, shows, and hands the listing to the server; undefined when it did not happen (and says why). */
  const connect = async (): Promise<DeployedAzure | undefined> => {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(
        'Anyscale: connecting to Azure needs a trusted workspace (its settings choose where your token is sent).',
      );
      return undefined;
    }
    let endpoint: URL;
    try {
      endpoint = endpointUrl(resourceManagerEndpoint());
    } catch (error) {
      void vscode.window.showErrorMessage(
        `Anyscale: not connected: ${(error as Error).message} (setting anyscaleAzure.azure.resourceManagerEndpoint).`,
      );
      return undefined;
    }
    const token = tokenSource(endpoint);
    try {
      await token();
    } catch (error) {
      void vscode.window.showWarningMessage(`Anyscale: not connected to Azure: ${(error as Error).message}`);
      return undefined;
    }
    listing?.abort();
    const abort = (listing = new AbortController());
    const arm = new ArmClient({ endpoint: endpoint.href, token, log });
    log(`listing ${endpoint.origin}`);
    const deployed = await vscode.window.withProgress(
      { location: { viewId: DEPLOYED_VIEW }, title: 'Listing Anyscale clouds in Azure' },
      () => listDeployed(arm, abort.signal),
    );
    if (abort.signal.aborted) return undefined; // disconnected, or listed again meanwhile
    const problems = problemsOf(deployed);
    log(
      `listed ${counts(deployed)}${problems.length > 0 ? `; not everything could be listed:\n  ${problems.join('\n  ')}` : ''}`,
    );
    await publish(deployed);
    await vscode.commands.executeCommand(`${DEPLOYED_VIEW}.focus`);
    if (deployed.problem)
      void vscode.window.showErrorMessage(
        `Anyscale: could not list Azure: ${deployed.problem.message}${deployed.problem.hint ? ` ${deployed.problem.hint}` : ''}`,
      );
    return deployed;
  };

  const disconnect = async () => {
    listing?.abort();
    listing = undefined;
    await publish(undefined);
    log('disconnected: the templates are no longer compared with Azure');
  };

  /** The authored twins of a deployed cloud resource: same cloud and resource name (ignoring case), both known. */
  const authoredTwins = async (node: CloudResourceNode): Promise<IndexedCloudResource[]> => {
    const { clouds } = await client.sendRequest(WorkspaceIndexRequest, {});
    return clouds
      .filter((cloud) => cloud.name.known && sameName(cloud.name.text, node.cloud.name))
      .flatMap((cloud) => cloud.cloudResources)
      .filter((resource) => resource.name.known && sameName(resource.name.text, node.cloudResource.name));
  };

  const revealAuthored = async (node: CloudResourceNode | undefined) => {
    if (node?.kind !== 'cloudResource') return;
    const [twin] = await authoredTwins(node);
    if (!twin) {
      void vscode.window.showInformationMessage(
        `Anyscale: no template in the workspace declares cloud resource ${node.cloud.name}/${node.cloudResource.name}.`,
      );
      return;
    }
    const { start, end } = twin.reveal.range;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(twin.reveal.uri));
    await vscode.window.showTextDocument(document, {
      selection: new vscode.Range(start.line, start.character, end.line, end.character),
    });
  };

  /** Writes the cloud resource's ID into a values file related to it: `target` when given, else the user's pick. */
  const fillCloudDeploymentId = async (node: CloudResourceNode | undefined, target?: vscode.Uri): Promise<boolean> => {
    if (node?.kind !== 'cloudResource') return false;
    const name = `${node.cloud.name}/${node.cloudResource.name}`;
    const id = node.cloudResource.cloudResourceId;
    if (!id) {
      void vscode.window.showWarningMessage(
        `Anyscale: Azure returned no cloudResourceId for ${name} (provisioningState ${node.cloudResource.provisioningState ?? 'unknown'}).`,
      );
      return false;
    }
    const files = new Map<string, IndexedFile>();
    for (const twin of await authoredTwins(node))
      for (const file of twin.files) if (file.kind === 'valuesFile' && !files.has(file.uri)) files.set(file.uri, file);
    let uri = target;
    if (!uri) {
      if (files.size === 0) {
        void vscode.window.showInformationMessage(
          `Anyscale: no values file in the workspace belongs to ${name}: a values file is related to a cloud resource when it is in its template's folder or names its cloud resource ID.`,
        );
        return false;
      }
      const picked =
        files.size === 1
          ? [...files.values()][0]
          : await vscode.window
              .showQuickPick(
                [...files.values()].map((file) => ({
                  label: file.label,
                  description: [...file.description, file.cloudDeploymentId?.text].filter(Boolean).join(' · '),
                  file,
                })),
                { title: `Set global.cloudDeploymentId to ${id} in` },
              )
              .then((choice) => choice?.file);
      if (!picked) return false;
      uri = vscode.Uri.parse(picked.uri);
    }
    const document = await vscode.workspace.openTextDocument(uri);
    const answer = await client.sendRequest(CloudDeploymentIdEditRequest, {
      uri: document.uri.toString(),
      cloudResourceId: id,
    });
    const file = path.basename(document.uri.fsPath);
    if (answer.problem) {
      void vscode.window.showWarningMessage(`Anyscale: ${file} was not changed: ${answer.problem}`);
      return false;
    }
    if (answer.edits.length === 0) {
      void vscode.window.showInformationMessage(`Anyscale: global.cloudDeploymentId in ${file} is already ${id}.`);
      return true;
    }
    if (document.version !== answer.version) {
      void vscode.window.showWarningMessage(
        `Anyscale: ${file} changed while the edit was computed; run the action again.`,
      );
      return false;
    }
    const edit = new vscode.WorkspaceEdit();
    const ranges = answer.edits.map(
      ({ range }) => new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
    );
    answer.edits.forEach((change, i) => edit.replace(document.uri, ranges[i], change.newText));
    if (!(await vscode.workspace.applyEdit(edit))) return false;
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(ranges[0].start, ranges[0].start) });
    void vscode.window.showInformationMessage(
      `Anyscale: global.cloudDeploymentId in ${file} is now ${id} (${name}); save the file to keep it.`,
    );
    return true;
  };

  context.subscriptions.push(
    view,
    tree,
    // A restarted server starts without the listing: give it again.
    client.onDidChangeState((change) => {
      if (change.newState === State.Running && view.deployed)
        void client.sendNotification(DeployedAzureNotification, { deployed: view.deployed });
    }),
    vscode.commands.registerCommand(AZURE_COMMANDS.connect, connect),
    vscode.commands.registerCommand(AZURE_COMMANDS.refresh, connect),
    vscode.commands.registerCommand(AZURE_COMMANDS.disconnect, disconnect),
    vscode.commands.registerCommand(AZURE_COMMANDS.revealAuthored, revealAuthored),
    vscode.commands.registerCommand(AZURE_COMMANDS.fillCloudDeploymentId, fillCloudDeploymentId),
    vscode.commands.registerCommand(AZURE_COMMANDS.copyCloudResourceId, async (node: CloudResourceNode | undefined) => {
      const id = node?.kind === 'cloudResource' ? node.cloudResource.cloudResourceId : undefined;
      if (!id) return;
      await vscode.env.clipboard.writeText(id);
      void vscode.window.showInformationMessage(`Anyscale: copied ${id}.`);
    }),
    vscode.commands.registerCommand(AZURE_COMMANDS.rows, () => view.rows()),
  );
}
