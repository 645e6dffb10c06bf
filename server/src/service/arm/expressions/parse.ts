// Parser for ARM template language expressions: the text of a JSON string such as "[concat('a', parameters('b'))]"
// becomes a small syntax tree whose offsets count from the string's first character (the `[`), so a finding can be
// placed exactly; `documentOffset` maps such an offset back into the raw JSON text, JSON escapes included.
import type { JsonNode } from '../../json/nodes';
import { isExpression } from '../value';
import { BUILT_IN_FUNCTION_NAMES } from './functions';

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

/** A name's key in KNOWN_NAMES: its length and first character. */
function nameKey(length: number, first: number): number {
  return (length << 8) | (first & 255);
}

/**
 * The built-in function names, by length and first character: a name spelled as documented is handed out as this one
 * shared string instead of a copy cut from each expression (and its hash, for the lookups that follow, is computed once).
 */
const KNOWN_NAMES = new Map<number, string[]>();
for (const name of BUILT_IN_FUNCTION_NAMES) {
  const key = nameKey(name.length, name.charCodeAt(0));
  KNOWN_NAMES.set(key, [...(KNOWN_NAMES.get(key) ?? []), name]);
}

const NO_ARGUMENTS: readonly Expression[] = [];

class SyntaxFailure {
  constructor(readonly error: ExpressionSyntaxError) {}
}

/** One parser serves every parse (a parse never starts another), so a parse allocates only its tree. */
class Parser {
  private text = '';
  private position = 1;
  /** The offset of the closing `]`: the parser never reads it. */
  private end = 0;

  parse(text: string): Expression {
    this.text = text;
    this.position = 1;
    this.end = text.length - 1;
    this.skipSpaces();
    if (this.position >= this.end) this.fail('The expression is empty', 0, this.text.length);
    const expression = this.expression(0);
    this.skipSpaces();
    if (this.position < this.end) {
      const code = this.text.charCodeAt(this.position);
      const what = code === CLOSE_PAREN ? "Unexpected ')' that closes no '('" : code === CLOSE_BRACKET ? "Unexpected ']' that closes no '['" : 'Unexpected text after the end of the expression';
      this.fail(what, this.position, this.end - this.position);
    }
    return expression;
  }

  private fail(message: string, start: number, length: number): never {
    throw new SyntaxFailure({ message, start, length: Math.max(length, 1) });
  }

  private skipSpaces(): void {
    while (this.position < this.end && isSpace(this.text.charCodeAt(this.position))) this.position++;
  }

  private peek(): number {
    return this.position < this.end ? this.text.charCodeAt(this.position) : -1;
  }

  private identifier(): string {
    const start = this.position;
    while (this.position < this.end && isIdentifierPart(this.text.charCodeAt(this.position))) this.position++;
    const known = KNOWN_NAMES.get(nameKey(this.position - start, this.text.charCodeAt(start)));
    if (known) for (const name of known) if (this.spells(name, start)) return name;
    return this.text.slice(start, this.position);
  }

  /** True when the text at `start` is `name` (compared by char code: startsWith is slow on a slice of the document). */
  private spells(name: string, start: number): boolean {
    for (let i = 0; i < name.length; i++) if (this.text.charCodeAt(start + i) !== name.charCodeAt(i)) return false;
    return true;
  }

  private expression(depth: number): Expression {
    if (depth > MAX_DEPTH) this.fail(`The expression is nested more than ${MAX_DEPTH} levels deep`, this.position, 1);
    let expression = this.primary(depth);
    for (;;) {
      this.skipSpaces();
      const code = this.peek();
      if (code === DOT) {
        const dot = this.position++;
        this.skipSpaces();
        const property = this.identifier();
        if (!property) this.fail("Expected a property name after '.'", dot, 1);
        expression = { kind: 'property', target: expression, property, start: expression.start, end: this.position };
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
        expression = { kind: 'index', target: expression, index, start: expression.start, end: this.position };
      } else {
        return expression;
      }
    }
  }

