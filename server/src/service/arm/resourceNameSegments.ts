// The segments of a resource's name (`my-cloud/default`: `my-cloud` and `default`) as one run reads them, each known
// or kept as an expression: what the Cloud Resources tree shows as a cloud resource's cloud and own name. ARM
// evaluates the whole name and splits it on `/`; when the whole name evaluates, so does this. When only parts of a
// name built with concat() or format() (Bicep writes format()) evaluate, the name is split on the `/` written in its
// string literals and format strings, and a segment with a part not known before deployment stays unknown, written as
// the expression of its parts. A known part whose value holds a `/` cannot be placed among the written ones: no split.
import { equalsIgnoreCase, type JsonNode } from '../json/nodes';
import type { Evaluator } from './expressions/evaluate';
import { FORMAT_ITEM } from './expressions/functions';
import { armStringLiteral } from './expressions/lexical';
import { parseExpression, type Expression } from './expressions/parse';
import type { ArmResource } from './template';
import { knownString } from './value';

/** One segment of a name: its text when known, else an expression (`[parameters('cloudName')]`). */
export class NameSegment {
  constructor(
    readonly text: string,
    readonly known: boolean,
  ) {}
}

/**
 * A written part of a name: literal text, or an expression with `written` (how a segment shows it) and `asText`
 * (the expression whose value is the text ARM puts in the name: `concat(x)` for a concat() argument, `format('{0}', x)`
 * for a format item).
 */
type Part = { readonly literal: string } | { readonly written: string; readonly asText: string };

function isCall(expression: Expression, name: string): expression is Expression & { kind: 'call' } {
  return expression.kind === 'call' && !expression.namespace && equalsIgnoreCase(expression.name, name);
}

/**
 * The parts of `expression` (written in `text`): the arguments of concat() and the literal text and items of a
 * format() with a literal format string, each in turn taken apart the same way; any other expression is one part,
 * turned into text by `asText`.
 */
function partsOf(expression: Expression, text: string, asText: (source: string) => string, out: Part[]): void {
  const source = text.slice(expression.start, expression.end);
  if (expression.kind === 'string') out.push({ literal: expression.value });
  else if (isCall(expression, 'concat'))
    for (const arg of expression.args) partsOf(arg, text, (argument) => `concat(${argument})`, out);
  else if (isCall(expression, 'format') && expression.args[0]?.kind === 'string')
    out.push(
      ...(formatParts(expression.args[0].value, expression.args.slice(1), text) ?? [
        { written: source, asText: asText(source) },
      ]),
    );
  else out.push({ written: source, asText: asText(source) });
}

/** The parts of a format() call: its format string's text and its items; undefined when format() would fail on it. */
function formatParts(formatString: string, args: readonly Expression[], text: string): Part[] | undefined {
  const parts: Part[] = [];
  let literalFrom = 0;
  for (const match of formatString.matchAll(FORMAT_ITEM)) {
    const [item, number, specifier] = match;
    const literal = formatString.slice(literalFrom, match.index);
    literalFrom = match.index + item.length;
    if (item === '{{' || item === '}}') {
      parts.push({ literal: literal + item[0] });
      continue;
    }
    const arg = number === undefined ? undefined : args[Number(number)];
    if (!arg) return undefined;
    if (literal) parts.push({ literal });
    if (specifier) {
      const formatted = `format(${armStringLiteral(`{0:${specifier}}`)}, ${text.slice(arg.start, arg.end)})`;
      parts.push({ written: formatted, asText: formatted });
    } else partsOf(arg, text, (argument) => `format('{0}', ${argument})`, parts);
  }
  const rest = formatString.slice(literalFrom);
  if (rest) parts.push({ literal: rest });
  return parts;
}

/** A segment shown as an expression: its one part as written, else the concat() of its parts. */
function unknownSegment(parts: readonly Part[]): NameSegment {
  const written = parts.map((part) => ('literal' in part ? armStringLiteral(part.literal) : part.written));
  return new NameSegment(written.length === 1 ? `[${written[0]}]` : `[concat(${written.join(', ')})]`, false);
}

/**
 * The segments of a resource's name as `evaluator` reads it for copy `copyIndex` of its loop: every segment known
 * when the whole name evaluates; else split where its concat() or format() writes `/`. Undefined when the name is not
 * a string, does not parse, or has an empty segment or a known part holding a `/`.
 */
export function resourceNameSegments(
  nameNode: JsonNode | undefined,
  resource: ArmResource,
  evaluator: Evaluator,
  copyIndex?: number,
): NameSegment[] | undefined {
  if (nameNode?.type !== 'string') return undefined;
  const whole = knownString(evaluator.value(nameNode, resource, copyIndex));
  if (whole !== undefined) return whole.split('/').map((segment) => new NameSegment(segment, true));
  const written = String(nameNode.value);
  const parsed = parseExpression(written);
  if (!parsed.ok) return undefined;
  const parts: Part[] = [];
  partsOf(parsed.expression, written, (source) => source, parts);
  // Each segment's parts, and their texts while all are known.
  const segments: { parts: Part[]; texts: string[] | undefined }[] = [{ parts: [], texts: [] }];
  for (const part of parts) {
    if ('literal' in part) {
      part.literal.split('/').forEach((piece, at) => {
        if (at > 0) segments.push({ parts: [], texts: [] });
        const segment = segments[segments.length - 1];
        if (!piece) return;
        segment.parts.push({ literal: piece });
        segment.texts?.push(piece);
      });
      continue;
    }
    const segment = segments[segments.length - 1];
    const value = knownString(evaluator.textValue(`[${part.asText}]`, resource, copyIndex));
    if (value?.includes('/')) return undefined;
    segment.parts.push(part);
    if (value === undefined) segment.texts = undefined;
    else segment.texts?.push(value);
  }
  if (segments.some((segment) => segment.parts.length === 0)) return undefined;
  return segments.map((segment) =>
    segment.texts ? new NameSegment(segment.texts.join(''), true) : unknownSegment(segment.parts),
  );
}
