// The FQDNs a template's Anyscale resources need on Https:443, for the firewall rule: the documented Anyscale
// table, the start-up storage, Entra ID, and the storage accounts and registry the template itself names.
// Computed once per analysis (cached on its AnyscaleView).
import type { AnyscaleView } from '../../../arm/anyscale';
import type { TemplateContext } from '../../templateContext';
import { REQUIRED_TARGETS } from '../../../egress/catalog';
import { egressFactsOf, targetsOfFacts } from '../../../egress/fromTemplate';
import { catalogTarget } from '../../../egress/target';
import type { EgressTargetInfo } from '../../../../../../shared/protocol';

const cache = new WeakMap<AnyscaleView, readonly EgressTargetInfo[]>();

export function requiredFqdns(context: TemplateContext): readonly EgressTargetInfo[] {
  let targets = cache.get(context.anyscale);
  if (!targets) {
    const catalog = REQUIRED_TARGETS.filter((t) => t.group === 'anyscale' || t.group === 'identity').map((t) => catalogTarget(t));
    targets = [...catalog, ...targetsOfFacts(egressFactsOf(context.template, context.anyscale, context.value))];
    cache.set(context.anyscale, targets);
  }
  return targets;
}
