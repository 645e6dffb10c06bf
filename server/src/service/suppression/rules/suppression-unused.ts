// suppression-unused: a suppression comment (or one code in it) that silences nothing — the problem was fixed or
// moved, and the comment would silently hide a future one.
import type { SuppressionRule } from '../../rules/suppressionRule';

export const suppressionUnused: SuppressionRule = {
  code: 'suppression-unused',
  title: 'A suppression comment silences nothing: the finding it names is not on its line (or in its file)',
  defaultSeverity: 'info',
  category: 'suppression',
  appliesTo: 'suppressionComments',
};
