// Every expression string of a template, found in one walk and kept per template: its scope, the declaration whose
// value it is part of, its syntax error if any, the calls ARM rejects for their argument count, and the
// parameters() / variables() calls in it, each resolved once to a numbered declaration. The expression rules, the
// evaluator (dependency ordering) and the ordering rules all read this one table instead of re-parsing or resolving
// names on their own.
//
// The table keeps every site's syntax tree in one SyntaxTree store of numbers (`syntax`, the site's `root`): the
// evaluator reads it instead of parsing again, and a store of numbers gives the garbage collector nothing to trace,
// where a hundred thousand kept trees of objects made every later allocation slower than the parse it saved. The
// sites of one scope with the same text (`[parameters('location')]` on every resource) share one tree.
import type { JsonNode } from '../../json/nodes';
import { entries, equalsIgnoreCase, items, propertyValue } from '../../json/nodes';
import type { ArmTemplate, TemplateScope } from '../template';
import { isExpression } from '../value';
import { argumentCountProblem, BUILT_IN_FUNCTIONS, PARAMETERS_FUNCTION, VARIABLES_FUNCTION } from './functions';
import { parseExpression, parseInto, type Expression, type ExpressionSyntaxError, type FunctionCall } from './parse';
import { NO_NODE, type NodeId, NodeKind, SyntaxTree } from './syntaxTree';
import {
  copyDeclarations,
  effectiveScope,
  functionParameterNames,
  type CopyDeclaration,
  type ExpressionScope,
} from './scopes';
import { Memo, memoKey, type MemoKey } from '../../memo';

export interface ExpressionReference {
  readonly kind: 'parameter' | 'variable';
  /** The name as written, or undefined when the argument is computed (`parameters(variables('which'))`). */
  readonly name: string | undefined;
  /** The call's first argument (the quoted name, quotes included), as offsets in the string's decoded text. */
  readonly argument: { readonly start: number; readonly end: number };
}

/** The declaration whose value an expression string is part of. */
export interface Owner {
  readonly kind: 'parameter' | 'variable' | 'output';
  /** Lower-cased name. */
  readonly name: string;
}

/** A parameter or variable that parameters() / variables() can name, numbered per template. */
export interface NamedDeclaration {
  readonly kind: 'parameter' | 'variable';
  /** The scope that declares it (one whose expressions resolve in itself). */
  readonly scope: TemplateScope;
  /** The name as declared. */
  readonly name: string;
  /** Where the name is written: the property key, or a `variables.copy` loop's `name` value. */
  readonly nameNode: JsonNode;
  /** A parameter's declaration object, a variable's value, or a `variables.copy` loop element (`{ name, count, input }`). */
  readonly node: JsonNode;
  /** The variable is declared by a loop in `variables.copy`: its value is the array the loop builds. */
  readonly copyLoop: boolean;
}

/** A `variables.copy` loop as a NamedDeclaration (the template's own declarations are NamedDeclarations themselves). */
class LoopDeclared implements NamedDeclaration {
  readonly kind = 'variable';
  readonly copyLoop = true;

  constructor(
    readonly scope: TemplateScope,
    private readonly loop: CopyDeclaration,
  ) {}

  get name(): string {
    return this.loop.name;
  }

  get nameNode(): JsonNode {
    return this.loop.nameNode;
  }

  get node(): JsonNode {
    return this.loop.element;
  }
}

/** An expression site: its number in the table's `sites`. */
export type SiteId = number & { readonly __brand: 'SiteId' };

/** A reference's target when no declaration of that name is in scope. */
export const UNDECLARED = -1;
/** A reference's target when the name is computed (`parameters(variables('which'))`). */
export const COMPUTED_NAME = -2;

/**
 * Every parameters() / variables() call of the template, in site order: reference i is call node `call(i)` of the
 * table's syntax trees, in site `site(i)`; it names declaration `target(i)` (or UNDECLARED, COMPUTED_NAME), and its
 * first argument spans `start(i)`…`end(i)` in the string's decoded text.
 */
