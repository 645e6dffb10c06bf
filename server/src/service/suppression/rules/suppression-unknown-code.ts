// suppression-unknown-code: a suppression comment names a code no rule has (a typo silences nothing), or no
// code at all.
import type { SuppressionRule } from '../../rules/suppressionRule';

export const suppressionUnknownCode: SuppressionRule = {
  code: 'suppression-unknown-code',
  title: 'A suppression comment must name existing rule codes',
  defaultSeverity: 'warning',
  category: 'suppression',
  appliesTo: 'suppressionComments',
};
