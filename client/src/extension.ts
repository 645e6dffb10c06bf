// The extension's entry point: starts the language server and wires the client-side features. Nothing else.
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { SHOW_RULE_DOCUMENTATION_COMMAND, type InitializationOptions } from '../../shared/protocol';
import { SERVER_NODE_OPTIONS } from '../../shared/serverProcess';
import { DocumentStatusItem } from './features/status/documentStatus';
import { registerEgress } from './features/egress';
import { problemLinksMiddleware, registerRuleDocumentation } from './features/ruleDocumentation';
import { registerAzure } from './features/azure';
import { registerCloudTree } from './features/cloudTree';
import { registerClusterExtension } from './features/clusterExtension';
import { registerJsonWithComments } from './features/jsonWithComments';
import type { CloudTreeProvider } from './features/cloudTree/provider';

/** The languages the server checks (its CHECKED_LANGUAGES); `helm` is the Kubernetes extension's, for a chart's templates. */
export const LANGUAGES = ['json', 'jsonc', 'arm-template', 'yaml', 'helm'];

let client: LanguageClient | undefined;

export interface ExtensionApi {
  /** The last stats the server reported for a document, as shown in the Language Status item. */
  documentStats(uri: vscode.Uri): import('../../shared/protocol').DocumentStats | undefined;
  /** The Cloud Resources view's data provider: its rows (getChildren, getTreeItem) and the redraws it asks for. */
  cloudTree: CloudTreeProvider;
}

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const activatedAt = performance.now();
  const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS] } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_OPTIONS, '--nolazy', '--inspect=6019'] },
    },
  };
  const docsBaseUri = vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString();
  const initializationOptions: InitializationOptions = {
    docsBaseUri,
    commands: [SHOW_RULE_DOCUMENTATION_COMMAND],
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    // files.exclude and search.exclude too: the workspace index honours them, and is rebuilt when they change.
    synchronize: { configurationSection: ['anyscaleAzure', 'files', 'search'] },
    initializationOptions,
    // The hovers' rule docs links run this command (the rendered preview of the page): trusted for it alone.
    markdown: { isTrusted: { enabledCommands: [SHOW_RULE_DOCUMENTATION_COMMAND] } },
    middleware: problemLinksMiddleware(context),
  };
  client = new LanguageClient('anyscaleAzure', 'Anyscale on Azure', serverOptions, clientOptions);
  const status = new DocumentStatusItem(client, LANGUAGES);
  context.subscriptions.push(status);
  const egress = registerEgress(context, client, LANGUAGES, status);
  registerRuleDocumentation(context);
  registerJsonWithComments(context, status.onDidChangeStats, (message) => client?.outputChannel.appendLine(message));
  registerAzure(context, client);
  registerClusterExtension(context, client);
  const cloudTree = registerCloudTree(context, client, { docsBaseUri, egress, activatedAt });
  await client.start();
  client.outputChannel.appendLine(
    `Anyscale on Azure Tools ${String(context.extension.packageJSON.version)}: language server started in ${Math.round(performance.now() - activatedAt)} ms.`,
  );
  void cloudTree
    .reload()
    .catch((error) => client?.error('Cloud Resources view: the workspace index could not be read', error));
  return { documentStats: (uri) => status.statsFor(uri), cloudTree };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
