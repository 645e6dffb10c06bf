// Parser for ARM template language expressions: the text of a JSON string such as "[concat('a', parameters('b'))]"
// becomes a syntax tree whose offsets count from the string's first character (the `[`), so a finding can be placed
// exactly; `documentOffset` maps such an offset back into the raw JSON text, JSON escapes included. The trees live in
// a SyntaxTree store of numbers (what the expression table keeps and the evaluator reads); parseExpression gives
// one as objects.
import type { JsonNode } from '../../json/nodes';
import { BUILT_IN_FUNCTIONS, builtInFunctionNumber } from './functions';

interface Span {
  /** Offset of the first character in the string's decoded text (0 is the opening `[`). */
  readonly start: number;
  /** Offset just after the last character. */
  readonly end: number;
}

export interface StringLiteral extends Span {
  readonly kind: 'string';
  readonly value: string;
}

export interface NumberLiteral extends Span {
  readonly kind: 'number';
  readonly value: number;
}

/** A bare `true` or `false` (ARM also accepts the functions `true()` and `false()`). */
export interface BooleanLiteral extends Span {
  readonly kind: 'boolean';
  readonly value: boolean;
}

/** A bare `null` (ARM's own spelling is the function `null()`). */
export interface NullLiteral extends Span {
  readonly kind: 'null';
}

export interface FunctionCall extends Span {
  readonly kind: 'call';
  /** The namespace of a user-defined function, `ns` in `ns.fn(…)`. */
  readonly namespace?: string;
  readonly name: string;
  /** Where the name (with its namespace) ends; it starts at `start`. */
  readonly nameEnd: number;
  readonly args: readonly Expression[];
}

export interface PropertyAccess extends Span {
  readonly kind: 'property';
  readonly target: Expression;
  readonly property: string;
}

export interface IndexAccess extends Span {
  readonly kind: 'index';
  readonly target: Expression;
  readonly index: Expression;
}

export type Expression = StringLiteral | NumberLiteral | BooleanLiteral | NullLiteral | FunctionCall | PropertyAccess | IndexAccess;

export interface ExpressionSyntaxError {
  readonly message: string;
  /** Offset in the string's decoded text. */
  readonly start: number;
  readonly length: number;
}

export type ParseResult = { readonly ok: true; readonly expression: Expression } | { readonly ok: false; readonly error: ExpressionSyntaxError };

/** Deeper nesting than this is reported rather than recursed into, so no input can exhaust the stack. */
const MAX_DEPTH = 200;

const QUOTE = 39; // '
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const BACKSLASH = 92;
const LETTER_U = 117;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isIdentifierStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 /* _ */ || code === 36; /* $ */
}

/** Per ASCII code, 1 for a character an identifier may continue with: one table look-up per character scanned. */
const IDENTIFIER_PART = new Uint8Array(128).map((_, code) => (isIdentifierStart(code) || isDigit(code) ? 1 : 0));

