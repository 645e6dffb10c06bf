// Every expression string of a template, found in one walk and kept per template: its scope, the declaration whose
// value it is part of, and the parameters() / variables() calls in it with the exact place of each name. The
// expression rules, the evaluator's dependency ordering and (later) go-to-definition and rename all read this.
import type { JsonNode } from '../../json/nodes';
import { entries, equalsIgnoreCase, items, propertyValue } from '../../json/nodes';
import type { ArmTemplate, TemplateScope } from '../template';
import { parsedExpressionOf, type Expression, type FunctionCall } from './parse';
import { copyDeclarations, effectiveScope, functionParameterNames, type ExpressionScope } from './scopes';

export interface ExpressionReference {
  readonly kind: 'parameter' | 'variable';
  /** The name as written, or undefined when the argument is computed (`parameters(variables('which'))`). */
  readonly name: string | undefined;
  /** The call's first argument (the quoted name, quotes included), as offsets in the string's decoded text. */
  readonly argument: { readonly start: number; readonly end: number };
  readonly call: FunctionCall;
}

/** The declaration whose value an expression string is part of. */
export interface Owner {
  readonly kind: 'parameter' | 'variable' | 'output';
  /** Lower-cased name. */
  readonly name: string;
}

export interface ExpressionSite extends ExpressionScope {
  /** The JSON string node holding the expression. */
  readonly node: JsonNode;
  /** The template scope whose text holds the string (for an outer-scoped nested template, not `scope`). */
  readonly declaredIn: TemplateScope;
  readonly owner?: Owner;
}

export interface TemplateExpressions {
  /** Every expression string of the template, in walk order (scope by scope). */
  readonly sites: readonly ExpressionSite[];
}

/** Each function call of a parsed expression, outermost first. */
export function callsIn(expression: Expression): FunctionCall[] {
  const calls: FunctionCall[] = [];
  const pending: Expression[] = [expression];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.kind === 'call') {
      calls.push(current);
      for (let i = current.args.length - 1; i >= 0; i--) pending.push(current.args[i]);
    } else if (current.kind === 'property') pending.push(current.target);
    else if (current.kind === 'index') pending.push(current.index, current.target);
  }
  return calls;
}

const referenceCache = new WeakMap<JsonNode, readonly ExpressionReference[]>();
const NO_REFERENCES: readonly ExpressionReference[] = [];

/** The parameters() and variables() calls of an expression string (none when it is not one or does not parse). */
export function referencesIn(node: JsonNode): readonly ExpressionReference[] {
  const cached = referenceCache.get(node);
  if (cached) return cached;
  const parsed = parsedExpressionOf(node);
  let found = NO_REFERENCES;
  if (parsed?.ok) {
    const out: ExpressionReference[] = [];
    for (const call of callsIn(parsed.expression)) {
      if (call.namespace !== undefined || call.args.length === 0) continue;
      const kind = equalsIgnoreCase(call.name, 'parameters') ? 'parameter' : equalsIgnoreCase(call.name, 'variables') ? 'variable' : undefined;
      if (!kind) continue;
      const argument = call.args[0];
      out.push({ kind, name: argument.kind === 'string' ? argument.value : undefined, argument: { start: argument.start, end: argument.end }, call });
    }
    if (out.length > 0) found = out;
  }
  referenceCache.set(node, found);
  return found;
}

const SKIPPED_SECTIONS = new Set(['metadata', '$schema', 'contentversion', 'apiprofile', 'languageversion']);

class Walker {
  readonly sites: ExpressionSite[] = [];
  private readonly scopeNodes: Set<JsonNode>;

  constructor(template: ArmTemplate) {
    this.scopeNodes = new Set(template.scopes.map((scope) => scope.node));
  }

  walkScope(declaredIn: TemplateScope): void {
    const scope = effectiveScope(declaredIn);
    // An outer-scoped nested template's own declarations are not the ones its expressions use: no owner for them.
    const owns = declaredIn === scope;
    for (const [key, value] of entries(declaredIn.node)) {
      const section = key.toLowerCase();
      if (SKIPPED_SECTIONS.has(section)) continue;
      if (section === 'functions') {
        this.walkFunctions(value, declaredIn, scope);
      } else if (section === 'parameters' || section === 'outputs') {
        const kind = section === 'parameters' ? 'parameter' : 'output';
        for (const [name, declaration] of entries(value)) {
          for (const [field, fieldValue] of entries(declaration)) {
            if (field.toLowerCase() !== 'metadata') this.walk(fieldValue, { scope, declaredIn, owner: owns ? { kind, name: name.toLowerCase() } : undefined });
          }
        }
      } else if (section === 'variables') {
        for (const [name, variable] of entries(value)) {
          if (name.toLowerCase() === 'copy' && variable.type === 'array') {
            for (const loop of copyDeclarations(variable)) this.walk(loop.element, { scope, declaredIn, owner: owns ? { kind: 'variable', name: loop.name.toLowerCase() } : undefined });
          } else {
            this.walk(variable, { scope, declaredIn, owner: owns ? { kind: 'variable', name: name.toLowerCase() } : undefined });
          }
        }
      } else {
        this.walk(value, { scope, declaredIn });
      }
    }
  }

  private walkFunctions(section: JsonNode, declaredIn: TemplateScope, scope: TemplateScope): void {
    for (const namespace of items(section)) {
      for (const [, member] of entries(propertyValue(namespace, 'members'))) {
        this.walk(member, { scope, declaredIn, functionParameters: functionParameterNames(member) });
      }
    }
  }

  /** Every expression string under `root`, without entering nested deployments' templates (walked as their own scope). */
  private walk(root: JsonNode, site: Omit<ExpressionSite, 'node'>): void {
    const pending = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.type === 'string') {
        if (parsedExpressionOf(node)) this.sites.push({ node, scope: site.scope, declaredIn: site.declaredIn, owner: site.owner, functionParameters: site.functionParameters });
      } else if (node.type === 'property') {
        const value = node.children?.[1];
        if (value) pending.push(value);
      } else if ((node.type === 'object' || node.type === 'array') && node.children && !this.scopeNodes.has(node)) {
        for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
      }
    }
  }
}

const cache = new WeakMap<ArmTemplate, TemplateExpressions>();

/** The template's expression strings, found once per template (that is, once per document version). */
export function templateExpressions(template: ArmTemplate): TemplateExpressions {
  let found = cache.get(template);
  if (!found) {
    const walker = new Walker(template);
    for (const scope of template.scopes) walker.walkScope(scope);
    found = { sites: walker.sites };
    cache.set(template, found);
  }
  return found;
}

