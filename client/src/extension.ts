// The extension's entry point: starts the language server and wires the client-side features. Nothing else.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { SHOW_RULE_DOCUMENTATION_COMMAND, type InitializationOptions } from '../../shared/protocol';
import { DocumentStatusItem } from './features/status/documentStatus';
import { registerEgress } from './features/egress';
import { registerRuleDocumentation } from './features/ruleDocumentation';
import { registerAzure } from './features/azure';

export const LANGUAGES = ['json', 'jsonc', 'arm-template', 'yaml'];

let client: LanguageClient | undefined;

export interface ExtensionApi {
  /** The last stats the server reported for a document, as shown in the Language Status item. */
  documentStats(uri: vscode.Uri): import('../../shared/protocol').DocumentStats | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const initializationOptions: InitializationOptions = {
    docsBaseUri: vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString(),
    commands: [SHOW_RULE_DOCUMENTATION_COMMAND],
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    synchronize: { configurationSection: 'anyscaleAzure' },
    initializationOptions,
  };
  client = new LanguageClient('anyscaleAzure', 'Anyscale on Azure', serverOptions, clientOptions);
  const status = new DocumentStatusItem(client, LANGUAGES);
  context.subscriptions.push(status);
  registerEgress(context, client, LANGUAGES);
  registerRuleDocumentation(context);
  registerAzure(context, client);
  await client.start();
  return { documentStats: (uri) => status.statsFor(uri) };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