  private primary(depth: number): Expression {
    this.skipSpaces();
    const start = this.position;
    const code = this.peek();
    if (code === QUOTE) return this.stringLiteral();
    if (isDigit(code) || (code === MINUS && isDigit(this.text.charCodeAt(start + 1)) && start + 1 < this.end)) {
      this.position++;
      while (isDigit(this.peek())) this.position++;
      return { kind: 'number', value: Number(this.text.slice(start, this.position)), start, end: this.position };
    }
    if (isIdentifierStart(code)) {
      let name = this.identifier();
      let namespace: string | undefined;
      const afterName = this.position;
      this.skipSpaces();
      if (this.peek() === DOT && isIdentifierStart(this.text.charCodeAt(this.position + 1))) {
        // `ns.fn(…)` is a user-defined function; anything else after a name and a dot is an error below.
        this.position++;
        namespace = name;
        name = this.identifier();
        this.skipSpaces();
      }
      if (this.peek() === OPEN_PAREN) return this.call(namespace, name, start, namespace === undefined ? afterName : start + namespace.length + 1 + name.length, depth);
      if (namespace === undefined && (name === 'true' || name === 'false')) {
        this.position = afterName;
        return { kind: 'boolean', value: name === 'true', start, end: afterName };
      }
      if (namespace === undefined && name === 'null') {
        this.position = afterName;
        return { kind: 'null', start, end: afterName };
      }
      this.fail(`Expected '(' after the function name '${namespace === undefined ? name : `${namespace}.${name}`}'`, start, this.position - start || afterName - start);
    }
    if (this.position >= this.end) this.fail("Expected a value before the closing ']'", this.end, 1);
    if (code === COMMA || code === CLOSE_PAREN) this.fail('Expected a value', start, 1);
    this.fail(`Unexpected character '${this.text[start]}'`, start, 1);
  }

  private stringLiteral(): StringLiteral {
    const start = this.position++;
    let value = '';
    for (;;) {
      // indexOf finds the quote natively, much faster than a loop over char codes on a slice of the document.
      const quote = this.text.indexOf("'", this.position);
      if (quote < 0 || quote >= this.end) this.fail('This string is never closed: a quote inside a string is written twice (\'\')', start, this.end - start);
      value += this.text.slice(this.position, quote);
      if (this.text.charCodeAt(quote + 1) === QUOTE && quote + 1 < this.end) {
        value += "'";
        this.position = quote + 2;
        continue;
      }
      this.position = quote + 1;
      return { kind: 'string', value, start, end: this.position };
    }
  }

  private call(namespace: string | undefined, name: string, start: number, nameEnd: number, depth: number): FunctionCall {
    const open = this.position++;
    this.skipSpaces();
    if (this.peek() === CLOSE_PAREN) {
      this.position++;
      return { kind: 'call', namespace, name, nameEnd, args: NO_ARGUMENTS, start, end: this.position };
    }
    // The first three arguments are held in locals (calls rarely have more), so the array is built at its exact size
    // without a shared stack: an array grown by push keeps room for 16, and truncating one is a slow runtime call.
    let first: Expression | undefined;
    let second: Expression | undefined;
    let third: Expression | undefined;
    let more: Expression[] | undefined;
    let count = 0;
    for (;;) {
      if (this.position >= this.end) this.fail("This '(' is never closed", open, 1);
      const argument = this.expression(depth + 1);
      if (count === 0) first = argument;
      else if (count === 1) second = argument;
      else if (count === 2) third = argument;
      else (more ??= []).push(argument);
      count++;
      this.skipSpaces();
      const code = this.peek();
      if (code === CLOSE_PAREN) {
        this.position++;
        const args = count === 1 ? [first!] : count === 2 ? [first!, second!] : count === 3 ? [first!, second!, third!] : [first!, second!, third!, ...more!];
        return { kind: 'call', namespace, name, nameEnd, args, start, end: this.position };
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
}

const parser = new Parser();

/** Parses the text of an expression string, brackets included (`[concat('a', 'b')]`). Never throws. */
export function parseExpression(text: string): ParseResult {
  try {
    return { ok: true, expression: parser.parse(text) };
  } catch (failure) {
    if (failure instanceof SyntaxFailure) return { ok: false, error: failure.error };
    throw failure;
  }
}

const parsedNodes = new WeakMap<JsonNode, ParseResult>();

/** The parse of a string node's expression, cached per node; undefined when the node is not an expression string. */
export function parsedExpressionOf(node: JsonNode): ParseResult | undefined {
  if (node.type !== 'string' || !isExpression(node.value as string)) return undefined;
  let parsed = parsedNodes.get(node);
  if (!parsed) parsedNodes.set(node, (parsed = parseExpression(node.value as string)));
  return parsed;
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
