// The ARM expression evaluator: the value of any template node as ARM would compute it before deployment, known
// or unknown with the reason. Values are memoized per node. Evaluation recurses (the fast path); when it nests too
// deep, passes through more than a few declarations (a chain of variables) or meets a declaration already being
// evaluated (a cycle), it starts over after evaluating the declarations the node depends on leaves first with an
// explicit stack, which also names each cycle. Never throws.
import { getNodeValue } from 'jsonc-parser';
import type { JsonNode } from '../../json/nodes';
import { equalsIgnoreCase, items, propertyValue, stringOf } from '../../json/nodes';
import type { ArmResource, ArmTemplate, TemplateScope } from '../template';
import { ABSENT, isExpression, known, literalValue, unknown, type Value } from '../value';
import { AZURE_CLOUD_ENVIRONMENT } from './environment';
import { argumentCountProblem, BUILT_IN_FUNCTIONS, builtInFunction, PARAMETERS_FUNCTION, VARIABLES_FUNCTION, isJsonObject, jsonTypeName, NotEvaluable, propertyOf, type Json, type JsonObject } from './functions';
import { parseInto, type ExpressionSyntaxError } from './parse';
import { BOOLEAN, CALL, INDEX, NULL, NUMBER, PROPERTY, STRING, SyntaxTree, USER_DEFINED } from './syntaxTree';
import { referencesIn, templateExpressions, UNDECLARED, type ExpressionSite, type TemplateExpressions } from './references';
import { resourceIdFunction, resourceIdParts, type ResourceIdFunction, type ResourceIdParts } from './resourceId';
import { locateScope, type ExpressionScope } from './scopes';
import { ChunkedList } from './chunkedList';
import { IntList } from './intList';
import { emptyArray } from '../../emptyArray';

/** A parameter's value from a parameter file: its `value` node there, and that file's URI. */
export interface ParameterValue {
  readonly valueNode: JsonNode;
  readonly uri: string;
}

export interface EvaluatorOptions {
  /** Values for the root template's parameters, by lower-cased name. */
  readonly parameterValues?: ReadonlyMap<string, ParameterValue>;
}

/** A resource's `copy` loop, its fields evaluated. */
export interface CopyLoop {
  /** The `copy` object. */
  readonly node: JsonNode;
  readonly name?: string;
  readonly count: Value;
  /** `serial` or `parallel` (ARM's default) as written. */
  readonly mode: Value;
  readonly batchSize: Value;
}

export interface Evaluator {
  /**
   * The value of a template node as ARM would see it: literals as written, expression strings evaluated in the scope
   * the node is in. With a `copyIndex`, `copyIndex()` in the node is that iteration of `resource`'s copy loop.
   */
  value(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): Value;
  /** The resource's copy loop, when it has one. */
  copyLoop(resource: ArmResource): CopyLoop | undefined;
  /** The parts of a string that is exactly one resource ID function call (`[resourceId('A.B/c', 'x')]`). */
  resourceId(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): ResourceIdParts | undefined;
}

/** One level of copy loop the evaluated node is inside. */
interface Iteration {
  readonly loopName?: string;
  readonly index: number;
  /** The resource's own loop (what a `copyIndex()` without a name counts). */
  readonly resourceLoop: boolean;
  readonly outer?: Iteration;
  /** Identifies the iteration chain in the memo. */
  readonly key: string;
}

// Results are class instances, not object literals: the evaluator keeps some for the whole analysis (a declaration's
// source), and V8 may then allocate every object of that literal straight into the old generation, where each one
// keeps the JSON tree it points at alive through young-generation collections (docs/performance.md).

/** A node as written somewhere, not yet evaluated: property access into it can stay precise. */
class Written {
  readonly kind = 'written';

  constructor(
    readonly node: JsonNode,
    /** Set for a parameter file's node: its text is a literal, never an expression. */
    readonly uri?: string,
    /** The node's site in the expression table, when the caller knows it has one (else it is looked up). */
    readonly site?: ExpressionSite,
  ) {}
}

class Computed {
  readonly kind = 'value';

  constructor(
    readonly value: Json,
    /** Where the value is written, when it is passed through unchanged; absent when this expression computed it. */
    readonly origin?: JsonNode,
    readonly originUri?: string,
  ) {}
}

class Unknown {
  readonly kind = 'unknown';

  constructor(readonly reason: string) {}
}

type Result = Written | Computed | Unknown;
type Forced = Computed | Unknown;

interface Context extends ExpressionScope {
  readonly node: JsonNode;
  readonly iteration?: Iteration;
}

/** An expression string the table leaves out (under `metadata`): the scope it resolves in and its parse. */
interface Outside extends ExpressionScope {
  /** Its root node in the evaluator's own syntax trees, −1 when it does not parse. */
  readonly root: number;
  readonly error: ExpressionSyntaxError | undefined;
}

// How the evaluator handles each built-in function, by its number: most are computed from their arguments' values;
// these it handles itself (names, lazy arguments, copy loops, constants, resource IDs).
const COMPUTED_FROM_ARGUMENTS = 0;
const PARAMETERS = 1;
const VARIABLES = 2;
const IF = 3;
const AND = 4;
const OR = 5;
const COALESCE = 6;
const COPY_INDEX = 7;
const ENVIRONMENT = 8;
const CONSTANT_TRUE = 9;
const CONSTANT_FALSE = 10;
const CONSTANT_NULL = 11;
const RESOURCE_ID = 12;
const HANDLED_BY_NAME = new Map(Object.entries({
  parameters: PARAMETERS,
  variables: VARIABLES,
  if: IF,
  and: AND,
  or: OR,
  coalesce: COALESCE,
  copyIndex: COPY_INDEX,
  environment: ENVIRONMENT,
  true: CONSTANT_TRUE,
  false: CONSTANT_FALSE,
  null: CONSTANT_NULL,
}));
const RESOURCE_ID_FUNCTIONS = BUILT_IN_FUNCTIONS.map((fn) => resourceIdFunction(fn.name));
const HANDLING = Uint8Array.from(BUILT_IN_FUNCTIONS, (fn, number) => HANDLED_BY_NAME.get(fn.name) ?? (RESOURCE_ID_FUNCTIONS[number] ? RESOURCE_ID : COMPUTED_FROM_ARGUMENTS));

