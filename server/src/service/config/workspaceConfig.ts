// The workspace configuration file `.anyscale-azure.json` (JSONC): `{ "rules": { "<code>": "off|info|warning|error" } }`.
// A pure parser: text in, rule levels and problems (with offsets) out. Finding the file is the Node layer's job
// (server/src/node/config.ts). A file that is not JSON or not shaped like a config is `broken`; an unknown code or
// level only drops that entry, with a warning.
import { parseTree, type ParseError } from 'jsonc-parser';
import { syntaxProblems } from '../json/parseJson';
import type { JsonNode } from '../json/nodes';
import type { RuleLevel, TextRange } from '../types';
import { RULES, ruleByCode } from '../rules/registry';
import { didYouMean } from '../text/suggest';

export const CONFIG_FILE_NAME = '.anyscale-azure.json';
export const RULE_LEVELS: readonly RuleLevel[] = ['off', 'info', 'warning', 'error'];

export interface ConfigProblem extends TextRange {
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export interface WorkspaceConfig {
  readonly rules: Readonly<Record<string, RuleLevel>>;
  readonly problems: readonly ConfigProblem[];
  /** The file is not JSON, or not an object with a `rules` object: none of it applies. */
  readonly broken: boolean;
}

const range = (node: JsonNode): TextRange => ({ start: node.offset, end: node.offset + node.length });

export function parseWorkspaceConfig(text: string): WorkspaceConfig {
  const errors: ParseError[] = [];
  let root: JsonNode | undefined;
  try {
    root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  } catch {
    root = undefined; // nested too deeply to parse
  }
  const broken = (problem: ConfigProblem): WorkspaceConfig => ({ rules: {}, problems: [problem], broken: true });
  if (errors.length > 0) {
    const error = errors[0];
    return broken({
      start: error.offset,
      end: error.offset + error.length,
      severity: 'error',
      message: syntaxProblems(text, [error])[0].message,
    });
  }
  if (!root || root.type !== 'object')
    return broken({
      start: 0,
      end: Math.min(text.length, 1),
      severity: 'error',
      message: 'expected an object such as { "rules": { "<code>": "off" } }',
    });
  const rules: Record<string, RuleLevel> = {};
  const problems: ConfigProblem[] = [];
  const codes = RULES.map((rule) => rule.code);
  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || key.value === '$schema') continue;
    if (key.value !== 'rules') {
      problems.push({
        ...range(key),
        severity: 'warning',
        message: `unknown setting "${key.value}" (only "rules" is read)`,
      });
      continue;
    }
    if (!value || value.type !== 'object')
      return broken({
        ...range(value ?? key),
        severity: 'error',
        message: '"rules" must be an object of rule code → "off", "info", "warning" or "error"',
      });
    for (const entry of value.children ?? []) {
      const [codeNode, levelNode] = entry.children ?? [];
      const code = String(codeNode?.value);
      if (!ruleByCode(code)) {
        const guess = didYouMean(code, codes);
        problems.push({
          ...range(codeNode),
          severity: 'warning',
          message: `unknown rule "${code}"${guess ? ` (did you mean "${guess}"?)` : ''}; the entry is ignored`,
        });
        continue;
      }
      const level = levelNode?.value;
      if (typeof level !== 'string' || !RULE_LEVELS.includes(level as RuleLevel)) {
        problems.push({
          ...range(levelNode ?? codeNode),
          severity: 'warning',
          message: `${code}: the level must be "off", "info", "warning" or "error"; the entry is ignored`,
        });
        continue;
      }
      rules[code] = level as RuleLevel;
    }
  }
  return { rules, problems, broken: false };
}
