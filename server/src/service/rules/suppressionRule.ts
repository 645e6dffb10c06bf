// A rule about the suppression comments themselves. It has no check of its own: the generic suppression step
// (../suppression/suppress.ts) reports it after the other rules ran, because only then is it known what a comment silenced.
import type { RuleInfo } from '../types';

export interface SuppressionRule extends RuleInfo {
  readonly appliesTo: 'suppressionComments';
}