/** ARM's limit on a copy loop's count. */
const MAX_COPY_COUNT = 800;

/** A copy loop's count when it is known and valid: an integer from 0 to ARM's limit of 800. */
export function knownCopyCount(count: Value): number | undefined {
  return count.known && typeof count.value === 'number' && Number.isInteger(count.value) && count.value >= 0 && count.value <= MAX_COPY_COUNT ? count.value : undefined;
}

/** How many node evaluations may nest before the evaluator falls back to explicit ordering. */
const MAX_NESTING = 150;

/**
 * How many declarations (a variable's value, a parameter's default) one evaluation may pass through, nested, before
 * the evaluator orders the declarations first: a chain of variables is then evaluated leaves first, without
 * recursing 150 deep and unwinding it all to start over.
 */
const MAX_DECLARATION_HOPS = 16;

/** The memo's mark on a node whose evaluation has started and not finished: meeting it again is a cycle. */
const IN_PROGRESS: Value = unknown('refers to itself');

/** Thrown to abandon a recursive evaluation that nests too deep or meets a cycle; value() orders and starts over. */
class NeedsOrdering {}
const NEEDS_ORDERING = new NeedsOrdering();

function unknownResult(reason: string): Unknown {
  return new Unknown(reason);
}

function computed(value: Json): Computed {
  return new Computed(value);
}

/** The Value of an expression string `node` whose evaluation gave `result`. */
function forcedValue(result: Forced, node: JsonNode): Value {
  if (result.kind === 'unknown') return unknown(result.reason);
  return result.origin ? known(result.value, result.origin, result.originUri, node) : known(result.value, node, undefined, node);
}

function fromValue(value: Value): Forced {
  return value.known ? new Computed(value.value as Json, value.origin, value.originUri) : unknownResult(value.reason);
}

/**
 * True for a string that is not an expression, a number, a boolean or null. Most values are: they are read directly,
 * without the memo and the recursion guard.
 */
/** True when a property name of the object is an expression: its properties are known only once evaluated. */
function hasComputedNames(object: JsonNode): boolean {
  return object.children?.some((property) => typeof property.children?.[0]?.value === 'string' && isExpression(property.children[0].value)) ?? false;
}

function isPlainLiteral(node: JsonNode): boolean {
  return node.type === 'string' ? !isExpression(node.value as string) : node.type === 'number' || node.type === 'boolean' || node.type === 'null';
}

/**
 * How a memo keeps a site's value: not at all, as the Value, as the bare value, as the reason it is unknown, or
 * only as the mark that its evaluation is in progress (IN_PROGRESS).
 */
const NOT_KEPT = 0;
const KEPT_VALUE = 1;
const KEPT_BARE = 2;
const KEPT_REASON = 3;
const MARKED_IN_PROGRESS = 4;
/** What Memo.bare gives for a site whose value is not kept bare. */
const NOT_KEPT_BARE = Symbol('not kept bare');

/**
 * Values per node. Given the expression table, an expression string of it is kept by its site number (a template
 * can have a hundred thousand, and a Map that large is rebuilt into fresh memory as it grows); any other node, and
 * every node of a memo without the table (one copy loop iteration's few), in a Map. Every kept byte costs (fresh
 * memory is slow to come by), so a value the expression computed itself is kept bare, and an unknown one as its
 * reason: the Value around it is made again when asked for.
 */
class Memo {
  /** Per site, how its value is kept. */
  private readonly kinds: Uint8Array;
  private readonly kept = new ChunkedList<unknown>();
  private readonly byNode = new Map<JsonNode, Value>();

  constructor(private readonly expressions?: TemplateExpressions) {
    this.kinds = new Uint8Array(expressions?.sites.length ?? 0);
  }

  /** The node's value; `site` is the node's site in the expression table, when it has one. */
  get(node: JsonNode, site: ExpressionSite | undefined): Value | undefined {
    if (!site || !this.expressions) return this.byNode.get(node);
    switch (this.kinds[site.index]) {
      case KEPT_VALUE:
        return this.kept.get(site.index) as Value;
      case KEPT_BARE:
        return known(this.kept.get(site.index), node, undefined, node);
      case KEPT_REASON:
        return unknown(this.kept.get(site.index) as string);
      case MARKED_IN_PROGRESS:
        return IN_PROGRESS;
      default:
        return undefined;
    }
  }

  /** True while the node's evaluation is in progress (marked with IN_PROGRESS). */
  inProgress(node: JsonNode, site: ExpressionSite | undefined): boolean {
    if (!site || !this.expressions) return this.byNode.get(node) === IN_PROGRESS;
    return this.kinds[site.index] === MARKED_IN_PROGRESS;
  }

  /**
   * Keeps a site's evaluated expression as set() would keep its Value, without making the Value first: the bare
   * value when the expression computed it, the reason when it is unknown.
   */
  setForced(node: JsonNode, site: ExpressionSite, result: Forced): void {
    if (!this.expressions) this.set(node, site, forcedValue(result, node));
    else if (result.kind === 'unknown') this.keep(site, KEPT_REASON, result.reason);
    else if (!result.origin) this.keep(site, KEPT_BARE, result.value);
    else this.keep(site, KEPT_VALUE, forcedValue(result, node));
  }