export class ReferenceTable {
  /**
   * Per reference, its site and its call node. Typed and grown by doubling: once a plain array's store outgrows
   * V8's regular objects (about 16,000 elements), each push takes a slow path of about 90 ns (Node 20 and 24 alike),
   * 8 ms per analysis of the 4 MB envelope template.
   */
  private entries = new Int32Array(2048);
  private size = 0;

  constructor(private readonly syntax: SyntaxTree) {}

  get count(): number {
    return this.size >> 1;
  }

  add(site: SiteId, call: NodeId): void {
    if (this.size + 2 > this.entries.length) {
      const grown = new Int32Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.entries[this.size++] = site;
    this.entries[this.size++] = call;
  }

  site(reference: number): SiteId {
    return this.entries[reference << 1] as SiteId;
  }

  private call(reference: number): NodeId {
    return this.entries[(reference << 1) + 1] as NodeId;
  }

  /** 0 for parameters(), 1 for variables(). */
  kind(reference: number): number {
    return this.syntax.functionNumber(this.call(reference)) === PARAMETERS_FUNCTION ? 0 : 1;
  }

  target(reference: number): number {
    return this.syntax.declaration(this.call(reference));
  }

  start(reference: number): number {
    return this.syntax.start(this.syntax.firstArgument(this.call(reference)));
  }

  end(reference: number): number {
    return this.syntax.end(this.syntax.firstArgument(this.call(reference)));
  }

  kindOf(reference: number): 'parameter' | 'variable' {
    return this.kind(reference) === 0 ? 'parameter' : 'variable';
  }

  /** The name as written (undefined when computed), read back from the quoted argument. */
  nameOf(reference: number, sites: readonly ExpressionSite[]): string | undefined {
    if (this.target(reference) === COMPUTED_NAME) return undefined;
    return this.syntax.stringValue(
      this.syntax.firstArgument(this.call(reference)),
      sites[this.site(reference)].node.value as string,
    );
  }
}

/** A call whose argument count ARM rejects. */
export interface ArgumentProblem {
  readonly site: ExpressionSite;
  /** Where the function's name is written, as offsets in the string's decoded text. */
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface ExpressionSite extends ExpressionScope {
  /** Its number: its place in `sites`. */
  readonly index: SiteId;
  /** The JSON string node holding the expression. */
  readonly node: JsonNode;
  /** Its syntax error, when it does not parse. */
  readonly error: ExpressionSyntaxError | undefined;
  /** The template scope whose text holds the string (for an outer-scoped nested template, not `scope`). */
  readonly declaredIn: TemplateScope;
  readonly owner?: Owner;
  /** The number of the owner when it is a parameter or variable, else −1. */
  readonly ownerNumber: number;
  /** Its parameters() and variables() calls: references firstReference … endReference − 1 of the table. */
  readonly firstReference: number;
  readonly endReference: number;
  /** Its syntax tree's root node in the table's `syntax`; −1 when it does not parse. */
  readonly root: NodeId;
}

export interface TemplateExpressions {
  /** Every expression string of the template, in walk order (scope by scope). */
  readonly sites: readonly ExpressionSite[];
  /** Every parameter and variable of the scopes that declare their own, by number. */
  readonly declarations: readonly NamedDeclaration[];
  readonly references: ReferenceTable;
  /**
   * The sites' syntax trees. In a parameters() / variables() call with a literal name, the table has set the
   * declaration it resolves to (or UNDECLARED).
   */
  readonly syntax: SyntaxTree;
  /** Every call with an argument count ARM rejects, outside expressions that do not parse. */
  readonly argumentProblems: readonly ArgumentProblem[];
  /** The site of an expression string node of the template; undefined for any other node (or one in `metadata`). */
  siteOf(node: JsonNode): ExpressionSite | undefined;
  /** The site of a variable's value when that is an expression string (by the variable's number); undefined otherwise. */
  variableSite(declaration: number): ExpressionSite | undefined;
  /** The number of the declaration a name resolves to in a scope, or UNDECLARED. */
  resolve(scope: TemplateScope, kind: 'parameter' | 'variable', name: string): number;
  /** Reference i as an object, for callers that want one. */
  referenceAt(reference: number): ExpressionReference;
}

/**
 * What the sites of one scope (or one user-defined function body) share. Its scopes and declarations are the next
 * version's when the table is carried over to it (carryOver.ts).
 */
interface SiteGroup extends ExpressionScope {
  scope: TemplateScope;
  declaredIn: TemplateScope;
  /** The table's declarations and the owners that are outputs, which a site's owner code points into. */
  declarations: readonly NamedDeclaration[];
  readonly outputs: readonly Owner[];
  /**
   * The group's expression texts parsed so far: a text written twice in one group (`[parameters('location')]` on
   * every resource) resolves to the same declarations, so its sites share one syntax tree.
   */
  readonly parsed: Map<string, ParsedText>;
}

/** One expression text parsed into the table's syntax trees: its root (or its syntax error) and its nodes' range. */
interface ParsedText {
  readonly root: NodeId;
  readonly error: ExpressionSyntaxError | undefined;
  /** Its nodes are firstNode … endNode − 1 of the table's `syntax`. */
  readonly firstNode: NodeId;
  readonly endNode: NodeId;
}

/** A site's owner code when it has no owner; an output's code is −2 − its place in the group's `outputs`. */
const NO_OWNER = -1;

/**
 * A site as the table keeps it: a template can have a hundred thousand, and every kept byte costs, so a site holds
 * only its own facts; its scope is its group's, and its owner a number.
 */
class Site implements ExpressionSite {
  constructor(
    readonly index: SiteId,
    /** Kept in the tree when an edit's container is parsed again around it (carryOver.ts keepExpressionStrings). */
    readonly node: JsonNode,
    readonly error: ExpressionSyntaxError | undefined,
    private readonly group: SiteGroup,
    /** The owner's declaration number, NO_OWNER, or an output's code. */
    private readonly ownerCode: number,
    readonly firstReference: number,
    readonly endReference: number,
    readonly root: NodeId,
  ) {}

