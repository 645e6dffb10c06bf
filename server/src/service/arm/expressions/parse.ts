// Parser for ARM template language expressions: the text of a JSON string such as "[concat('a', parameters('b'))]"
// becomes a syntax tree whose offsets count from the string's first character (the `[`), so a finding can be placed
// exactly; `documentOffset` maps such an offset back into the raw JSON text, JSON escapes included. The trees live in
// a SyntaxTree store of numbers (what the expression table keeps and the evaluator reads); parseExpression gives
// one as objects.
import type { JsonNode } from '../../json/nodes';
import {
  BACKSLASH,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  COMMA,
  DOT,
  identifierEnd,
  isDigit,
  isIdentifierStart,
  LETTER_U,
  MINUS,
  OPEN_BRACKET,
  OPEN_PAREN,
  QUOTE,
  skipSpaces,
  spells,
} from './lexical';
import { functionNumber } from './functions';
import { MAX_EXPRESSION_LENGTH } from '../../catalog/armLimits';
import { NO_NODE, type NodeId, NodeKind, SyntaxTree, USER_DEFINED } from './syntaxTree';

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

export type Expression =
  StringLiteral | NumberLiteral | BooleanLiteral | NullLiteral | FunctionCall | PropertyAccess | IndexAccess;

export interface ExpressionSyntaxError {
  readonly message: string;
  /** Offset in the string's decoded text. */
  readonly start: number;
  readonly length: number;
}

export type ParseResult =
  | { readonly ok: true; readonly expression: Expression }
  | { readonly ok: false; readonly error: ExpressionSyntaxError };

/** Deeper nesting than this is reported rather than recursed into, so no input can exhaust the stack. */
const MAX_DEPTH = 200;

class SyntaxFailure {
  constructor(readonly error: ExpressionSyntaxError) {}
}

/** A recursive-descent parser of one expression string into a tree store. */
class Parser {
  private position = 1;
  /** The offset of the closing `]`: the parser never reads it. */
  private readonly end: number;

  constructor(
    private readonly tree: SyntaxTree,
    private readonly text: string,
  ) {
    this.end = text.length - 1;
  }

  /** The root node. Throws SyntaxFailure. */
  parse(): NodeId {
    this.skipSpaces();
    if (this.position >= this.end) this.fail('The expression is empty', 0, this.text.length);
    const root = this.expression(0);
    this.skipSpaces();
    if (this.position < this.end) {
      const code = this.text.charCodeAt(this.position);
      const what =
        code === CLOSE_PAREN
          ? "Unexpected ')' that closes no '('"
          : code === CLOSE_BRACKET
            ? "Unexpected ']' that closes no '['"
            : 'Unexpected text after the end of the expression';
      this.fail(what, this.position, this.end - this.position);
    }
    return root;
  }

  private fail(message: string, start: number, length: number): never {
    throw new SyntaxFailure({ message, start, length: Math.max(length, 1) });
  }

  private skipSpaces(): void {
    this.position = skipSpaces(this.text, this.position, this.end);
  }

  private peek(): number {
    return this.position < this.end ? this.text.charCodeAt(this.position) : -1;
  }

  /** Moves past an identifier; its start. */
  private identifier(): number {
    const start = this.position;
    this.position = identifierEnd(this.text, start, this.end);
    return start;
  }

