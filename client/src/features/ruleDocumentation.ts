// The "Show documentation for <code>" code action's command: opens a rule's docs page (also the hovers' documentation
// links and the egress messages' Show Documentation, for other docs pages). A page shipped with the extension (file
// URI) opens as a rendered Markdown preview inside the editor; a web page in the browser. Also the problems' code
// links (the rule code in VS Code's problem hover and Problems panel), which VS Code opens itself: see below.
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';
import { SHOW_RULE_DOCUMENTATION_COMMAND } from '../../../shared/protocol';

export function registerRuleDocumentation(context: vscode.ExtensionContext): void {
  const showDocumentation = async (href: string) => {
    const uri = shippedPage(context, vscode.Uri.parse(href));
    if (uri.scheme === 'http' || uri.scheme === 'https') await vscode.env.openExternal(uri);
    else await vscode.commands.executeCommand('markdown.showPreview', uri);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_RULE_DOCUMENTATION_COMMAND, showDocumentation),
    // A problem's code link, rewritten by the middleware below, comes back here: the page it names, as a preview.
    vscode.window.registerUriHandler({ handleUri: (uri) => void showDocumentation(uri.toString()) }),
  );
}

/** The extension's own URI for a page under its docs/ (see problemLinksMiddleware) as that file; other URIs as they are. */
function shippedPage(context: vscode.ExtensionContext, uri: vscode.Uri): vscode.Uri {
  const own = uri.scheme === vscode.env.uriScheme && uri.authority.toLowerCase() === context.extension.id.toLowerCase();
  return own && uri.path.startsWith('/docs/') ? vscode.Uri.joinPath(context.extensionUri, uri.path) : uri;
}

/**
 * VS Code opens a problem's code link (the server's `codeDescription.href`, a docs page shipped with the extension)
 * itself, as the raw Markdown file, and runs no command from it. So the link of every page under the extension's
 * docs/ is rewritten to this extension's own URI (`<scheme>://<extension id>/docs/…`), which VS Code hands to the URI
 * handler above.
 */
export function problemLinksMiddleware(context: vscode.ExtensionContext): Middleware {
  const docs = vscode.Uri.joinPath(context.extensionUri, 'docs').toString();
  const ownUri = (target: vscode.Uri) => {
    const href = target.toString();
    if (!href.startsWith(`${docs}/`)) return target;
    return vscode.Uri.from({
      scheme: vscode.env.uriScheme,
      authority: context.extension.id,
      path: `/docs/${href.slice(docs.length + 1)}`,
    });
  };
  return {
    handleDiagnostics: (uri, diagnostics, next) =>
      next(
        uri,
        diagnostics.map((diagnostic) => {
          if (typeof diagnostic.code === 'object' && diagnostic.code.target)
            diagnostic.code = { value: diagnostic.code.value, target: ownUri(diagnostic.code.target) };
          return diagnostic;
        }),
      ),
  };
}
