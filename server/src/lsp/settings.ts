// Reads rule levels from settings defensively: a typo in a user's settings must not break validation.
import type { RuleLevel } from '../service';

const LEVELS = new Set<RuleLevel>(['off', 'info', 'warning', 'error']);

export function readRuleLevels(raw: unknown): Record<string, RuleLevel> {
  const levels: Record<string, RuleLevel> = {};
  if (!raw || typeof raw !== 'object') return levels;
  for (const [code, level] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof level === 'string' && LEVELS.has(level as RuleLevel)) levels[code] = level as RuleLevel;
  }
  return levels;
}
