// What the document Language Status item says of the server's stats: the text, the detail and the severity. A check
// mark only when nothing is wrong; with problems the item takes their severity instead (an error when any is one).
import type { DocumentStats } from '../../../../shared/protocol';

export interface DocumentStatusView {
  readonly text: string;
  readonly detail: string;
  readonly severity: 'information' | 'warning' | 'error';
}

export function documentStatusView(
  stats: Pick<DocumentStats, 'anyscaleResources' | 'problems' | 'errors' | 'durationMs'>,
): DocumentStatusView {
  const resources = `${stats.anyscaleResources} Anyscale resource${stats.anyscaleResources === 1 ? '' : 's'}`;
  return {
    text: stats.problems === 0 ? `$(check) ${resources}` : resources,
    detail: `validated in ${stats.durationMs} ms · ${stats.problems} problem${stats.problems === 1 ? '' : 's'}`,
    severity: stats.errors > 0 ? 'error' : stats.problems > 0 ? 'warning' : 'information',
  };
}
