// Where the egress Language Status item shows (docs/egress.md, "The egress status"): only where egress matters, not
// on every JSON or YAML file. No vscode import, so unit tests run it with node alone.
import type { DocumentStats } from '../../../../shared/protocol';

/** Documents that configure what the cluster reaches: operator values (either layout) and Gateway manifests. */
const EGRESS_DOCUMENT_KINDS: ReadonlySet<string> = new Set([
  'operatorValues',
  'legacyOperatorValues',
  'gatewayManifest',
]);

/**
 * Whether the egress status belongs next to the active document: one with Anyscale resources, operator values or a
 * Gateway manifest (its stats, as the server reported them), or any document while the egress results view is visible.
 */
export function egressStatusApplies(
  stats: Pick<DocumentStats, 'kind' | 'anyscaleResources'> | undefined,
  resultsViewVisible: boolean,
): boolean {
  if (resultsViewVisible) return true;
  if (!stats) return false;
  return EGRESS_DOCUMENT_KINDS.has(stats.kind) || (stats.kind === 'armTemplate' && stats.anyscaleResources > 0);
}
