// The Language Status item: how many Anyscale resources the active document holds and how long the
// server took to validate it. It renders what the server reports (in the words of documentStatusView.ts).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DocumentStatsNotification, type DocumentStats } from '../../../../shared/protocol';
import { documentStatusView } from './documentStatusView';

const SEVERITY = {
  information: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
} as const;

export class DocumentStatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly stats = new Map<string, DocumentStats>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly statsChanged = new vscode.EventEmitter<DocumentStats>();
  /** Fires with the stats the server reports for a document. */
  readonly onDidChangeStats = this.statsChanged.event;

  constructor(client: LanguageClient, languages: string[]) {
    this.item = vscode.languages.createLanguageStatusItem('anyscaleAzure.documentStatus', languages);
    this.item.name = 'Anyscale on Azure';
    this.item.text = 'Anyscale';
    this.disposables.push(
      client.onNotification(DocumentStatsNotification, (stats) => {
        this.stats.set(stats.uri, stats);
        this.render();
        this.statsChanged.fire(stats);
      }),
      this.statsChanged,
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      vscode.workspace.onDidCloseTextDocument((document) => this.stats.delete(document.uri.toString())),
    );
  }

  statsFor(uri: vscode.Uri): DocumentStats | undefined {
    return this.stats.get(uri.toString());
  }

  private render(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const stats = uri && this.statsFor(uri);
    if (!stats || stats.kind === 'other') {
      this.item.text = 'Anyscale: not an ARM template';
      this.item.detail = undefined;
      this.item.severity = vscode.LanguageStatusSeverity.Information; // not the warning of the template shown before
      return;
    }
    const view = documentStatusView(stats);
    this.item.text = view.text;
    this.item.detail = view.detail;
    this.item.severity = SEVERITY[view.severity];
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.item.dispose();
  }
}
