// The ARM expression evaluator: the value of any template node as ARM would compute it before deployment, known
// or unknown with the reason. Values are memoized per node. Evaluation recurses (the fast path); when it nests too
// deep (a chain of thousands of variables) or meets a declaration already being evaluated (a cycle), it starts
// over after evaluating the declarations the node depends on leaves first with an explicit stack, which also names
// each cycle. Never throws.
import { getNodeValue } from 'jsonc-parser';
import type { JsonNode } from '../../json/nodes';
import { entries, equalsIgnoreCase, items, propertyValue, stringOf } from '../../json/nodes';
import type { ArmResource, ArmTemplate, TemplateScope } from '../template';
import { ABSENT, isExpression, known, literalValue, unknown, type KnownValue, type Value } from '../value';
import { AZURE_CLOUD_ENVIRONMENT } from './environment';
import { argumentCountProblem, builtInFunction, isJsonObject, jsonTypeName, NotEvaluable, propertyOf, type Json, type JsonObject } from './functions';
import { parsedExpressionOf, type Expression, type FunctionCall, type ParseResult } from './parse';
import { referencesIn, templateExpressions, type ExpressionReference, type TemplateExpressions } from './references';
import { resourceIdFunction, resourceIdParts, type ResourceIdFunction, type ResourceIdParts } from './resourceId';
import { findVariable, locateScope, type ExpressionScope } from './scopes';

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

/** A node as written somewhere, not yet evaluated: property access into it can stay precise. */
interface Written {
  readonly kind: 'written';
  readonly node: JsonNode;
  /** Set for a parameter file's node: its text is a literal, never an expression. */
  readonly uri?: string;
}

interface Computed {
  readonly kind: 'value';
  readonly value: Json;
  /** Where the value is written, when it is passed through unchanged; absent when this expression computed it. */
  readonly origin?: JsonNode;
  readonly originUri?: string;
}

interface Unknown {
  readonly kind: 'unknown';
  readonly reason: string;
}

type Result = Written | Computed | Unknown;
type Forced = Computed | Unknown;

interface Context extends ExpressionScope {
  readonly node: JsonNode;
  readonly iteration?: Iteration;
}

/** An expression string with its parse, the scope it resolves in and its parameters() / variables() calls. */
interface Located extends ExpressionScope {
  readonly parsed: ParseResult;
  readonly references: readonly ExpressionReference[];
}

/** A declaration whose value is a template node, evaluated before the expressions that use it. */
interface Source {
  readonly node: JsonNode;
  readonly kind: 'parameter' | 'variable';
  /** The declared name, for cycle messages. */
  readonly name: string;
  /** The node is a `copy` loop element, whose value is the array the loop builds. */
  readonly copyLoop: boolean;
}

/** ARM's limit on a copy loop's count. */
const MAX_COPY_COUNT = 800;

/** A copy loop's count when it is known and valid: an integer from 0 to ARM's limit of 800. */
export function knownCopyCount(count: Value): number | undefined {
  return count.known && typeof count.value === 'number' && Number.isInteger(count.value) && count.value >= 0 && count.value <= MAX_COPY_COUNT ? count.value : undefined;
}

/** How many node evaluations may nest before the evaluator falls back to explicit ordering. */
const MAX_NESTING = 150;

/** The memo's mark on a node whose evaluation has started and not finished: meeting it again is a cycle. */
const IN_PROGRESS: Value = unknown('refers to itself');

/** Thrown to abandon a recursive evaluation that nests too deep or meets a cycle; value() orders and starts over. */
class NeedsOrdering {}
const NEEDS_ORDERING = new NeedsOrdering();

function unknownResult(reason: string): Unknown {
  return { kind: 'unknown', reason };
}

function computed(value: Json): Computed {
  return { kind: 'value', value };
}

function fromValue(value: Value): Forced {
  return value.known ? { kind: 'value', value: value.value as Json, origin: value.origin, originUri: value.originUri } : unknownResult(value.reason);
}

/**
 * True for a string that is not an expression, a number, a boolean or null. Most values are: they are read directly,
 * without the memo and the recursion guard.
 */
function isPlainLiteral(node: JsonNode): boolean {
  return node.type === 'string' ? !isExpression(node.value as string) : node.type === 'number' || node.type === 'boolean' || node.type === 'null';
}

function describeKey(key: Json): string {
  return typeof key === 'string' ? `property '${key}'` : `index ${JSON.stringify(key)}`;
}