  get scope(): TemplateScope {
    return this.group.scope;
  }

  get functionParameters(): ReadonlySet<string> | undefined {
    return this.group.functionParameters;
  }

  get declaredIn(): TemplateScope {
    return this.group.declaredIn;
  }

  get owner(): Owner | undefined {
    if (this.ownerCode === NO_OWNER) return undefined;
    if (this.ownerCode < 0) return this.group.outputs[-2 - this.ownerCode];
    const declaration = this.group.declarations[this.ownerCode];
    return { kind: declaration.kind, name: declaration.name.toLowerCase() };
  }

  get ownerNumber(): number {
    return this.ownerCode >= 0 ? this.ownerCode : -1;
  }
}

/** Each function call of a parsed expression, outermost first. */
function callsIn(expression: Expression): FunctionCall[] {
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

/** 0 for a parameters() call with an argument, 1 for variables(), −1 for any other call. */
function referenceKind(call: FunctionCall): number {
  if (call.namespace !== undefined || call.args.length === 0) return -1;
  return equalsIgnoreCase(call.name, 'parameters') ? 0 : equalsIgnoreCase(call.name, 'variables') ? 1 : -1;
}

/**
 * The parameters() and variables() calls of an expression string (none when it is not one or does not parse). Not
 * cached: it serves one string at a request's position and the few expressions the table leaves out (`metadata`).
 */
export function referencesIn(node: JsonNode): readonly ExpressionReference[] {
  const parsed =
    node.type === 'string' && isExpression(node.value as string) ? parseExpression(node.value as string) : undefined;
  if (!parsed?.ok) return [];
  const found: ExpressionReference[] = [];
  for (const call of callsIn(parsed.expression)) {
    const kind = referenceKind(call);
    if (kind < 0) continue;
    const argument = call.args[0];
    found.push({
      kind: kind === 0 ? 'parameter' : 'variable',
      name: argument.kind === 'string' ? argument.value : undefined,
      argument: { start: argument.start, end: argument.end },
    });
  }
  return found;
}

/** A scope's names, resolved to declaration numbers as ARM does (ignoring case). */
class ScopeNames {
  constructor(
    /** Every parameter's number, by lower-cased name. */
    private readonly parameterNumbers: ReadonlyMap<string, number>,
    /** Every variable's number, by lower-cased name (a `variables.copy` loop's by its name). */
    private readonly variableNumbers: ReadonlyMap<string, number>,
  ) {}

  /** The number of the declaration with that lower-cased name, or UNDECLARED. */
  resolve(kind: number, lowerName: string): number {
    return (kind === 0 ? this.parameterNumbers : this.variableNumbers).get(lowerName) ?? UNDECLARED;
  }
}

/** Numbers every parameter and variable of the scopes that declare their own (a variable before a loop of the same name). */
export function numberDeclarations(template: ArmTemplate): {
  declarations: NamedDeclaration[];
  names: Map<TemplateScope, ScopeNames>;
} {
  const declarations: NamedDeclaration[] = [];
  const names = new Map<TemplateScope, ScopeNames>();
  for (const scope of template.scopes) {
    if (effectiveScope(scope) !== scope) continue;
    const parameterNumbers = new Map<string, number>();
    for (const [lower, declaration] of scope.parameters) {
      parameterNumbers.set(lower, declarations.length);
      declarations.push(declaration);
    }
    const copy = scope.variables.get('copy');
    // In allVariables' order; as findVariable resolves, an ordinary variable wins over a loop, and of two loops the first.
    const variableNumbers = new Map<string, number>();
    for (const [lower, declaration] of scope.variables) {
      if (declaration !== copy || copy.valueNode.type !== 'array') {
        variableNumbers.set(lower, declarations.length);
        declarations.push(declaration);
        continue;
      }
      for (const loop of copyDeclarations(declaration.valueNode)) {
        const loopLower = loop.name.toLowerCase();
        if (!variableNumbers.has(loopLower)) variableNumbers.set(loopLower, declarations.length);
        declarations.push(new LoopDeclared(scope, loop));
      }
    }
    names.set(scope, new ScopeNames(parameterNumbers, variableNumbers));
  }
  return { declarations, names };
}

/** False for a number, boolean, null or a string that is not an expression: nothing in it to walk. */
function mayHoldExpressions(node: JsonNode): boolean {
  return (
    node.type === 'object' || node.type === 'array' || (node.type === 'string' && isExpression(node.value as string))
  );
}

/** True for a parameters() or variables() call with an argument: a reference the table resolves. */
function isReference(tree: SyntaxTree, node: NodeId): boolean {
  if (tree.kind(node) !== NodeKind.Call || tree.argumentCount(node) === 0) return false;
  const number = tree.functionNumber(node);
  return number === PARAMETERS_FUNCTION || number === VARIABLES_FUNCTION;
}

const SKIPPED_SECTIONS = new Set(['metadata', '$schema', 'contentversion', 'apiprofile', 'languageversion']);

class Walker {
  /**
   * The sites found so far, in walk order: the first `siteCount` slots, sized from the template's length and grown
   * by doubling past that (as ReferenceTable's entries, and for the same reason: a template can have 100,000 sites).
   */
  private readonly siteSlots: ExpressionSite[];
  private siteCount = 0;
  readonly argumentProblems: ArgumentProblem[] = [];
  private readonly scopeNodes: Set<JsonNode>;
  /**
   * Sized from the template's length, at one node per 8 characters (a template written in expressions has one per
   * 10 to 20), so that it does not grow: growing copies it into a fresh array twice the size, whose memory the
   * system maps page by page as it is first written. At most 65,536 nodes up front, so that a large template of
   * literals reserves little.
   */
  readonly syntax: SyntaxTree;
  readonly references: ReferenceTable;
  /** The walks' stack, reused by every walk. */
  private readonly pending: JsonNode[] = [];
  /** Per declaration number, the site of a variable's value when it is an expression string, else −1. */
  readonly variableSites: Int32Array;

  /** The owners that are outputs, by code (see NO_OWNER). */
  readonly outputs: Owner[] = [];
  /** Every group of sites, in walk order. */
  readonly groups: SiteGroup[] = [];

  constructor(
    template: ArmTemplate,
    private readonly declarations: readonly NamedDeclaration[],
    private readonly names: Map<TemplateScope, ScopeNames>,
  ) {
    this.syntax = new SyntaxTree(Math.min(template.root.length >> 3, 1 << 16));
    // One site per 64 characters: the envelope template writes one per 76, a template of literals far fewer.
    this.siteSlots = new Array<ExpressionSite>(Math.max(16, Math.min(template.root.length >> 6, 1 << 16)));
    this.references = new ReferenceTable(this.syntax);
    this.variableSites = new Int32Array(declarations.length).fill(-1);
    // Only nested deployments' templates are scope nodes below a scope's own node.
    this.scopeNodes = new Set(template.scopes.length > 1 ? template.scopes.map((scope) => scope.node) : []);
  }

  /** Every site, once every scope is walked. */
  sites(): ExpressionSite[] {
    this.siteSlots.length = this.siteCount;
    return this.siteSlots;
  }

  walkScope(declaredIn: TemplateScope): void {
    const scope = effectiveScope(declaredIn);
    // An outer-scoped nested template's own declarations are not the ones its expressions use: no owner for them.
    const owns = declaredIn === scope;
    const names = this.names.get(scope)!;
    const group: SiteGroup = {
      scope,
      declaredIn,
      functionParameters: undefined,
      declarations: this.declarations,
      outputs: this.outputs,
      parsed: new Map(),
    };
    this.groups.push(group);
    const owner = (kind: number, name: string) => (owns ? names.resolve(kind, name.toLowerCase()) : NO_OWNER);
    for (const [key, value] of entries(declaredIn.node)) {
      const section = key.toLowerCase();
      if (SKIPPED_SECTIONS.has(section)) continue;
      if (section === 'functions') {
        for (const namespace of items(value)) {
          for (const [, member] of entries(propertyValue(namespace, 'members'))) {
            const functionGroup = { ...group, functionParameters: functionParameterNames(member), parsed: new Map() };
            this.groups.push(functionGroup);
            this.walk(member, functionGroup, NO_OWNER, names);
          }
        }
      } else if (section === 'parameters' || section === 'outputs') {
        for (const [name, declaration] of entries(value)) {
          let code = NO_OWNER;
          if (owns && section === 'outputs') {
            code = -2 - this.outputs.length;
            this.outputs.push({ kind: 'output', name: name.toLowerCase() });
          } else if (section === 'parameters') code = owner(0, name);
          for (const [field, fieldValue] of entries(declaration)) {
            if (field.toLowerCase() !== 'metadata') this.walk(fieldValue, group, code, names);
          }
        }
      } else if (section === 'variables') {
        for (const [name, variable] of entries(value)) {
          if (!mayHoldExpressions(variable)) continue;
          if (variable.type === 'array' && equalsIgnoreCase(name, 'copy')) {
            for (const loop of copyDeclarations(variable)) this.walk(loop.element, group, owner(1, loop.name), names);
          } else {
            const code = owner(1, name);
            // Its site is the next one (a string holds one expression), unless an earlier variable had its name.
            if (code >= 0 && variable.type === 'string' && this.declarations[code].node === variable)
              this.variableSites[code] = this.siteCount;
            this.walk(variable, group, code, names);
          }
        }
      } else {
        this.walk(value, group, NO_OWNER, names);
      }
    }
  }

  /** Every expression string under `root`, property names included, without entering nested deployments' templates (walked as their own scope). */
  private walk(root: JsonNode, group: SiteGroup, ownerCode: number, names: ScopeNames): void {
    const pending = this.pending;
    pending.push(root);
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.type === 'string') {
        if (isExpression(node.value as string)) this.add(node, group, ownerCode, names);
      } else if (node.type === 'property') {
        // ARM evaluates a property name written as an expression too (`"[resourceId(…)]": {}` in userAssignedIdentities).
        const key = node.children?.[0];
        const value = node.children?.[1];
        if (value) pending.push(value);
        if (typeof key?.value === 'string' && isExpression(key.value)) pending.push(key);
      } else if (
        (node.type === 'object' || node.type === 'array') &&
        node.children &&
        (this.scopeNodes.size === 0 || !this.scopeNodes.has(node))
      ) {
        for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
      }
    }
  }

