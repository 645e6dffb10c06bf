// A second Language Status item next to the document one: the last egress result (passed/failed, where from,
// when), linking to the results view. It renders the report; it computes nothing.
import * as vscode from 'vscode';
import type { EgressReport } from '../../../../shared/protocol';
import { RESULTS_VIEW } from './resultsView';
import { probedFrom } from './report';

export class EgressStatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;

  constructor(languages: string[]) {
    this.item = vscode.languages.createLanguageStatusItem('anyscaleAzure.egressStatus', languages);
    this.item.name = 'Anyscale egress';
    this.item.text = 'Egress: not verified';
    this.item.command = { title: 'Verify', command: 'anyscaleAzure.egress.verifyLocal' };
  }

  show(report: EgressReport): void {
    const failed = report.results.filter((r) => !r.ok && r.outcome !== 'needs-host').length;
    const passed = report.results.filter((r) => r.ok).length;
    this.item.text = failed > 0 ? `$(error) Egress: ${failed} failed` : `$(pass) Egress: ${passed} passed`;
    this.item.detail = `from ${probedFrom(report)}, ${new Date(report.startedAt).toLocaleTimeString()}${report.cancelled ? ' (cancelled)' : ''}`;
    this.item.severity = failed > 0 ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
    this.item.command = { title: 'Show results', command: `${RESULTS_VIEW}.focus` };
  }

  dispose(): void {
    this.item.dispose();
  }
}
