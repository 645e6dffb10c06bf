// The ARM expression evaluator: the value of any template node as ARM would compute it before deployment, known
// or unknown with the reason. Before the first value is asked for, every parameter and variable the expression table
// numbers is evaluated in the order declarationOrder.ts gives, leaves first: a chain of thousands of variables needs
// no deep recursion, and a cycle gives each declaration on it an unknown value naming the cycle. A node's value then
// recurses only into the JSON under it and into declarations already evaluated. One evaluation, top to bottom here:
// value() → nodeValue() (one Value kept per node) → compute() → expressionValue() → evaluate() over the syntax tree
// the table parsed (outsideExpressions.ts parses those it leaves out) → call() for a function: most are computed from
// their arguments by functions.ts, if(), and(), or(), coalesce(), copyIndex() and the constants by lazyFunctions.ts,
// resource IDs by resourceId.ts → parameters() and variables() read the declaration's node as Written (results.ts),
// forced to a Value only when needed; `.name` and `[index]` read into it where it is written. Copy loops are in
// copyLoops.ts. Never throws.
import { getNodeValue } from 'jsonc-parser';
import type { JsonNode } from '../../json/nodes';
import { equalsIgnoreCase, items, propertyValue, stringOf } from '../../json/nodes';
import type { ArmResource, ArmTemplate, TemplateScope } from '../template';
import {
  ABSENT,
  isExpression,
  known,
  literalValue,
  unknown,
  withoutEnds,
  type UnknownValue,
  type Value,
} from '../value';
import {
  argumentCountProblem,
  BUILT_IN_FUNCTIONS,
  builtInFunction,
  PARAMETERS_FUNCTION,
  jsonTypeName,
  NotEvaluable,
  type Json,
  type JsonObject,
} from './functions';
import { lazyCall, type ArgumentEvaluator } from './lazyFunctions';
import { OutsideExpressions } from './outsideExpressions';
import { computed, usedAt, valueChild, writtenChild, Written, type Context, type Result } from './results';
import { type NodeId, NodeKind, SyntaxTree, USER_DEFINED } from './syntaxTree';
import { parseInto } from './parse';
import { templateExpressions, UNDECLARED, type TemplateExpressions } from './references';
import { resourceIdFunction, resourceIdParts, type ResourceIdFunction, type ResourceIdParts } from './resourceId';
import { knownCopyCount, loopIteration, resourceIteration, type CopyLoop, type Iteration } from './copyLoops';
import { declarationOrder } from './declarationOrder';
import { KEEPS_ARGUMENT_TEXT, withStringEnds } from './stringEnds';
import { parameterWrittenAt } from './parameterSources';
import { locateScope, type ExpressionScope } from './scopes';

/** A parameter's value from a parameter file: its `value` node there, and that file's URI. */
export interface ParameterValue {
  readonly valueNode: JsonNode;
  readonly uri: string;
}

export interface EvaluatorOptions {
  /** Values for the root template's parameters, by lower-cased name. */
  readonly parameterValues?: ReadonlyMap<string, ParameterValue>;
}

export interface Evaluator {
  /**
   * The value of a template node as ARM would see it: literals as written, expression strings evaluated in the scope
   * the node is in. With a `copyIndex`, `copyIndex()` in the node is that iteration of `resource`'s copy loop.
   */
  value(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): Value;
  /**
   * The value of an expression string written in `resource` that the tree does not hold (the parser skipped it after
   * a syntax error): parsed on its own and evaluated in the resource's scope, not kept. With a `copyIndex`,
   * `copyIndex()` in it is that iteration of the resource's copy loop.
   */
  textValue(text: string, resource: ArmResource, copyIndex?: number): Value;
  /** The resource's copy loop, when it has one. */
  copyLoop(resource: ArmResource): CopyLoop | undefined;
  /** The parts of a string that is exactly one resource ID function call (`[resourceId('A.B/c', 'x')]`). */
  resourceId(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): ResourceIdParts | undefined;
}

/**
 * How deep one node's value may recurse (into the JSON under it, or names computed as it runs) before it is unknown.
 * Where the limit falls depends on where the evaluation started, so such an unknown, once kept, depends on the order
 * values were asked in (as does IN_PROGRESS met through a computed name); known values never do.
 */
