// Every expression string of a template, found in one walk and kept per template: its parse, its scope, the
// declaration whose value it is part of, and the parameters() / variables() calls in it with the exact place of each
// name. The expression rules, the evaluator (parses and dependency ordering) and the ordering rules all read this
// one table instead of re-parsing or keeping caches of their own.
import type { JsonNode } from '../../json/nodes';
import { entries, equalsIgnoreCase, items, propertyValue } from '../../json/nodes';
import type { ArmTemplate, TemplateScope } from '../template';
import { isExpression } from '../value';
import { parsedExpressionOf, parseExpression, type Expression, type FunctionCall, type ParseResult } from './parse';
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
  readonly parsed: ParseResult;
  /** The parameters() and variables() calls in it (none when it does not parse). */
  readonly references: readonly ExpressionReference[];
  /** The template scope whose text holds the string (for an outer-scoped nested template, not `scope`). */
  readonly declaredIn: TemplateScope;
  readonly owner?: Owner;
}

export interface TemplateExpressions {
  /** Every expression string of the template, in walk order (scope by scope). */
  readonly sites: readonly ExpressionSite[];
  /** The site of an expression string node of the template; undefined for any other node (or one in `metadata`). */
  siteOf(node: JsonNode): ExpressionSite | undefined;
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

/** The parameters() and variables() calls of a parse (none when it failed). */
function referencesOf(parsed: ParseResult | undefined): readonly ExpressionReference[] {
  if (!parsed?.ok) return NO_REFERENCES;
  const expression = parsed.expression;
  // Most expressions are one call with literal arguments (`[parameters('x')]`, `[resourceId('…', '…')]`).
  if (expression.kind === 'call' && !hasNestedCall(expression)) {
    const reference = referenceOf(expression);
    return reference ? [reference] : NO_REFERENCES;
  }
  let out: ExpressionReference[] | undefined;
  for (const call of callsIn(expression)) {
    const reference = referenceOf(call);
    if (reference) (out ??= []).push(reference);
  }
  return out ?? NO_REFERENCES;
}

/** True when a call has an argument that is more than a literal (another call, a property or index access). */
export function hasNestedCall(call: FunctionCall): boolean {
  for (const arg of call.args) if (arg.kind !== 'string' && arg.kind !== 'number' && arg.kind !== 'boolean' && arg.kind !== 'null') return true;
  return false;
}

function referenceOf(call: FunctionCall): ExpressionReference | undefined {
  if (call.namespace !== undefined || call.args.length === 0) return undefined;
  const kind = equalsIgnoreCase(call.name, 'parameters') ? 'parameter' : equalsIgnoreCase(call.name, 'variables') ? 'variable' : undefined;
  if (!kind) return undefined;
  const argument = call.args[0];
  return { kind, name: argument.kind === 'string' ? argument.value : undefined, argument: { start: argument.start, end: argument.end }, call };
}

/** The parameters() and variables() calls of an expression string (none when it is not one or does not parse). */
export function referencesIn(node: JsonNode): readonly ExpressionReference[] {
  let found = referenceCache.get(node);
  if (!found) referenceCache.set(node, (found = referencesOf(parsedExpressionOf(node))));
  return found;
}

const SKIPPED_SECTIONS = new Set(['metadata', '$schema', 'contentversion', 'apiprofile', 'languageversion']);

class Walker {
  readonly sites: ExpressionSite[] = [];
  private readonly scopeNodes: Set<JsonNode>;
  /** The walk's stack, reused by every walk. */
  private readonly pending: JsonNode[] = [];
  /**
   * Parses by expression text: a template repeats the same expressions (`[parameters('location')]` in every
   * resource), and a parse holds only offsets within its string, so identical strings share one.
   */
  private readonly parses = new Map<string, { readonly parsed: ParseResult; readonly references: readonly ExpressionReference[] }>();