  /** The expression text parsed into the table's syntax trees, once per group, its calls' declarations resolved. */
  private parsedText(text: string, group: SiteGroup, names: ScopeNames): ParsedText {
    const known = group.parsed.get(text);
    if (known) return known;
    const tree = this.syntax;
    const firstNode = tree.size as NodeId;
    const result = parseInto(tree, text);
    const root = typeof result === 'number' ? result : NO_NODE;
    const parsed: ParsedText = {
      root,
      error: typeof result === 'number' ? undefined : result,
      firstNode: root < 0 ? (tree.size as NodeId) : firstNode,
      endNode: tree.size as NodeId,
    };
    for (let call = parsed.firstNode; call < parsed.endNode; call++) {
      if (!isReference(tree, call)) continue;
      const argument = tree.firstArgument(call);
      // A user-defined function body's names are its own: they resolve to no template declaration.
      const target =
        tree.kind(argument) !== NodeKind.String
          ? COMPUTED_NAME
          : group.functionParameters
            ? UNDECLARED
            : names.resolve(
                tree.functionNumber(call) === PARAMETERS_FUNCTION ? 0 : 1,
                tree.stringValue(argument, text).toLowerCase(),
              );
      tree.setDeclaration(call, target);
    }
    group.parsed.set(text, parsed);
    return parsed;
  }