  /** True when the node has a value (or is being evaluated), without making the Value. */
  has(node: JsonNode, site: ExpressionSite | undefined): boolean {
    if (!site || !this.expressions) return this.byNode.has(node);
    return this.kinds[site.index] !== NOT_KEPT;
  }

  /** The value of a site of the table kept bare (a value its expression computed), or NOT_KEPT_BARE. */
  bare(site: ExpressionSite): unknown {
    return this.expressions && this.kinds[site.index] === KEPT_BARE ? this.kept.get(site.index) : NOT_KEPT_BARE;
  }

  /** Sets the node's value; undefined removes it. */
  set(node: JsonNode, site: ExpressionSite | undefined, value: Value | undefined): void {
    if (!site || !this.expressions) {
      if (value) this.byNode.set(node, value);
      else this.byNode.delete(node);
    } else if (!value) {
      this.kinds[site.index] = NOT_KEPT;
    } else if (value === IN_PROGRESS) {
      this.kinds[site.index] = MARKED_IN_PROGRESS;
    } else if (value.known && value.origin === node && value.usage === node && value.originUri === undefined) {
      this.keep(site, KEPT_BARE, value.value);
    } else if (!value.known) {
      this.keep(site, KEPT_REASON, value.reason);
    } else {
      this.keep(site, KEPT_VALUE, value);
    }
  }

  private keep(site: ExpressionSite, kind: number, kept: unknown): void {
    this.kinds[site.index] = kind;
    this.kept.set(site.index, kept);
  }
}

function describeKey(key: Json): string {
  return typeof key === 'string' ? `property '${key}'` : `index ${JSON.stringify(key)}`;
}

class TemplateEvaluator implements Evaluator {
  /** Values per node (IN_PROGRESS while a node is being evaluated). */
  private readonly memo: Memo;
  /** Values per node inside copy loop iterations, per iteration chain. */
  private readonly iterationMemos = new Map<string, Memo>();
  private nesting = 0;
  /** How many declarations the evaluation in progress passes through, nested (see MAX_DECLARATION_HOPS). */
  private hops = 0;
  /**
   * The memo marks of the evaluations in progress, innermost last, as parallel stacks (entries from `marks` on are
   * stale): when a throw abandons them, abandon() removes the marks in one go. Catching and rethrowing in each of up
   * to MAX_NESTING frames instead cost a throw per frame, a third of a chain's evaluation.
   */
  private marks = 0;
  private readonly markedMemos: Memo[] = [];
  private readonly markedNodes: JsonNode[] = [];
  private readonly markedSites: (ExpressionSite | undefined)[] = [];
  /** Set while starting over after explicit ordering: nesting and cycles then give unknown values instead. */
  private ordered = false;
  /** Declarations found to be part of a cycle, with the reason their value is unknown. */
  private readonly cycles = new Map<JsonNode, string>();
  /** The template's expression table: each expression string with its scope and its resolved references. */
  private readonly expressions: TemplateExpressions;
  /** The syntax trees of expressions the table leaves out, and those expressions by node. */
  private readonly outsideSyntax = new SyntaxTree();
  private readonly outsideNodes = new Map<JsonNode, Outside | undefined>();
  /** The stack of dependencies(), reused by every call (prepare asks once per declaration of a chain). */
  private readonly pendingNodes: JsonNode[] = [];
  /** Per declaration number: the node holding its value, null when it is not a template node; filled as needed. */
  private readonly sources: (JsonNode | null | undefined)[];
  /** Per declaration number whose source is filled in: the source's site in the expression table, null without one. */
  private readonly sourceSites: (ExpressionSite | null | undefined)[];
  /**
   * Per declaration number, filled as needed: what parameters() / variables() give when it is the same at every use
   * (before any cycle) — a parameter's source, a variable's literal value or its node.
   */
  private readonly declared: (Result | undefined)[];

  constructor(
    private readonly template: ArmTemplate,
    private readonly parameterValues: ReadonlyMap<string, ParameterValue>,
  ) {
    this.expressions = templateExpressions(template);
    this.memo = new Memo(this.expressions);
    // Sized up front: filled out of order, a growing array would turn into a slow dictionary.
    const count = this.expressions.declarations.length;
    this.sources = emptyArray(count);
    this.sourceSites = emptyArray(count);
    this.declared = emptyArray(count);
  }

  value(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): Value {
    if (node && isPlainLiteral(node)) return literalValue(node);
    const iteration = this.resourceIteration(resource, copyIndex);
    try {
      try {
        return this.nodeValue(node, iteration);
      } catch (signal) {
        this.abandon();
        return this.afterOrdering(signal, node, () => this.nodeValue(node, iteration));
      }
    } catch (error) {
      this.abandon();
      // Only an input nested beyond the stack's depth gets here; the evaluator itself reports problems as unknown.
      return unknown(error instanceof RangeError ? 'too deeply nested to evaluate' : `could not be evaluated (${String(error)})`);
    }
  }

  copyLoop(resource: ArmResource): CopyLoop | undefined {
    const node = propertyValue(resource.node, 'copy');
    if (node?.type !== 'object') return undefined;
    return {
      node,
      name: stringOf(propertyValue(node, 'name')),
      count: this.value(propertyValue(node, 'count')),
      mode: this.value(propertyValue(node, 'mode')),
      batchSize: this.value(propertyValue(node, 'batchSize')),
    };
  }

  resourceId(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): ResourceIdParts | undefined {
    if (!node) return undefined;
    const site = this.expressions.siteOf(node);
    const located = site ?? this.outside(node);
    if (!located || located.root < 0) return undefined;
    const tree = site ? this.expressions.syntax : this.outsideSyntax;
    const call = located.root;
    const number = tree.kind(call) === CALL ? tree.functionNumber(call) : -1;
    const fn = number >= 0 ? resourceIdFunction(BUILT_IN_FUNCTIONS[number].name) : undefined;
    if (!fn) return undefined;
    const context = this.contextOf(node, located, this.resourceIteration(resource, copyIndex));
    try {
      try {
        return this.resourceIdOf(tree, call, fn, context);
      } catch (signal) {
        this.abandon();
        return this.afterOrdering(signal, node, () => this.resourceIdOf(tree, call, fn, context));
      }
    } catch {
      this.abandon();
      return undefined;
    }
  }