  constructor(template: ArmTemplate) {
    // Only nested deployments' templates are scope nodes below a scope's own node.
    this.scopeNodes = new Set(template.scopes.length > 1 ? template.scopes.map((scope) => scope.node) : []);
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
            if (field.toLowerCase() !== 'metadata') this.walk(fieldValue, scope, declaredIn, owns ? kind : undefined, name);
          }
        }
      } else if (section === 'variables') {
        for (const [name, variable] of entries(value)) {
          if (variable.type === 'array' && name.toLowerCase() === 'copy') {
            for (const loop of copyDeclarations(variable)) this.walk(loop.element, scope, declaredIn, owns ? 'variable' : undefined, loop.name);
          } else {
            this.walk(variable, scope, declaredIn, owns ? 'variable' : undefined, name);
          }
        }
      } else {
        this.walk(value, scope, declaredIn, undefined, undefined);
      }
    }
  }

  private walkFunctions(section: JsonNode, declaredIn: TemplateScope, scope: TemplateScope): void {
    for (const namespace of items(section)) {
      for (const [, member] of entries(propertyValue(namespace, 'members'))) {
        this.walk(member, scope, declaredIn, undefined, undefined, functionParameterNames(member));
      }
    }
  }

  /**
   * Every expression string under `root`, without entering nested deployments' templates (walked as their own scope).
   * The owner, when `ownerKind` is given, is the declaration `ownerName` (made once, for the first expression found).
   */
  private walk(root: JsonNode, scope: TemplateScope, declaredIn: TemplateScope, ownerKind: Owner['kind'] | undefined, ownerName: string | undefined, functionParameters?: ReadonlySet<string>): void {
    let owner: Owner | undefined;
    const pending = this.pending;
    pending.push(root);
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.type === 'string') {
        if (!isExpression(node.value as string)) continue;
        if (ownerKind !== undefined) owner ??= { kind: ownerKind, name: ownerName!.toLowerCase() };
        const text = node.value as string;
        let parse = this.parses.get(text);
        if (!parse) {
          const parsed = parseExpression(text);
          this.parses.set(text, (parse = { parsed, references: referencesOf(parsed) }));
        }
        this.sites.push({ node, parsed: parse.parsed, references: parse.references, scope, declaredIn, owner, functionParameters });
      } else if (node.type === 'property') {
        const value = node.children?.[1];
        if (value) pending.push(value);
      } else if ((node.type === 'object' || node.type === 'array') && node.children && !this.scopeNodes.has(node)) {
        for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
      }
    }
  }
}

/**
 * Sites by their string node's offset in the document, in an open-addressing hash table of site numbers: a template
 * can have a hundred thousand expression strings, and one typed array avoids the growth and entry allocations of a
 * Map keyed by node. A lookup compares the node itself, so a node from another document is never mistaken for one.
 */
class SitesByOffset {
  /** Site number + 1 per slot; 0 marks an empty slot. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** 32 − log2 of the table size: Fibonacci hashing keeps the top bits of offset × 2^32/φ. */
  private readonly shift: number;

  constructor(private readonly sites: readonly ExpressionSite[]) {
    let bits = 4;
    while (1 << bits < sites.length * 2) bits++;
    this.slots = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    for (let i = 0; i < sites.length; i++) {
      let slot = this.slotOf(sites[i].node.offset);
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }

  get(node: JsonNode): ExpressionSite | undefined {
    for (let slot = this.slotOf(node.offset); this.slots[slot] !== 0; slot = (slot + 1) & this.mask) {
      const site = this.sites[this.slots[slot] - 1];
      if (site.node === node) return site;
    }
    return undefined;
  }

  private slotOf(offset: number): number {
    return Math.imul(offset, 0x9e3779b1) >>> this.shift;
  }
}

const cache = new WeakMap<ArmTemplate, TemplateExpressions>();

/** The template's expression strings, found once per template (that is, once per document version). */
export function templateExpressions(template: ArmTemplate): TemplateExpressions {
  let found = cache.get(template);
  if (!found) {
    const walker = new Walker(template);
    for (const scope of template.scopes) walker.walkScope(scope);
    const sites = walker.sites;
    let byOffset: SitesByOffset | undefined;
    found = {
      sites,
      siteOf(node) {
        byOffset ??= new SitesByOffset(sites);
        return byOffset.get(node);
      },
    };
    cache.set(template, found);
  }
  return found;
}