class TemplateEvaluator implements Evaluator {
  /**
   * Values per node (IN_PROGRESS while a node is being evaluated). A Map, not a WeakMap: the evaluator lives exactly
   * as long as its template's nodes.
   */
  private readonly memo = new Map<JsonNode, Value>();
  /** Values per node inside copy loop iterations, per iteration chain. */
  private readonly iterationMemos = new Map<string, Map<JsonNode, Value>>();
  private nesting = 0;
  /** Set while starting over after explicit ordering: nesting and cycles then give unknown values instead. */
  private ordered = false;
  /** Declarations found to be part of a cycle, with the reason their value is unknown. */
  private readonly cycles = new Map<JsonNode, string>();
  /** The template's expression table: each expression string parsed once, with its scope. */
  private readonly expressions: TemplateExpressions;

  constructor(
    private readonly template: ArmTemplate,
    private readonly parameterValues: ReadonlyMap<string, ParameterValue>,
  ) {
    this.expressions = templateExpressions(template);
  }

  value(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): Value {
    if (node && isPlainLiteral(node)) return literalValue(node);
    const iteration = this.resourceIteration(resource, copyIndex);
    try {
      return this.withOrdering(node, () => this.nodeValue(node, iteration));
    } catch (error) {
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
    const located = this.locate(node);
    if (!located) return undefined;
    const parsed = located.parsed;
    if (!parsed.ok || parsed.expression.kind !== 'call' || parsed.expression.namespace !== undefined) return undefined;
    const fn = resourceIdFunction(parsed.expression.name);
    if (!fn) return undefined;
    const context = this.contextOf(node, located, this.resourceIteration(resource, copyIndex));
    const call = parsed.expression;
    try {
      return this.withOrdering(node, () => this.resourceIdOf(call, fn, context));
    } catch {
      return undefined;
    }
  }

  /** Runs an evaluation; when it gives up on recursion, evaluates what `root` depends on in order and runs it again. */
  private withOrdering<T>(root: JsonNode | undefined, run: () => T): T {
    try {
      return run();
    } catch (signal) {
      if (signal !== NEEDS_ORDERING || !root) throw signal;
      this.ordered = true;
      try {
        this.prepare(root);
        return run();
      } finally {
        this.ordered = false;
      }
    }
  }

  private resourceIteration(resource: ArmResource | undefined, copyIndex: number | undefined): Iteration | undefined {
    if (!resource || copyIndex === undefined) return undefined;
    const loop = propertyValue(resource.node, 'copy');
    if (loop?.type !== 'object') return undefined;
    const loopName = stringOf(propertyValue(loop, 'name'));
    return { loopName, index: copyIndex, resourceLoop: true, key: `${loopName ?? ''}#${copyIndex}` };
  }

  private memoFor(iteration: Iteration | undefined): Map<JsonNode, Value> {
    if (!iteration) return this.memo;
    let memo = this.iterationMemos.get(iteration.key);
    if (!memo) this.iterationMemos.set(iteration.key, (memo = new Map()));
    return memo;
  }

  /**
   * An expression string of the template from its expression table; for one the table leaves out (under `metadata`),
   * parsed and located here. Undefined when the node is not an expression string in the template.
   */
  private locate(node: JsonNode): Located | undefined {
    const site = this.expressions.siteOf(node);
    if (site) return site;
    const parsed = parsedExpressionOf(node);
    const located = parsed && locateScope(this.template, node);
    return located && { scope: located.scope, functionParameters: located.functionParameters, parsed, references: referencesIn(node) };
  }

  private contextOf(node: JsonNode, located: ExpressionScope, iteration: Iteration | undefined): Context {
    return { scope: located.scope, functionParameters: located.functionParameters, node, iteration };
  }

  // ---- node values -------------------------------------------------------------------------------------------

  private nodeValue(node: JsonNode | undefined, iteration: Iteration | undefined): Value {
    if (!node) return ABSENT;
    if (isPlainLiteral(node)) return literalValue(node);
    const memo = this.memoFor(iteration);
    const cached = memo.get(node);
    const inProgress = cached === IN_PROGRESS;
    if (cached && !inProgress) return cached;
    if (this.cycles.size > 0) {
      const cycle = this.cycles.get(node);
      if (cycle !== undefined) return unknown(cycle);
    }
    if (inProgress || this.nesting >= MAX_NESTING) {
      if (!this.ordered) throw NEEDS_ORDERING;
      return unknown(inProgress ? 'refers to itself' : 'nested too deeply to evaluate');
    }
    memo.set(node, IN_PROGRESS);
    this.nesting++;
    let value: Value | undefined;
    try {
      value = this.compute(node, iteration);
    } finally {
      this.nesting--;
      // An evaluation abandoned for ordering leaves no mark: the node is evaluated again after ordering.
      if (value) memo.set(node, value);
      else memo.delete(node);
    }
    return value;
  }

  private compute(node: JsonNode, iteration: Iteration | undefined): Value {
    if (node.type === 'string') {
      if (!isExpression(node.value as string)) return literalValue(node);
      const located = this.locate(node);
      if (!located) return unknown('the expression is outside the template');
      if (located.functionParameters) return unknown('depends on the arguments of a user-defined function');
      const parsed = located.parsed;
      if (!parsed.ok) return unknown(`the expression has a syntax error: ${parsed.error.message}`);
      return this.toValue(this.evaluate(parsed.expression, this.contextOf(node, located, iteration)), node);
    }
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
      for (const [key, child] of entries(node)) {
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
        const value = this.nodeValue(child, iteration);
        if (!value.known) return value;
        out[key] = value.value as Json;
      }
      return known(out, node);
    }
    if (node.type === 'number' || node.type === 'boolean' || node.type === 'null') return known(node.value, node);
    return unknown(`a ${node.type} node has no value`);
  }