  /** After an evaluation of `root` gave up on recursion: evaluates what it depends on in order and runs it again. */
  private afterOrdering<T>(signal: unknown, root: JsonNode | undefined, run: () => T): T {
    if (signal !== NEEDS_ORDERING || !root) throw signal;
    this.ordered = true;
    try {
      this.prepare(root);
      return run();
    } finally {
      this.ordered = false;
    }
  }

  private resourceIteration(resource: ArmResource | undefined, copyIndex: number | undefined): Iteration | undefined {
    if (!resource || copyIndex === undefined) return undefined;
    const loop = propertyValue(resource.node, 'copy');
    if (loop?.type !== 'object') return undefined;
    const loopName = stringOf(propertyValue(loop, 'name'));
    return { loopName, index: copyIndex, resourceLoop: true, key: `${loopName ?? ''}#${copyIndex}` };
  }

  private memoFor(iteration: Iteration | undefined): Memo {
    if (!iteration) return this.memo;
    let memo = this.iterationMemos.get(iteration.key);
    if (!memo) this.iterationMemos.set(iteration.key, (memo = new Memo()));
    return memo;
  }

  /**
   * An expression string the expression table leaves out (under `metadata`), parsed into the evaluator's own syntax
   * trees and located once; undefined when the node is not an expression string in the template.
   */
  private outside(node: JsonNode): Outside | undefined {
    if (this.outsideNodes.has(node)) return this.outsideNodes.get(node);
    let found: Outside | undefined;
    const scope = node.type === 'string' && isExpression(node.value as string) ? locateScope(this.template, node) : undefined;
    if (scope) {
      const parsed = parseInto(this.outsideSyntax, node.value as string);
      found = { scope: scope.scope, functionParameters: scope.functionParameters, root: typeof parsed === 'number' ? parsed : -1, error: typeof parsed === 'number' ? undefined : parsed };
    }
    this.outsideNodes.set(node, found);
    return found;
  }

  private contextOf(node: JsonNode, located: ExpressionScope, iteration: Iteration | undefined): Context {
    // Outside copy loops a site of the table is its own context: one object less per evaluated expression.
    if (!iteration && 'node' in located && located.node === node) return located as Context;
    return { scope: located.scope, functionParameters: located.functionParameters, node, iteration };
  }

  // ---- node values -------------------------------------------------------------------------------------------

  private nodeValue(node: JsonNode | undefined, iteration: Iteration | undefined): Value {
    if (!node) return ABSENT;
    if (isPlainLiteral(node)) return literalValue(node);
    // Looked up once: the memo and compute() need it, and each lookup hashes the node's offset.
    return this.siteValue(node, this.siteOf(node), iteration);
  }

  /** The value of a node that is not a plain literal, given its site in the expression table (when it has one). */
  private siteValue(node: JsonNode, site: ExpressionSite | undefined, iteration: Iteration | undefined): Value {
    return this.settle(node, site, iteration, true)!;
  }

  /**
   * siteValue's work: the node's value from the memo, or evaluated into it. Unless the value is `wanted` (prepare
   * only fills the memo), an expression string of the table is kept as it evaluates, without making the Value
   * around it, and nothing is returned.
   */
  private settle(node: JsonNode, site: ExpressionSite | undefined, iteration: Iteration | undefined, wanted: boolean): Value | undefined {
    const memo = this.memoFor(iteration);
    const inProgress = memo.inProgress(node, site);
    if (!inProgress && memo.has(node, site)) return wanted ? memo.get(node, site) : undefined;
    if (this.cycles.size > 0) {
      const cycle = this.cycles.get(node);
      if (cycle !== undefined) return unknown(cycle);
    }
    if (inProgress || this.nesting >= MAX_NESTING) {
      if (!this.ordered) throw NEEDS_ORDERING;
      return unknown(inProgress ? 'refers to itself' : 'nested too deeply to evaluate');
    }
    memo.set(node, site, IN_PROGRESS);
    this.mark(memo, node, site);
    this.nesting++;
    if (!wanted && site && !iteration) {
      const result = this.expressionResult(node, site, iteration);
      this.nesting--;
      this.marks--;
      memo.setForced(node, site, result);
      return undefined;
    }
    const value = this.compute(node, site, iteration);
    this.nesting--;
    this.marks--;
    memo.set(node, site, value);
    return value;
  }

  private mark(memo: Memo, node: JsonNode, site: ExpressionSite | undefined): void {
    const at = this.marks++;
    if (at === this.markedNodes.length) {
      this.markedMemos.push(memo);
      this.markedNodes.push(node);
      this.markedSites.push(site);
    } else {
      this.markedMemos[at] = memo;
      this.markedNodes[at] = node;
      this.markedSites[at] = site;
    }
  }

  /**
   * After a throw out of evaluations in progress (to order a chain first, or past the stack's depth): removes their
   * marks, so that those nodes are evaluated again, and resets the nesting and hop counts.
   */
  private abandon(): void {
    while (this.marks > 0) {
      const at = --this.marks;
      this.markedMemos[at].set(this.markedNodes[at], this.markedSites[at], undefined);
    }
    this.nesting = 0;
    this.hops = 0;
  }

  /** The node's site in the expression table, when it is an expression string of it. */
  private siteOf(node: JsonNode): ExpressionSite | undefined {
    return node.type === 'string' ? this.expressions.siteOf(node) : undefined;
  }

