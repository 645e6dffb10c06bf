// A fast path for parsing well-formed JSONC (comments and trailing commas, as ARM allows): it builds the very tree
// jsonc-parser's parseTree builds — same node kinds, offsets, lengths, values and parent links — in one pass over
// char codes, without a token scanner or visitor callbacks, about twice as fast on large templates. It accepts only
// text that parseTree accepts without an error; on anything else (a syntax error, an unusual whitespace or escape,
// very deep nesting) it gives up and returns `undefined`, and the caller parses with jsonc-parser, whose error
// recovery and messages stay the only ones users see.
import type { JsonNode, WritableJsonNode } from './nodes';

/** Deeper than this, the fast path leaves the document to jsonc-parser (and its "too deep" handling). */
const MAX_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

// The nodes are class instances, not object literals, and every children array is made by slice, not written as an
// array literal. V8 watches each literal in the code: once most of the objects one makes are seen to outlive a
// young-generation collection, it allocates that literal's objects straight into the old generation. A tree
// allocated there is not freed until the next full collection, and meanwhile every young object it points at (and
// the rest of the tree, through parent links) survives each young collection too: the 300-resource benchmark ran
// 3–5× slower in the runs where this happened. Instances of classes and arrays made by built-ins are never
// allocated that way (docs/performance.md, "Objects an analysis keeps").
class ValueNode {
  constructor(
    readonly type: 'string' | 'number' | 'boolean' | 'null',
    readonly offset: number,
    readonly length: number,
    readonly parent: JsonNode | undefined,
    readonly value: unknown,
  ) {}
}

class ContainerNode {
  children: JsonNode[] | undefined = undefined;
  constructor(
    readonly type: 'object' | 'array',
    readonly offset: number,
    public length: number,
    readonly parent: JsonNode | undefined,
  ) {}
}

class PropertyNode {
  readonly type = 'property';
  length = -1;
  children: JsonNode[] | undefined = undefined;
  colonOffset = -1;
  constructor(
    readonly offset: number,
    readonly parent: JsonNode,
  ) {}
}

/** Thrown (and caught in this module only) when the text is not plain well-formed JSONC. */
class NotFastPath extends Error {}
const GIVE_UP = new NotFastPath();

class Parser {
  private pos = 0;
  private readonly length: number;
  /**
   * The children of the containers being parsed, innermost last, in `stack[0 .. top)`; entries past `top` are stale.
   * The stack shrinks by moving `top`: setting an array's length is a runtime call, slow on this hot path.
   */
  private readonly stack: JsonNode[] = [];
  private top = 0;

  constructor(private readonly text: string) {
    this.length = text.length;
  }

  document(): JsonNode | undefined {
    this.skipTrivia();
    if (this.pos >= this.length) return undefined;
    const root = this.value(undefined, 0);
    this.skipTrivia();
    if (this.pos < this.length) throw GIVE_UP;
    return root;
  }