  /** The array a `copy` loop element (`{ name, count, input }`) builds. */
  private copyLoopValue(element: JsonNode, outer: Iteration | undefined): Value {
    const cycle = this.cycles.get(element);
    if (cycle !== undefined) return unknown(cycle);
    const memo = this.memoFor(outer);
    const cached = memo.get(element);
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
    memo.set(element, value);
    return value;
  }

  // ---- dependency ordering -----------------------------------------------------------------------------------

  /** The declaration a parameters() / variables() name resolves to, when its value is a template node. */
  private sourceOf(scope: TemplateScope, kind: 'parameter' | 'variable', name: string): Source | undefined {
    if (kind === 'variable') {
      const variable = findVariable(scope, name);
      if (!variable) return undefined;
      return variable.kind === 'value' ? { node: variable.declaration.valueNode, kind, name: variable.declaration.name, copyLoop: false } : { node: variable.element, kind, name: variable.name, copyLoop: true };
    }
    const parameter = this.parameterSource(scope, name);
    return parameter.kind === 'written' && parameter.uri === undefined ? { node: parameter.node, kind, name: scope.parameters.get(name.toLowerCase())?.name ?? name, copyLoop: false } : undefined;
  }

  private isEvaluated(source: Source): boolean {
    return this.memo.has(source.node) || this.cycles.has(source.node);
  }

