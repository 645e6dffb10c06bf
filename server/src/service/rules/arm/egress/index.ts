// Rules about the outbound network path (egress on Https:443) that Anyscale on Azure needs.
import type { TemplateRule } from '../../templateRule';
import { egressFqdnsNotAllowed } from './egress-fqdns-not-allowed';

export const egressRules: readonly TemplateRule[] = [egressFqdnsNotAllowed];