function isIdentifierPart(code: number): boolean {
  return code < 128 && IDENTIFIER_PART[code] === 1;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Kinds of syntax tree nodes. */
export const STRING = 1;
export const NUMBER = 2;
export const BOOLEAN = 3;
export const NULL = 4;
export const CALL = 5;
export const PROPERTY = 6;
export const INDEX = 7;

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
  private data = new Int32Array(FIELDS * 256);
  /** How many nodes the tree store holds. */
  size = 0;

  kind(node: number): number {
    return this.data[node * FIELDS + KIND] & 15;
  }

  start(node: number): number {
    return this.data[node * FIELDS + START];
  }

  end(node: number): number {
    return this.data[node * FIELDS + END];
  }

  /** A call's first argument, −1 when it has none. */
  firstArgument(node: number): number {
    return this.data[node * FIELDS + CHILD];
  }

  /** The argument after this one in its call, −1 for the last. */
  nextArgument(node: number): number {
    return this.data[node * FIELDS + NEXT];
  }

  argumentCount(node: number): number {
    return this.data[node * FIELDS + KIND] >> 4;
  }

  /** The argument at `position` of a call (which must have that many). */
  argument(node: number, position: number): number {
    let argument = this.firstArgument(node);
    for (let i = 0; i < position; i++) argument = this.nextArgument(argument);
    return argument;
  }

  /** Where a call's name (with its namespace) ends; it starts at `start`. */
  nameEnd(node: number): number {
    return this.data[node * FIELDS + AUX];
  }

  /** A call's built-in function number, or NOT_BUILT_IN, USER_DEFINED. */
  functionNumber(node: number): number {
    return this.data[node * FIELDS + FUNCTION];
  }

  /** A property or index access's target. */
  target(node: number): number {
    return this.data[node * FIELDS + CHILD];
  }

  /** An index access's index expression. */
  index(node: number): number {
    return this.data[node * FIELDS + AUX];
  }

  booleanValue(node: number): boolean {
    return this.data[node * FIELDS + AUX] === 1;
  }

  /** A string literal's value (`'it''s'` → `it's`) from the expression's text. */
  stringValue(node: number, text: string): string {
    const inner = text.slice(this.start(node) + 1, this.end(node) - 1);
    return this.hasDoubledQuotes(node) ? inner.replace(/''/g, "'") : inner;
  }

  /** True for a string literal with a doubled quote (`'it''s'`). */
  hasDoubledQuotes(node: number): boolean {
    return this.data[node * FIELDS + AUX] === 1;
  }

  numberValue(node: number, text: string): number {
    return Number(text.slice(this.start(node), this.end(node)));
  }

  /** A property access's property name. */
  propertyName(node: number, text: string): string {
    return text.slice(this.data[node * FIELDS + AUX], this.end(node));
  }

  /** A call's namespace (`ns` in `ns.fn(…)`), undefined for a built-in or unknown function. */
  namespace(node: number, text: string): string | undefined {
    if (this.functionNumber(node) !== USER_DEFINED) return undefined;
    const name = text.slice(this.start(node), this.nameEnd(node));
    return name.slice(0, name.indexOf('.')).trim();
  }

  /** A call's function name as written, without its namespace. */
  functionName(node: number, text: string): string {
    const name = text.slice(this.start(node), this.nameEnd(node));
    return this.functionNumber(node) === USER_DEFINED ? name.slice(name.indexOf('.') + 1).trim() : name;
  }

  /** For a parameters() / variables() call: the declaration number the expression table resolved it to, or NOT_RESOLVED. */
  declaration(node: number): number {
    return this.data[node * FIELDS + DECLARATION];
  }

  setDeclaration(node: number, declaration: number): void {
    this.data[node * FIELDS + DECLARATION] = declaration;
  }

  /** Drops the nodes from `size` on (those of an expression that failed to parse). */
  truncate(size: number): void {
    this.size = size;
  }

  /** A new node (its fields other than kind and start set by the parser as it learns them). */
  add(kind: number, start: number): number {
    const node = this.size++;
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

  setEnd(node: number, end: number): void {
    this.data[node * FIELDS + END] = end;
  }

  setChild(node: number, child: number): void {
    this.data[node * FIELDS + CHILD] = child;
  }

  setNext(node: number, next: number): void {
    this.data[node * FIELDS + NEXT] = next;
  }

  setAux(node: number, aux: number): void {
    this.data[node * FIELDS + AUX] = aux;
  }

  setCall(node: number, functionNumber: number, argumentCount: number): void {
    this.data[node * FIELDS + FUNCTION] = functionNumber;
    this.data[node * FIELDS + KIND] = CALL | (argumentCount << 4);
  }
}

/** Built-in function names are shorter than this. */
const MAX_NAME = 32;

/**
 * The built-in functions by the length and first character of their documented spelling (at length × 128 + first
 * character): a name spelled that way is found by comparing characters, without cutting it out of the expression.
 */
const SPELLED: (number[] | undefined)[] = Array.from({ length: MAX_NAME * 128 }, () => undefined);
BUILT_IN_FUNCTIONS.forEach((fn, number) => (SPELLED[fn.name.length * 128 + fn.name.charCodeAt(0)] ??= []).push(number));

class SyntaxFailure {
  constructor(readonly error: ExpressionSyntaxError) {}
}

/** One parser serves every parse (a parse never starts another). */
class Parser {
  private tree = new SyntaxTree();
  private text = '';
  private position = 1;
  /** The offset of the closing `]`: the parser never reads it. */
  private end = 0;

  /** Parses `text` into `tree`; the root node. Throws SyntaxFailure. */
  parse(tree: SyntaxTree, text: string): number {
    this.tree = tree;
    this.text = text;
    this.position = 1;
    this.end = text.length - 1;
    this.skipSpaces();
    if (this.position >= this.end) this.fail('The expression is empty', 0, this.text.length);
    const root = this.expression(0);
    this.skipSpaces();
    if (this.position < this.end) {
      const code = this.text.charCodeAt(this.position);
      const what = code === CLOSE_PAREN ? "Unexpected ')' that closes no '('" : code === CLOSE_BRACKET ? "Unexpected ']' that closes no '['" : 'Unexpected text after the end of the expression';
      this.fail(what, this.position, this.end - this.position);
    }
    return root;
  }

  private fail(message: string, start: number, length: number): never {
    throw new SyntaxFailure({ message, start, length: Math.max(length, 1) });
  }

  private skipSpaces(): void {
    const text = this.text;
    let position = this.position;
    while (position < this.end && isSpace(text.charCodeAt(position))) position++;
    this.position = position;
  }

  private peek(): number {
    return this.position < this.end ? this.text.charCodeAt(this.position) : -1;
  }

  /** Moves past an identifier; its start. */
  private identifier(): number {
    const start = this.position;
    const text = this.text;
    let position = start;
    while (position < this.end && isIdentifierPart(text.charCodeAt(position))) position++;
    this.position = position;
    return start;
  }

  /** True when the text from `start` to `end` is `word`. */
  private spells(word: string, start: number, end: number): boolean {
    if (end - start !== word.length) return false;
    for (let i = 0; i < word.length; i++) if (this.text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
    return true;
  }

  /** The built-in function number of the name from `start` to `end`, or NOT_BUILT_IN. */
  private functionNumber(start: number, end: number): number {
    const spelled = end - start < MAX_NAME ? SPELLED[(end - start) * 128 + this.text.charCodeAt(start)] : undefined;
    if (spelled) for (let i = 0; i < spelled.length; i++) if (this.spells(BUILT_IN_FUNCTIONS[spelled[i]].name, start, end)) return spelled[i];
    return builtInFunctionNumber(this.text.slice(start, end));
  }

  private expression(depth: number): number {
    if (depth > MAX_DEPTH) this.fail(`The expression is nested more than ${MAX_DEPTH} levels deep`, this.position, 1);
    const tree = this.tree;
    let expression = this.primary(depth);
    for (;;) {
      this.skipSpaces();
      const code = this.peek();
      if (code === DOT) {
        const dot = this.position++;
        this.skipSpaces();
        const nameStart = this.identifier();
        if (this.position === nameStart) this.fail("Expected a property name after '.'", dot, 1);
        const access = tree.add(PROPERTY, tree.start(expression));
        tree.setChild(access, expression);
        tree.setAux(access, nameStart);
        tree.setEnd(access, this.position);
        expression = access;
      } else if (code === OPEN_BRACKET) {
        const open = this.position++;
        this.skipSpaces();
        if (this.peek() === CLOSE_BRACKET) this.fail("Expected an index between '[' and ']'", open, this.position + 1 - open);
        if (this.position >= this.end) this.fail("This '[' is never closed", open, 1);
        const index = this.expression(depth + 1);
        this.skipSpaces();
        if (this.peek() !== CLOSE_BRACKET) {
          if (this.position >= this.end) this.fail("This '[' is never closed", open, 1);
          this.fail("Expected ']'", this.position, 1);
        }
        this.position++;
        const access = tree.add(INDEX, tree.start(expression));
        tree.setChild(access, expression);
        tree.setAux(access, index);
        tree.setEnd(access, this.position);
        expression = access;
      } else {
        return expression;
      }
    }
  }

  private primary(depth: number): number {
    this.skipSpaces();
    const tree = this.tree;
    const start = this.position;
    const code = this.peek();
    if (code === QUOTE) return this.stringLiteral();
    if (isDigit(code) || (code === MINUS && isDigit(this.text.charCodeAt(start + 1)) && start + 1 < this.end)) {
      this.position++;
      while (isDigit(this.peek())) this.position++;
      const number = tree.add(NUMBER, start);
      tree.setEnd(number, this.position);
      return number;
    }
    if (isIdentifierStart(code)) {
      this.identifier();
      let nameEnd = this.position;
      let namespaced = false;
      this.skipSpaces();
      if (this.peek() === DOT && isIdentifierStart(this.text.charCodeAt(this.position + 1))) {
        // `ns.fn(…)` is a user-defined function; anything else after a name and a dot is an error below.
        this.position++;
        namespaced = true;
        this.identifier();
        nameEnd = this.position;
        this.skipSpaces();
      }
      if (this.peek() === OPEN_PAREN) return this.call(start, nameEnd, namespaced ? USER_DEFINED : this.functionNumber(start, nameEnd), depth);
      if (!namespaced && (this.spells('true', start, nameEnd) || this.spells('false', start, nameEnd))) {
        this.position = nameEnd;
        const literal = tree.add(BOOLEAN, start);
        tree.setEnd(literal, nameEnd);
        tree.setAux(literal, this.text.charCodeAt(start) === 116 /* t */ ? 1 : 0);
        return literal;
      }
      if (!namespaced && this.spells('null', start, nameEnd)) {
        this.position = nameEnd;
        const literal = tree.add(NULL, start);
        tree.setEnd(literal, nameEnd);
        return literal;
      }
      this.fail(`Expected '(' after the function name '${this.text.slice(start, nameEnd)}'`, start, this.position - start || nameEnd - start);
    }
    if (this.position >= this.end) this.fail("Expected a value before the closing ']'", this.end, 1);
    if (code === COMMA || code === CLOSE_PAREN) this.fail('Expected a value', start, 1);
    this.fail(`Unexpected character '${this.text[start]}'`, start, 1);
  }

  private stringLiteral(): number {
    const start = this.position++;
    let escaped = 0;
    for (;;) {
      // indexOf finds the quote natively, much faster than a loop over char codes on a slice of the document.
      const quote = this.text.indexOf("'", this.position);
      if (quote < 0 || quote >= this.end) this.fail('This string is never closed: a quote inside a string is written twice (\'\')', start, this.end - start);
      if (this.text.charCodeAt(quote + 1) === QUOTE && quote + 1 < this.end) {
        escaped = 1;
        this.position = quote + 2;
        continue;
      }
      this.position = quote + 1;
      const literal = this.tree.add(STRING, start);
      this.tree.setEnd(literal, this.position);
      this.tree.setAux(literal, escaped);
      return literal;
    }
  }

  private call(start: number, nameEnd: number, functionNumber: number, depth: number): number {
    const tree = this.tree;
    const call = tree.add(CALL, start);
    tree.setAux(call, nameEnd);
    const open = this.position++;
    this.skipSpaces();
    let count = 0;
    if (this.peek() === CLOSE_PAREN) this.position++;
    else {
      let previous = -1;
      for (;;) {
        if (this.position >= this.end) this.fail("This '(' is never closed", open, 1);
        const argument = this.expression(depth + 1);
        if (previous < 0) tree.setChild(call, argument);
        else tree.setNext(previous, argument);
        previous = argument;
        count++;
        this.skipSpaces();
        const code = this.peek();
        if (code === CLOSE_PAREN) {
          this.position++;
          break;
        }
        if (code === COMMA) {
          const comma = this.position++;
          this.skipSpaces();
          const next = this.peek();
          if (next === CLOSE_PAREN || next === COMMA) this.fail("Expected an argument after ','", comma, 1);
          continue;
        }
        if (this.position >= this.end) this.fail("This '(' is never closed", open, 1);
        this.fail("Expected ',' or ')'", this.position, 1);
      }
    }
    tree.setCall(call, functionNumber, count);
    tree.setEnd(call, this.position);
    return call;
  }
}

const parser = new Parser();

/**
 * Parses the text of an expression string, brackets included, into `tree`: its root node, or its syntax error (the
 * tree then keeps none of its nodes). Never throws.
 */
export function parseInto(tree: SyntaxTree, text: string): number | ExpressionSyntaxError {
  const size = tree.size;
  try {
    return parser.parse(tree, text);
  } catch (failure) {
    tree.truncate(size);
    if (failure instanceof SyntaxFailure) return failure.error;
    throw failure;
  }
}

/** The tree parseExpression parses into and reads back; emptied by each parse. */
const scratch = new SyntaxTree();

/** Parses the text of an expression string, brackets included (`[concat('a', 'b')]`), into objects. Never throws. */
export function parseExpression(text: string): ParseResult {
  scratch.truncate(0);
  const root = parseInto(scratch, text);
  return typeof root === 'number' ? { ok: true, expression: toExpression(scratch, root, text) } : { ok: false, error: root };
}

function toExpression(tree: SyntaxTree, node: number, text: string): Expression {
  const start = tree.start(node);
  const end = tree.end(node);
  switch (tree.kind(node)) {
    case STRING:
      return { kind: 'string', value: tree.stringValue(node, text), start, end };
    case NUMBER:
      return { kind: 'number', value: tree.numberValue(node, text), start, end };
    case BOOLEAN:
      return { kind: 'boolean', value: tree.booleanValue(node), start, end };
    case NULL:
      return { kind: 'null', start, end };
    case PROPERTY:
      return { kind: 'property', target: toExpression(tree, tree.target(node), text), property: tree.propertyName(node, text), start, end };
    case INDEX:
      return { kind: 'index', target: toExpression(tree, tree.target(node), text), index: toExpression(tree, tree.index(node), text), start, end };
    default: {
      const args: Expression[] = [];
      for (let argument = tree.firstArgument(node); argument >= 0; argument = tree.nextArgument(argument)) args.push(toExpression(tree, argument, text));
      return { kind: 'call', namespace: tree.namespace(node, text), name: tree.functionName(node, text), nameEnd: tree.nameEnd(node), args, start, end };
    }
  }
}

/**
 * The offset in the document text of the character at `valueOffset` in the decoded value of the string node: the
 * opening quote is skipped and each JSON escape (`\"`, `\\`, `\n`, `\u0041`) counts as the one character it stands for.
 */
export function documentOffset(documentText: string, node: JsonNode, valueOffset: number): number {
  let raw = node.offset + 1;
  const limit = node.offset + node.length - 1;
  for (let i = 0; i < valueOffset && raw < limit; i++) {
    if (documentText.charCodeAt(raw) === BACKSLASH) raw += documentText.charCodeAt(raw + 1) === LETTER_U ? 6 : 2;
    else raw++;
  }
  return raw;
}

/** The document range of `length` characters at `valueOffset` in the decoded value of the string node. */
export function documentRange(documentText: string, node: JsonNode, valueOffset: number, length: number): { start: number; end: number } {
  const start = documentOffset(documentText, node, valueOffset);
  return { start, end: documentOffset(documentText, node, valueOffset + length) };
}