const MAX_NESTING = 150;

/** The value kept for a node whose evaluation has started and not finished: meeting it again is a cycle. */
const IN_PROGRESS: Value = unknown('refers to itself');

/** True for a string that is not an expression, a number, a boolean or null: read directly, without being kept. */
function isPlainLiteral(node: JsonNode): boolean {
  return node.type === 'string'
    ? !isExpression(node.value as string)
    : node.type === 'number' || node.type === 'boolean' || node.type === 'null';
}

/** The values of one evaluation context (outside copy loops, or one iteration chain): one Value per node. */
export type Values = Map<JsonNode, Value>;

/**
 * What an evaluator has computed, once every declaration is evaluated. An edit that leaves part of it standing hands
 * that part to the next version's evaluator (carryValues.ts); the evaluator it came from is not asked again.
 */
export interface ComputedValues {
  /** The parameter file's values it was made with (see EvaluatorOptions). */
  readonly parameterValues: ReadonlyMap<string, ParameterValue>;
  /** Values outside copy loops. */
  readonly values: Values;
  /** Values inside copy loop iterations, per iteration chain. */
  readonly iterationValues: Map<string, Values>;
  /** The values of declarations found to be part of a cycle: unknown, with the reason. */
  readonly cycles: Map<JsonNode, string>;
  /** Per parameter's declaration number, filled as needed: where its value is written (the same at every use). */
  readonly parameterSources: Map<number, Result>;
}

class TemplateEvaluator implements Evaluator, ArgumentEvaluator {
  /** The nodes being evaluated, outermost first (its length is the nesting), and the Values keeping their IN_PROGRESS. */
  private readonly evaluating: JsonNode[] = [];
  private readonly evaluatingIn: Values[] = [];
  /** The template's expression table: each expression string with its scope and its resolved references. */
  private readonly expressions: TemplateExpressions;
  /** The expressions the table leaves out (under `metadata`), found when asked for. */
  private readonly outside: OutsideExpressions;

  /**
   * `computed`: where it keeps what it computes; with `declarationsEvaluated`, the previous version's values that
   * stand in this one (carryValues.ts).
   */
  constructor(
    private readonly template: ArmTemplate,
    private readonly computed: ComputedValues,
    private declarationsEvaluated: boolean,
  ) {
    this.expressions = templateExpressions(template);
    this.outside = new OutsideExpressions(template);
  }

  /** What it has computed, once its declarations are evaluated (else there is little to keep). */
  computedValues(): ComputedValues | undefined {
    return this.declarationsEvaluated ? this.computed : undefined;
  }

  value(node: JsonNode | undefined, resource?: ArmResource, copyIndex?: number): Value {
    if (node && isPlainLiteral(node)) return literalValue(node);
    const iteration = resourceIteration(resource, copyIndex);
    try {
      this.evaluateDeclarations();
      return this.nodeValue(node, iteration);
    } catch (error) {
      return this.thrown(error);
    }
  }

  textValue(text: string, resource: ArmResource, copyIndex?: number): Value {
    const located = locateScope(this.template, resource.node);
    if (!located) return unknown('the expression is outside the template');
    if (located.functionParameters) return unknown('depends on the arguments of a user-defined function');
    const tree = new SyntaxTree();
    const root = parseInto(tree, text);
    if (typeof root !== 'number') return unknown(`the expression has a syntax error: ${root.message}`);
    // Where the string would be: only its text is read (string literals are slices of it), never its place.
    const node: JsonNode = {
      type: 'string',
      value: text,
      offset: resource.node.offset,
      length: 0,
      parent: resource.node,
    };
    const context: Context = { ...located, node, iteration: resourceIteration(resource, copyIndex) };
    try {
      this.evaluateDeclarations();
      return this.toValue(this.evaluate(tree, root, context), node);
    } catch (error) {
      return this.thrown(error);
    }
  }

