// The expression parser's fast path: one loop with an explicit stack of open calls and index accesses, for the
// expressions templates are made of (calls, string and number literals, true/false/null, `.property` and `[index]`).
// It builds exactly the nodes the full parser (parse.ts) would, in the same order; on anything else — a syntax
// error, a user-defined function, nesting deeper than its stack — it gives up, and the full parser parses the text
// again and reports what is wrong. test/unit/syntaxTree.test.ts compares the two on valid and garbled input.
import { CLOSE_BRACKET, CLOSE_PAREN, COMMA, DOT, identifierEnd, isDigit, isIdentifierStart, MINUS, OPEN_BRACKET, OPEN_PAREN, QUOTE, scanName, scannedName, skipSpaces, spells } from './lexical';
import { BOOLEAN, CALL, INDEX, NULL, NUMBER, PROPERTY, STRING, type SyntaxTree } from './syntaxTree';

/** What quickParse returns when it leaves the text to the full parser. */
export const LEFT_TO_FULL_PARSER = -1;

/** Open calls and index accesses deeper than this are left to the full parser. */
const MAX_OPEN = 64;

/** Per open call or index access: FRAME_CALL's node, function number, argument count and last argument so far. */
const FRAME = 4;
/** An open index access: its target's node (in the call-node field), marked by this in the function field. */
const INDEX_FRAME = -100;
const frames = new Int32Array(MAX_OPEN * FRAME);

/**
 * Parses the text of an expression string, brackets included, into `tree`: its root node, or LEFT_TO_FULL_PARSER
 * (the tree may then hold some of its nodes: the caller truncates it). The expression is `text` from `from` to `to`:
 * read where it is written (in a document's text, a flat string, faster to read than a string cut out of it), with
 * offsets in the tree counted from `from`.
 */
export function quickParse(tree: SyntaxTree, text: string, from = 0, to = text.length): number {
  const end = to - 1;
  let position = skipSpaces(text, from + 1, end);
  if (position >= end) return LEFT_TO_FULL_PARSER;
  let open = 0;
  for (;;) {
    // A value: a literal, or a call (opened here, or closed at once when it has no arguments).
    position = skipSpaces(text, position, end);
    if (position >= end) return LEFT_TO_FULL_PARSER;
    const start = position;
    const code = text.charCodeAt(position);
    let node: number;
    if (code === QUOTE) {
      let escaped = 0;
      for (position++; ; ) {
        const quote = text.indexOf("'", position);
        if (quote < 0 || quote >= end) return LEFT_TO_FULL_PARSER;
        if (quote + 1 < end && text.charCodeAt(quote + 1) === QUOTE) {
          escaped = 1;
          position = quote + 2;
          continue;
        }
        position = quote + 1;
        break;
      }
      node = tree.add(STRING, start - from);
      tree.setAux(node, escaped);
    } else if (isDigit(code) || (code === MINUS && start + 1 < end && isDigit(text.charCodeAt(start + 1)))) {
      for (position++; position < end && isDigit(text.charCodeAt(position)); ) position++;
      node = tree.add(NUMBER, start - from);
    } else if (isIdentifierStart(code)) {
      const nameEnd = scanName(text, position, end);
      const after = skipSpaces(text, nameEnd, end);
      const next = after < end ? text.charCodeAt(after) : -1;
      if (next === OPEN_PAREN) {
        node = tree.add(CALL, start - from);
        tree.setAux(node, nameEnd - from);
        position = skipSpaces(text, after + 1, end);
        const functionNumber = scannedName.functionNumber;
        if (position < end && text.charCodeAt(position) === CLOSE_PAREN) {
          position++;
          tree.setCall(node, functionNumber, 0);
        } else {
          if (open === MAX_OPEN) return LEFT_TO_FULL_PARSER;
          const frame = open++ * FRAME;
          frames[frame] = node;
          frames[frame + 1] = functionNumber;
          frames[frame + 2] = 0;
          frames[frame + 3] = -1;
          continue;
        }
      } else if (next === DOT && after + 1 < end && isIdentifierStart(text.charCodeAt(after + 1))) {
        // A user-defined function (`ns.fn(…)`) or an error: the full parser tells which.
        return LEFT_TO_FULL_PARSER;
      } else if (spells(text, 'true', start, nameEnd) || spells(text, 'false', start, nameEnd)) {
        position = nameEnd;
        node = tree.add(BOOLEAN, start - from);
        tree.setAux(node, code === 116 /* t */ ? 1 : 0);
      } else if (spells(text, 'null', start, nameEnd)) {
        position = nameEnd;
        node = tree.add(NULL, start - from);
      } else {
        return LEFT_TO_FULL_PARSER;
      }
    } else {
      return LEFT_TO_FULL_PARSER;
    }
    tree.setEnd(node, position - from);

    // The value is complete: apply its `.property` and `[index]` accesses, then hand it to what is open around it.
    for (;;) {
      let next = skipSpaces(text, position, end);
      let code = next < end ? text.charCodeAt(next) : -1;
      while (code === DOT) {
        const nameStart = skipSpaces(text, next + 1, end);
        const nameEnd = identifierEnd(text, nameStart, end);
        if (nameEnd === nameStart) return LEFT_TO_FULL_PARSER;
        const access = tree.add(PROPERTY, tree.start(node));
        tree.setChild(access, node);
        tree.setAux(access, nameStart - from);
        tree.setEnd(access, nameEnd - from);
        node = access;
        position = nameEnd;
        next = skipSpaces(text, position, end);
        code = next < end ? text.charCodeAt(next) : -1;
      }
      if (code === OPEN_BRACKET) {
        const index = skipSpaces(text, next + 1, end);
        if (index >= end || text.charCodeAt(index) === CLOSE_BRACKET || open === MAX_OPEN) return LEFT_TO_FULL_PARSER;
        const frame = open++ * FRAME;
        frames[frame] = node;
        frames[frame + 1] = INDEX_FRAME;
        position = index;
        break;
      }
      position = next;
      if (open === 0) return position === end ? node : LEFT_TO_FULL_PARSER;
      const frame = (open - 1) * FRAME;
      if (frames[frame + 1] === INDEX_FRAME) {
        if (code !== CLOSE_BRACKET) return LEFT_TO_FULL_PARSER;
        const target = frames[frame];
        const access = tree.add(INDEX, tree.start(target));
        tree.setChild(access, target);
        tree.setAux(access, node);
        position++;
        tree.setEnd(access, position - from);
        node = access;
        open--;
        continue;
      }
      // An argument of the innermost open call.
      const call = frames[frame];
      if (frames[frame + 3] < 0) tree.setChild(call, node);
      else tree.setNext(frames[frame + 3], node);
      frames[frame + 3] = node;
      const count = ++frames[frame + 2];
      if (code === CLOSE_PAREN) {
        position++;
        tree.setCall(call, frames[frame + 1], count);
        tree.setEnd(call, position - from);
        node = call;
        open--;
        continue;
      }
      if (code !== COMMA) return LEFT_TO_FULL_PARSER;
      position = skipSpaces(text, position + 1, end);
      const after = position < end ? text.charCodeAt(position) : -1;
      if (after === CLOSE_PAREN || after === COMMA) return LEFT_TO_FULL_PARSER;
      break;
    }
  }
}