  /** The result of an expression string (`site` is its site in the table, when it has one). */
  private expressionResult(node: JsonNode, site: ExpressionSite | undefined, iteration: Iteration | undefined): Forced {
    const located = site ?? this.outside(node);
    if (!located) return unknownResult('the expression is outside the template');
    if (located.functionParameters) return unknownResult('depends on the arguments of a user-defined function');
    if (located.error) return unknownResult(`the expression has a syntax error: ${located.error.message}`);
    const tree = site ? this.expressions.syntax : this.outsideSyntax;
    return this.force(this.evaluate(tree, located.root, this.contextOf(node, located, iteration)));
  }

  private compute(node: JsonNode, site: ExpressionSite | undefined, iteration: Iteration | undefined): Value {
    if (node.type === 'string') return isExpression(node.value as string) ? forcedValue(this.expressionResult(node, site, iteration), node) : literalValue(node);
    if (node.type === 'array') {
      const out: Json[] = [];
      for (const item of items(node)) {
        const value = this.nodeValue(item, iteration);
        if (!value.known) return value;
        out.push(value.value as Json);
      }
      return known(out, node);
    }
    if (node.type === 'object') {
      const out: JsonObject = {};
      for (const property of node.children ?? []) {
        const [keyNode, child] = property.children ?? [];
        const key = keyNode?.value;
        if (typeof key !== 'string' || !child) continue;
        if (child.type === 'array' && equalsIgnoreCase(key, 'copy')) {
          // A property loop: each `{ name, count, input }` element becomes a property holding the built array.
          for (const element of items(child)) {
            const name = stringOf(propertyValue(element, 'name'));
            if (name === undefined) return unknown('a copy loop has no name');
            const value = this.copyLoopValue(element, iteration);
            if (!value.known) return value;
            out[name] = value.value as Json;
          }
          continue;
        }
        const name = isExpression(key) ? this.propertyName(keyNode, iteration) : key;
        if (typeof name !== 'string') return name;
        const value = this.nodeValue(child, iteration);
        if (!value.known) return value;
        out[name] = value.value as Json;
      }
      return known(out, node);
    }
    if (node.type === 'number' || node.type === 'boolean' || node.type === 'null') return known(node.value, node);
    return unknown(`a ${node.type} node has no value`);
  }

  /** A property name written as an expression, evaluated as ARM does: it must give a string. */
  private propertyName(keyNode: JsonNode, iteration: Iteration | undefined): string | Value {
    const name = this.nodeValue(keyNode, iteration);
    if (!name.known) return name;
    return typeof name.value === 'string' ? name.value : unknown(`the property name ${keyNode.value as string} gives ${jsonTypeName(name.value as Json)}, not a string`);
  }

  /** The array a `copy` loop element (`{ name, count, input }`) builds. */
  private copyLoopValue(element: JsonNode, outer: Iteration | undefined): Value {
    const cycle = this.cycles.get(element);
    if (cycle !== undefined) return unknown(cycle);
    const memo = this.memoFor(outer);
    const cached = memo.get(element, undefined);
    if (cached) return cached;
    const name = stringOf(propertyValue(element, 'name'));
    const count = this.nodeValue(propertyValue(element, 'count'), outer);
    const input = propertyValue(element, 'input');
    const validCount = knownCopyCount(count);
    let value: Value;
    if (!count.known) value = count;
    else if (validCount === undefined) value = unknown(`the copy loop '${name ?? ''}' has an invalid count`);
    else if (!input) value = unknown(`the copy loop '${name ?? ''}' has no input`);
    else {
      const out: Json[] = [];
      value = known(out, element);
      for (let index = 0; index < validCount; index++) {
        const key = `${outer?.key ?? ''}/${name ?? ''}#${index}`;
        const item = this.nodeValue(input, { loopName: name, index, resourceLoop: false, outer, key });
        if (!item.known) {
          value = item;
          break;
        }
        out.push(item.value as Json);
      }
    }
    memo.set(element, undefined, value);
    return value;
  }

  // ---- dependency ordering -----------------------------------------------------------------------------------

  /**
   * The node holding a declaration's value (by its number in the expression table), when it is a template node: a
   * variable's value or `copy` loop element, a parameter's default or the value a nested deployment passes.
   */
  private sourceOf(declaration: number): JsonNode | undefined {
    let source = this.sources[declaration];
    if (source === undefined) {
      const declared = this.expressions.declarations[declaration];
      let site: ExpressionSite | undefined;
      if (declared.kind === 'variable') {
        source = declared.node;
        site = this.expressions.variableSite(declaration);
      } else {
        const parameter = this.parameterSource(declaration);
        source = parameter.kind === 'written' && parameter.uri === undefined ? parameter.node : null;
        if (source) site = this.siteOf(source);
      }
      this.sources[declaration] = source;
      this.sourceSites[declaration] = site ?? null;
    }
    return source ?? undefined;
  }

  /** The site of a declaration's source in the expression table (after sourceOf), looked up once per declaration. */
  private sourceSite(declaration: number): ExpressionSite | undefined {
    return this.sourceSites[declaration] ?? undefined;
  }

  private isEvaluated(declaration: number, source: JsonNode): boolean {
    return this.memo.has(source, this.sourceSite(declaration)) || this.inCycle(source);
  }

