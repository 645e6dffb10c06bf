// A second Language Status item next to the document one: the last egress result (passed/failed, where from,
// when, and the overall diagnosis when one explains every failure), linking to the results view. It renders the report; it computes nothing. Shown only where egress matters
// (statusScope.ts): its selector matches nothing elsewhere.
import * as vscode from 'vscode';
import type { DocumentStats, EgressReport } from '../../../../shared/protocol';
import { RESULTS_VIEW, rerunPart, type Reruns } from './resultsView';
import { countResults, reportDiagnosis } from '../../../../shared/egress/diagnosis';
import { probedFrom } from './report';
import { egressStatusApplies } from './statusScope';

/** What the item reads of the document Language Status: the server's stats per document, and when they change. */
export interface DocumentStatsSource {
  statsFor(uri: vscode.Uri): DocumentStats | undefined;
  readonly onDidChangeStats: vscode.Event<DocumentStats>;
}

export class EgressStatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly disposables: vscode.Disposable[] = [];
  private applies = false;

  constructor(
    private readonly languages: string[],
    private readonly documents: DocumentStatsSource,
    private readonly resultsView: vscode.TreeView<unknown>,
  ) {
    this.item = vscode.languages.createLanguageStatusItem('anyscaleAzure.egressStatus', []);
    this.item.name = 'Anyscale egress';
    this.item.text = 'Egress: not verified';
    this.item.command = { title: 'Verify', command: 'anyscaleAzure.egress.verifyLocal' };
    this.disposables.push(
      documents.onDidChangeStats(() => this.place()),
      vscode.window.onDidChangeActiveTextEditor(() => this.place()),
      resultsView.onDidChangeVisibility(() => this.place()),
    );
    this.place();
  }

  /** The item's selector: the document languages where the status applies to the active editor, nothing elsewhere. */
  private place(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const applies = egressStatusApplies(uri && this.documents.statsFor(uri), this.resultsView.visible);
    if (applies !== this.applies) this.item.selector = applies ? this.languages : [];
    this.applies = applies;
  }

  /** `reruns`: the targets re-run since the report's run, which the detail names after its time. */
  show(report: EgressReport, reruns?: Reruns): void {
    const { passed, failed } = countResults(report.results);
    this.item.text = failed > 0 ? `$(error) Egress: ${failed} failed` : `$(pass) Egress: ${passed} passed`;
    const diagnosis = failed > 0 ? reportDiagnosis(report) : undefined;
    const time = (iso: string) => new Date(iso).toLocaleTimeString();
    this.item.detail = `from ${probedFrom(report)}, ${time(report.startedAt)}${report.cancelled ? ' (cancelled)' : ''}${rerunPart(reruns, time)}${diagnosis ? ` — ${diagnosis.headline}` : ''}`;
    this.item.severity = failed > 0 ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
    this.item.command = { title: 'Show results', command: `${RESULTS_VIEW}.focus` };
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.item.dispose();
  }
}
