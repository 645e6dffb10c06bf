// Names inside `parameters('…')` and `variables('…')` of any expression string: the parameters or variables of the
// template scope around the cursor (a nested deployment's own, inside its template).
import type { ArmTemplate, Declaration, TemplateScope } from '../../template';
import { propertyValue, stringOf } from '../../../json/nodes';
import type { CompletionEntry } from '../../../features/editing';
import type { PositionContext } from './context';

/** `parameters('par` or `variables( 'va` right before the cursor; the name typed so far is group 2. */
const REFERENCE_BEFORE_CURSOR = /\b(parameters|variables)\s*\(\s*'([^'\][()]*)$/i;
const NAME_CHARACTER = /[^'\])\s,]/;

function scopeAt(template: ArmTemplate, offset: number): TemplateScope {
  let best = template.rootScope;
  for (const scope of template.scopes) {
    const node = scope.node;
    if (node.offset <= offset && offset <= node.offset + node.length && node.length < best.node.length) best = scope;
  }
  return best;
}

function describe(
  declaration: Declaration,
  kind: 'parameter' | 'variable',
): { detail: string; documentation?: string } {
  if (kind === 'variable') return { detail: 'variable' };
  const type = stringOf(propertyValue(declaration.valueNode, 'type')) ?? 'parameter';
  const description = stringOf(propertyValue(propertyValue(declaration.valueNode, 'metadata'), 'description'));
  const defaultValue = propertyValue(declaration.valueNode, 'defaultValue');
  const shown = defaultValue ? `Default: \`${JSON.stringify(defaultValue.value ?? null)}\`` : undefined;
  return {
    detail: `${type} parameter`,
    documentation:
      [description, defaultValue && defaultValue.type !== 'object' && defaultValue.type !== 'array' ? shown : undefined]
        .filter(Boolean)
        .join('\n\n') || undefined,
  };
}

/** Completions when the cursor is in an expression string right after `parameters('` or `variables('`. */
export function expressionCompletions(context: PositionContext, template: ArmTemplate | undefined): CompletionEntry[] {
  const token = context.token;
  if (!template || !token || context.atKey || !token.value.startsWith('[')) return [];
  const before = context.text.slice(token.start + 1, context.offset);
  const match = REFERENCE_BEFORE_CURSOR.exec(before);
  if (!match) return [];
  const kind = match[1].toLowerCase() === 'parameters' ? 'parameter' : 'variable';
  const start = context.offset - match[2].length;
  let end = context.offset;
  while (end < token.end && NAME_CHARACTER.test(context.text[end]) && context.text[end] !== '"') end++;
  const scope = scopeAt(template, context.offset);
  const declarations = kind === 'parameter' ? scope.parameters : scope.variables;
  return [...declarations.values()].map((declaration) => ({
    label: declaration.name,
    kind: 'reference' as const,
    ...describe(declaration, kind),
    replace: { start, end },
  }));
}
