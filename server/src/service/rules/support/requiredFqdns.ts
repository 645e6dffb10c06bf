// The FQDNs a template's Anyscale resources need on Https:443, for the firewall rule: the documented Anyscale
// table, the start-up storage, Entra ID, and the storage accounts and registry the template itself names.
// Computed once per analysis (memoized on its AnyscaleView).
import type { TemplateContext } from '../templateContext';
import { REQUIRED_TARGETS } from '../../egress/catalog';
import { egressFactsOf, targetsOfFacts } from '../../egress/fromTemplate';
import { catalogTarget } from '../../egress/target';
import type { EgressTargetInfo } from '../../../../../shared/protocol';
import { memoKey } from '../../memo';

const REQUIRED_FQDNS = memoKey<readonly EgressTargetInfo[]>('required FQDNs');

export function requiredFqdns(context: TemplateContext): readonly EgressTargetInfo[] {
  return context.anyscale.memo.get(REQUIRED_FQDNS, () => {
    const catalog = REQUIRED_TARGETS.filter((t) => t.group === 'anyscale' || t.group === 'identity').map((t) =>
      catalogTarget(t),
    );
    return [
      ...catalog,
      ...targetsOfFacts(egressFactsOf(context.template, context.anyscale, context.value)).filter((t) => t.required),
    ];
  });
}