  /** Skips whitespace and comments; anything else that is not a token start is left for the caller. */
  private skipTrivia(): void {
    const text = this.text;
    let pos = this.pos;
    while (pos < this.length) {
      const ch = text.charCodeAt(pos);
      if (ch === 0x20 || ch === LINE_FEED || ch === CARRIAGE_RETURN || ch === 0x09) {
        pos++;
      } else if (ch === SLASH) {
        const next = text.charCodeAt(pos + 1);
        if (next === SLASH) {
          pos += 2;
          while (pos < this.length) {
            const c = text.charCodeAt(pos);
            if (c === LINE_FEED || c === CARRIAGE_RETURN) break;
            pos++;
          }
        } else if (next === STAR) {
          const end = text.indexOf('*/', pos + 2);
          if (end < 0) throw GIVE_UP;
          pos = end + 2;
        } else {
          throw GIVE_UP;
        }
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  private value(parent: JsonNode | undefined, depth: number): JsonNode {
    const ch = this.text.charCodeAt(this.pos);
    if (ch === QUOTE) {
      const offset = this.pos;
      const value = this.string();
      return new ValueNode('string', offset, this.pos - offset, parent, value);
    }
    if (ch === OPEN_BRACE) return this.object(parent, depth + 1);
    if (ch === OPEN_BRACKET) return this.array(parent, depth + 1);
    if ((ch >= DIGIT_0 && ch <= DIGIT_9) || ch === MINUS) return this.number(parent);
    return this.keyword(parent);
  }

  private object(parent: JsonNode | undefined, depth: number): JsonNode {
    if (depth > MAX_DEPTH) throw GIVE_UP;
    const text = this.text;
    const object = new ContainerNode('object', this.pos, -1, parent);
    const mark = this.top;
    this.pos++;
    this.skipTrivia();
    while (text.charCodeAt(this.pos) !== CLOSE_BRACE) {
      if (text.charCodeAt(this.pos) !== QUOTE) throw GIVE_UP;
      const keyOffset = this.pos;
      const property = new PropertyNode(keyOffset, object);
      const name = this.string();
      const key = new ValueNode('string', keyOffset, this.pos - keyOffset, property, name);
      this.skipTrivia();
      if (text.charCodeAt(this.pos) !== COLON) throw GIVE_UP;
      property.colonOffset = this.pos;
      this.pos++;
      this.skipTrivia();
      const value = this.value(property, depth);
      // Through the stack, so that the pair is made by slice (see above: no array literal).
      this.push(key);
      this.push(value);
      property.children = this.takeChildren(this.top - 2);
      property.length = value.offset + value.length - keyOffset;
      this.push(property);
      this.afterItem(CLOSE_BRACE);
    }
    this.pos++;
    object.length = this.pos - object.offset;
    object.children = this.takeChildren(mark);
    return object;
  }

  private array(parent: JsonNode | undefined, depth: number): JsonNode {
    if (depth > MAX_DEPTH) throw GIVE_UP;
    const text = this.text;
    const array = new ContainerNode('array', this.pos, -1, parent);
    const mark = this.top;
    this.pos++;
    this.skipTrivia();
    while (text.charCodeAt(this.pos) !== CLOSE_BRACKET) {
      if (this.pos >= this.length) throw GIVE_UP;
      this.push(this.value(array, depth));
      this.afterItem(CLOSE_BRACKET);
    }
    this.pos++;
    array.length = this.pos - array.offset;
    array.children = this.takeChildren(mark);
    return array;
  }

  /** After an item of an object or array: a comma, or the container's closing bracket `close`. */
  private afterItem(close: number): void {
    this.skipTrivia();
    const next = this.text.charCodeAt(this.pos);
    if (next === COMMA) {
      this.pos++;
      this.skipTrivia();
    } else if (next !== close) {
      throw GIVE_UP;
    }
  }

  /**
   * The nodes pushed since `mark`, as an array of exactly their number: a grown array keeps spare capacity, which
   * on a template of a million nodes is memory the garbage collector has to copy.
   */
  private takeChildren(mark: number): JsonNode[] {
    const children = this.stack.slice(mark, this.top);
    this.top = mark;
    return children;
  }

  private push(node: JsonNode): void {
    if (this.top === this.stack.length) this.stack.push(node);
    else this.stack[this.top] = node;
    this.top++;
  }

  /** A string token at `pos` (its opening quote); returns its value and leaves `pos` after the closing quote. */
  private string(): string {
    const text = this.text;
    const start = this.pos + 1;
    let pos = start;
    while (pos < this.length) {
      const ch = text.charCodeAt(pos);
      if (ch === QUOTE) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (ch === BACKSLASH) return this.escapedString(start, pos);
      if (ch < 0x20) throw GIVE_UP;
      pos++;
    }
    throw GIVE_UP;
  }

  /** The rest of a string from its first backslash at `pos`. */
  private escapedString(start: number, pos: number): string {
    const text = this.text;
    let value = text.slice(start, pos);
    let chunk = pos;
    while (pos < this.length) {
      const ch = text.charCodeAt(pos);
      if (ch === QUOTE) {
        this.pos = pos + 1;
        return value + text.slice(chunk, pos);
      }
      if (ch < 0x20) throw GIVE_UP;
      if (ch !== BACKSLASH) {
        pos++;
        continue;
      }
      value += text.slice(chunk, pos);
      const escape = text.charCodeAt(pos + 1);
      switch (escape) {
        case QUOTE:
          value += '"';
          break;
        case BACKSLASH:
          value += '\\';
          break;
        case SLASH:
          value += '/';
          break;
        case 0x62:
          value += '\b';
          break;
        case 0x66:
          value += '\f';
          break;
        case 0x6e:
          value += '\n';
          break;
        case 0x72:
          value += '\r';
          break;
        case 0x74:
          value += '\t';
          break;
        case 0x75: {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw GIVE_UP;
          value += String.fromCharCode(parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          throw GIVE_UP;
      }
      pos += 2;
      chunk = pos;
    }
    throw GIVE_UP;
  }

  /** A JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
  private number(parent: JsonNode | undefined): JsonNode {
    const text = this.text;
    const offset = this.pos;
    let pos = offset;
    if (text.charCodeAt(pos) === MINUS) pos++;
    if (text.charCodeAt(pos) === DIGIT_0) pos++;
    else pos = this.digits(pos);
    if (text.charCodeAt(pos) === DOT) pos = this.digits(pos + 1);
    const e = text.charCodeAt(pos);
    if (e === 0x65 || e === 0x45) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      pos = this.digits(pos);
    }
    this.pos = pos;
    this.expectDelimiter();
    return new ValueNode('number', offset, pos - offset, parent, Number(text.slice(offset, pos)));
  }

  /** One or more digits from `pos`; the position after them. */
  private digits(pos: number): number {
    const text = this.text;
    const start = pos;
    while (pos < this.length) {
      const ch = text.charCodeAt(pos);
      if (ch < DIGIT_0 || ch > DIGIT_9) break;
      pos++;
    }
    if (pos === start) throw GIVE_UP;
    return pos;
  }

  private keyword(parent: JsonNode | undefined): JsonNode {
    const offset = this.pos;
    const text = this.text;
    let node: JsonNode;
    if (text.startsWith('true', offset)) node = new ValueNode('boolean', offset, 4, parent, true);
    else if (text.startsWith('false', offset)) node = new ValueNode('boolean', offset, 5, parent, false);
    else if (text.startsWith('null', offset)) node = new ValueNode('null', offset, 4, parent, null);
    else throw GIVE_UP;
    this.pos = offset + node.length;
    this.expectDelimiter();
    return node;
  }

  /** A number or keyword must end where a token or trivia begins, or jsonc-parser would read on (`truex`, `01`). */
  private expectDelimiter(): void {
    if (this.pos >= this.length) return;
    const ch = this.text.charCodeAt(this.pos);
    if (
      ch === COMMA ||
      ch === CLOSE_BRACE ||
      ch === CLOSE_BRACKET ||
      ch === 0x20 ||
      ch === LINE_FEED ||
      ch === CARRIAGE_RETURN ||
      ch === 0x09 ||
      ch === SLASH
    )
      return;
    throw GIVE_UP;
  }
}

/** The tree of well-formed JSONC `text`, exactly as jsonc-parser's parseTree builds it; undefined to leave it to jsonc-parser. */
export function parseWellFormed(text: string): { root: JsonNode | undefined } | undefined {
  const parser = new Parser(text);
  try {
    const root = parser.document();
    // parseTree's root has no parent property at all.
    if (root) delete (root as WritableJsonNode).parent;
    return { root };
  } catch (error) {
    if (error instanceof NotFastPath) return undefined;
    throw error;
  }
}