  /**
   * Appends to `out` the numbers of the declarations the expression strings under `root` name (with a literal name);
   * `rootSite` is root's site in the expression table, when it is one.
   */
  private dependencies(root: JsonNode, out: IntList, rootSite?: ExpressionSite): void {
    const { references } = this.expressions;
    if (rootSite) {
      if (!rootSite.functionParameters) for (let i = rootSite.firstReference; i < rootSite.endReference; i++) if (references.target(i) >= 0) out.push(references.target(i));
      return;
    }
    const pending = this.pendingNodes;
    // Left empty by every walk; set only when one was abandoned (setting an array's length is a slow runtime call).
    if (pending.length > 0) pending.length = 0;
    pending.push(root);
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.type === 'string') {
        const site = this.expressions.siteOf(node);
        if (site) {
          if (site.functionParameters) continue;
          for (let i = site.firstReference; i < site.endReference; i++) if (references.target(i) >= 0) out.push(references.target(i));
          continue;
        }
        // An expression the table leaves out (under `metadata`): its names resolved here.
        const located = isExpression(node.value as string) ? locateScope(this.template, node) : undefined;
        if (!located || located.functionParameters) continue;
        for (const reference of referencesIn(node)) {
          const declaration = reference.name === undefined ? -1 : this.expressions.resolve(located.scope, reference.kind, reference.name);
          if (declaration >= 0) out.push(declaration);
        }
      } else if (node.children) {
        for (const child of node.children) pending.push(child);
      }
    }
  }

  /**
   * Evaluates, leaves first, every declaration the node depends on that is not evaluated yet, with an explicit
   * stack (depth-first, post-order). A declaration met again while it is on the stack closes a cycle: every
   * declaration on that cycle gets an unknown value naming it.
   */
  private prepare(node: JsonNode): void {
    const declarations = this.expressions.declarations;
    /** Per declaration: 0 not met, 1 on the stack, 2 done. */
    const state = new Uint8Array(declarations.length);
    // The stack, as long as the longest chain, in parallel lists of numbers: per frame its declaration, and where its
    // dependencies start, continue and end in `dependencies` (a frame's after its parent's).
    const frames = new IntList();
    const starts = new IntList();
    const nexts = new IntList();
    const ends = new IntList();
    const dependencies = new IntList();
    const visit = (declaration: number) => {
      const source = this.sourceOf(declaration);
      if (!source || this.isEvaluated(declaration, source)) return;
      state[declaration] = 1;
      frames.push(declaration);
      starts.push(dependencies.length);
      nexts.push(dependencies.length);
      this.dependencies(source, dependencies, this.sourceSite(declaration));
      ends.push(dependencies.length);
    };
    const roots = new IntList();
    this.dependencies(node, roots);
    for (let i = 0; i < roots.length; i++) {
      const root = roots.get(i);
      if (state[root] !== 0) continue;
      visit(root);
      while (frames.length > 0) {
        const top = frames.length - 1;
        const next = nexts.get(top);
        if (next < ends.get(top)) {
          nexts.set(top, next + 1);
          const dependency = dependencies.get(next);
          if (state[dependency] === 1) this.markCycle(frames, dependency);
          else if (state[dependency] === 0) visit(dependency);
          continue;
        }
        const declaration = frames.pop();
        dependencies.length = starts.pop();
        nexts.pop();
        ends.pop();
        state[declaration] = 2;
        const source = this.sourceOf(declaration)!;
        if (!this.inCycle(source)) {
          if (declarations[declaration].copyLoop) this.copyLoopValue(source, undefined);
          else if (!isPlainLiteral(source)) this.settle(source, this.sourceSite(declaration), undefined, false);
        }
      }
    }
  }

  /** True for a declaration's source found to be on a cycle (most templates have none: no hashing then). */
  private inCycle(source: JsonNode): boolean {
    return this.cycles.size > 0 && this.cycles.has(source);
  }

  /** Marks the declarations on the stack from `first` to its top, a cycle, with the reason their value is unknown. */
  private markCycle(frames: IntList, first: number): void {
    const declarations = this.expressions.declarations;
    const members: number[] = [];
    for (let i = frames.length - 1; i >= 0; i--) {
      members.unshift(frames.get(i));
      if (frames.get(i) === first) break;
    }
    const path = [...members, members[0]].map((member) => `${declarations[member].kind} '${declarations[member].name}'`).join(' → ');
    for (const member of members) this.cycles.set(this.sourceOf(member)!, `depends on itself: ${path}`);
  }

  // ---- expressions -------------------------------------------------------------------------------------------

  private toValue(result: Result, expressionNode: JsonNode): Value {
    return forcedValue(this.force(result), expressionNode);
  }

  private force(result: Result): Forced {
    if (result.kind !== 'written') return result;
    if (result.uri !== undefined) return new Computed(getNodeValue(result.node) as Json, result.node, result.uri);
    // An expression already evaluated: its value straight from the memo, without making the Value around it.
    const site = result.site ?? this.siteOf(result.node);
    const bare = site ? this.memo.bare(site) : NOT_KEPT_BARE;
    if (bare !== NOT_KEPT_BARE) return new Computed(bare as Json, result.node);
    if (this.hops >= MAX_DECLARATION_HOPS && !this.ordered) throw NEEDS_ORDERING;
    this.hops++;
    const value = this.nodeValue(result.node, undefined);
    this.hops--;
    return fromValue(value);
  }

  /** The value of node `expression` of `tree`, an expression of the string `context.node`. */
  private evaluate(tree: SyntaxTree, expression: number, context: Context): Result {
    switch (tree.kind(expression)) {
      case STRING:
        return computed(tree.stringValue(expression, context.node.value as string));
      case NUMBER:
        return computed(tree.numberValue(expression, context.node.value as string));
      case BOOLEAN:
        return computed(tree.booleanValue(expression));
      case NULL:
        return computed(null);
      case PROPERTY:
        return this.access(this.evaluate(tree, tree.target(expression), context), tree.propertyName(expression, context.node.value as string));
      case INDEX: {
        const target = this.evaluate(tree, tree.target(expression), context);
        const index = this.force(this.evaluate(tree, tree.index(expression), context));
        return index.kind === 'unknown' ? index : this.access(target, index.value);
      }
      default: {
        // A parameters() / variables() call the table resolved (the commonest call): its declaration's value, without
        // the checks a call goes through.
        const declaration = tree.declaration(expression);
        if (declaration >= 0 && tree.argumentCount(expression) === 1) return tree.functionNumber(expression) === PARAMETERS_FUNCTION ? this.parameterNumbered(declaration) : this.variableNumbered(declaration);
        return this.call(tree, expression, context);
      }
    }
  }

  /** `.name` or `[key]` on a value; into a node as written when possible, so the origin stays exact. */
  private access(target: Result, key: Json): Result {
    if (target.kind === 'unknown') return target;
    if (target.kind === 'written') {
      const node = target.node;
      if (node.type === 'object' && typeof key === 'string' && !propertyValue(node, 'copy') && !hasComputedNames(node)) {
        const child = propertyValue(node, key);
        return child ? new Written(child, target.uri) : unknownResult(`${describeKey(key)} does not exist`);
      }
      if (node.type === 'array' && typeof key === 'number') {
        const child = node.children?.[key];
        return child ? new Written(child, target.uri) : unknownResult(`index ${key} is out of range`);
      }
    }
    const forced = this.force(target);
    if (forced.kind === 'unknown') return forced;
    const value = forced.value;
    let found: Json | undefined;
    if (isJsonObject(value) && typeof key === 'string') found = propertyOf(value, key);
    else if (Array.isArray(value) && typeof key === 'number') found = value[key];
    else return unknownResult(`cannot read ${describeKey(key)} of ${jsonTypeName(value)}`);
    if (found === undefined) return unknownResult(`${describeKey(key)} does not exist`);
    return new Computed(found, forced.origin, forced.originUri);
  }

  private forcedArguments(tree: SyntaxTree, call: number, context: Context): Json[] | Unknown {
    // Sized up front: an array grown by push keeps room for 16 values, once per evaluated call.
    const values = new Array<Json>(tree.argumentCount(call));
    let i = 0;
    for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg), i++) {
      // Most arguments are literals: their values need no result object.
      const kind = tree.kind(arg);
      if (kind === STRING) values[i] = tree.stringValue(arg, context.node.value as string);
      else if (kind === NUMBER) values[i] = tree.numberValue(arg, context.node.value as string);
      else if (kind === BOOLEAN) values[i] = tree.booleanValue(arg);
      else {
        const evaluated = this.evaluatedVariable(tree, arg);
        if (evaluated !== NOT_KEPT_BARE) {
          values[i] = evaluated as Json;
          continue;
        }
        const value = this.force(this.evaluate(tree, arg, context));
        if (value.kind === 'unknown') return value;
        values[i] = value.value;
      }
    }
    return values;
  }

  /**
   * For a variables() call the table resolved, to a variable whose expression is evaluated already: its value, read
   * from the memo without the result objects on the way (the commonest argument of a chain). Else NOT_KEPT_BARE.
   */
  private evaluatedVariable(tree: SyntaxTree, call: number): unknown {
    const declaration = tree.declaration(call);
    if (declaration < 0 || tree.kind(call) !== CALL || tree.functionNumber(call) !== VARIABLES_FUNCTION || tree.argumentCount(call) !== 1) return NOT_KEPT_BARE;
    // A variables.copy loop has no site: its value is the array the loop builds.
    const site = this.expressions.variableSite(declaration);
    return site && !this.inCycle(site.node) ? this.memo.bare(site) : NOT_KEPT_BARE;
  }

  private call(tree: SyntaxTree, call: number, context: Context): Result {
    const text = context.node.value as string;
    const number = tree.functionNumber(call);
    if (number === USER_DEFINED) return unknownResult(`depends on the user-defined function ${tree.namespace(call, text)}.${tree.functionName(call, text)}(…)`);
    const fn = number >= 0 ? BUILT_IN_FUNCTIONS[number] : builtInFunction(tree.functionName(call, text));
    if (!fn) return unknownResult(`depends on ${tree.functionName(call, text)}(…), which is not an ARM template function`);
    if (fn.deploymentTime) return unknownResult(`depends on ${fn.name}(…)`);
    const countProblem = argumentCountProblem(fn, tree.argumentCount(call));
    if (countProblem) return unknownResult(countProblem);
    switch (number >= 0 ? HANDLING[number] : COMPUTED_FROM_ARGUMENTS) {
      case PARAMETERS:
      case VARIABLES: {
        const kind = fn.name === 'parameters' ? 'parameter' : 'variable';
        // A literal name the expression table resolved to a declaration is read in evaluate(); one it found undeclared
        // is reported here, and any other name (computed, or in an expression outside the table) is resolved here.
        const declaration = tree.declaration(call);
        const argument = tree.firstArgument(call);
        if (declaration === UNDECLARED) return unknownResult(`${kind} '${tree.stringValue(argument, text)}' is not declared`);
        const name = tree.kind(argument) === STRING ? computed(tree.stringValue(argument, text)) : this.force(this.evaluate(tree, argument, context));
        if (name.kind === 'unknown') return name;
        if (typeof name.value !== 'string') return unknownResult(`${fn.name}() expects a name, not ${jsonTypeName(name.value)}`);
        return kind === 'parameter' ? this.parameter(context.scope, name.value) : this.variable(context.scope, name.value);
      }
      case IF: {
        const condition = this.force(this.evaluate(tree, tree.argument(call, 0), context));
        if (condition.kind === 'unknown') return condition;
        if (typeof condition.value !== 'boolean') return unknownResult(`if() expects a boolean condition, not ${jsonTypeName(condition.value)}`);
        return this.evaluate(tree, tree.argument(call, condition.value ? 1 : 2), context);
      }
      case AND:
      case OR: {
        // The result is decided by the first false (and) or true (or) argument, even when others are unknown.
        const decisive = fn.name === 'or';
        let firstUnknown: Unknown | undefined;
        for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
          const value = this.force(this.evaluate(tree, arg, context));
          if (value.kind === 'unknown') firstUnknown ??= value;
          else if (typeof value.value !== 'boolean') return unknownResult(`${fn.name}() expects booleans, not ${jsonTypeName(value.value)}`);
          else if (value.value === decisive) return computed(decisive);
        }
        return firstUnknown ?? computed(!decisive);
      }
      case COALESCE: {
        for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
          const value = this.force(this.evaluate(tree, arg, context));
          if (value.kind === 'unknown' || value.value !== null) return value;
        }
        return computed(null);
      }
      case COPY_INDEX:
        return this.copyIndex(tree, call, context);
      case ENVIRONMENT:
        return computed(AZURE_CLOUD_ENVIRONMENT);
      case CONSTANT_TRUE:
        return computed(true);
      case CONSTANT_FALSE:
        return computed(false);
      case CONSTANT_NULL:
        return computed(null);
      case RESOURCE_ID:
        return fromValue(this.resourceIdOf(tree, call, RESOURCE_ID_FUNCTIONS[number]!, context).id);
    }
    if (!fn.evaluate) return unknownResult(`depends on ${fn.name}(…), which is not evaluated`);
    const args = this.forcedArguments(tree, call, context);
    if (!Array.isArray(args)) return args;
    try {
      return computed(fn.evaluate(args));
    } catch (error) {
      if (error instanceof NotEvaluable) return unknownResult(error.reason);
      throw error;
    }
  }

  private resourceIdOf(tree: SyntaxTree, call: number, fn: ResourceIdFunction, context: Context): ResourceIdParts {
    // A literal argument (the type, most names) is known as written, without a result object on the way.
    const args: Value[] = [];
    for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
      args.push(tree.kind(arg) === STRING ? known(tree.stringValue(arg, context.node.value as string), context.node, undefined, context.node) : this.toValue(this.evaluate(tree, arg, context), context.node));
    }
    return resourceIdParts(fn, args, context.node);
  }

  private copyIndex(tree: SyntaxTree, call: number, context: Context): Result {
    const args = this.forcedArguments(tree, call, context);
    if (!Array.isArray(args)) return args;
    const loopName = typeof args[0] === 'string' ? args[0] : undefined;
    const offset = args[loopName === undefined ? 0 : 1] ?? 0;
    if (typeof offset !== 'number') return unknownResult(`copyIndex() expects an integer offset, not ${jsonTypeName(offset)}`);
    let iteration = context.iteration;
    while (iteration && (loopName === undefined ? !iteration.resourceLoop : iteration.loopName === undefined || !equalsIgnoreCase(iteration.loopName, loopName))) iteration = iteration.outer;
    if (!iteration) {
      const which = loopName === undefined ? 'copyIndex()' : `copyIndex('${loopName}')`;
      return unknownResult(context.iteration || loopName !== undefined ? `depends on ${which} outside that copy loop` : `depends on ${which}, which differs for each copy of the resource`);
    }
    return computed(iteration.index + offset);
  }

  // ---- declarations ------------------------------------------------------------------------------------------

  /**
   * Where a parameter's value is written (by its number in the expression table): a parameter file, a nested
   * deployment's `parameters`, or its default. A literal that is not an expression is read right away.
   */
  private parameterSource(number: number): Result {
    const { scope, name, node: declaration } = this.expressions.declarations[number];
    let written: Written | undefined;
    if (scope === this.template.rootScope) {
      const fromFile = this.parameterValues.get(name.toLowerCase());
      if (fromFile) written = new Written(fromFile.valueNode, fromFile.uri);
    } else if (scope.deployment) {
      const passed = propertyValue(propertyValue(scope.deployment.properties, 'parameters'), name);
      if (passed) {
        const value = propertyValue(passed, 'value');
        if (!value) return unknownResult(`parameter '${name}' comes from a Key Vault reference`);
        written = new Written(value);
      }
    }
    if (!written) {
      const defaultValue = propertyValue(declaration, 'defaultValue');
      if (!defaultValue) return unknownResult(`parameter '${name}' has no value here`);
      written = new Written(defaultValue);
    }
    return isPlainLiteral(written.node) ? this.force(written) : written;
  }

  private parameter(scope: TemplateScope, name: string): Result {
    const number = this.expressions.resolve(scope, 'parameter', name);
    return number < 0 ? unknownResult(`parameter '${name}' is not declared`) : this.parameterNumbered(number);
  }

  private parameterNumbered(number: number): Result {
    // The same for every use: made once per evaluator.
    let source = this.declared[number];
    if (!source) this.declared[number] = source = this.parameterSource(number);
    if (source.kind === 'written' && source.uri === undefined) {
      const cycle = this.cycles.size > 0 ? this.cycles.get(source.node) : undefined;
      if (cycle !== undefined) return unknownResult(cycle);
    }
    return source;
  }

  private variable(scope: TemplateScope, name: string): Result {
    const number = this.expressions.resolve(scope, 'variable', name);
    return number < 0 ? unknownResult(`variable '${name}' is not declared`) : this.variableNumbered(number);
  }

  private variableNumbered(number: number): Result {
    const { node, copyLoop } = this.expressions.declarations[number];
    if (copyLoop) return fromValue(this.copyLoopValue(node, undefined));
    if (isPlainLiteral(node)) return (this.declared[number] ??= this.force(new Written(node)));
    const cycle = this.cycles.size > 0 ? this.cycles.get(node) : undefined;
    if (cycle !== undefined) return unknownResult(cycle);
    return new Written(node, undefined, this.expressions.variableSite(number));
  }
}

/** An evaluator for one template (one document version), optionally with a parameter file's values. */
export function createEvaluator(template: ArmTemplate, options: EvaluatorOptions = {}): Evaluator {
  return new TemplateEvaluator(template, options.parameterValues ?? new Map());
}