  /** The declarations the expression strings under `root` name (with a literal name). */
  private dependencies(root: JsonNode): Source[] {
    const out: Source[] = [];
    const pending = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.type === 'string') {
        const located = this.locate(node);
        if (!located || located.references.length === 0 || located.functionParameters) continue;
        for (const reference of located.references) {
          const source = reference.name === undefined ? undefined : this.sourceOf(located.scope, reference.kind, reference.name);
          if (source) out.push(source);
        }
      } else if (node.children) {
        for (const child of node.children) pending.push(child);
      }
    }
    return out;
  }

  /**
   * Evaluates, leaves first, every declaration the node depends on that is not evaluated yet, with an explicit
   * stack (depth-first, post-order). A declaration met again while it is on the stack closes a cycle: every
   * declaration on that cycle gets an unknown value naming it.
   */
  private prepare(node: JsonNode): void {
    const roots = this.dependencies(node).filter((source) => !this.isEvaluated(source));
    if (roots.length === 0) return;
    const state = new Map<JsonNode, 'active' | 'done'>();
    interface Frame {
      readonly source: Source;
      readonly dependencies: Source[];
      next: number;
    }
    const stack: Frame[] = [];
    const visit = (source: Source) => {
      state.set(source.node, 'active');
      stack.push({ source, dependencies: this.dependencies(source.node), next: 0 });
    };
    for (const root of roots) {
      if (state.has(root.node) || this.isEvaluated(root)) continue;
      visit(root);
      while (stack.length > 0) {
        const frame = stack[stack.length - 1];
        if (frame.next < frame.dependencies.length) {
          const dependency = frame.dependencies[frame.next++];
          const seen = state.get(dependency.node);
          if (seen === 'active') this.markCycle(stack.slice(stack.findIndex((f) => f.source.node === dependency.node)).map((f) => f.source));
          else if (seen === undefined && !this.isEvaluated(dependency)) visit(dependency);
          continue;
        }
        stack.pop();
        state.set(frame.source.node, 'done');
        if (!this.cycles.has(frame.source.node)) {
          if (frame.source.copyLoop) this.copyLoopValue(frame.source.node, undefined);
          else this.nodeValue(frame.source.node, undefined);
        }
      }
    }
  }

  private markCycle(members: readonly Source[]): void {
    const path = [...members, members[0]].map((member) => `${member.kind} '${member.name}'`).join(' → ');
    for (const member of members) this.cycles.set(member.node, `depends on itself: ${path}`);
  }

  // ---- expressions -------------------------------------------------------------------------------------------

  private toValue(result: Result, expressionNode: JsonNode): Value {
    const forced = this.force(result);
    if (forced.kind === 'unknown') return unknown(forced.reason);
    const value: KnownValue = forced.origin
      ? { known: true, value: forced.value, origin: forced.origin, originUri: forced.originUri, usage: expressionNode }
      : { known: true, value: forced.value, origin: expressionNode, usage: expressionNode };
    return value;
  }

  private force(result: Result): Forced {
    if (result.kind !== 'written') return result;
    if (result.uri !== undefined) return { kind: 'value', value: getNodeValue(result.node) as Json, origin: result.node, originUri: result.uri };
    return fromValue(this.nodeValue(result.node, undefined));
  }

  private evaluate(expression: Expression, context: Context): Result {
    switch (expression.kind) {
      case 'string':
      case 'number':
      case 'boolean':
        return computed(expression.value);
      case 'null':
        return computed(null);
      case 'property':
        return this.access(this.evaluate(expression.target, context), expression.property);
      case 'index': {
        const target = this.evaluate(expression.target, context);
        const index = this.force(this.evaluate(expression.index, context));
        return index.kind === 'unknown' ? index : this.access(target, index.value);
      }
      case 'call':
        return this.call(expression, context);
    }
  }

  /** `.name` or `[key]` on a value; into a node as written when possible, so the origin stays exact. */
  private access(target: Result, key: Json): Result {
    if (target.kind === 'unknown') return target;
    if (target.kind === 'written') {
      const node = target.node;
      if (node.type === 'object' && typeof key === 'string' && !propertyValue(node, 'copy')) {
        const child = propertyValue(node, key);
        return child ? { kind: 'written', node: child, uri: target.uri } : unknownResult(`${describeKey(key)} does not exist`);
      }
      if (node.type === 'array' && typeof key === 'number') {
        const child = node.children?.[key];
        return child ? { kind: 'written', node: child, uri: target.uri } : unknownResult(`index ${key} is out of range`);
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
    return { kind: 'value', value: found, origin: forced.origin, originUri: forced.originUri };
  }

  private forcedArguments(call: FunctionCall, context: Context): Json[] | Unknown {
    const values: Json[] = [];
    for (const arg of call.args) {
      const value = this.force(this.evaluate(arg, context));
      if (value.kind === 'unknown') return value;
      values.push(value.value);
    }
    return values;
  }

  private call(call: FunctionCall, context: Context): Result {
    if (call.namespace !== undefined) return unknownResult(`depends on the user-defined function ${call.namespace}.${call.name}(…)`);
    const fn = builtInFunction(call.name);
    if (!fn) return unknownResult(`depends on ${call.name}(…), which is not an ARM template function`);
    if (fn.deploymentTime) return unknownResult(`depends on ${fn.name}(…)`);
    const countProblem = argumentCountProblem(fn, call.args.length);
    if (countProblem) return unknownResult(countProblem);
    switch (fn.name) {
      case 'parameters':
      case 'variables': {
        const name = this.force(this.evaluate(call.args[0], context));
        if (name.kind === 'unknown') return name;
        if (typeof name.value !== 'string') return unknownResult(`${fn.name}() expects a name, not ${jsonTypeName(name.value)}`);
        return fn.name === 'parameters' ? this.parameter(context.scope, name.value) : this.variable(context.scope, name.value);
      }
      case 'if': {
        const condition = this.force(this.evaluate(call.args[0], context));
        if (condition.kind === 'unknown') return condition;
        if (typeof condition.value !== 'boolean') return unknownResult(`if() expects a boolean condition, not ${jsonTypeName(condition.value)}`);
        return this.evaluate(call.args[condition.value ? 1 : 2], context);
      }
      case 'and':
      case 'or': {
        // The result is decided by the first false (and) or true (or) argument, even when others are unknown.
        const decisive = fn.name === 'or';
        let firstUnknown: Unknown | undefined;
        for (const arg of call.args) {
          const value = this.force(this.evaluate(arg, context));
          if (value.kind === 'unknown') firstUnknown ??= value;
          else if (typeof value.value !== 'boolean') return unknownResult(`${fn.name}() expects booleans, not ${jsonTypeName(value.value)}`);
          else if (value.value === decisive) return computed(decisive);
        }
        return firstUnknown ?? computed(!decisive);
      }
      case 'coalesce': {
        for (const arg of call.args) {
          const value = this.force(this.evaluate(arg, context));
          if (value.kind === 'unknown' || value.value !== null) return value;
        }
        return computed(null);
      }
      case 'copyIndex':
        return this.copyIndex(call, context);
      case 'environment':
        return computed(AZURE_CLOUD_ENVIRONMENT);
      case 'true':
        return computed(true);
      case 'false':
        return computed(false);
      case 'null':
        return computed(null);
    }
    const idFunction = resourceIdFunction(fn.name);
    if (idFunction) return fromValue(this.resourceIdOf(call, idFunction, context).id);
    if (!fn.evaluate) return unknownResult(`depends on ${fn.name}(…), which is not evaluated`);
    const args = this.forcedArguments(call, context);
    if (!Array.isArray(args)) return args;
    try {
      return computed(fn.evaluate(args));
    } catch (error) {
      if (error instanceof NotEvaluable) return unknownResult(error.reason);
      throw error;
    }
  }

  private resourceIdOf(call: FunctionCall, fn: ResourceIdFunction, context: Context): ResourceIdParts {
    const args = call.args.map((arg) => this.toValue(this.evaluate(arg, context), context.node));
    return resourceIdParts(fn, args, context.node);
  }

  private copyIndex(call: FunctionCall, context: Context): Result {
    const args = this.forcedArguments(call, context);
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

  /** Where a parameter's value is written: a parameter file, a nested deployment's `parameters`, or its default. */
  private parameterSource(scope: TemplateScope, name: string): Result {
    const lower = name.toLowerCase();
    const declaration = scope.parameters.get(lower);
    if (!declaration) return unknownResult(`parameter '${name}' is not declared`);
    if (scope === this.template.rootScope) {
      const fromFile = this.parameterValues.get(lower);
      if (fromFile) return { kind: 'written', node: fromFile.valueNode, uri: fromFile.uri };
    } else if (scope.deployment) {
      const passed = propertyValue(propertyValue(scope.deployment.properties, 'parameters'), name);
      if (passed) {
        const value = propertyValue(passed, 'value');
        if (value) return { kind: 'written', node: value };
        return unknownResult(`parameter '${declaration.name}' comes from a Key Vault reference`);
      }
    }
    const defaultValue = propertyValue(declaration.valueNode, 'defaultValue');
    if (defaultValue) return { kind: 'written', node: defaultValue };
    return unknownResult(`parameter '${declaration.name}' has no value here`);
  }

  private parameter(scope: TemplateScope, name: string): Result {
    const source = this.parameterSource(scope, name);
    if (source.kind === 'written' && source.uri === undefined) {
      const cycle = this.cycles.get(source.node);
      if (cycle !== undefined) return unknownResult(cycle);
    }
    return source;
  }

  private variable(scope: TemplateScope, name: string): Result {
    const variable = findVariable(scope, name);
    if (!variable) return unknownResult(`variable '${name}' is not declared`);
    if (variable.kind === 'copy') return fromValue(this.copyLoopValue(variable.element, undefined));
    const node = variable.declaration.valueNode;
    const cycle = this.cycles.get(node);
    return cycle !== undefined ? unknownResult(cycle) : { kind: 'written', node };
  }
}

/** An evaluator for one template (one document version), optionally with a parameter file's values. */
export function createEvaluator(template: ArmTemplate, options: EvaluatorOptions = {}): Evaluator {
  return new TemplateEvaluator(template, options.parameterValues ?? new Map());
}