  private expression(depth: number): NodeId {
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
        const access = tree.add(NodeKind.Property, tree.start(expression));
        tree.setChild(access, expression);
        tree.setAux(access, nameStart);
        tree.setEnd(access, this.position);
        expression = access;
      } else if (code === OPEN_BRACKET) {
        const open = this.position++;
        this.skipSpaces();
        if (this.peek() === CLOSE_BRACKET)
          this.fail("Expected an index between '[' and ']'", open, this.position + 1 - open);
        if (this.position >= this.end) this.fail("This '[' is never closed", open, 1);
        const index = this.expression(depth + 1);
        this.skipSpaces();
        if (this.peek() !== CLOSE_BRACKET) {
          if (this.position >= this.end) this.fail("This '[' is never closed", open, 1);
          this.fail("Expected ']'", this.position, 1);
        }
        this.position++;
        const access = tree.add(NodeKind.Index, tree.start(expression));
        tree.setChild(access, expression);
        tree.setAux(access, index);
        tree.setEnd(access, this.position);
        expression = access;
      } else {
        return expression;
      }
    }
  }

  private primary(depth: number): NodeId {
    this.skipSpaces();
    const tree = this.tree;
    const start = this.position;
    const code = this.peek();
    if (code === QUOTE) return this.stringLiteral();
    if (isDigit(code) || (code === MINUS && isDigit(this.text.charCodeAt(start + 1)) && start + 1 < this.end)) {
      this.position++;
      while (isDigit(this.peek())) this.position++;
      const number = tree.add(NodeKind.Number, start);
      tree.setEnd(number, this.position);
      return number;
    }
    if (isIdentifierStart(code)) {
      this.position = identifierEnd(this.text, start, this.end);
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
      if (this.peek() === OPEN_PAREN)
        return this.call(
          start,
          nameEnd,
          namespaced ? USER_DEFINED : functionNumber(this.text.slice(start, nameEnd)),
          depth,
        );
      if (!namespaced && (spells(this.text, 'true', start, nameEnd) || spells(this.text, 'false', start, nameEnd))) {
        this.position = nameEnd;
        const literal = tree.add(NodeKind.Boolean, start);
        tree.setEnd(literal, nameEnd);
        tree.setAux(literal, this.text.charCodeAt(start) === 116 /* t */ ? 1 : 0);
        return literal;
      }
      if (!namespaced && spells(this.text, 'null', start, nameEnd)) {
        this.position = nameEnd;
        const literal = tree.add(NodeKind.Null, start);
        tree.setEnd(literal, nameEnd);
        return literal;
      }
      this.fail(
        `Expected '(' after the function name '${this.text.slice(start, nameEnd)}'`,
        start,
        this.position - start || nameEnd - start,
      );
    }
    if (this.position >= this.end) this.fail("Expected a value before the closing ']'", this.end, 1);
    if (code === COMMA || code === CLOSE_PAREN) this.fail('Expected a value', start, 1);
    this.fail(`Unexpected character '${this.text[start]}'`, start, 1);
  }

  private stringLiteral(): NodeId {
    const start = this.position++;
    let escaped = 0;
    for (;;) {
      // indexOf finds the quote natively, much faster than a loop over char codes on a slice of the document.
      const quote = this.text.indexOf("'", this.position);
      if (quote < 0 || quote >= this.end)
        this.fail(
          "This string is never closed: a quote inside a string is written twice ('')",
          start,
          this.end - start,
        );
      if (this.text.charCodeAt(quote + 1) === QUOTE && quote + 1 < this.end) {
        escaped = 1;
        this.position = quote + 2;
        continue;
      }
      this.position = quote + 1;
      const literal = this.tree.add(NodeKind.String, start);
      this.tree.setEnd(literal, this.position);
      this.tree.setAux(literal, escaped);
      return literal;
    }
  }

  private call(start: number, nameEnd: number, functionNumber: number, depth: number): NodeId {
    const tree = this.tree;
    const call = tree.add(NodeKind.Call, start);
    tree.setAux(call, nameEnd);
    const open = this.position++;
    this.skipSpaces();
    let count = 0;
    if (this.peek() === CLOSE_PAREN) this.position++;
    else {
      let previous = NO_NODE;
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

/**
 * Parses the text of an expression string, brackets included, into `tree`: its root node, or its syntax error (the
 * tree then keeps none of its nodes). Never throws.
 */
export function parseInto(tree: SyntaxTree, text: string): NodeId | ExpressionSyntaxError {
  if (text.length > MAX_EXPRESSION_LENGTH.value) return tooLong(text);
  const size = tree.size;
  try {
    return new Parser(tree, text).parse();
  } catch (failure) {
    tree.truncate(size);
    if (failure instanceof SyntaxFailure) return failure.error;
    throw failure;
  }
}

/**
 * ARM rejects an expression longer than its limit before reading it; so do we, without parsing it: a megabytes-long
 * expression would cost time and memory for a template that cannot deploy.
 */
function tooLong(text: string): ExpressionSyntaxError {
  const limit = MAX_EXPRESSION_LENGTH.value.toLocaleString('en-US');
  return {
    message: `The expression is ${text.length.toLocaleString('en-US')} characters long, over ARM's limit of ${limit} characters`,
    start: 0,
    length: 1,
  };
}

/** Parses the text of an expression string, brackets included (`[concat('a', 'b')]`), into objects. Never throws. */
export function parseExpression(text: string): ParseResult {
  const tree = new SyntaxTree();
  const root = parseInto(tree, text);
  return typeof root === 'number'
    ? { ok: true, expression: toExpression(tree, root, text) }
    : { ok: false, error: root };
}

function toExpression(tree: SyntaxTree, node: NodeId, text: string): Expression {
  const start = tree.start(node);
  const end = tree.end(node);
  switch (tree.kind(node)) {
    case NodeKind.String:
      return { kind: 'string', value: tree.stringValue(node, text), start, end };
    case NodeKind.Number:
      return { kind: 'number', value: tree.numberValue(node, text), start, end };
    case NodeKind.Boolean:
      return { kind: 'boolean', value: tree.booleanValue(node), start, end };
    case NodeKind.Null:
      return { kind: 'null', start, end };
    case NodeKind.Property:
      return {
        kind: 'property',
        target: toExpression(tree, tree.target(node), text),
        property: tree.propertyName(node, text),
        start,
        end,
      };
    case NodeKind.Index:
      return {
        kind: 'index',
        target: toExpression(tree, tree.target(node), text),
        index: toExpression(tree, tree.index(node), text),
        start,
        end,
      };
    default: {
      const args: Expression[] = [];
      for (let argument = tree.firstArgument(node); argument >= 0; argument = tree.nextArgument(argument))
        args.push(toExpression(tree, argument, text));
      return {
        kind: 'call',
        namespace: tree.namespace(node, text),
        name: tree.functionName(node, text),
        nameEnd: tree.nameEnd(node),
        args,
        start,
        end,
      };
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
export function documentRange(
  documentText: string,
  node: JsonNode,
  valueOffset: number,
  length: number,
): { start: number; end: number } {
  const start = documentOffset(documentText, node, valueOffset);
  return { start, end: documentOffset(documentText, node, valueOffset + length) };
}
