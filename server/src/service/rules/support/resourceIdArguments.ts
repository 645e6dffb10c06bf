// A small, tolerant reader for `[resourceId(...)]` expressions in dependsOn entries: it splits the call's
// top-level arguments and unquotes those written as a single '...' literal. It never evaluates anything; an
// argument that is not a plain literal (parameters('x'), concat(...)) comes back without a literal.

export interface ExpressionArgument {
  /** The argument's text when it is exactly one quoted literal ('' inside it is an escaped quote). */
  readonly literal?: string;
}

const RESOURCE_ID_CALL = /^\s*resourceId\s*\(/i;
const DOUBLED_QUOTES = /''/g;
const QUOTE = 39; // '
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const COMMA = 44;

function unquoted(argument: string): string | undefined {
  const text = argument.trim();
  if (text.length < 2 || text.charCodeAt(0) !== QUOTE || text.charCodeAt(text.length - 1) !== QUOTE) return undefined;
  const body = text.slice(1, -1);
  if (!body.includes("'")) return body;
  // A lone quote inside means the argument is more than one literal (e.g. 'a' 'b'); doubled quotes are escapes.
  if (body.replace(DOUBLED_QUOTES, '').includes("'")) return undefined;
  return body.replace(DOUBLED_QUOTES, "'");
}

/**
 * The arguments of a `resourceId(...)` call that makes up the whole expression (the text between `[` and `]`),
 * or undefined when the expression is something else or its quotes and parentheses don't balance.
 */
export function resourceIdArguments(expression: string): ExpressionArgument[] | undefined {
  const call = RESOURCE_ID_CALL.exec(expression);
  if (!call) return undefined;
  const args: ExpressionArgument[] = [];
  let depth = 1;
  let inQuote = false;
  let argumentStart = call[0].length;
  for (let i = argumentStart; i < expression.length; i++) {
    const code = expression.charCodeAt(i);
    if (inQuote) {
      if (code === QUOTE) inQuote = false; // an escaped '' closes and reopens, which leaves the state unchanged
      continue;
    }
    if (code === QUOTE) inQuote = true;
    else if (code === OPEN_PAREN) depth++;
    else if (code === COMMA && depth === 1) {
      args.push({ literal: unquoted(expression.slice(argumentStart, i)) });
      argumentStart = i + 1;
    } else if (code === CLOSE_PAREN && --depth === 0) {
      // The call must end the expression: `resourceId(...).id` or `resourceId(...)[0]` is something else.
      if (expression.slice(i + 1).trim() !== '') return undefined;
      const last = expression.slice(argumentStart, i);
      if (args.length > 0 || last.trim() !== '') args.push({ literal: unquoted(last) });
      return args;
    }
  }
  return undefined;
}
