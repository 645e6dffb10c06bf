// Where an expression's parameters() and variables() resolve. A nested deployment evaluates its template's
// expressions in the parent's scope unless `expressionEvaluationOptions.scope` is `inner`; a user-defined function
// body sees only the function's own parameters. Also finds variables declared by a `copy` loop in `variables`.
import type { JsonNode } from '../../json/nodes';
import { equalsIgnoreCase, items, propertyValue, stringOf } from '../../json/nodes';
import type { ArmTemplate, Declaration, TemplateScope } from '../template';
import { memoKey } from '../../memo';

export interface ExpressionScope {
  /** The scope parameters() and variables() resolve in (the parent's, for an outer-scoped nested template). */
  readonly scope: TemplateScope;
  /** Inside a user-defined function body: the function's parameter names, lower-cased. */
  readonly functionParameters?: ReadonlySet<string>;
}

/** True for a nested deployment whose template is evaluated in its own scope. */
export function usesInnerScope(scope: TemplateScope): boolean {
  const options = propertyValue(scope.deployment?.properties, 'expressionEvaluationOptions');
  const kind = stringOf(propertyValue(options, 'scope'));
  return kind !== undefined && equalsIgnoreCase(kind, 'inner');
}

/** The scope a template scope's expressions resolve in: itself, or for an outer-scoped nested template its parent's. */
export function effectiveScope(scope: TemplateScope): TemplateScope {
  let current = scope;
  while (current.deployment && current.parent && !usesInnerScope(current)) current = current.parent;
  return current;
}

/** The parameter names of a user-defined function member (`{ "parameters": [{ "name": … }], "output": … }`). */
export function functionParameterNames(member: JsonNode | undefined): Set<string> {
  const names = new Set<string>();
  for (const parameter of items(propertyValue(member, 'parameters'))) {
    const name = stringOf(propertyValue(parameter, 'name'));
    if (name !== undefined) names.add(name.toLowerCase());
  }
  return names;
}

const SCOPES_BY_NODE = memoKey<Map<JsonNode, TemplateScope>>('scopes by node');

/** The expression scope of any node of the template, found from its ancestors; undefined for a node outside it. */
export function locateScope(template: ArmTemplate, node: JsonNode): ExpressionScope | undefined {
  const scopes = template.memo.get(SCOPES_BY_NODE, () => new Map(template.scopes.map((scope) => [scope.node, scope])));
  let previous: JsonNode | undefined;
  for (let current: JsonNode | undefined = node; current; previous = current, current = current.parent) {
    const scope = scopes.get(current);
    if (!scope) continue;
    const key = previous?.type === 'property' ? stringOf(previous.children?.[0]) : undefined;
    if (key === undefined || !equalsIgnoreCase(key, 'functions')) return { scope: effectiveScope(scope) };
    return {
      scope: effectiveScope(scope),
      functionParameters: functionParameterNames(functionMemberOf(node, previous!)),
    };
  }
  return undefined;
}

/**
 * The user-defined function member holding `node`, below the scope's `functions` property: the path down is
 * `functions` → array → namespace object → `members` → members object → member property → member object.
 */
function functionMemberOf(node: JsonNode, functionsProperty: JsonNode): JsonNode | undefined {
  const path: JsonNode[] = [];
  for (let current: JsonNode | undefined = node; current && current !== functionsProperty; current = current.parent)
    path.push(current);
  return path[path.length - 6];
}

/** One loop of a `copy` array: a variable (or property) whose value is an array built from `input`. */
export interface CopyDeclaration {
  readonly name: string;
  readonly nameNode: JsonNode;
  /** The `{ "name", "count", "input" }` object. */
  readonly element: JsonNode;
}

/** The loops of a `copy` array (`variables.copy` or a property loop). */
export function copyDeclarations(copyArray: JsonNode | undefined): CopyDeclaration[] {
  const out: CopyDeclaration[] = [];
  for (const element of items(copyArray)) {
    const nameNode = propertyValue(element, 'name');
    const name = stringOf(nameNode);
    if (nameNode && name !== undefined) out.push({ name, nameNode, element });
  }
  return out;
}

export type VariableDeclaration =
  { readonly kind: 'value'; readonly declaration: Declaration } | ({ readonly kind: 'copy' } & CopyDeclaration);

function isCopySection(declaration: Declaration | undefined): declaration is Declaration {
  return (
    declaration !== undefined && declaration.valueNode.type === 'array' && declaration.name.toLowerCase() === 'copy'
  );
}

/** A variable by name (case-insensitive): an ordinary one, or one declared by a loop in `variables.copy`. */
export function findVariable(scope: TemplateScope, name: string): VariableDeclaration | undefined {
  const lower = name.toLowerCase();
  const declaration = scope.variables.get(lower);
  if (declaration && !isCopySection(declaration)) return { kind: 'value', declaration };
  const copy = scope.variables.get('copy');
  if (!isCopySection(copy)) return undefined;
  const loop = copyDeclarations(copy.valueNode).find((candidate) => candidate.name.toLowerCase() === lower);
  return loop ? { kind: 'copy', ...loop } : undefined;
}

/** Every variable of a scope, loops of `variables.copy` included (the `copy` section itself is not a variable). */
export function allVariables(scope: TemplateScope): VariableDeclaration[] {
  const out: VariableDeclaration[] = [];
  for (const declaration of scope.variables.values()) {
    if (isCopySection(declaration))
      out.push(...copyDeclarations(declaration.valueNode).map((loop) => ({ kind: 'copy' as const, ...loop })));
    else out.push({ kind: 'value', declaration });
  }
  return out;
}