  /** After an evaluation threw: only an input nested beyond the stack's depth does; the evaluator reports the rest as unknown. */
  private thrown(error: unknown): UnknownValue {
    this.forgetInProgress();
    return unknown(
      error instanceof RangeError ? 'too deeply nested to evaluate' : `could not be evaluated (${String(error)})`,
    );
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
    const located = site ?? this.outside.get(node);
    if (!located || located.root < 0) return undefined;
    const tree = site ? this.expressions.syntax : this.outside.syntax;
    const call = located.root;
    const number = tree.kind(call) === NodeKind.Call ? tree.functionNumber(call) : -1;
    const fn = number >= 0 ? resourceIdFunction(BUILT_IN_FUNCTIONS[number].name) : undefined;
    if (!fn) return undefined;
    const context = this.contextOf(node, located, resourceIteration(resource, copyIndex));
    try {
      this.evaluateDeclarations();
      return this.resourceIdOf(tree, call, fn, context);
    } catch {
      this.forgetInProgress();
      return undefined;
    }
  }

  /**
   * After an evaluation threw (past the stack's depth): the nodes it left in progress are forgotten, so that they are
   * evaluated again when asked. value() and resourceId() catch in place: a helper taking the evaluation and the
   * fallback as functions allocated two closures per call.
   */
  private forgetInProgress(): void {
    this.evaluating.forEach((node, i) => this.evaluatingIn[i].delete(node));
    this.evaluating.length = this.evaluatingIn.length = 0;
  }

  private valuesFor(iteration: Iteration | undefined): Values {
    if (!iteration) return this.computed.values;
    let values = this.computed.iterationValues.get(iteration.key);
    if (!values) this.computed.iterationValues.set(iteration.key, (values = new Map()));
    return values;
  }

  private contextOf(node: JsonNode, located: ExpressionScope, iteration: Iteration | undefined): Context {
    // Outside copy loops a site of the table is its own context.
    if (!iteration && 'node' in located && located.node === node) return located as Context;
    return { scope: located.scope, functionParameters: located.functionParameters, node, iteration };
  }

  // ---- node values -------------------------------------------------------------------------------------------

  /** The node's value: kept from before, or evaluated and kept. */
  private nodeValue(node: JsonNode | undefined, iteration: Iteration | undefined): Value {
    if (!node) return ABSENT;
    if (isPlainLiteral(node)) return literalValue(node);
    const values = this.valuesFor(iteration);
    // IN_PROGRESS here is a cycle through a name computed as it runs (the others are found before evaluation).
    const kept = values.get(node);
    if (kept) return kept;
    const cycle = this.computed.cycles.get(node);
    if (cycle !== undefined) return unknown(cycle);
    if (this.evaluating.length >= MAX_NESTING) return unknown('nested too deeply to evaluate');
    values.set(node, IN_PROGRESS);
    this.evaluating.push(node);
    this.evaluatingIn.push(values);
    const value = this.compute(node, iteration);
    this.evaluating.pop();
    this.evaluatingIn.pop();
    values.set(node, value);
    return value;
  }

  /** The value of an expression string: evaluated in the scope it is in, with the syntax tree parsed for it. */
  private expressionValue(node: JsonNode, iteration: Iteration | undefined): Value {
    const site = this.expressions.siteOf(node);
    const located = site ?? this.outside.get(node);
    if (!located) return unknown('the expression is outside the template');
    if (located.functionParameters) return unknown('depends on the arguments of a user-defined function');
    if (located.error) return unknown(`the expression has a syntax error: ${located.error.message}`);
    const tree = site ? this.expressions.syntax : this.outside.syntax;
    return this.toValue(this.evaluate(tree, located.root, this.contextOf(node, located, iteration)), node);
  }

