// How a completion goes into JSON text: a value is inserted quoted (replacing the whole string the cursor is in,
// quotes included, so the editor filters on what was typed after the quote), a property name with its colon and
// an empty value, and a comma where the next property or item would otherwise run into it.
import type { CompletionEntry, CompletionKind } from '../../../features/editing';
import { previousNonBlank, type PositionContext } from './context';

export interface ValueOptions {
  readonly kind?: CompletionKind;
  readonly detail?: string;
  readonly documentation?: string;
  /** The value as a snippet body (without quotes), e.g. `s3://${1:bucket}`; the label is what is shown. */
  readonly snippet?: string;
  readonly sortText?: string;
  readonly preselect?: boolean;
}

/**
 * A string value: `label` inserted as a JSON string, in place of the string under the cursor when there is one. The
 * empty string is shown as `""`: an item without a label is a blank line in the editor's list.
 */
export function stringValueEntry(context: PositionContext, label: string, options: ValueOptions = {}): CompletionEntry {
  const quoted = options.snippet !== undefined ? `"${options.snippet}"` : JSON.stringify(label);
  return {
    label: label === '' ? '""' : label,
    kind: options.kind ?? 'value',
    detail: options.detail,
    documentation: options.documentation,
    insertText: quoted,
    snippet: options.snippet !== undefined,
    replace: context.token && { start: context.token.start, end: context.token.end },
    filterText: JSON.stringify(label),
    sortText: options.sortText,
    preselect: options.preselect,
  };
}

export type ValueShape = 'string' | 'object' | 'array' | 'number';

const EMPTY_VALUE: Readonly<Record<ValueShape, string>> = {
  string: '"$1"',
  object: '{$1}',
  array: '[$1]',
  number: '${1:0}',
};

function nextNonBlank(text: string, from: number): string {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r' || text[i] === '\n')) i++;
  return i < text.length ? text[i] : '';
}

/**
 * A property name as VS Code's JSON list inserts one: `"name": "$1"`, `{$1}`, `[$1]`; a name whose values have
 * completions `"name": $1` with the list reopened there (`retrigger`). Only the name when a colon already follows.
 */
export function propertyName(
  context: PositionContext,
  name: string,
  shape: ValueShape,
  options: Omit<ValueOptions, 'snippet' | 'kind'> & { retrigger?: boolean } = {},
): CompletionEntry {
  const replace = context.token && { start: context.token.start, end: context.token.end };
  const after = replace ? replace.end : context.offset;
  const next = nextNonBlank(context.text, after);
  if (next === ':') {
    return {
      label: name,
      kind: 'property',
      detail: options.detail,
      documentation: options.documentation,
      insertText: JSON.stringify(name),
      replace,
      filterText: JSON.stringify(name),
      sortText: options.sortText,
    };
  }
  const comma = next === '"' ? ',' : '';
  const retrigger = options.retrigger === true && shape === 'string';
  return {
    label: name,
    kind: 'property',
    detail: options.detail,
    documentation: options.documentation,
    insertText: `${JSON.stringify(name)}: ${retrigger ? '$1' : EMPTY_VALUE[shape]}${comma}`,
    snippet: true,
    replace,
    filterText: JSON.stringify(name),
    sortText: options.sortText,
    retrigger,
  };
}

/** Commas around a new array item inserted at the cursor: after a previous item, before a following one. */
export function itemCommas(text: string, offset: number): { before: string; after: string } {
  const previous = previousNonBlank(text, offset);
  const next = nextNonBlank(text, offset);
  return {
    before: previous === '}' || previous === ']' || previous === '"' ? ',' : '',
    after: next === '{' || next === '"' ? ',' : '',
  };
}
