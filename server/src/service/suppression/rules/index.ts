// The rules about suppression comments, for the registry.
import type { SuppressionRule } from '../../rules/suppressionRule';
import { suppressionUnused } from './suppression-unused';
import { suppressionUnknownCode } from './suppression-unknown-code';

export const suppressionRules: readonly SuppressionRule[] = [suppressionUnused, suppressionUnknownCode];