  /** The value of a node that is not a plain literal: an expression string, an array or an object. */
  private compute(node: JsonNode, iteration: Iteration | undefined): Value {
    if (node.type === 'string') return this.expressionValue(node, iteration);
    if (node.type === 'array') {
      const out: Json[] = [];
      for (const item of items(node)) {
        const value = this.nodeValue(item, iteration);
        if (!value.known) return withoutEnds(value);
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
            if (!value.known) return withoutEnds(value);
            out[name] = value.value as Json;
          }
          continue;
        }
        const name = isExpression(key) ? this.propertyName(keyNode, iteration) : key;
        if (typeof name !== 'string') return name;
        const value = this.nodeValue(child, iteration);
        if (!value.known) return withoutEnds(value);
        out[name] = value.value as Json;
      }
      return known(out, node);
    }
    return unknown(`a ${node.type} node has no value`);
  }

  /** A property name written as an expression, evaluated as ARM does: it must give a string. */
  private propertyName(keyNode: JsonNode, iteration: Iteration | undefined): string | Value {
    const name = this.nodeValue(keyNode, iteration);
    if (!name.known) return withoutEnds(name);
    return typeof name.value === 'string'
      ? name.value
      : unknown(`the property name ${keyNode.value as string} gives ${jsonTypeName(name.value as Json)}, not a string`);
  }

  /** The array a `copy` loop element (`{ name, count, input }`) builds. */
  private copyLoopValue(element: JsonNode, outer: Iteration | undefined): Value {
    const cycle = this.computed.cycles.get(element);
    if (cycle !== undefined) return unknown(cycle);
    const values = this.valuesFor(outer);
    const kept = values.get(element);
    if (kept) return kept;
    const name = stringOf(propertyValue(element, 'name'));
    const count = this.nodeValue(propertyValue(element, 'count'), outer);
    const input = propertyValue(element, 'input');
    const validCount = knownCopyCount(count);
    let value: Value;
    if (!count.known) value = withoutEnds(count);
    else if (validCount === undefined) value = unknown(`the copy loop '${name ?? ''}' has an invalid count`);
    else if (!input) value = unknown(`the copy loop '${name ?? ''}' has no input`);
    else {
      const out: Json[] = [];
      value = known(out, element);
      for (let index = 0; index < validCount; index++) {
        const item = this.nodeValue(input, loopIteration(name, index, outer));
        if (!item.known) {
          value = withoutEnds(item);
          break;
        }
        out.push(item.value as Json);
      }
    }
    values.set(element, value);
    return value;
  }

  // ---- declarations in dependency order ----------------------------------------------------------------------

  /**
   * Evaluates every parameter and variable the expression table numbers, each after the declarations it names
   * (declarationOrder.ts); each declaration on a cycle gets an unknown value naming the cycle.
   */
  private evaluateDeclarations(): void {
    if (this.declarationsEvaluated) return;
    this.declarationsEvaluated = true;
    const { order, cycles } = declarationOrder(this.template, this.expressions, (declaration) =>
      this.sourceOf(declaration),
    );
    for (const [declaration, reason] of cycles) {
      const source = this.sourceOf(declaration);
      if (source) this.computed.cycles.set(source, reason);
    }
    for (const declaration of order) {
      const source = this.sourceOf(declaration);
      if (!source || this.computed.cycles.has(source)) continue;
      if (this.expressions.declarations[declaration].copyLoop) this.copyLoopValue(source, undefined);
      else this.nodeValue(source, undefined);
    }
  }

  /**
   * The node holding a declaration's value, when it is a template node: a variable's value or `copy` loop element,
   * a parameter's default or the value a nested deployment passes.
   */
  private sourceOf(declaration: number): JsonNode | undefined {
    const declared = this.expressions.declarations[declaration];
    if (declared.kind === 'variable') return declared.node;
    const parameter = this.parameterSource(declaration);
    return parameter instanceof Written && parameter.uri === undefined ? parameter.node : undefined;
  }

  // ---- expressions -------------------------------------------------------------------------------------------

  private toValue(result: Result, expressionNode: JsonNode): Value {
    return usedAt(this.force(result), expressionNode);
  }

  force(result: Result): Value {
    if (!(result instanceof Written)) return result;
    if (result.uri !== undefined) return known(getNodeValue(result.node), result.node, result.uri);
    return this.nodeValue(result.node, undefined);
  }

  /** The value of node `expression` of `tree`, an expression of the string `context.node`. */
  evaluate(tree: SyntaxTree, expression: NodeId, context: Context): Result {
    switch (tree.kind(expression)) {
      case NodeKind.String:
        return computed(tree.stringValue(expression, context.node.value as string), context);
      case NodeKind.Number:
        return computed(tree.numberValue(expression, context.node.value as string), context);
      case NodeKind.Boolean:
        return computed(tree.booleanValue(expression), context);
      case NodeKind.Null:
        return computed(null, context);
      case NodeKind.Property:
        return this.access(
          this.evaluate(tree, tree.target(expression), context),
          tree.propertyName(expression, context.node.value as string),
        );
      case NodeKind.Index: {
        const target = this.evaluate(tree, tree.target(expression), context);
        const index = this.force(this.evaluate(tree, tree.index(expression), context));
        return !index.known ? withoutEnds(index) : this.access(target, index.value as Json);
      }
      default: {
        // A parameters() / variables() call the table resolved (the commonest call): its declaration's value, without
        // the checks a call goes through.
        const declaration = tree.declaration(expression);
        if (declaration >= 0 && tree.argumentCount(expression) === 1)
          return tree.functionNumber(expression) === PARAMETERS_FUNCTION
            ? this.parameterNumbered(declaration)
            : this.variableNumbered(declaration);
        return this.call(tree, expression, context);
      }
    }
  }

  /** `.key` or `[key]` on a result; into a node as written when possible, so the origin stays exact. */
  private access(target: Result, key: Json): Result {
    return (target instanceof Written ? writtenChild(target, key) : undefined) ?? valueChild(this.force(target), key);
  }

  forcedArguments(tree: SyntaxTree, call: NodeId, context: Context): Json[] | UnknownValue {
    // Sized up front: an array grown by push keeps room for 16 values, once per evaluated call.
    const values = new Array<Json>(tree.argumentCount(call));
    let i = 0;
    for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg), i++) {
      // Most arguments are literals: their values need no result object.
      const kind = tree.kind(arg);
      if (kind === NodeKind.String) values[i] = tree.stringValue(arg, context.node.value as string);
      else if (kind === NodeKind.Number) values[i] = tree.numberValue(arg, context.node.value as string);
      else if (kind === NodeKind.Boolean) values[i] = tree.booleanValue(arg);
      else {
        const value = this.force(this.evaluate(tree, arg, context));
        if (!value.known) return withoutEnds(value);
        values[i] = value.value as Json;
      }
    }
    return values;
  }

  /** Every argument's value, known or not (forcedArguments stops at the first that is not). */
  private argumentValues(tree: SyntaxTree, call: NodeId, context: Context): Value[] {
    const values: Value[] = [];
    for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg))
      values.push(this.force(this.evaluate(tree, arg, context)));
    return values;
  }

  private call(tree: SyntaxTree, call: NodeId, context: Context): Result {
    const text = context.node.value as string;
    const number = tree.functionNumber(call);
    if (number === USER_DEFINED)
      return unknown(
        `depends on the user-defined function ${tree.namespace(call, text)}.${tree.functionName(call, text)}(…)`,
      );
    const fn = number >= 0 ? BUILT_IN_FUNCTIONS[number] : builtInFunction(tree.functionName(call, text));
    if (!fn) return unknown(`depends on ${tree.functionName(call, text)}(…), which is not an ARM template function`);
    if (fn.deploymentTime) return unknown(`depends on ${fn.name}(…)`);
    const countProblem = argumentCountProblem(fn, tree.argumentCount(call));
    if (countProblem) return unknown(countProblem);
    // Most functions are computed from their arguments' values (functions.ts). Names are read here, resource IDs
    // built by resourceId.ts, and lazyFunctions.ts has the functions that evaluate their arguments only as needed,
    // copyIndex() and the constants. `fn.name` is the documentation's spelling.
    switch (fn.name) {
      case 'parameters':
      case 'variables': {
        const kind = fn.name === 'parameters' ? 'parameter' : 'variable';
        // A literal name the expression table resolved to a declaration is read in evaluate(); one it found undeclared
        // is reported here, and any other name (computed, or in an expression outside the table) is resolved here.
        const declaration = tree.declaration(call);
        const argument = tree.firstArgument(call);
        if (declaration === UNDECLARED) return unknown(`${kind} '${tree.stringValue(argument, text)}' is not declared`);
        const name =
          tree.kind(argument) === NodeKind.String
            ? computed(tree.stringValue(argument, text), context)
            : this.force(this.evaluate(tree, argument, context));
        if (!name.known) return withoutEnds(name);
        if (typeof name.value !== 'string')
          return unknown(`${fn.name}() expects a name, not ${jsonTypeName(name.value as Json)}`);
        return kind === 'parameter'
          ? this.parameter(context.scope, name.value)
          : this.variable(context.scope, name.value);
      }
      case 'resourceId':
      case 'subscriptionResourceId':
      case 'tenantResourceId':
      case 'managementGroupResourceId':
      case 'extensionResourceId':
        return this.resourceIdOf(tree, call, fn.name, context).id;
    }
    const lazy = lazyCall(fn.name, this, tree, call, context);
    if (lazy) return lazy;
    if (!fn.evaluate) return unknown(`depends on ${fn.name}(…), which is not evaluated`);
    const args = this.forcedArguments(tree, call, context);
    if (!Array.isArray(args))
      return KEEPS_ARGUMENT_TEXT.has(fn.name)
        ? withStringEnds(fn.evaluate, this.argumentValues(tree, call, context), args, context.node)
        : args;
    try {
      return computed(fn.evaluate(args), context);
    } catch (error) {
      if (error instanceof NotEvaluable) return unknown(error.reason);
      throw error;
    }
  }

  private resourceIdOf(tree: SyntaxTree, call: NodeId, fn: ResourceIdFunction, context: Context): ResourceIdParts {
    // A literal argument (the type, most names) is known as written, without a result object on the way.
    const args: Value[] = [];
    for (let arg = tree.firstArgument(call); arg >= 0; arg = tree.nextArgument(arg)) {
      args.push(
        tree.kind(arg) === NodeKind.String
          ? known(tree.stringValue(arg, context.node.value as string), context.node, undefined, context.node)
          : this.toValue(this.evaluate(tree, arg, context), context.node),
      );
    }
    return resourceIdParts(fn, args, context.node);
  }

  // ---- declarations ------------------------------------------------------------------------------------------

  /**
   * Where a parameter's value is written (by its number in the expression table): a parameter file, a nested
   * deployment's `parameters`, or its default. A literal that is not an expression is read right away.
   */
  private parameterSource(number: number): Result {
    let source = this.computed.parameterSources.get(number);
    if (!source) this.computed.parameterSources.set(number, (source = this.writtenParameter(number)));
    return source;
  }

  /** parameterSource's work, done once per parameter (parameterSources.ts). */
  private writtenParameter(number: number): Result {
    const at = parameterWrittenAt(this.template, this.expressions.declarations[number], this.computed.parameterValues);
    if ('known' in at) return at;
    const written = new Written(at.node, at.uri);
    return isPlainLiteral(written.node) ? this.force(written) : written;
  }

  private parameter(scope: TemplateScope, name: string): Result {
    const number = this.expressions.resolve(scope, 'parameter', name);
    return number < 0 ? unknown(`parameter '${name}' is not declared`) : this.parameterNumbered(number);
  }

  private parameterNumbered(number: number): Result {
    const source = this.parameterSource(number);
    if (source instanceof Written && source.uri === undefined) {
      const cycle = this.computed.cycles.get(source.node);
      if (cycle !== undefined) return unknown(cycle);
    }
    return source;
  }

  private variable(scope: TemplateScope, name: string): Result {
    const number = this.expressions.resolve(scope, 'variable', name);
    return number < 0 ? unknown(`variable '${name}' is not declared`) : this.variableNumbered(number);
  }

  private variableNumbered(number: number): Result {
    const { node, copyLoop } = this.expressions.declarations[number];
    if (copyLoop) return this.copyLoopValue(node, undefined);
    const cycle = this.computed.cycles.get(node);
    if (cycle !== undefined) return unknown(cycle);
    return new Written(node);
  }
}

/** An evaluator for one template (one document version), optionally with a parameter file's values. */
export function createEvaluator(template: ArmTemplate, options: EvaluatorOptions = {}): Evaluator {
  const parameterValues = options.parameterValues ?? new Map<string, ParameterValue>();
  const computed: ComputedValues = {
    parameterValues,
    values: new Map(),
    iterationValues: new Map(),
    cycles: new Map(),
    parameterSources: new Map(),
  };
  return new TemplateEvaluator(template, computed, false);
}

/** What the evaluator has computed (see ComputedValues); undefined before its first value. */
export function computedValues(evaluator: Evaluator): ComputedValues | undefined {
  return evaluator instanceof TemplateEvaluator ? evaluator.computedValues() : undefined;
}

/** An evaluator for `template` that starts from `carried`, the previous version's values that stand in it. */
export function evaluatorCarrying(template: ArmTemplate, carried: ComputedValues): Evaluator {
  return new TemplateEvaluator(template, carried, true);
}