  /** Records an expression string as a site: its parse, its references and its argument problems. */
  private add(node: JsonNode, group: SiteGroup, ownerCode: number, names: ScopeNames): void {
    const index = this.siteCount as SiteId;
    const tree = this.syntax;
    const { root, error, firstNode, endNode } = this.parsedText(node.value as string, group, names);
    const references = this.references;
    const firstReference = references.count;
    let problems: Omit<ArgumentProblem, 'site'>[] | undefined;
    // A parse numbers each call before its arguments and the calls inside a property or index access's target
    // before those of the index: in number order, the calls come outermost first.
    for (let call = firstNode; call < endNode; call++) {
      if (tree.kind(call) !== NodeKind.Call) continue;
      const number = tree.functionNumber(call);
      if (number < 0) continue;
      if (isReference(tree, call)) references.add(index, call);
      const message = argumentCountProblem(BUILT_IN_FUNCTIONS[number], tree.argumentCount(call));
      if (message) (problems ??= []).push({ start: tree.start(call), end: tree.nameEnd(call), message });
    }
    const site = new Site(index, node, error, group, ownerCode, firstReference, references.count, root);
    if (index === this.siteSlots.length) this.siteSlots.length = index * 2;
    this.siteSlots[this.siteCount++] = site;
    if (problems) for (const problem of problems) this.argumentProblems.push({ site, ...problem });
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

  /** The last lookup: the evaluator asks for the same node several times in a row. */
  private lastNode: JsonNode | undefined;
  private lastSite: ExpressionSite | undefined;

  get(node: JsonNode): ExpressionSite | undefined {
    if (node === this.lastNode) return this.lastSite;
    this.lastNode = node;
    return (this.lastSite = this.find(node));
  }

  private find(node: JsonNode): ExpressionSite | undefined {
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

/** A table as built: what carryOver.ts takes over for the next version of the template. */
export interface ExpressionTableParts {
  readonly sites: readonly ExpressionSite[];
  readonly declarations: readonly NamedDeclaration[];
  readonly names: ReadonlyMap<TemplateScope, ScopeNames>;
  readonly references: ReferenceTable;
  readonly syntax: SyntaxTree;
  readonly argumentProblems: readonly ArgumentProblem[];
  readonly variableSites: Int32Array;
  readonly groups: readonly SiteGroup[];
  /** Every output that owns sites, by code (see NO_OWNER). */
  readonly outputs: readonly Owner[];
  /** What is derived from the table alone (fromTable), kept with it. */
  readonly derived: Memo;
}

const TEMPLATE_EXPRESSIONS = memoKey<TemplateExpressions & { readonly parts: ExpressionTableParts }>(
  'template expressions',
);

/** The template's expression strings, found once per template; an edit outside them carries them over (carryOver.ts). */
export function templateExpressions(template: ArmTemplate): TemplateExpressions {
  return tableOf(template);
}

function tableOf(template: ArmTemplate): TemplateExpressions & { readonly parts: ExpressionTableParts } {
  return template.memo.get(TEMPLATE_EXPRESSIONS, () => {
    const { declarations, names } = numberDeclarations(template);
    const walker = new Walker(template, declarations, names);
    for (const scope of template.scopes) walker.walkScope(scope);
    const { references, syntax, argumentProblems, variableSites, groups, outputs } = walker;
    const sites = walker.sites();
    return expressionTable({
      sites,
      declarations,
      names,
      references,
      syntax,
      argumentProblems,
      variableSites,
      groups,
      outputs,
      derived: new Memo(),
    });
  });
}

/**
 * What `compute` derives from the template's expression table alone — its sites, references and declarations by
 * number, and names or messages made of them — kept with the table: an edit that carries the table (carryOver.ts)
 * keeps this too, so a rule's pass over every site runs once per table, not once per keystroke. Nothing of the
 * version may go in it: not an offset (the tree moves), not a scope or a declaration (each version has its own); a
 * site may, and its place is read from its node when reported.
 */
export function fromTable<T>(template: ArmTemplate, key: MemoKey<T>, compute: (table: TemplateExpressions) => T): T {
  const table = tableOf(template);
  return table.parts.derived.get(key, () => compute(table));
}

/** The template's table when it has been built (undefined when nothing asked for it). */
export function builtExpressions(template: ArmTemplate): ExpressionTableParts | undefined {
  return template.memo.peek(TEMPLATE_EXPRESSIONS)?.parts;
}

/** Makes `parts` the template's table (carryOver.ts: the previous version's, its groups re-pointed at this one). */
export function adoptExpressions(template: ArmTemplate, parts: ExpressionTableParts): void {
  template.memo.set(TEMPLATE_EXPRESSIONS, expressionTable(parts));
}

function expressionTable(parts: ExpressionTableParts): TemplateExpressions & { readonly parts: ExpressionTableParts } {
  const { sites, declarations, names, references, syntax, argumentProblems, variableSites } = parts;
  let byOffset: SitesByOffset | undefined;
  return {
    parts,
    sites,
    declarations,
    references,
    syntax,
    argumentProblems,
    siteOf(node) {
      byOffset ??= new SitesByOffset(sites);
      return byOffset.get(node);
    },
    variableSite(declaration) {
      const site = variableSites[declaration];
      return site < 0 ? undefined : sites[site];
    },
    resolve(scope, kind, name) {
      return names.get(effectiveScope(scope))?.resolve(kind === 'parameter' ? 0 : 1, name.toLowerCase()) ?? UNDECLARED;
    },
    referenceAt(reference) {
      return {
        kind: references.kindOf(reference),
        name: references.nameOf(reference, sites),
        argument: { start: references.start(reference), end: references.end(reference) },
      };
    },
  };
}
