// The "Show documentation for <code>" code action's command: opens a rule's docs page (also the hovers' documentation
// links and the egress messages' Show Documentation, for other docs pages). A page shipped with the extension (file
// URI) opens as a rendered Markdown preview inside the editor; a web page in the browser.
import * as vscode from 'vscode';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../../shared/protocol';

export function registerRuleDocumentation(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_RULE_DOCUMENTATION_COMMAND, async (href: string) => {
      const uri = vscode.Uri.parse(href);
      if (uri.scheme === 'http' || uri.scheme === 'https') await vscode.env.openExternal(uri);
      else await vscode.commands.executeCommand('markdown.showPreview', uri);
    }),
  );
}
