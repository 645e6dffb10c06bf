// The store of expression syntax trees: what the expression table keeps of every expression string it parses and
// what the evaluator reads, as numbers in one Int32Array.
/** Kinds of syntax tree nodes. */
export const enum NodeKind {
  String = 1,
  Number = 2,
  Boolean = 3,
  Null = 4,
  Call = 5,
  Property = 6,
  Index = 7,
}

/** A node of a SyntaxTree store: its number there. */
export type NodeId = number & { readonly __brand: 'NodeId' };
/** No node: the first argument of a call without arguments, the argument after the last. */
export const NO_NODE = -1 as NodeId;

/** A call's function number when the name is not a built-in function's (`list*` ones included: see builtInFunction). */
export const NOT_BUILT_IN = -1;
/** A call's function number when it is a user-defined function (`ns.fn(…)`). */
export const USER_DEFINED = -2;
/** A parameters() / variables() call's declaration before anything resolved it (see SyntaxTree.setDeclaration). */
export const NOT_RESOLVED = -3;

/** The numbers each node keeps, at node × FIELDS + field. */
const FIELDS = 8;
/** The kind, and a call's argument count above it (count << 4). */
const KIND = 0;
const START = 1;
const END = 2;
/** A call's first argument (−1 without), a property or index access's target. */
const CHILD = 3;
/** The next argument of the same call (−1 for the last). */
const NEXT = 4;
/** A call's name end, a property access's name start, an index access's index, a boolean's value, 1 for a string with `''`. */
const AUX = 5;
/** A call's function number (or NOT_BUILT_IN, USER_DEFINED). */
const FUNCTION = 6;
/** A parameters() / variables() call's declaration number, as the expression table resolved it. */
const DECLARATION = 7;

/**
 * Syntax trees of expressions, many to one store: each node is eight numbers in one Int32Array, so a template's
 * hundred thousand expressions can keep their trees without giving the garbage collector anything to trace, and
 * the evaluator reads the tree the expression table parsed instead of parsing again. Offsets count from the
 * expression string's first character (the `[`); string and number values are read from that text on demand.
 */
export class SyntaxTree {
  private data: Int32Array;
  /** How many nodes the tree store holds. */
  size = 0;

  /** `capacity`: about how many nodes it will hold (it grows past that, too). */
  constructor(capacity = 256) {
    this.data = new Int32Array(FIELDS * Math.max(capacity, 16));
  }

  kind(node: NodeId): NodeKind {
    return (this.data[node * FIELDS + KIND] & 15) as NodeKind;
  }

  start(node: NodeId): number {
    return this.data[node * FIELDS + START];
  }

  end(node: NodeId): number {
    return this.data[node * FIELDS + END];
  }

  /** A call's first argument, −1 when it has none. */
  firstArgument(node: NodeId): NodeId {
    return this.data[node * FIELDS + CHILD] as NodeId;
  }

  /** The argument after this one in its call, −1 for the last. */
  nextArgument(node: NodeId): NodeId {
    return this.data[node * FIELDS + NEXT] as NodeId;
  }

  argumentCount(node: NodeId): number {
    return this.data[node * FIELDS + KIND] >> 4;
  }

  /** The argument at `position` of a call (which must have that many). */
  argument(node: NodeId, position: number): NodeId {
    let argument = this.firstArgument(node);
    for (let i = 0; i < position; i++) argument = this.nextArgument(argument);
    return argument;
  }

  /** Where a call's name (with its namespace) ends; it starts at `start`. */
  nameEnd(node: NodeId): number {
    return this.data[node * FIELDS + AUX];
  }

  /** A call's built-in function number, or NOT_BUILT_IN, USER_DEFINED. */
  functionNumber(node: NodeId): number {
    return this.data[node * FIELDS + FUNCTION];
  }

  /** A property or index access's target. */
  target(node: NodeId): NodeId {
    return this.data[node * FIELDS + CHILD] as NodeId;
  }

  /** An index access's index expression. */
  index(node: NodeId): NodeId {
    return this.data[node * FIELDS + AUX] as NodeId;
  }

  booleanValue(node: NodeId): boolean {
    return this.data[node * FIELDS + AUX] === 1;
  }

  /** A string literal's value (`'it''s'` → `it's`) from the expression's text. */
  stringValue(node: NodeId, text: string): string {
    const inner = text.slice(this.start(node) + 1, this.end(node) - 1);
    return this.hasDoubledQuotes(node) ? inner.replace(/''/g, "'") : inner;
  }

  /** True for a string literal with a doubled quote (`'it''s'`). */
  hasDoubledQuotes(node: NodeId): boolean {
    return this.data[node * FIELDS + AUX] === 1;
  }

  numberValue(node: NodeId, text: string): number {
    return Number(text.slice(this.start(node), this.end(node)));
  }

  /** A property access's property name. */
  propertyName(node: NodeId, text: string): string {
    return text.slice(this.data[node * FIELDS + AUX], this.end(node));
  }

  /** A call's namespace (`ns` in `ns.fn(…)`), undefined for a built-in or unknown function. */
  namespace(node: NodeId, text: string): string | undefined {
    if (this.functionNumber(node) !== USER_DEFINED) return undefined;
    const name = text.slice(this.start(node), this.nameEnd(node));
    return name.slice(0, name.indexOf('.')).trim();
  }

  /** A call's function name as written, without its namespace. */
  functionName(node: NodeId, text: string): string {
    const name = text.slice(this.start(node), this.nameEnd(node));
    return this.functionNumber(node) === USER_DEFINED ? name.slice(name.indexOf('.') + 1).trim() : name;
  }

  /** For a parameters() / variables() call: the declaration number the expression table resolved it to, or NOT_RESOLVED. */
  declaration(node: NodeId): number {
    return this.data[node * FIELDS + DECLARATION];
  }

  setDeclaration(node: NodeId, declaration: number): void {
    this.data[node * FIELDS + DECLARATION] = declaration;
  }

  /** Drops the nodes from `size` on (those of an expression that failed to parse). */
  truncate(size: number): void {
    this.size = size;
  }

  /** A new node (its fields other than kind and start set by the parser as it learns them). */
  add(kind: NodeKind, start: number): NodeId {
    const node = this.size++ as NodeId;
    const at = node * FIELDS;
    if (at + FIELDS > this.data.length) this.grow();
    const data = this.data;
    data[at + KIND] = kind;
    data[at + START] = start;
    data[at + END] = start;
    data[at + CHILD] = -1;
    data[at + NEXT] = -1;
    data[at + AUX] = 0;
    data[at + FUNCTION] = NOT_BUILT_IN;
    data[at + DECLARATION] = NOT_RESOLVED;
    return node;
  }

  /** Doubles the store (kept out of add, which the parser's hot paths inline). */
  private grow(): void {
    const grown = new Int32Array(this.data.length * 2);
    grown.set(this.data);
    this.data = grown;
  }

  setEnd(node: NodeId, end: number): void {
    this.data[node * FIELDS + END] = end;
  }

  setChild(node: NodeId, child: NodeId): void {
    this.data[node * FIELDS + CHILD] = child;
  }

  setNext(node: NodeId, next: NodeId): void {
    this.data[node * FIELDS + NEXT] = next;
  }

  setAux(node: NodeId, aux: number): void {
    this.data[node * FIELDS + AUX] = aux;
  }

  setCall(node: NodeId, functionNumber: number, argumentCount: number): void {
    this.data[node * FIELDS + FUNCTION] = functionNumber;
    this.data[node * FIELDS + KIND] = NodeKind.Call | (argumentCount << 4);
  }
}
